# grep: -A/-B/-C context and group separators (GNU grep 3.8).

#### after context
printf '1\na\n2\n3\n' | grep -A1 a
## stdout:
a
2
## status: 0

#### before context
printf '1\n2\na\n3\n' | grep -B2 a
## stdout:
1
2
a
## status: 0

#### context with separator
printf 'a\n1\n2\n3\n4\na\n5\n' | grep -C1 a
## stdout:
a
1
--
4
a
5
## status: 0

#### context with numbers
printf 'a\n1\n2\n3\n4\na\n5\n' | grep -n -C1 a
## stdout:
1:a
2-1
--
5-4
6:a
7-5
## status: 0

#### adjacent groups merge
printf 'a\n1\na\n2\n' | grep -A1 a
## stdout:
a
1
a
2
## status: 0

#### NUM as context
printf '1\n2\na\n3\n4\n' | grep -1 a
## stdout:
2
a
3
## status: 0

#### context with only matching
printf '1\na\n2\n3\n4\na\n5\n' | grep -o -C1 a
## stdout:
a
--
a
## status: 0

#### max count then trailing context
printf 'a\na\nb\nb\n' | grep -m1 -A2 a
## stdout:
a
a
b
## status: 0

#### custom group separator
printf 'a\n1\n2\na\n' | grep --group-separator=XX -A0 a
## stdout:
a
XX
a
## status: 0

#### no group separator
printf 'a\n1\n2\na\n' | grep --no-group-separator -A0 a
## stdout:
a
a
## status: 0

#### context with invert
printf 'a\nb\na\na\nc\n' | grep -v -A1 a
## stdout:
b
a
--
c
## status: 0

#### byte offsets with context
printf 'ab\ncd\nef\n' | grep -b -B1 cd
## stdout:
0-ab
3:cd
## status: 0
