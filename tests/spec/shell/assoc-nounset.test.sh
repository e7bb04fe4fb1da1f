# set -u and an associative array declared without elements: the subscript
# is a string key, never an arithmetic expression naming a variable.

#### default of a missing key of an empty declare -A
set -u
declare -A m
echo "${m[x]:-d}"
echo "status $?"
## stdout:
d
status 0
## status: 0

#### local -A in a function, key from a variable
set -u
f() {
  local -A seen
  local k=zz
  echo "[${seen[$k]:-}]"
  seen[$k]=1
  echo "[${seen[$k]:-}]"
}
f
## stdout:
[]
[1]
## status: 0

#### alternate value and -v of a missing key
set -u
declare -A m
echo "a${m[x]+set}b"
[[ -v m[x] ]]
echo "v $?"
unset 'm[x]'
echo "u $?"
declare -p m
## stdout:
ab
v 1
u 0
declare -A m
## status: 0

#### all elements of an empty declare -A with a default
set -u
declare -A m
echo "${m[@]:-none}"
echo "[${m[@]}]"
echo "status $?"
## stdout:
none
[]
status 0
## status: 0

#### missing key without a default is unbound
set -u
declare -A m
echo "before"
echo "${m[x]}"
echo "not reached"
## stdout:
before
## status: 1

#### indexed array subscript names an unbound variable
set -u
declare -a a
echo "${a[x]:-d}"
echo "not reached"
## stdout:
## status: 1
