# sed: a, i, c in their one-line and classic forms (GNU sed 4.9).

#### append one-liner
printf 'a\nb\n' | sed '1a hello'
## stdout:
a
hello
b
## status: 0

#### insert one-liner
printf 'a\nb\n' | sed '2i hello'
## stdout:
a
hello
b
## status: 0

#### change one-liner
printf 'a\nb\n' | sed '1c hello'
## stdout:
hello
b
## status: 0

#### append classic form
printf 'a\nb\n' | sed '1a\
hello'
## stdout:
a
hello
b
## status: 0

#### append multi-line
echo a | sed 'a\
one\
two'
## stdout:
a
one
two
## status: 0

#### append keeps leading space after backslash
echo a | sed 'a\   x'
## stdout:
a
   x
## status: 0

#### one-liner strips leading space
echo a | sed 'a    x'
## stdout:
a
x
## status: 0

#### append with escape
echo a | sed 'a x\ty' | tr '\t' T
## stdout:
a
xTy
## status: 0

#### append at end
printf 'a\nb\n' | sed '$a end'
## stdout:
a
b
end
## status: 0

#### insert at start
printf 'a\nb\n' | sed '1i start'
## stdout:
start
a
b
## status: 0

#### change range prints once
seq 1 5 | sed '2,4c X'
## stdout:
1
X
5
## status: 0

#### change negated
seq 1 4 | sed '2,3!c X'
## stdout:
X
2
3
X
## status: 0

#### change with regex address
printf 'a\nb\nc\n' | sed '/b/c B'
## stdout:
a
B
c
## status: 0

#### append then delete still appends
printf '1\n2\n' | sed -e 'a foo' -e d
## stdout:
foo
foo
## status: 0

#### append then quit
printf '1\n2\n' | sed -e 'a foo' -e q
## stdout:
1
foo
## status: 0

#### append then Quit drops it
printf '1\n2\n' | sed -e 'a foo' -e Q
## stdout:
## status: 0

#### append with -e continuation
echo a | sed -e 'a\' -e 'foo'
## stdout:
a
foo
## status: 0

#### append to line without newline
printf 'a' | sed 'a x'; echo '<'
## stdout:
a
x
<
## status: 0

#### insert before with -n
echo a | sed -n 'i x'
## stdout:
x
## status: 0

#### append order with next
printf '1\n2\n3\n' | sed '1{a A
n}'
## stdout:
1
A
2
3
## status: 0

#### a in block on one line needs newline
seq 1 2 | sed '1{a X
}'
## stdout:
1
X
2
## status: 0
