# cut: bytes, characters, fields, complements and delimiters.
# Expected values recorded from the real programs by `spec bless`.

#### field with delimiter
printf 'a:b:c\n1:2:3\n' | cut -d: -f2
## stdout:
b
2
## status: 0

#### several fields
printf 'a:b:c:d\n' | cut -d: -f1,3
## stdout:
a:c
## status: 0

#### field ranges
printf 'a:b:c:d:e\n' | cut -d: -f2-4
## stdout:
b:c:d
## status: 0

#### open ranges
printf 'a:b:c:d:e\n' | cut -d: -f-2,4-
## stdout:
a:b:d:e
## status: 0

#### line without delimiter printed
printf 'abc\na:b\n' | cut -d: -f2
## stdout:
abc
b
## status: 0

#### only delimited
printf 'abc\na:b\n' | cut -d: -f2 -s
## stdout:
b
## status: 0

#### tab is default
printf 'a\tb\tc\n' | cut -f2
## stdout:
b
## status: 0

#### bytes
echo abcdef | cut -b2-4
## stdout:
bcd
## status: 0

#### characters
echo abcdef | cut -c1,3,5
## stdout:
ace
## status: 0

#### character ranges
echo abcdef | cut -c-2,5-
## stdout:
abef
## status: 0

#### complement fields
echo 'a:b:c' | cut -d: --complement -f2
## stdout:
a:c
## status: 0

#### complement chars
echo abcdef | cut --complement -c2-3
## stdout:
adef
## status: 0

#### output delimiter fields
echo 'a:b:c' | cut -d: -f1,3 --output-delimiter=' - '
## stdout:
a - c
## status: 0

#### output delimiter chars
echo abcdef | cut -c1-2,4-5 --output-delimiter=,
## stdout:
ab,de
## status: 0

#### field beyond end
echo 'a:b' | cut -d: -f5
## stdout:

## status: 0

#### empty fields
echo 'a::c' | cut -d: -f2,3
## stdout:
:c
## status: 0

#### no list status
cut </dev/null 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### zero field status
echo a | cut -f0 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### decreasing range status
echo a | cut -c3-1 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### multi-char delimiter status
echo a | cut -d ab -f1 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### space delimiter
echo 'one two three' | cut -d' ' -f2
## stdout:
two
## status: 0

#### no trailing newline
printf 'a:b' | cut -d: -f1
## stdout:
a
## status: 0

#### from file operand
printf 'x,y\n' > f; cut -d, -f2 f
## stdout:
y
## status: 0

#### csv column extraction
printf 'name,age\nann,31\nbob,27\n' | cut -d, -f1 | tail -n +2
## stdout:
ann
bob
## status: 0
