# Functions: definition forms, arguments, return, recursion, local and
# dynamic scoping, FUNCNAME, declare -f/-F, unset -f.

#### define and call
f() { echo "in f"; }; f
## stdout:
in f
## status: 0

#### function keyword forms
function g { echo g; }; function h() { echo h; }; g; h
## stdout:
g
h
## status: 0

#### arguments are positional parameters
f() { echo "$# $1 $2"; }; f a 'b c'
## stdout:
2 a b c
## status: 0

#### positional parameters restored after call
set -- outer; f() { set -- inner; echo $1; }; f; echo $1
## stdout:
inner
outer
## status: 0

#### dollar zero inside function is unchanged
f() { [ "$0" = "$1" ] && echo same; }; f "$0"
## stdout:
same
## status: 0

#### return value
f() { return 3; }; f; echo $?
## stdout:
3
## status: 0

#### return without value uses last status
f() { false; return; }; f; echo $?
## stdout:
1
## status: 0

#### function status is last command
f() { true; false; }; f; echo $?
## stdout:
1
## status: 0

#### return out of range wraps
f() { return 257; }; f; echo $?
## stdout:
1
## status: 0

#### return negative
f() { return -1; }; f 2>/dev/null; echo $?
## stdout:
255
## status: 0

#### return outside function
return 2>/dev/null; echo "status $?"
## stdout:
status 2
## status: 0

#### recursion factorial
fact() { if (( $1 <= 1 )); then echo 1; else echo $(( $1 * $(fact $(( $1 - 1 ))) )); fi; }; fact 10
## stdout:
3628800
## status: 0

#### recursion fibonacci with globals
fib() { local n=$1; if (( n < 2 )); then r=$n; return; fi; fib $((n-1)); local a=$r; fib $((n-2)); r=$((a+r)); }; fib 15; echo $r
## stdout:
610
## status: 0

#### local variable hides global
x=global; f() { local x=local; echo $x; }; f; echo $x
## stdout:
local
global
## status: 0

#### dynamic scoping sees caller locals
f() { local v=from-f; g; }; g() { echo "g sees $v"; }; v=global; f; g
## stdout:
g sees from-f
g sees global
## status: 0

#### assignment in callee modifies caller local
f() { local v=1; g; echo "f has $v"; }; g() { v=2; }; v=0; f; echo "global $v"
## stdout:
f has 2
global 0
## status: 0

#### local without value is unset but local
x=g; f() { local x; echo "[${x-unset}]"; x=in; }; f; echo $x
## stdout:
[unset]
g
## status: 0

#### local inherits nothing from global
x=5; f() { local x; echo "[$x]"; }; f
## stdout:
[]
## status: 0

#### local with same name as global then unset
x=g; f() { local x=l; unset x; echo "[${x-unset}]"; }; f; echo $x
## stdout:
[unset]
g
## status: 0

#### local outside function is an error
local x=1 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### local -i and -a
f() { local -i n=2+3; local -a a=(1 2); echo $n ${#a[@]}; }; f
## stdout:
5 2
## status: 0

#### declare in function is local
f() { declare d=inner; }; d=outer; f; echo $d
## stdout:
outer
## status: 0

#### declare -g in function is global
f() { declare -g gv=set-in-f; }; f; echo $gv
## stdout:
set-in-f
## status: 0

#### FUNCNAME array
f() { g; }; g() { echo "${FUNCNAME[@]}"; }; f
## stdout:
g f main
## status: 0

#### FUNCNAME outside functions is unset
echo "[${FUNCNAME[0]}]" ${#FUNCNAME[@]}
## stdout:
[] 0
## status: 0

#### declare -f prints the definition
f() { echo hi; }; declare -f f
## stdout:
f () 
{ 
    echo hi
}
## status: 0

#### declare -F lists names
f() { :; }; g() { :; }; declare -F
## stdout:
declare -f f
declare -f g
## status: 0

#### declare -F with name
f() { :; }; declare -F f; declare -F nope; echo $?
## stdout:
f
1
## status: 0

#### type of a function
f() { :; }; type -t f; type -t echo; type -t if; type -t nope; echo $?
## stdout:
function
builtin
keyword
1
## status: 0

#### unset -f removes function
f() { echo f; }; unset -f f; f 2>/dev/null; echo $?
## stdout:
127
## status: 0

#### function overrides builtin
echo() { builtin echo "wrapped: $*"; }; echo hi
## stdout:
wrapped: hi
## status: 0

#### command bypasses function
ls() { echo fn; }; command -v ls >/dev/null; printf() { :; }; command printf 'real\n'
## stdout:
real
## status: 0

#### function with redirection in definition
f() { echo to-stderr; } >&2; f 2>/dev/null; echo after
## stdout:
after
## status: 0

#### function body can be any compound command
f() ( echo subshell-body; x=changed ); x=orig; f; echo $x
## stdout:
subshell-body
orig
## status: 0

#### function defined with if body
f() if true; then echo if-body; fi; f
## stdout:
if-body
## status: 0

#### function redefinition
f() { echo 1; }; f() { echo 2; }; f
## stdout:
2
## status: 0

#### function names with special chars
my-func() { echo dash; }; my.func() { echo dot; }; my-func; my.func
## stdout:
dash
dot
## status: 0

#### recursive depth 100
r() { (( $1 > 0 )) && r $(( $1 - 1 )) || echo bottom; }; r 100
## stdout:
bottom
## status: 0

#### function output captured
f() { echo out; }; x=$(f); echo "[$x]"
## stdout:
[out]
## status: 0

#### function in pipeline
f() { while read -r l; do echo "f:$l"; done; }; printf 'a\nb\n' | f
## stdout:
f:a
f:b
## status: 0

#### exit in function exits shell
f() { exit 4; }; (f; echo not-here); echo $?
## stdout:
4
## status: 0

#### local in subshell within function
f() { local x=1; (x=2; echo $x); echo $x; }; f
## stdout:
2
1
## status: 0

#### dollar at inside function
f() { printf '<%s>\n' "$@"; }; f 'a b' '' c
## stdout:
<a b>
<>
<c>
## status: 0

#### shift inside function
f() { shift; echo "$@"; }; f a b c
## stdout:
b c
## status: 0

#### function call with prefix assignment
f() { echo "v=$v"; }; v=1 f; echo "after [$v]"
## stdout:
v=1
after []
## status: 0

#### prefix assignment to function does not persist in bash 5.2 posix off
f() { :; }; v=x f; echo "[$v]"
## stdout:
[]
## status: 0

#### declare -p of local in nested function
f() { local v=fv; g; }; g() { declare -p v; }; f
## stdout:
declare -- v="fv"
## status: 0

#### unset in callee unsets caller local
f() { local v=1; g; echo "[${v-unset}]"; }; g() { unset v; }; v=glob; f
## stdout:
[glob]
## status: 0

#### local -n nameref to caller variable
set_it() { local -n ref=$1; ref=value; }; set_it target; echo $target
## stdout:
value
## status: 0

#### RETURN trap in function
f() { trap 'echo returning' RETURN; echo body; }; f
## stdout:
body
returning
## status: 0

#### function with local IFS
f() { local IFS=:; echo "$*"; }; f a b c
## stdout:
a:b:c
## status: 0

#### FUNCNAME with source-free nesting depth
f() { echo ${#FUNCNAME[@]}; g; }; g() { echo ${#FUNCNAME[@]}; }; f
## stdout:
2
3
## status: 0

#### function defined inside function
outer() { inner() { echo inner; }; }; outer; inner
## stdout:
inner
## status: 0

#### local array in recursion
r() { local -a acc=("$@"); if (( $# < 3 )); then r "$@" x; else echo ${#acc[@]}; fi; }; r
## stdout:
3
## status: 0

#### return in middle of pipeline in function
f() { echo a | return 3; echo after $?; }; f
## stdout:
after 3
## status: 0

#### function with numeric name
1f() { echo numeric; }; 1f 2>/dev/null || echo failed
## stdout:
numeric
## status: 0

#### local status
f() { local x=$(false); echo $?; local y; y=$(false); echo $?; }; f
## stdout:
0
1
## status: 0

#### declare -f of function with loop
f() { for i in 1 2; do echo $i; done; }; declare -f f
## stdout:
f () 
{ 
    for i in 1 2;
    do
        echo $i;
    done
}
## status: 0

#### locals do not leak between calls, and prefix-assignment scopes alternate with function scopes
f() { local a=$1; [ -n "$2" ] && local b=x; echo "${a}-${b-unset}"; }
f 1 y; f 2; f 3 y; f 4
g() { echo "g:${v-none}:${w-none}"; local v=in; w=tmp h; }
h() { echo "h:$v:$w"; }
g; w=outer g; g; echo "after:${w-unset}:${v-unset}"
## stdout:
1-x
2-unset
3-x
4-unset
g:none:none
h:in:tmp
g:none:outer
h:in:tmp
g:none:none
h:in:tmp
after:unset:unset
## status: 0
