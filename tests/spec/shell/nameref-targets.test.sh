# Namerefs (bash manual 3.4 "declare -n"): a nameref to an array element,
# to an arithmetic element, to a whole array, to positional parameters.
## locale: C.UTF-8

#### nameref to an assoc element reads and writes it
declare -A M=([k]=val)
declare -n n1='M[k]'
echo "$n1"
n1=new
declare -p M
## stdout:
val
declare -A M=([k]="new" )
## status: 0

#### nameref to an indexed element
a=(x y z)
declare -n e='a[1]'
echo "$e"
e=Y
echo "${a[@]}"
## stdout:
y
x Y z
## status: 0

#### nameref to an element with an expression subscript
a=(x y z); i=0
declare -n e='a[i+2]'
echo "$e"
i=-2
echo "$e"
## stdout:
z
x
## status: 0

#### nameref to an element not set yet creates it
declare -A M
declare -n e='M[new]'
e=made
declare -p M
## stdout:
declare -A M=([new]="made" )
## status: 0

#### nameref to a whole array
a=(1 2 3)
declare -n r=a
echo "${r[@]} ${#r[@]} ${r[1]}"
r[3]=4
echo "${a[@]}"
## stdout:
1 2 3 3 2
1 2 3 4
## status: 0

#### nameref to a[@] reads all elements
a=(1 2 3)
declare -n r='a[@]'
echo "$r"
## stdout:
1 2 3
## status: 0

#### nameref to a positional parameter is an error
declare -n r=1
echo "status $?"
## stdout:
status 1
## status: 0

#### nameref in a function to a caller's assoc
fill() { local -n out=$1; out[x]=1; out[y]=2; }
declare -A res
fill res
declare -p res
## stdout:
declare -A res=([y]="2" [x]="1" )
## status: 0

#### nameref in a function to a caller's element
setel() { local -n ref=$1; ref=$2; }
declare -A h
setel 'h[key]' v
echo "${h[key]}"
## stdout:
v
## status: 0

#### nameref += on an element
declare -A M=([k]=a)
declare -n e='M[k]'
e+=b
echo "${M[k]}"
## stdout:
ab
## status: 0

#### unset through a nameref to an element
declare -A M=([k]=1 [j]=2)
declare -n e='M[k]'
unset e
declare -p M
## stdout:
declare -A M=([j]="2" )
## status: 0

#### unset -n removes the reference only
x=1
declare -n r=x
unset -n r
echo "x=$x r=${r-unset}"
## stdout:
x=1 r=unset
## status: 0

#### declare -p of a nameref to an element
declare -A M=([k]=1)
declare -n e='M[k]'
declare -p e
## stdout:
declare -n e="M[k]"
## status: 0

#### ${!ref} of a nameref to an element
declare -A M=([k]=1)
declare -n e='M[k]'
echo "${!e}"
## stdout:
M[k]
## status: 0

#### test -v through a nameref
x=1
declare -n r=x
[[ -v r ]]; echo $?
declare -n u=nothere
[[ -v u ]]; echo $?
## stdout:
0
1
## status: 0

#### nameref @a attributes
declare -A M=([k]=1)
declare -n r=M
echo "${r@a}"
## stdout:
A
## status: 0

#### for loop over a nameref variable
a=1 b=2
declare -n v
for v in a b; do echo "$v"; done
## stdout:
1
2
## status: 0

#### nameref to an invalid name
declare -n r='a b'
echo "status $?"
## stdout:
status 1
## status: 0
