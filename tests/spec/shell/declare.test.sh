# declare/typeset/local/readonly/export: attributes -i -l -u -r -x -a -A
# -n -g and the exact -p output formats.

#### declare -p scalar
x=hello; declare -p x
## stdout:
declare -- x="hello"
## status: 0

#### declare -p with special characters
x='a "b" $c `d` \e'; declare -p x
## stdout:
declare -- x="a \"b\" \$c \`d\` \\e"
## status: 0

#### declare -p with newline
x=$'a\nb'; declare -p x
## stdout:
declare -- x=$'a\nb'
## status: 0

#### declare -p integer
declare -i n=5; declare -p n
## stdout:
declare -i n="5"
## status: 0

#### declare -p readonly
readonly r=1; declare -p r
## stdout:
declare -r r="1"
## status: 0

#### declare -p exported
export e=1; declare -p e
## stdout:
declare -x e="1"
## status: 0

#### declare -p multiple attributes
declare -irx m=3; declare -p m
## stdout:
declare -irx m="3"
## status: 0

#### declare -p lowercase uppercase
declare -l lo=ABC; declare -u up=abc; declare -p lo up; echo $lo $up
## stdout:
declare -l lo="abc"
declare -u up="ABC"
abc ABC
## status: 0

#### declare -l converts on assignment
declare -l v; v=MiXeD; echo $v; v+=ABC; echo $v
## stdout:
mixed
mixedabc
## status: 0

#### declare -u on array
declare -u -a arr=(a b); declare -p arr
## stdout:
declare -au arr=([0]="A" [1]="B")
## status: 0

#### declare -p unset variable
declare -p nosuchvar 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### declare -p declared but unset
declare x; declare -p x
## stdout:
declare -- x
## status: 0

#### declare -p empty string
x=; declare -p x
## stdout:
declare -- x=""
## status: 0

#### declare -p nameref
declare -n ref=target; declare -p ref
## stdout:
declare -n ref="target"
## status: 0

#### declare -p function-local shows local
f() { local v=1; declare -p v; }; f
## stdout:
declare -- v="1"
## status: 0

#### declare -i arithmetic on assignment
declare -i n; n=3*4; echo $n; n=n+1; echo $n
## stdout:
12
13
## status: 0

#### declare -i with non-numeric string evaluates as variable
declare -i n; x=7; n=x; echo $n
## stdout:
7
## status: 0

#### declare +i removes attribute
declare -i n=2; declare +i n; n=2+2; echo $n
## stdout:
2+2
## status: 0

#### declare -r prevents assignment
declare -r c=1; c=2 2>/dev/null; echo "status $? $c"
## stdout:
## status: 1

#### readonly assignment in script is fatal for that command
readonly c=1; (c=2; echo not-here) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### declare -x exports
declare -x ex=1; env | grep '^ex='
## stdout:
ex=1
## status: 0

#### export -n unexports
export ue=1; export -n ue; env | grep -c '^ue=' ; declare -p ue
## stdout:
0
declare -- ue="1"
## status: 0

#### export -p lists
export only_this=1; export -p | grep only_this
## stdout:
declare -x only_this="1"
## status: 0

#### readonly -p lists
readonly ro_one=1; readonly -p | grep ro_one
## stdout:
declare -r ro_one="1"
## status: 0

#### declare with no args lists variables including ours
my_declared_var=1; declare | grep '^my_declared_var='
## stdout:
my_declared_var=1
## status: 0

#### declare -a -p empty array
declare -a e; declare -p e
## stdout:
declare -a e
## status: 0

#### declare -A -p empty
declare -A e; declare -p e
## stdout:
declare -A e
## status: 0

#### typeset is declare
typeset -i t=1+1; declare -p t
## stdout:
declare -i t="2"
## status: 0

#### declare -g from function
f() { declare -g G=1; declare L=2; }; f; echo "${G-unset} ${L-unset}"
## stdout:
1 unset
## status: 0

#### declare -x in function is local but exported
f() { declare -x FX=1; env | grep -c '^FX='; }; f; echo "[${FX-unset}]"
## stdout:
1
[unset]
## status: 0

#### local -r in function
f() { local -r lr=1; lr=2 2>/dev/null; echo "status $? $lr"; }; f
## stdout:
## status: 1

#### readonly array
readonly -a ra=(1 2); declare -p ra
## stdout:
declare -ar ra=([0]="1" [1]="2")
## status: 0

#### declare -p array with special values
a=('' ' ' $'\t' '"'); declare -p a
## stdout:
declare -a a=([0]="" [1]=" " [2]=$'\t' [3]="\"")
## status: 0

#### declare -p of integer array
declare -ai ia=(1+1 2*2); declare -p ia
## stdout:
declare -ai ia=([0]="2" [1]="4")
## status: 0

#### declare value with equals in it
declare v='a=b=c'; echo $v
## stdout:
a=b=c
## status: 0

#### declare with invalid name
declare 'bad-name=1' 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### declare -f on nonexistent function
declare -f nothing; echo "status $?"
## stdout:
status 1
## status: 0

#### declare -p for multiple variables one missing
a=1; declare -p a missing 2>/dev/null; echo "status $?"
## stdout:
declare -- a="1"
status 1
## status: 0

#### declare -l then -u switches
declare -l v=ABC; declare -u v; v=def; echo $v
## stdout:
DEF
## status: 0

#### declare plus equals on integer
declare -i n=10; n+=5; echo $n
## stdout:
15
## status: 0

#### declare plus equals string
s=ab; s+=cd; echo $s
## stdout:
abcd
## status: 0

#### plus equals on array element integer
declare -ai a=(1); a[0]+=4; echo ${a[0]}
## stdout:
5
## status: 0

#### declare -p of variable with attribute but no value
declare -i ni; declare -p ni
## stdout:
declare -i ni
## status: 0

#### declare -t trace attribute shown
declare -t tv=1; declare -p tv
## stdout:
declare -t tv="1"
## status: 0

#### export of function-free assignment to env
export A1=x B1=y; env | grep -E '^(A1|B1)=' | sort
## stdout:
A1=x
B1=y
## status: 0

#### export without value
export NV; declare -p NV; env | grep -c '^NV='
## stdout:
declare -x NV
0
## status: 1

#### unset export via declare +x
export P=1; declare +x P; env | grep -c '^P='
## stdout:
0
## status: 1

#### readonly function
f() { echo f; }; readonly -f f; f() { echo g; } 2>/dev/null; f
## stdout:
f
## status: 0

#### declare -i with base notation
declare -i n=16#ff; echo $n
## stdout:
255
## status: 0

#### local without function listing
f() { local a=1 b; local; }; f
## stdout:
declare -- a="1"
declare -- b
## status: 0

#### declare -p after unset in function shows local unset
f() { local x=1; unset x; declare -p x 2>/dev/null || echo gone; }; x=g; f
## stdout:
declare -- x
## status: 0

#### declare -n -p of array reference
arr=(1 2); declare -n r=arr; declare -p r; echo ${r[1]}
## stdout:
declare -n r="arr"
2
## status: 0

#### readonly with no value then assign fails
readonly later; later=1 2>/dev/null; echo "status $?"
## stdout:
## status: 1
