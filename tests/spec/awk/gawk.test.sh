# gawk extensions: gensub, asort/asorti, match with an array, split with a
# separators array, time functions (TZ=UTC), bit operations, strtonum,
# typeof, hexadecimal and octal constants, regex escapes.

#### gensub with groups
awk 'BEGIN { print gensub(/(a)(b)/, "<\\2\\1>", "g", "abcab") }'
## stdout:
<ba>c<ba>
## status: 0

#### gensub replaces the nth match
awk 'BEGIN { print gensub(/o/, "0", 2, "foo boo") }'
## stdout:
fo0 boo
## status: 0

#### gensub does not modify the target
awk 'BEGIN { s = "aaa"; t = gensub(/a/, "b", "g", s); print s, t }'
## stdout:
aaa bbb
## status: 0

#### gensub on $0 by default
printf 'hello world\n' | awk '{ print gensub(/(\w+) (\w+)/, "\\2 \\1", 1) }'
## stdout:
world hello
## status: 0

#### gensub with & and \\0
awk 'BEGIN { print gensub(/b+/, "[&|\\0]", "g", "abbc") }'
## stdout:
a[bb|bb]c
## status: 0

#### asort sorts values
awk 'BEGIN { a["x"] = 3; a["y"] = 1; a["z"] = 2; n = asort(a); for (i = 1; i <= n; i++) print i, a[i] }'
## stdout:
1 1
2 2
3 3
## status: 0

#### asort into a destination
awk 'BEGIN { a[1] = "pear"; a[2] = "apple"; a[3] = "fig"; n = asort(a, b); print n, b[1], b[2], b[3], a[1] }'
## stdout:
3 apple fig pear pear
## status: 0

#### asort puts numbers before strings
awk 'BEGIN { a[1] = "b"; a[2] = 10; a[3] = 2; a[4] = "a"; n = asort(a); for (i = 1; i <= n; i++) printf "%s ", a[i]; print "" }'
## stdout:
2 10 a b 
## status: 0

#### asorti sorts indices
awk 'BEGIN { a["b"]; a["c"]; a["a"]; n = asorti(a, k); for (i = 1; i <= n; i++) print k[i] }'
## stdout:
a
b
c
## status: 0

#### asorti sorts numeric indices as strings
awk 'BEGIN { a[10]; a[9]; a[100]; n = asorti(a, k); for (i = 1; i <= n; i++) printf "%s ", k[i]; print "" }'
## stdout:
10 100 9 
## status: 0

#### match with an array of groups
awk 'BEGIN { if (match("foo=bar", /(\w+)=(\w+)/, m)) print m[0], m[1], m[2], m[1, "start"], m[2, "length"] }'
## stdout:
foo=bar foo bar 1 3
## status: 0

#### split with a separators array
awk 'BEGIN { n = split("a-b--c", p, /-+/, s); print n, s[1], s[2] }'
## stdout:
3 - --
## status: 0

#### strftime with a timestamp
awk 'BEGIN { print strftime("%Y-%m-%d %H:%M:%S", 1700000000) }'
## stdout:
2023-11-14 22:13:20
## status: 0

#### strftime day and month names
awk 'BEGIN { print strftime("%a %A %b %B %j %p", 1700000000) }'
## stdout:
Tue Tuesday Nov November 318 PM
## status: 0

#### strftime default format
awk 'BEGIN { print strftime("%c", 0) }'
## stdout:
Thu Jan  1 00:00:00 1970
## status: 0

#### mktime round trip
awk 'BEGIN { t = mktime("2024 02 29 12 30 00"); print t, strftime("%F %T", t) }'
## stdout:
1709209800 2024-02-29 12:30:00
## status: 0

#### mktime normalizes out-of-range fields
awk 'BEGIN { print strftime("%F", mktime("2023 13 01 00 00 00")) }'
## stdout:
2024-01-01
## status: 0

#### systime is a plausible number
awk 'BEGIN { t = systime(); print (t > 1600000000) }'
## stdout:
1
## status: 0

#### bit operations
awk 'BEGIN { print and(12, 10), or(12, 10), xor(12, 10), lshift(1, 10), rshift(1024, 3), compl(0) }'
## stdout:
8 14 6 1024 128 9007199254740991
## status: 0

#### strtonum
awk 'BEGIN { print strtonum("0x1A"), strtonum("017"), strtonum("12abc"), strtonum(3.5) }'
## stdout:
26 15 12 3.5
## status: 0

#### typeof
printf '5 b\n' | awk '{ print typeof($1), typeof($2), typeof(x), typeof(1), typeof("s"); a[1]; print typeof(a) }'
## stdout:
strnum string untyped number string
array
## status: 0

#### isarray
awk 'BEGIN { a[1]; x = 1; print isarray(a), isarray(x) }'
## stdout:
1 0
## status: 0

#### hexadecimal constant in program text
awk 'BEGIN { print 0x10 + 1 }'
## stdout:
17
## status: 0

#### octal constant in program text
awk 'BEGIN { print 011 }'
## stdout:
9
## status: 0

#### length of an array (gawk and POSIX 2024)
awk 'BEGIN { a[1]; a[2]; print length(a) }'
## stdout:
2
## status: 0

#### regex \s and \S
awk 'BEGIN { s = "a b\tc"; gsub(/\s/, "_", s); print s }'
## stdout:
a_b_c
## status: 0

#### regex \w
awk 'BEGIN { s = "a-b_c!"; gsub(/\w/, "X", s); print s }'
## stdout:
X-XXX!
## status: 0

#### regex \< and \>
awk 'BEGIN { s = "one two"; gsub(/\</, "[", s); gsub(/\>/, "]", s); print s }'
## stdout:
[one] [two]
## status: 0

#### interval expressions
awk 'BEGIN { print ("aaa" ~ /^a{3}$/), ("aa" ~ /^a{3}$/), ("ab" ~ /^a{1,2}b$/) }'
## stdout:
1 0 1
## status: 0

#### bracket expressions with classes
awk 'BEGIN { s = "a1 B2"; gsub(/[[:upper:][:digit:]]/, "#", s); print s }'
## stdout:
a# ##
## status: 0

#### nextfile in a file loop
printf '1\n2\n' > a; printf '3\n4\n' > b
awk '{ print; nextfile }' a b
## stdout:
1
3
## status: 0

#### RT with regex RS
printf 'a--b---c' | awk 'BEGIN { RS = "-+" } { printf "%s<%s>", $0, RT } END { print "" }'
## stdout:
a<-->b<--->c<>
## status: 0

#### FS empty splits characters
printf 'hey\n' | awk -v FS= '{ print $1, $3, NF }'
## stdout:
h y 3
## status: 0

#### delete whole array then reuse
awk 'BEGIN { a[1] = 1; delete a; a[2] = 2; for (k in a) print k }'
## stdout:
2
## status: 0

#### printf %i
awk 'BEGIN { printf "%i\n", 3.9 }'
## stdout:
3
## status: 0

#### dynamic regex with escaped dot
awk 'BEGIN { print ("a.c" ~ "a\\.c"), ("abc" ~ "a\\.c") }'
## stdout:
1 0
## status: 0

#### fflush with no arguments
awk 'BEGIN { printf "x"; fflush(); print "y" }'
## stdout:
xy
## status: 0

#### srand returns the previous seed
awk 'BEGIN { print srand(5), srand(7), srand() }'
## stdout:
1 5 7
## status: 0

#### rand is within [0, 1)
awk 'BEGIN { for (i = 0; i < 1000; i++) { r = rand(); if (r < 0 || r >= 1) bad++ } print bad + 0 }'
## stdout:
0
## status: 0

#### srand with the same seed repeats the sequence
awk 'BEGIN { srand(3); a = rand(); b = rand(); srand(3); print (a == rand()), (b == rand()) }'
## stdout:
1 1
## status: 0

#### int truncates toward zero
awk 'BEGIN { print int(3.9), int(-3.9), int("4.5abc"), int("") }'
## stdout:
3 -3 4 0
## status: 0

#### math functions
awk 'BEGIN { printf "%.4f %.4f %.4f %.4f %.4f %.4f\n", sqrt(2), exp(1), log(10), sin(1), cos(0), atan2(1, 1) * 4 }'
## stdout:
1.4142 2.7183 2.3026 0.8415 1.0000 3.1416
## status: 0

#### log of zero and negative numbers
awk 'BEGIN { print log(0), -log(0) }'
## stdout:
-inf +inf
## status: 0
