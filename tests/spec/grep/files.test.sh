# grep: file operands, -r, -l/-L/-c per file, -f, binary files (GNU grep 3.8).

#### file operand
printf 'a\nb\n' > f
grep b f
## stdout:
b
## status: 0

#### two files show names
printf 'a\nb\n' > f1
printf 'b\nc\n' > f2
grep b f1 f2
## stdout:
f1:b
f2:b
## status: 0

#### no filename
printf 'a\nb\n' > f1
printf 'b\n' > f2
grep -h b f1 f2
## stdout:
b
b
## status: 0

#### with filename single file
printf 'a\nb\n' > f
grep -H b f
## stdout:
f:b
## status: 0

#### count per file
printf 'a\na\n' > f1
printf 'b\n' > f2
grep -c a f1 f2
## stdout:
f1:2
f2:0
## status: 0

#### files with matches
printf 'a\n' > f1
printf 'b\n' > f2
printf 'a\n' > f3
grep -l a f1 f2 f3
## stdout:
f1
f3
## status: 0

#### files without match
printf 'a\n' > f1
printf 'b\n' > f2
grep -L a f1 f2
## stdout:
f2
## status: 0

#### files without match, all match
printf 'a\n' > f1
grep -L a f1
## stdout:
## status: 0

#### list and count: list wins
printf 'a\n' > f1
printf 'b\n' > f2
grep -lc a f1 f2
## stdout:
f1
## status: 0

#### stdin dash among files
printf 'x\n' > f
printf 'x\n' | grep x f -
## stdout:
f:x
(standard input):x
## status: 0

#### label for stdin
printf 'x\n' | grep -H --label=in x
## stdout:
in:x
## status: 0

#### missing file exits 2
printf 'a\n' > f
grep a f nope
## stdout:
f:a
## status: 2

#### missing file with -s
grep -s a nope; echo $?
## stdout:
2
## status: 0

#### missing file but -q matched
printf 'a\n' > f
grep -q a nope f; echo $?
## stdout:
0
## status: 0

#### directory without -r
mkdir d
grep a d; echo $?
## stdout:
2
## status: 0

#### recursive
mkdir -p d/e
printf 'a\n' > d/x
printf 'b\na\n' > d/e/y
grep -r a d | sort
## stdout:
d/e/y:a
d/x:a
## status: 0

#### recursive with no operand
mkdir d
printf 'a\n' > d/x
printf 'a\n' > top
grep -r a | sort
## stdout:
d/x:a
top:a
## status: 0

#### recursive count
mkdir d
printf 'a\na\n' > d/x
printf 'b\n' > d/y
grep -rc a d | sort
## stdout:
d/x:2
d/y:0
## status: 0

#### recursive single file has no name
printf 'a\n' > f
grep -r a f
## stdout:
a
## status: 0

#### patterns from file
printf 'one\nthree\n' > pats
printf 'one\ntwo\nthree\n' | grep -f pats
## stdout:
one
three
## status: 0

#### empty pattern file matches nothing
: > pats
printf 'a\n' | grep -f pats; echo $?
## stdout:
1
## status: 0

#### patterns file and -e
printf 'one\n' > pats
printf 'one\ntwo\n' | grep -f pats -e two
## stdout:
one
two
## status: 0

#### binary file matches
printf 'a\0b\n' > bin
grep a bin; echo $?
## stdout:
0
## status: 0

#### binary file count
printf 'a\0b\na\n' > bin
grep -c a bin
## stdout:
2
## status: 0

#### binary as text
printf 'a\0b\n' > bin
grep -a a bin | tr '\0' '@'
## stdout:
a@b
## status: 0

#### null after file name
printf 'a\n' > f
grep -lZ a f | tr '\0' '@'
## stdout-no-eol:
f@
## status: 0
