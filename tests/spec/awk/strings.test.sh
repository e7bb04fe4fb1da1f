# String functions: length, substr (its rounding and edge rules), index,
# sub and gsub (& and \\& rules), match (RSTART, RLENGTH), sprintf,
# tolower, toupper.

#### length of strings and numbers
awk 'BEGIN { print length("hello"), length(""), length(12345), length(1/4) }'
## stdout:
5 0 5 4
## status: 0

#### length of $0 and a field
printf 'abc def\n' | awk '{ print length(), length($2) }'
## stdout:
7 3
## status: 0

#### substr basic
awk 'BEGIN { s = "hello world"; print substr(s, 1, 5) "|" substr(s, 7) "|" substr(s, 11, 5) }'
## stdout:
hello|world|d
## status: 0

#### substr start below one
awk 'BEGIN { s = "hello"; print substr(s, 0, 2) "|" substr(s, -1, 3) "|" substr(s, 0) }'
## stdout:
he|hel|hello
## status: 0

#### substr non-integer start and length
awk 'BEGIN { s = "abcdefgh"; print substr(s, 1.5, 2.3) "|" substr(s, 2.5, 2) "|" substr(s, 1, 1.7) }'
## stdout:
ab|bc|a
## status: 0

#### substr past the end and zero length
awk 'BEGIN { s = "hello"; print "[" substr(s, 6) "][" substr(s, 2, 0) "][" substr(s, 2, -1) "][" substr(s, 5, 10) "]" }'
## stdout:
[][][][o]
## status: 0

#### index
awk 'BEGIN { print index("hello", "l"), index("hello", "lo"), index("hello", "z"), index("", "a") }'
## stdout:
3 4 0 0
## status: 0

#### sub replaces the first match
awk 'BEGIN { s = "aaa"; n = sub(/a/, "b", s); print n, s }'
## stdout:
1 baa
## status: 0

#### gsub replaces all matches and counts
awk 'BEGIN { s = "banana"; n = gsub(/a/, "A", s); print n, s }'
## stdout:
3 bAnAnA
## status: 0

#### sub on $0 by default
printf 'foo bar foo\n' | awk '{ sub(/foo/, "baz"); print }'
## stdout:
baz bar foo
## status: 0

#### gsub on $0 rebuilds fields
printf 'a-b-c\n' | awk '{ gsub(/-/, " "); print NF, $2 }'
## stdout:
3 b
## status: 0

#### gsub on a field rebuilds $0
printf 'a b c\n' | awk '{ gsub(/b/, "X", $2); print }'
## stdout:
a X c
## status: 0

#### ampersand is the matched text
awk 'BEGIN { s = "cat"; gsub(/a/, "[&]", s); print s }'
## stdout:
c[a]t
## status: 0

#### escaped ampersand is literal
awk 'BEGIN { s = "cat"; gsub(/a/, "\\&", s); print s }'
## stdout:
c&t
## status: 0

#### double backslash before ampersand (POSIX rules)
awk --posix 'BEGIN { s = "cat"; gsub(/a/, "\\\\&", s); print s }'
## stdout:
c\at
## status: 0

#### gsub with an empty-matching regex
awk 'BEGIN { s = "abc"; gsub(/x*/, "-", s); print s }'
## stdout:
-a-b-c-
## status: 0

#### gsub with a regex anchored at the start
awk 'BEGIN { s = "aaa"; gsub(/^a/, "b", s); print s }'
## stdout:
baa
## status: 0

#### gsub with a dynamic regex string
awk 'BEGIN { s = "a.b.c"; gsub(".", "-", s); print s; t = "a.b.c"; gsub("\\.", "-", t); print t }'
## stdout:
-----
a-b-c
## status: 0

#### sub returns 0 when nothing matches
awk 'BEGIN { s = "abc"; print sub(/z/, "y", s), s }'
## stdout:
0 abc
## status: 0

#### gsub with a character class
awk 'BEGIN { s = "a1b2c3"; gsub(/[0-9]/, "", s); print s }'
## stdout:
abc
## status: 0

#### gsub on an array element
awk 'BEGIN { a["k"] = "xx"; gsub(/x/, "y", a["k"]); print a["k"] }'
## stdout:
yy
## status: 0

#### gsub replacing with an empty string
printf '  padded  \n' | awk '{ gsub(/^ +| +$/, ""); print "[" $0 "]" }'
## stdout:
[padded]
## status: 0

#### match sets RSTART and RLENGTH
awk 'BEGIN { print match("foobar", /o+/), RSTART, RLENGTH }'
## stdout:
2 2 2
## status: 0

#### match failure
awk 'BEGIN { print match("abc", /z/), RSTART, RLENGTH }'
## stdout:
0 0 -1
## status: 0

#### match is leftmost longest
awk 'BEGIN { match("xabcabc", /(abc)+/); print RSTART, RLENGTH }'
## stdout:
2 6
## status: 0

#### match with a dynamic regex and substr
awk 'BEGIN { s = "key=value"; if (match(s, "=")) print substr(s, 1, RSTART - 1), substr(s, RSTART + 1) }'
## stdout:
key value
## status: 0

#### sprintf
awk 'BEGIN { s = sprintf("%05.1f|%-3s|%c", 3.14159, "a", 66); print s }'
## stdout:
003.1|a  |B
## status: 0

#### tolower and toupper
awk 'BEGIN { print tolower("Hello World 42"), toupper("Hello World 42") }'
## stdout:
hello world 42 HELLO WORLD 42
## status: 0

#### substr on a number
awk 'BEGIN { print substr(123456, 2, 3) }'
## stdout:
234
## status: 0

#### index on a field
printf 'user@example.com\n' | awk '{ print substr($0, index($0, "@") + 1) }'
## stdout:
example.com
## status: 0

#### gsub of a special character
awk 'BEGIN { s = "a+b+c"; gsub(/\+/, " plus ", s); print s }'
## stdout:
a plus b plus c
## status: 0

#### gsub with a backslash in the replacement
awk 'BEGIN { s = "a/b"; gsub("/", "\\\\", s); print s }'
## stdout:
a\\b
## status: 0

#### length of a string with multibyte bytes in the C locale
awk 'BEGIN { print length("caf\303\251") }'
## stdout:
5
## status: 0

#### toupper on a field does not change the field
printf 'abc\n' | awk '{ x = toupper($1); print x, $1 }'
## stdout:
ABC abc
## status: 0

#### sub with a regex matching the whole string
awk 'BEGIN { s = "hello"; sub(/.*/, "[&]", s); print s }'
## stdout:
[hello]
## status: 0

#### gsub word boundaries with \y
awk 'BEGIN { s = "cat concat cat"; gsub(/\ycat\y/, "dog", s); print s }'
## stdout:
dog concat dog
## status: 0

#### repeated sub in a loop
awk 'BEGIN { s = "aaaa"; while (sub(/a/, "b", s)) n++; print n, s }'
## stdout:
4 bbbb
## status: 0

#### substr with huge length
awk 'BEGIN { print substr("hello", 2, 1e10) }'
## stdout:
ello
## status: 0

#### index of the empty string is 1
awk 'BEGIN { print index("abc", ""), index("", "") }'
## stdout:
1 1
## status: 0

#### printf %c of a number past 255 prints its low byte (C locale)
awk 'BEGIN { printf "%c%c%c|", 321, 65.7, 256 + 66; printf "%c", -1 }' | base64
## stdout:
QUFCfP8=
## status: 0
