# sed: the s command (GNU sed 4.9): flags, replacement escapes, case conversion, matching rules.

#### first occurrence
printf 'aaa\nbab\n' | sed 's/a/x/'
## stdout:
xaa
bxb
## status: 0

#### global
printf 'aaa\nbab\n' | sed 's/a/x/g'
## stdout:
xxx
bxb
## status: 0

#### nth occurrence
echo aaaa | sed 's/a/x/3'
## stdout:
aaxa
## status: 0

#### nth and following
echo aaaa | sed 's/a/x/2g'
## stdout:
axxx
## status: 0

#### ampersand
echo hello | sed 's/l\+/[&]/'
## stdout:
he[ll]o
## status: 0

#### escaped ampersand
echo a.b | sed 's/\./\&/'
## stdout:
a&b
## status: 0

#### groups swap
echo 'john smith' | sed 's/\(.*\) \(.*\)/\2, \1/'
## stdout:
smith, john
## status: 0

#### ERE groups
echo 'key=value' | sed -E 's/([^=]+)=(.*)/\2=\1/'
## stdout:
value=key
## status: 0

#### regexp-extended long option
echo 'aaa' | sed --regexp-extended 's/a{2}/X/'
## stdout:
Xa
## status: 0

#### r is -E
echo 'abab' | sed -r 's/(ab)+/X/'
## stdout:
X
## status: 0

#### other delimiter
echo /usr/local/bin | sed 's|/usr/local|/opt|'
## stdout:
/opt/bin
## status: 0

#### escaped delimiter
echo a/b/c | sed 's/\//_/g'
## stdout:
a_b_c
## status: 0

#### delimiter inside bracket
echo a/b | sed 's/[/]/X/'
## stdout:
aXb
## status: 0

#### comma delimiter
echo a,b | sed 's,\,,;,'
## stdout:
a;b
## status: 0

#### empty matches global
echo abc | sed 's/x*/-/g'
## stdout:
-a-b-c-
## status: 0

#### empty match after match
echo baaac | sed 's/a*/x/g'
## stdout:
xbxcx
## status: 0

#### anchored global
echo aaa | sed 's/^a/x/g'
## stdout:
xaa
## status: 0

#### dollar anchor
echo abc | sed 's/$/!/'
## stdout:
abc!
## status: 0

#### caret anchor
echo abc | sed 's/^/> /'
## stdout:
> abc
## status: 0

#### newline in replacement
echo a,b | sed 's/,/\n/'
## stdout:
a
b
## status: 0

#### tab escape
echo a,b | sed 's/,/\t/' | tr '\t' T
## stdout:
aTb
## status: 0

#### backslash newline replacement
echo a,b | sed 's/,/\
/'
## stdout:
a
b
## status: 0

#### upper case conversion
echo hello world | sed 's/.*/\U&/'
## stdout:
HELLO WORLD
## status: 0

#### lower case conversion
echo HELLO World | sed 's/.*/\L&/'
## stdout:
hello world
## status: 0

#### capitalize words
echo hello big world | sed 's/\w\+/\u&/g'
## stdout:
Hello Big World
## status: 0

#### upper then end
echo 'foo bar' | sed -E 's/(foo) (bar)/\U\1\E \2/'
## stdout:
FOO bar
## status: 0

#### lower next with upper span
echo 'hello' | sed 's/.*/\U\l&/'
## stdout:
hELLO
## status: 0

#### upper next then lower span
echo 'hELLO' | sed 's/.*/\u\L&/'
## stdout:
hello
## status: 0

#### case ignore flag
echo 'Hello HELLO' | sed 's/hello/x/Ig'
## stdout:
x x
## status: 0

#### print flag with -n
printf 'a\nb\n' | sed -n 's/a/A/p'
## stdout:
A
## status: 0

#### print flag without -n doubles
printf 'a\nb\n' | sed 's/a/A/p'
## stdout:
A
A
b
## status: 0

#### leftmost longest alternation
echo abcd | sed -E 's/ab|abcd/X/'
## stdout:
X
## status: 0

#### leftmost longest optional
echo ab | sed -E 's/a?(ab)?/<&>/'
## stdout:
<ab>
## status: 0

#### POSIX groups with alternation
echo abcd | sed -E 's/(a|ab)(c|bcd)/[\1,\2]/'
## stdout:
[a,bcd]
## status: 0

#### greedy star
echo 'a=b=c' | sed 's/.*=//'
## stdout:
c
## status: 0

#### back-reference in pattern
printf 'hello\nworld\n' | sed -n 's/\(l\)\1/<&>/p'
## stdout:
he<ll>o
## status: 0

#### bracket class
echo 'a1b22c333' | sed 's/[[:digit:]]\+/#/g'
## stdout:
a#b#c#
## status: 0

#### word boundaries
echo 'cat concat cat' | sed 's/\<cat\>/dog/g'
## stdout:
dog concat dog
## status: 0

#### plus and question in BRE
echo 'aaa b' | sed 's/a\+ \?/X/'
## stdout:
Xb
## status: 0

#### interval in BRE
echo 'aaaa' | sed 's/a\{2\}/X/g'
## stdout:
XX
## status: 0

#### empty regex reuses last
printf 'foo\nbar\n' | sed '/foo/s//X/'
## stdout:
X
bar
## status: 0

#### multiline flag
printf 'a\nb\n' | sed 'N;s/^b/B/M'
## stdout:
a
B
## status: 0

#### without multiline flag caret is start
printf 'a\nb\n' | sed 'N;s/^b/B/'
## stdout:
a
b
## status: 0

#### dot matches newline in pattern space
printf 'a\nb\n' | sed 'N;s/a.b/X/'
## stdout:
X
## status: 0

#### newline in regex
printf 'a\nb\n' | sed 'N;s/a\nb/X/'
## stdout:
X
## status: 0

#### substitution with hex escape
echo 'a-b' | sed 's/-/\x41/'
## stdout:
aAb
## status: 0

#### substitute whole line trailing spaces
printf 'abc   \n' | sed 's/ *$//' | tr ' ' _
## stdout:
abc
## status: 0

#### write flag to stdout
echo a | sed -n 's/a/b/w /dev/stdout'
## stdout:
b
## status: 0

#### t flag after global
echo aaa | sed 's/a/b/g;s/b/c/2'
## stdout:
bcb
## status: 0

#### global substitution with back-references (every match replaced)
echo abcabc | sed 's/\(b\)c/\1X/g'
echo hello world | sed -E 's/(o+)/[\1]/g'
echo 'one two three four' | sed -E 's/(\w+) (\w+)/\2 \1/g'
echo aaa | sed 's/\(a\)/<\1>/2g'
echo abab | sed -E 's/(a)(b)?/\2\1/g'
echo 'x1y22z333' | sed -E 's/([0-9]+)/(\1)/g; s/\(([0-9])[0-9]*\)/\1/g'
## stdout:
abXabX
hell[o] w[o]rld
two one four three
a<a><a>
baba
x1y2z3
## status: 0
