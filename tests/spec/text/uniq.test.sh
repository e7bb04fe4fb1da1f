# uniq: counts, repeated/unique selection, skipping and comparing.
# Expected values recorded from the real programs by `spec bless`.

#### adjacent only
printf 'a\na\nb\na\n' | uniq
## stdout:
a
b
a
## status: 0

#### count
printf 'a\na\nb\nc\nc\nc\n' | uniq -c
## stdout:
      2 a
      1 b
      3 c
## status: 0

#### repeated
printf 'a\na\nb\nc\nc\n' | uniq -d
## stdout:
a
c
## status: 0

#### unique
printf 'a\na\nb\nc\nc\n' | uniq -u
## stdout:
b
## status: 0

#### all repeated
printf 'a\na\nb\nc\nc\n' | uniq -D
## stdout:
a
a
c
c
## status: 0

#### all repeated separate
printf 'a\na\nb\nc\nc\n' | uniq --all-repeated=separate
## stdout:
a
a

c
c
## status: 0

#### all repeated prepend
printf 'a\na\nb\nc\nc\n' | uniq --all-repeated=prepend
## stdout:

a
a

c
c
## status: 0

#### group
printf 'a\na\nb\n' | uniq --group
## stdout:
a
a

b
## status: 0

#### group both
printf 'a\na\nb\n' | uniq --group=both
## stdout:

a
a

b

## status: 0

#### ignore case
printf 'A\na\nB\n' | uniq -i
## stdout:
A
B
## status: 0

#### skip fields
printf 'x a\ny a\nz b\n' | uniq -f1
## stdout:
x a
z b
## status: 0

#### skip chars
printf 'xa\nya\nzb\n' | uniq -s1
## stdout:
xa
zb
## status: 0

#### check chars
printf 'ab1\nab2\nac\n' | uniq -w2
## stdout:
ab1
ac
## status: 0

#### count with skip
printf '1 x\n2 x\n3 y\n' | uniq -c -f1
## stdout:
      2 1 x
      1 3 y
## status: 0

#### no trailing newline
printf 'a\na' | uniq
## stdout:
a
## status: 0

#### empty input
uniq </dev/null; echo $?
## stdout:
0
## status: 0

#### zero terminated
printf 'a\0a\0b\0' | uniq -z | tr '\0' '\n'
## stdout:
a
b
## status: 0

#### count and repeated
printf 'a\na\nb\n' | uniq -cd
## stdout:
      2 a
## status: 0

#### input and output files
printf 'a\na\nb\n' > in; uniq in out; cat out
## stdout:
a
b
## status: 0

#### invalid skip
uniq -f x </dev/null 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### sort then uniq count
printf 'b\na\nb\nc\nb\n' | sort | uniq -c | sort -rn
## stdout:
      3 b
      1 c
      1 a
## status: 0
