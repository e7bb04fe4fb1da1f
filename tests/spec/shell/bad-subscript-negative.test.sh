# Negative subscripts before the first element: bash 5.2 reports a bad
# array subscript and goes on (the element is empty, or 0 in arithmetic;
# an arithmetic assignment to it is dropped but its value stands); under
# `set -e` the shell exits with status 1.

#### negative subscript of a scalar is a bad subscript
s=abc
echo "[${s[-1]}]"; echo "same $?"
echo "[${s[-2]}] [${s[0]}] [${s[-0]}]"
## stdout:
[]
same 0
[] [abc] [abc]
## status: 0

#### negative subscript of a scalar with a default
s=abc
echo "${s[-1]:-default}"
## stdout:
default
## status: 0

#### negative subscript of a scalar in a function
f() { local s=abc; echo "[${s[-1]}]"; echo in; }
f
echo "after $?"
## stdout:
[]
in
after 0
## status: 0

#### negative subscript of an unset or empty variable
unset u
echo "[${u[-1]}]"
declare -a e
echo "[${e[-1]}]"
e=()
echo "[${e[-1]}]"
echo "${#u[-1]}"
## stdout:
[]
[]
[]
0
## status: 0

#### length of a negative subscript of a scalar abandons the line
s=abc
echo "${#s[-1]}"; echo same
echo "after $?"
## stdout:
after 1
## status: 0

#### negative subscript of a scalar exits under set -e
set -e
s=abc
echo "[${s[-1]}]" || :
echo after
## stdout:
## status: 1

#### negative subscript before a sparse array's start
a=([3]=x)
echo "[${a[-4]}] [${a[-5]}] [${a[-1]}]"
## stdout:
[] [] [x]
## status: 0

#### negative subscript of a short array exits under set -e
set -e
a=(1)
echo "${a[-5]:-d}"
echo after
## stdout:
## status: 1

#### -v of a bad negative subscript
unset u
[[ -v u[-1] ]]; echo "v$?"
a=(1)
[[ -v a[-1] ]]; echo "v$?"
[[ -v a[-2] ]]; echo "v$?"
## stdout:
v1
v0
v1
## status: 0

#### arithmetic assignment to a bad subscript keeps its value and status 0
a=(1)
(( a[-3]=1 )); echo "same $?"
echo "after $? ${a[*]}"
## stdout:
same 0
after 0 1
## status: 0

#### arithmetic assignment to a bad subscript in conditions and lists
a=(1 2)
if (( a[-3]=1 )); then echo t; else echo f; fi
(( a[-3]=1, a[0]=7 )); echo "same $? ${a[*]}"
(( a[-2]=5 )); echo "${a[*]}"
## stdout:
t
same 0 7 2
5 2
## status: 0

#### arithmetic expansion with a bad subscript assignment
a=(1)
echo "$(( a[-3]=5 )) ${a[*]}"; echo "same $?"
x=$(( a[-3]=1 ))
echo "after $? x=$x"
## stdout:
5 1
same 0
after 0 x=1
## status: 0

#### let and for with a bad subscript assignment
a=(1)
let a[-3]=1; echo "let $?"
for ((a[-3]=1; 0; )); do :; done; echo "for $?"
## stdout:
let 0
for 0
## status: 0

#### arithmetic read of a bad subscript is 0
a=(1)
(( a[-3] )); echo "same $?"
(( b = a[-3] )); echo "b=$b $?"
(( a[-3] += 1 )); echo "plus $? ${a[*]}"
s=5
echo "$(( s[-1] + 1 ))"
## stdout:
same 1
b=0 1
plus 0 1
1
## status: 0

#### arithmetic bad subscript exits under set -e
set -e
a=(1)
(( a[-3]=1 )) || :
echo after
## stdout:
## status: 1

#### arithmetic read of a bad subscript exits under set -e
set -e
a=(1)
x=$(( a[-3] ))
echo "after $x"
## stdout:
## status: 1

#### arithmetic readonly assignment
readonly r=1
((r=2)); echo "same $?"
let r=2; echo "let $?"
: $((r=2)); echo same
echo "after $?"
## stdout:
same 1
let 1
after 1
## status: 0

#### arithmetic readonly assignment exits under set -e
set -e
readonly r=1
((r=2)) || :
echo after
## stdout:
## status: 1
