# eval, command, builtin, type, let-free helpers, source-free dynamic code,
# namerefs (declare -n).

#### eval simple
eval 'echo hi'
## stdout:
hi
## status: 0

#### eval concatenates arguments
eval echo a b
## stdout:
a b
## status: 0

#### eval defines variables
eval 'x=5'; echo $x
## stdout:
5
## status: 0

#### eval with quoted expansion
x='$y'; y=inner; eval "echo $x"
## stdout:
inner
## status: 0

#### eval status
eval 'false'; echo $?; eval 'exit 3' ; echo not-reached
## stdout:
1
## status: 3

#### eval empty is status zero
false; eval ''; echo $?
## stdout:
0
## status: 0

#### eval syntax error status
eval 'if' 2>/dev/null; echo "status $?"
## stdout:
status 2
## status: 0

#### eval defines function
eval 'f() { echo from-eval; }'; f
## stdout:
from-eval
## status: 0

#### eval in loop builds names
for i in 1 2; do eval "v$i=$i"; done; echo $v1 $v2
## stdout:
1 2
## status: 0

#### eval indirect assignment with printf q
name=target; val="it's a test"; eval "$name=$(printf '%q' "$val")"; echo "$target"
## stdout:
it's a test
## status: 0

#### eval multiple commands
eval 'echo a; echo b'
## stdout:
a
b
## status: 0

#### eval with newline in string
eval $'echo one\necho two'
## stdout:
one
two
## status: 0

#### nested eval
eval "eval 'echo nested'"
## stdout:
nested
## status: 0

#### eval break inside loop
for i in 1 2 3; do eval 'if [ $i = 2 ]; then break; fi'; echo $i; done
## stdout:
1
## status: 0

#### eval return in function
f() { eval 'return 4'; echo no; }; f; echo $?
## stdout:
4
## status: 0

#### command runs builtin bypassing function
echo() { builtin echo fn; }; command echo real
## stdout:
real
## status: 0

#### command -v for builtin and function and keyword
f() { :; }; command -v echo; command -v f; command -v if; command -v nope_xyz; echo "status $?"
## stdout:
echo
f
if
status 1
## status: 0

#### command -V describes
f() { :; }; command -V f | head -1; command -V echo
## stdout:
f is a function
echo is a shell builtin
## status: 0

#### builtin with non-builtin fails
builtin nonexistent_xyz 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### builtin runs builtin
builtin printf '%s\n' builtin-printf
## stdout:
builtin-printf
## status: 0

#### type -t kinds
f() { :; }; alias al=echo 2>/dev/null; type -t f echo if
## stdout:
function
builtin
keyword
## status: 0

#### type of builtin
type echo; type cd
## stdout:
echo is a shell builtin
cd is a shell builtin
## status: 0

#### type of keyword
type if; type '[['
## stdout:
if is a shell keyword
[[ is a shell keyword
## status: 0

#### type of missing
type nope_xyz 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### type -a of function and builtin
echo() { :; }; type -a echo | head -2
## stdout:
echo is a function
echo () 
## status: 0

#### nameref basic
x=1; declare -n r=x; r=2; echo $x
## stdout:
2
## status: 0

#### nameref read
x=value; declare -n r=x; echo $r
## stdout:
value
## status: 0

#### nameref to array
a=(1 2 3); declare -n r=a; echo ${r[@]} ${#r[@]}; r[1]=X; echo ${a[@]}
## stdout:
1 2 3 3
1 X 3
## status: 0

#### nameref to array element
a=(1 2 3); declare -n r='a[2]'; echo $r; r=Z; echo ${a[@]}
## stdout:
3
1 2 Z
## status: 0

#### nameref in function to return values
setv() { declare -n out=$1; out="result"; }; setv myvar; echo $myvar
## stdout:
result
## status: 0

#### nameref to assoc
declare -A m=([k]=v); declare -n r=m; echo ${r[k]}; r[n]=w; echo ${m[n]}
## stdout:
v
w
## status: 0

#### unset nameref unsets target
x=1; declare -n r=x; unset r; echo "[${x-unset}]"
## stdout:
[unset]
## status: 0

#### unset -n removes nameref itself
x=1; declare -n r=x; unset -n r; echo "[$x] [${r-unset}]"
## stdout:
[1] [unset]
## status: 0

#### nameref chain
x=end; declare -n a=x; declare -n b=a; echo $b
## stdout:
end
## status: 0

#### nameref self reference is an error
declare -n r=r 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### nameref with invalid target name
declare -n r='1bad' 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### for loop with nameref variable
a=1; b=2; declare -n r; for r in a b; do echo $r; done
## stdout:
1
2
## status: 0

#### nameref reassign target with declare -n
x=1; y=2; declare -n r=x; declare -n r=y; echo $r
## stdout:
2
## status: 0

#### bang expansion of nameref gives target name
x=1; declare -n r=x; echo ${!r}
## stdout:
x
## status: 0

#### nameref to unset variable creates it
declare -n r=newvar; r=created; echo $newvar
## stdout:
created
## status: 0

#### local nameref in recursion-free helper
inc() { local -n v=$1; ((v++)); }; n=5; inc n; inc n; echo $n
## stdout:
7
## status: 0

#### nameref to positional is error
declare -n r=1 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### eval with dollar at
set -- 'a b' c; eval 'printf "<%s>\n" "$@"'
## stdout:
<a b>
<c>
## status: 0

#### eval preserves status of last command
eval 'true; false'; echo $?
## stdout:
1
## status: 0

#### let via eval
eval 'let x=2*3'; echo $x
## stdout:
6
## status: 0

#### command with prefix assignment
v=1 command eval 'echo $v'
## stdout:
1
## status: 0

#### eval of array assignment
eval 'arr=(a "b c")'; echo ${#arr[@]}
## stdout:
2
## status: 0

#### command -p ignored path echo
command -p echo works 2>/dev/null || echo works
## stdout:
works
## status: 0

#### hash builtin absent output
hash -r; echo "status $?"
## stdout:
status 0
## status: 0

#### colon builtin ignores arguments
: these are ignored $(echo side >&2) 2>/dev/null; echo "status $?"
## stdout:
status 0
## status: 0

#### true and false
true; echo $?; false; echo $?
## stdout:
0
1
## status: 0

#### enable-free help exists
help echo >/dev/null 2>&1; echo "status $?"
## stdout:
status 0
## status: 0
