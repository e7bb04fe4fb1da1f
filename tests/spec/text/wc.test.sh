# wc: counts and GNU 9.1 column layout.
# Expected values recorded from the real programs by `spec bless`.

#### default from stdin
printf 'hello world\nfoo\n' | wc
## stdout:
      2       3      16
## status: 0

#### lines only
printf 'a\nb\nc\n' | wc -l
## stdout:
3
## status: 0

#### words only
echo 'one two  three' | wc -w
## stdout:
3
## status: 0

#### bytes only
printf 'abc' | wc -c
## stdout:
3
## status: 0

#### chars only
printf 'abc\n' | wc -m
## stdout:
4
## status: 0

#### max line length
printf 'ab\nabcd\n' | wc -L
## stdout:
4
## status: 0

#### max line length with tab
printf 'a\tb\n' | wc -L
## stdout:
9
## status: 0

#### two counts from stdin
printf 'a\n' | wc -lc
## stdout:
      1       2
## status: 0

#### file operand
printf 'hello world\nfoo\n' > a; wc a
## stdout:
 2  3 16 a
## status: 0

#### lines of file
printf 'x\ny\n' > a; wc -l a
## stdout:
2 a
## status: 0

#### two files with total
printf 'hello world\nfoo\n' > a; printf 'x\n' > b; wc a b
## stdout:
 2  3 16 a
 1  1  2 b
 3  4 18 total
## status: 0

#### lines of two files
printf 'hello world\nfoo\n' > a; printf 'x\n' > b; wc -l a b
## stdout:
 2 a
 1 b
 3 total
## status: 0

#### file and stdin
printf 'hello\n' > a; printf 'x\n' | wc -c a -
## stdout:
      6 a
      2 -
      8 total
## status: 0

#### redirected file
printf 'x\ny\n' > a; wc -l < a
## stdout:
2
## status: 0

#### no trailing newline
printf 'a\nb' | wc -l
## stdout:
1
## status: 0

#### empty input
wc < /dev/null
## stdout:
      0       0       0
## status: 0

#### missing file status
printf 'x\n' > a; wc a nosuch 2>/dev/null; echo $?
## stdout:
1 1 2 a
1 1 2 total
1
## status: 0

#### non-printing bytes in words
printf '\001a b\200c\n' | wc -w
## stdout:
2
## status: 0

#### big width from file size
seq 10000 > big; wc big
## stdout:
10000 10000 48894 big
## status: 0

#### count lines of command output
seq 100 | wc -l
## stdout:
100
## status: 0

#### carriage return resets width
printf 'ab\rc\n' | wc -L
## stdout:
2
## status: 0
