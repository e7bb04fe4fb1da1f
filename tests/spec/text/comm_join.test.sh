# comm and join on sorted inputs.
# Expected values recorded from the real programs by `spec bless`.

#### comm three columns
printf '1\n3\n5\n' > a; printf '1\n2\n5\n' > b; comm a b
## stdout:
		1
	2
3
		5
## status: 0

#### comm only common
printf '1\n3\n5\n' > a; printf '1\n2\n5\n' > b; comm -12 a b
## stdout:
1
5
## status: 0

#### comm only first
printf '1\n3\n5\n' > a; printf '1\n2\n5\n' > b; comm -23 a b
## stdout:
3
## status: 0

#### comm only second
printf '1\n3\n5\n' > a; printf '1\n2\n5\n' > b; comm -13 a b
## stdout:
2
## status: 0

#### comm total
printf '1\n3\n' > a; printf '1\n2\n' > b; comm --total a b
## stdout:
		1
	2
3
1	1	1	total
## status: 0

#### comm output delimiter
printf '1\n3\n' > a; printf '1\n2\n' > b; comm --output-delimiter=: a b
## stdout:
::1
:2
3
## status: 0

#### comm stdin
printf 'a\nc\n' > a; printf 'b\nc\n' | comm a -
## stdout:
a
	b
		c
## status: 0

#### comm unsorted status
printf '2\n1\n' > a; printf '1\n' > b; comm a b >/dev/null 2>&1; echo $?
## stdout:
1
## status: 0

#### comm missing operand
comm a 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### join default
printf 'a 1\nb 2\n' > x; printf 'a x\nc y\n' > y; join x y
## stdout:
a 1 x
## status: 0

#### join unpaired
printf 'a 1\nb 2\n' > x; printf 'a x\nc y\n' > y; join -a1 -a2 x y
## stdout:
a 1 x
b 2
c y
## status: 0

#### join auto format with empty
printf 'a 1\nb 2\n' > x; printf 'a x\nc y\n' > y; join -a1 -a2 -e NA -o auto x y
## stdout:
a 1 x
b 2 NA
c NA y
## status: 0

#### join only unpaired
printf 'a 1\nb 2\n' > x; printf 'a x\nc y\n' > y; join -v2 x y
## stdout:
c y
## status: 0

#### join separator and fields
printf '1,ann\n2,bob\n' > x; printf 'ann,31\nbob,27\n' > y; join -t, -1 2 -2 1 x y
## stdout:
ann,1,31
bob,2,27
## status: 0

#### join output format
printf 'a 1 p\nb 2 q\n' > x; printf 'a x\nb y\n' > y; join -o 2.2,1.3,0 x y
## stdout:
x p a
y q b
## status: 0

#### join many to many
printf 'a 1\na 2\n' > x; printf 'a x\na y\n' > y; join x y
## stdout:
a 1 x
a 1 y
a 2 x
a 2 y
## status: 0

#### join ignore case
printf 'A 1\n' > x; printf 'a 2\n' > y; join -i x y
## stdout:
A 1 2
## status: 0

#### join header
printf 'k v\na 1\n' > x; printf 'k w\na 2\n' > y; join --header x y
## stdout:
k v w
a 1 2
## status: 0
