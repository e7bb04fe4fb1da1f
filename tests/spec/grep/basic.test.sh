# grep: line selection, counting, output options and streaming (GNU grep 3.8).

#### plain match
printf 'apple\nbanana\ncherry\n' | grep an
## stdout:
banana
## status: 0

#### no match exits 1
printf 'apple\nbanana\n' | grep zzz
## stdout:
## status: 1

#### invert
printf 'apple\nbanana\ncherry\n' | grep -v an
## stdout:
apple
cherry
## status: 0

#### count
printf 'a\nb\na\na\n' | grep -c a
## stdout:
3
## status: 0

#### count zero exits 1
printf 'a\nb\n' | grep -c z
## stdout:
0
## status: 1

#### count inverted
printf 'a\nb\na\n' | grep -vc a
## stdout:
1
## status: 0

#### line numbers
printf 'x\nab\ny\nab\n' | grep -n ab
## stdout:
2:ab
4:ab
## status: 0

#### byte offsets
printf 'x\nab\ny\nab\n' | grep -b ab
## stdout:
2:ab
7:ab
## status: 0

#### ignore case
printf 'Apple\napple\nAPPLE\nbanana\n' | grep -i apple
## stdout:
Apple
apple
APPLE
## status: 0

#### no-ignore-case after -i
printf 'Apple\napple\n' | grep -i --no-ignore-case apple
## stdout:
apple
## status: 0

#### whole word
printf 'cat\ncatalog\nthe cat sat\nbobcat\n' | grep -w cat
## stdout:
cat
the cat sat
## status: 0

#### whole word with punctuation
printf 'foo-bar\nfoobar\nfoo_bar\n' | grep -w foo
## stdout:
foo-bar
## status: 0

#### whole line
printf 'abc\nabcd\n abc\n' | grep -x abc
## stdout:
abc
## status: 0

#### quiet match
printf 'a\nb\n' | grep -q b
## stdout:
## status: 0

#### quiet no match
printf 'a\nb\n' | grep -q c
## stdout:
## status: 1

#### several -e patterns
printf 'one\ntwo\nthree\nfour\n' | grep -e one -e three
## stdout:
one
three
## status: 0

#### newline separated patterns
printf 'one\ntwo\nthree\n' | grep 'one
three'
## stdout:
one
three
## status: 0

#### empty pattern matches every line
printf 'a\n\nb\n' | grep -c ''
## stdout:
3
## status: 0

#### pattern starting with dash via -e
printf 'a-b\n-x\n' | grep -e -x
## stdout:
-x
## status: 0

#### double dash ends options
printf -- '-v\nx\n' | grep -- -v
## stdout:
-v
## status: 0

#### last line without newline
printf 'a\nab' | grep b
## stdout:
ab
## status: 0

#### max count
printf 'a1\na2\na3\n' | grep -m2 a
## stdout:
a1
a2
## status: 0

#### max count with count
printf 'a\na\na\n' | grep -c -m2 a
## stdout:
2
## status: 0

#### max count zero
printf 'a\n' | grep -m0 a
## stdout:
## status: 1

#### only matching
printf 'foo bar foo\nbaz\n' | grep -o foo
## stdout:
foo
foo
## status: 0

#### only matching with line numbers
printf 'x1y22\nz\n3\n' | grep -on '[0-9]\+'
## stdout:
1:1
1:22
3:3
## status: 0

#### only matching byte offsets
printf 'xaxa\n' | grep -ob a
## stdout:
1:a
3:a
## status: 0

#### only matching invert prints nothing
printf 'a\nb\n' | grep -ov a
## stdout:
## status: 0

#### only matching empty matches skipped
printf 'abc\n' | grep -o 'x*'
## stdout:
## status: 0

#### long options
printf 'Foo\nbar\n' | grep --ignore-case --line-number --regexp=foo
## stdout:
1:Foo
## status: 0

#### abbreviated long option
printf 'Foo\nbar\n' | grep --ignore foo
## stdout:
Foo
## status: 0

#### bundled short options
printf 'Foo\nbar\nfoo\n' | grep -inv bar
## stdout:
1:Foo
3:foo
## status: 0

#### options after the pattern
printf 'a\nb\n' | grep a -v
## stdout:
b
## status: 0

#### color never is accepted
printf 'a\nb\n' | grep --color=never a
## stdout:
a
## status: 0

#### null data
printf 'a1\0b2\0a3\0' | grep -z a | tr '\0' '\n'
## stdout:
a1
a3
## status: 0

#### help exits 0
grep --help >/dev/null; echo $?
## stdout:
0
## status: 0

#### streams: stops at first line
yes | grep y | head -n 2
## stdout:
y
y
## status: 0

#### streams: quiet on endless input
yes | grep -q y; echo $?
## stdout:
0
## status: 0

#### count over a long stream
seq 1 200000 | grep -c 9; seq 200000 | grep -c 12345
## stdout:
81902
12
## status: 0

#### line numbers and offsets over a long stream
seq 200000 | grep -n 99999; seq 100000 | grep -b 777 | head -n 3
## stdout:
99999:99999
199999:199999
2996:777
7773:1777
12773:2777
## status: 0

#### max count over a long stream
seq 100000 | grep -m 3 9; seq 100000 | grep -c -m 5 7
## stdout:
9
19
29
5
## status: 0

#### a match running across lines selects nothing
printf 'a\nb x\n' | grep 'a[^z]b'; echo "s=$?"; printf 'ab\na\nxb\naxb\n' | grep -c 'a.*b'
## stdout:
s=1
2
## status: 0

#### words, alternatives and only-matching over lines
seq 100 | grep -w 5; seq 300 | grep -c -e 11 -e 22; printf 'foo\nbar foo\nbaz\n' | grep -o foo
## stdout:
5
24
foo
foo
## status: 0

#### empty matches select every line
seq 1000 | grep -c ''; printf 'x\n\ny\n' | grep -c 'x*'
## stdout:
1000
3
## status: 0

#### anchored patterns over a long stream
seq 100000 | grep -c '^9'; seq 100000 | grep -c '0$'; seq 100000 | grep -cx '5.5'
## stdout:
11111
10000
10
## status: 0

#### long stream without a final newline
(seq 70000; printf 99) | grep -c 99; (seq 70000; printf 99) | grep 99 | tail -n 1
## stdout:
1961
99
## status: 0
