# `${#name[subscript]}`: the length of an element or the count of an
# array, with and without `set -u` (bash 5.2 arrayfunc.c
# `array_length_reference`): a set but empty array counts 0 for any
# subscript; a variable declared without a value, or a scalar, is
# unbound under `set -u` whatever the subscript.

#### missing key or index of a set empty array is 0 under set -u
set -u
declare -A m=()
echo "${#m[x]}"
u=()
echo "${#u[1]}"
v=(a)
echo "${#v[3]} ${#v[0]}"
declare -A w=([y]=abc)
echo "${#w[y]} ${#w[x]}"
## stdout:
0
0
0 1
3 0
## status: 0

#### the same without set -u
declare -A m=()
u=()
declare -A m2
declare -a a2
x=abc
declare y
echo "${#m[x]} ${#u[1]} ${#m2[x]} ${#m2[@]} ${#a2[0]} ${#a2[@]}"
echo "${#x[@]} ${#x[*]} ${#x[0]} ${#x[1]}"
echo "${#y[@]} ${#y[0]} ${#zz[@]} ${#zz[3]}"
## stdout:
0 0 0 0 0 0
1 1 3 0
0 0 0 0
## status: 0

#### declare -A without a value: count is unbound under set -u
set -u
declare -A m
echo before
echo "${#m[@]}"
echo "not reached"
## stdout:
before
not reached
## status: 0

#### declare -A without a value: element length is unbound under set -u
set -u
declare -A m
echo "${#m[x]}"
echo "not reached"
## stdout:
not reached
## status: 0

#### declare -a and local -a without a value under set -u
set -u
f() {
  local -a l
  echo "in f"
  echo "${#l[@]}"
  echo "not reached"
}
f
echo "not reached either"
## stdout:
in f
not reached either
## status: 0

#### a scalar with a subscript is unbound under set -u
set -u
x=abc
echo "${#x}"
echo "${#x[0]}"
echo "not reached"
## stdout:
3
not reached
## status: 0

#### a scalar counted with [@] is unbound under set -u
set -u
x=abc
echo "${#x[@]}"
echo "not reached"
## stdout:
not reached
## status: 0

#### a nameref to an array under set -u
set -u
declare -n r=u
u=(a bcd)
echo "${#r[@]} ${#r[1]} ${#r[5]}"
## stdout:
2 3 0
## status: 0

#### an empty key in the length of an associative array element
declare -A m=([a]=1)
k=
f() { echo "${#m[$k]}"; echo "not reached"; }
f; echo "not reached either"
echo "next $?"
## stdout:
next 1
## status: 0

#### an empty key of an associative array expands to nothing
declare -A m=([a]=1)
k=
echo "x${m[$k]}y ${m[$k]:-d}"
echo "status $?"
## stdout:
xy d
status 0
## status: 0

#### an empty key of an associative array exits under set -e
set -e
declare -A m=([a]=1)
k=
echo "x${m[$k]}"
echo "not reached"
## stdout:
## status: 1

#### negative indexes in the length form under set -u
set -u
u=(a bb ccc)
i=-1
echo "${#u[i]} ${#u[$i]} ${#u[-2]}"
echo "${#u[-4]}"
echo "not reached"
## stdout:
3 3 2
not reached
## status: 0
