# Assignment errors (a readonly variable, a bad array subscript) are
# reported as bash's report_error does: outside `set -e` an assignment
# statement abandons the rest of its line with status 1; under `set -e`
# the shell exits with status 1 whatever the context (`||`, `if`).

#### readonly assignment abandons the line without set -e
readonly r=1
r=2; echo same
echo "after $?"
## stdout:
after 1
## status: 0

#### readonly assignment exits under set -e
set -e
readonly r=1
r=2
echo "after $?"
## stdout:
## status: 1

#### readonly assignment exits under set -e even after or
set -e
readonly r=1
r=2 || echo handled
echo after
## stdout:
## status: 1

#### readonly assignment exits under set -e even in an if condition
set -e
readonly r=1
if r=2; then echo t; else echo f; fi
echo after
## stdout:
## status: 1

#### readonly array assignment and append exit under set -e
readonly r=1
r=(1 2); echo same
echo "after $?"
set -e
r+=3
echo after
## stdout:
after 1
## status: 1

#### readonly assignment in a function abandons the calling line
readonly r=1
f() { r=3; echo "in f $?"; }
f; echo same
echo "after $?"
## stdout:
after 1
## status: 0

#### readonly assignment in a subshell exits only the subshell
set -e
readonly r=1
( r=2; echo in ) || echo "subshell failed $?"
echo after
## stdout:
subshell failed 1
after
## status: 0

#### readonly assignment in command substitution under set -e
set -e
readonly r=1
x=$(r=2; echo in)
echo "after $? $x"
## stdout:
## status: 1

#### the exit status is the last nonzero status
set -e
readonly r=1
(exit 3) || r=2
echo after
## stdout:
## status: 3

#### readonly temporary assignment runs the command without set -e
readonly r=1
r=2 echo hi; echo "same $?"
## stdout:
hi
same 0
## status: 0

#### readonly temporary assignment exits under set -e before the command
set -e
readonly r=1
r=2 echo hi || :
echo after
## stdout:
## status: 1

#### readonly for variable fails the loop or exits under set -e
readonly r=1
for r in 1; do echo body; done; echo "same $?"
set -e
for r in 1; do echo body; done || :
echo after
## stdout:
same 1
## status: 1

#### export and readonly of a readonly variable exit under set -e
readonly r=1
export r=2; echo "same $?"
readonly r=3; echo "same $?"
set -e
export r=2 || :
echo after
## stdout:
same 1
same 1
## status: 1

#### declare and local of a readonly variable do not exit under set -e
set -e
readonly r=1
declare r=2 || echo "declare $?"
f() { local r=2 || echo "local $?"; }
f
echo after
## stdout:
declare 1
local 1
after
## status: 0

#### read into a readonly variable exits under set -e
readonly r=1
read r <<< x; echo "same $?"
set -e
read r <<< x || :
echo after
## stdout:
same 1
## status: 1

#### mapfile into a readonly variable fails
readonly r=1
mapfile r < /dev/null; echo "same $?"
set -e
mapfile r < /dev/null || :
echo after
## stdout:
same 1
## status: 1

#### printf -v into a readonly variable exits under set -e
readonly r=1
printf -v r x; echo "same $?"
set -e
printf -v r x || :
echo after
## stdout:
same 1
## status: 1

#### bad array subscript assignment abandons the line without set -e
a=(1 2)
a[-10]=1; echo same
echo "after $? ${a[*]}"
a[-5]+=x; echo same
echo "after $? ${a[*]}"
## stdout:
after 1 1 2
after 1 1 2
## status: 0

#### bad array subscript assignment exits under set -e
set -e
a=(1 2)
a[-10]=1
echo after
## stdout:
## status: 1

#### bad array subscript assignment exits under set -e after or
set -e
a=(1)
a[-5]+=x || echo handled
echo after
## stdout:
## status: 1

#### bad array subscript in declare, read and printf -v exits under set -e
a=(1)
declare a[-5]=1; echo "declare $?"
read 'a[-5]' <<< x; echo "read $?"
printf -v 'a[-5]' x; echo "printf $?"
set -e
read 'a[-5]' <<< x || :
echo after
## stdout:
declare 1
read 1
printf 1
## status: 1

#### unset of a readonly variable does not exit under set -e
set -e
readonly r=1
unset r || echo "unset $?"
a=(1)
unset 'a[-5]' || echo "unset $?"
echo after
## stdout:
unset 1
unset 1
after
## status: 0

#### getopts into a readonly variable
readonly r=1
set -- -a -b
getopts ab r; echo "st $? OPTIND=$OPTIND r=$r"
getopts ab r; echo "st $? OPTIND=$OPTIND"
getopts ab r; echo "st $? OPTIND=$OPTIND"
## stdout:
st 2 OPTIND=2 r=1
st 2 OPTIND=3
st 1 OPTIND=3
## status: 0

#### getopts into a readonly variable exits under set -e
set -e
readonly r=1
getopts a r -a || :
echo after
## stdout:
## status: 1

#### an array element before a command is not a valid identifier
a=(1)
a[0]=5 echo hi; echo "$? ${a[*]}"
b[1]=x echo hi2; echo "${#b[@]}"
set -e
a[-5]=1 echo hi3 || :
echo end
## stdout:
hi
0 1
hi2
0
hi3
end
## status: 0
