# Associative arrays (bash manual 6.7): key/value-pair compound assignment
# (bash 5.1+), slices, `+=`, `test -v` on elements, `declare -p` round trips.
## locale: C.UTF-8

#### key value pairs in a compound assignment
declare -A A=(k v k2 v2)
declare -p A
echo "${A[k]} ${A[k2]}"
## stdout:
declare -A A=([k]="v" [k2]="v2" )
v v2
## status: 0

#### key value pairs assigned after declare
declare -A B
B=(a 1 b 2)
echo "${B[a]}${B[b]} ${#B[@]}"
## stdout:
12 2
## status: 0

#### a key without a value gets the empty string
declare -A B
B=(a 1 b 2 c)
declare -p B
echo "[${B[c]}] ${#B[@]}"
## stdout:
declare -A B=([c]="" [b]="2" [a]="1" )
[] 3
## status: 0

#### pairs replace the old contents
declare -A B=([old]=x)
B=(new y)
declare -p B
## stdout:
declare -A B=([new]="y" )
## status: 0

#### pairs append with +=
declare -A B=([a]=1)
B+=(b 2 c 3)
echo "${B[a]} ${B[b]} ${B[c]} ${#B[@]}"
## stdout:
1 2 3 3
## status: 0

#### subscripted and unsubscripted words mixed
declare -A C=([x]=1 y 2)
echo "status $?"
declare -p C
## stdout:
status 0
declare -A C=([x]="1" )
## status: 0

#### unsubscripted first then subscripted
declare -A C=(y 2 [x]=1)
declare -p C
## stdout:
declare -A C=([y]="2" ["[x]=1"]="" )
## status: 0

#### pair keys and values are expanded
k=key v='a value'
declare -A D=("$k" "$v" "$k"2 x)
echo "${D[key]}|${D[key2]}"
## stdout:
a value|x
## status: 0

#### pair keys with spaces and quotes
declare -A D=('a b' 1 "c'd" 2)
echo "${D[a b]} ${D[c\'d]}"
## stdout:
1 2
## status: 0

#### an empty key in a pair
declare -A D=('' v k w)
echo "status $?"
declare -p D
## stdout:
status 0
declare -A D=([k]="w" )
## status: 0

#### local assoc with pairs
f() { local -A L=(one 1 two 2); echo "${L[one]}${L[two]}"; }
f
## stdout:
12
## status: 0

#### slice of assoc values
declare -A D=([a]=1 [b]=2 [c]=3)
echo "${D[@]:1:2}"
echo "${D[@]:0:1}"
echo "${D[*]:1}"
## stdout:
3 2
3
3 2 1
## status: 0

#### slice of assoc values with a negative offset
declare -A D=([a]=1 [b]=2 [c]=3 [d]=4)
echo "${D[@]: -2}"
echo "${D[@]: -1:1}"
## stdout:
2 1
1
## status: 0

#### slice of assoc values past the end
declare -A D=([a]=1 [b]=2)
echo "[${D[@]:5}]"
## stdout:
[]
## status: 0

#### assoc values in order with keys
declare -A D=([a]=1 [b]=2 [c]=3)
for k in "${!D[@]}"; do printf '%s=%s ' "$k" "${D[$k]}"; done; echo
## stdout:
c=3 b=2 a=1 
## status: 0

#### += on an element appends text
declare -A P=([a]=x)
P[a]+=y
P[b]+=z
declare -p P
## stdout:
declare -A P=([b]="z" [a]="xy" )
## status: 0

#### += on an element of an integer assoc adds
declare -Ai N=([a]=5)
N[a]+=3
N[b]+=2
declare -p N
## stdout:
declare -Ai N=([b]="2" [a]="8" )
## status: 0

#### += with a variable key
declare -A P=([k]=1)
key=k
P[$key]+=2
P["$key"]+=3
echo "${P[k]}"
## stdout:
123
## status: 0

#### test -v on an element
declare -A T=([k]=1 [e]=)
test -v 'T[k]'; echo $?
test -v 'T[e]'; echo $?
test -v 'T[nope]'; echo $?
[[ -v T[k] ]]; echo $?
[[ -v T[nope] ]]; echo $?
## stdout:
0
0
1
0
1
## status: 0

#### test -v on an element with a variable key
declare -A T=([a b]=1)
k='a b'
[[ -v T[$k] ]]; echo $?
[ -v "T[$k]" ]; echo $?
## stdout:
0
0
## status: 0

#### test -v on indexed elements
a=(x '' z)
unset 'a[2]'
for i in 0 1 2 -1; do test -v "a[$i]"; echo -n "$? "; done; echo
## stdout:
0 0 1 0 
## status: 0

#### test -v on a whole array with @
declare -A T=([k]=1)
declare -A E
[[ -v T[@] ]]; echo $?
[[ -v E[@] ]]; echo $?
## stdout:
1
1
## status: 0

#### declare -p of an indexed array with holes round-trips
x=(1 2 3)
unset 'x[1]'
s=$(declare -p x)
echo "$s"
unset x
eval "$s"
declare -p x
echo "${#x[@]} ${!x[@]}"
## stdout:
declare -a x=([0]="1" [2]="3")
declare -a x=([0]="1" [2]="3")
2 0 2
## status: 0

#### declare -p of an assoc round-trips
declare -A m=([one]=1 ['two words']='a "q" b' [x]=$'tab\tx')
s=$(declare -p m)
unset m
eval "$s"
declare -p m
## stdout:
declare -A m=([x]=$'tab\tx' ["two words"]="a \"q\" b" [one]="1" )
## status: 0

#### declare -p of several names at once
declare -A E=([one]=1)
declare -i I=5
declare -a X=(a)
declare -r R=r
declare -p E I X R
## stdout:
declare -A E=([one]="1" )
declare -i I="5"
declare -a X=([0]="a")
declare -r R="r"
## status: 0

#### declare -p of mixed declarations round-trips
declare -A E=([k]=v)
declare -ai N=(1 2)
declare -x X=exp
s=$(declare -p E N X)
unset E N X
eval "$s"
declare -p E N X
## stdout:
declare -A E=([k]="v" )
declare -ai N=([0]="1" [1]="2")
declare -x X="exp"
## status: 0

#### declare -p of an empty assoc and an unset one
declare -A E=()
declare -A U
declare -p E U
## stdout:
declare -A E=()
declare -A U
## status: 0

#### declare -p of an array element is an error
a=(1 2)
declare -p 'a[0]'
echo "status $?"
## stdout:
status 1
## status: 0

#### unset an assoc element with a quoted key
declare -A D=([a b]=1 [c]=2)
unset 'D[a b]'
declare -p D
## stdout:
declare -A D=([c]="2" )
## status: 0

#### assoc keys with special characters
declare -A D
D['*']=star D['@']=at D[']']=br
echo "${D[*]@Q}" | tr ' ' '\n' | sort
echo "${D['*']} ${D[@]@K}" | wc -w
## stdout:
'at'
'br'
'star'
7
## status: 0

#### @K and @k on an assoc
declare -A D=([a]=1)
echo "${D[@]@K}"
printf '<%s>' "${D[@]@k}"; echo
## stdout:
a "1" 
<a><1>
## status: 0

#### assoc element default operators
declare -A D=([a]=)
echo "[${D[a]:-dflt}] [${D[a]-dflt}] [${D[z]-none}]"
: "${D[z]:=set}"
echo "${D[z]}"
## stdout:
[dflt] [] [none]
set
## status: 0

#### assoc length of an element counts characters
declare -A D=([a]=héllo)
echo "${#D[a]} ${#D[@]}"
## stdout:
5 1
## status: 0

#### slice offsets of an assoc count from one
declare -A D=([a]=1 [b]=2 [c]=3 [d]=4)
for o in 0 1 2 4 5 -1 -4 -5 -6; do echo "$o:[${D[@]:o}] [${D[@]:o:2}]"; done
## stdout:
0:[4 3 2 1] [4 3]
1:[4 3 2 1] [4 3]
2:[3 2 1] [3 2]
4:[1] [1]
5:[] []
-1:[1] [1]
-4:[4 3 2 1] [4 3]
-5:[4 3 2 1] [4 3]
-6:[] []
## status: 0

#### a subscripted word among pairs is a key
declare -A C=(y 2 [x]=1)
declare -p C
for k in "${!C[@]}"; do printf '<%s>' "$k"; done; echo
## stdout:
declare -A C=([y]="2" ["[x]=1"]="" )
<y><[x]=1>
## status: 0

#### pair words are not split or globbed
x="k1 v1"
declare -A E=($x '*')
declare -p E
## stdout:
declare -A E=(["k1 v1"]="*" )
## status: 0
