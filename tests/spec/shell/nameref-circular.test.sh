# A circular chain of name references (`declare -n a=b; declare -n b=a`):
# bash 5.2 warns `a: circular name reference` (stderr, not compared) and
# reads the name as unset; an assignment fails (bash manual 3.4, variables.c
# `find_variable_nameref` / `bind_variable`).

#### reading a circular nameref is unset
declare -n a=b
declare -n b=a
echo "[$a] [${a:-d}] [${#a}] [${a+set}]"
[[ -v a ]]
echo "v $?"
echo "[${a[@]}] [${#a[@]}] [${!a[@]}]"
echo "$(( a + 1 ))"
## stdout:
[] [d] [0] []
v 1
[] [0] []
1
## status: 0

#### assigning abandons the line with status 1
declare -n a=b
declare -n b=a
a=5; echo "not reached"
echo "next $?"
a+=x; echo "not reached"
echo "next $?"
declare -p a b
## stdout:
next 1
next 1
declare -n a="b"
declare -n b="a"
## status: 0

#### a chain of three
declare -n a=b
declare -n b=c
declare -n c=a
echo "[$a]"
b=1; echo "not reached"
echo "next $?"
## stdout:
[]
next 1
## status: 0

#### read, printf -v and for fail with status 1
declare -n a=b
declare -n b=a
read a <<< hi
echo "read $?"
printf -v a %s hi
echo "printf $?"
for a in 1 2; do echo "in"; done
echo "for $?"
declare -p a b
## stdout:
read 1
printf 1
for 1
declare -n a="b"
declare -n b="a"
## status: 0

#### declare leaves it, export and readonly fail
declare -n a=b
declare -n b=a
declare a=5
echo "declare $?"
export a=6
echo "export $?"
readonly a=7
echo "readonly $?"
declare -p a b
## stdout:
declare 0
export 1
readonly 1
declare -n a="b"
declare -n b="a"
## status: 0

#### arithmetic assignment warns and goes on
declare -n a=b
declare -n b=a
(( a = 3 ))
echo "$?"
echo "$(( a = 4 )) $?"
let a=5
echo "let $?"
## stdout:
0
4 0
let 0
## status: 0

#### an array assignment turns the name into an array
declare -n a=b
declare -n b=a
a[1]=x
echo "el $? ${a[1]}"
declare -p a b
declare -n c=d
declare -n d=c
d=(1 2)
declare -p c d
## stdout:
el 0 x
declare -a a=([1]="x")
declare -n b="a"
declare -n c="d"
declare -a d=([0]="1" [1]="2")
## status: 0

#### unset removes the nameref itself
declare -n a=b
declare -n b=a
unset b
echo "unset $?"
declare -p a
declare -p b
echo "p $?"
## stdout:
unset 0
declare -n a="b"
p 1
## status: 0

#### a cycle of local namerefs in a function leaves them unchanged
g() {
  local -n p=q
  local -n q=p
  p=1
  echo "st $?"
  declare -p p q
}
g
## stdout:
st 0
declare -n p="q"
declare -n q="p"
## status: 0

#### a circular nameref in a for loop and an invalid name
declare -n r
for r in 1; do echo "in"; done
echo "status $?"
for r in x; do echo "in $r"; done
declare -p r
## stdout:
status 1
in 
declare -n r="x"
## status: 0
