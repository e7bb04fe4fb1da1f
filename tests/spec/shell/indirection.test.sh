# Indirect expansion `${!name}` (bash manual 3.5.3): the value of name is
# the parameter expanded, and may be an array element, `a[@]` or a
# positional parameter; operators apply to the final value.
## locale: C.UTF-8

#### indirection to a scalar
x=hello; r=x; echo "${!r}"
## stdout:
hello
## status: 0

#### indirection to an indexed element
a=(x y z); ref='a[1]'; echo "${!ref}"
## stdout:
y
## status: 0

#### indirection to an element with an arithmetic subscript
a=(x y z); i=1; ref='a[i+1]'; echo "${!ref}"
ref='a[-1]'; echo "${!ref}"
## stdout:
z
z
## status: 0

#### indirection to an assoc element
declare -A M=([k]=val ['a b']=sp); r='M[k]'; echo "${!r}"
r='M[a b]'; echo "${!r}"
## stdout:
val
sp
## status: 0

#### indirection to a whole array
a=(x y z); r='a[@]'; echo "${!r}"
printf '<%s>' "${!r}"; echo
r='a[*]'; printf '<%s>' "${!r}"; echo
## stdout:
x y z
<x><y><z>
<x y z>
## status: 0

#### indirection to positional parameters
set -- p q r
n=1; echo "${!n}"
n=3; echo "${!n}"
n=@; echo "${!n}"
n='#'; echo "${!n}"
## stdout:
p
r
p q r
3
## status: 0

#### indirection to $1 through a function argument
f() { local name=$1; echo "${!name}"; }
v=value; f v
## stdout:
value
## status: 0

#### indirection with a default for an unset target
unset u; r=u
echo "${!r:-dflt}"
echo "${!r-dash}"
echo "[${!r:+alt}]"
## stdout:
dflt
dash
[]
## status: 0

#### indirection with := assigns the target
unset u; r=u
echo "${!r:=set}"
echo "u=$u"
## stdout:
set
u=set
## status: 0

#### indirection with := to an element
a=(); r='a[2]'
echo "${!r:=two}"
declare -p a
## stdout:
declare -a a=()
## status: 0

#### indirection with ? on an unset target
unset u; r=u
( echo "${!r:?is unset}" ) 2>/dev/null
echo "status $?"
## stdout:
status 1
## status: 0

#### indirection with pattern operators
p=/usr/local/bin/tool; r=p
echo "${!r##*/} ${!r%/*} ${!r/local/opt} ${#r}"
## stdout:
tool /usr/local/bin /usr/opt/bin/tool 1
## status: 0

#### indirection with case modification and substring
s=hello; r=s
echo "${!r^^} ${!r:1:3}"
## stdout:
HELLO ell
## status: 0

#### attributes through indirection with @a
a=(1); declare -A Z=([q]=1); declare -i n=1; s=x
for r in a Z n s; do echo "$r:${!r@a}:"; done
## stdout:
a:a:
Z:A:
n:i:
s::
## status: 0

#### @a on the indirect name of an assoc element
declare -A Z=([q]=1); r='Z[q]'
echo "${!r@a}"
## stdout:
A
## status: 0

#### @P through indirection
p='$HOME'; HOME=/h; x=p
echo "${!x@P}"
## stdout:
/h
## status: 0

#### @Q through indirection
v="it's"; r=v
echo "${!r@Q}"
## stdout:
'it'\''s'
## status: 0

#### ${!A@a} with the array itself
declare -A A=([k]=v)
echo "${A@a} ${!A@a}"
## stdout:
A 
## status: 0

#### indirection through a nameref names the target
declare -n ref=target
target=t
echo "${!ref}"
## stdout:
target
## status: 0

#### indirection to an unset name is an error
unset nope
echo "${!nope}"
echo "status $?"
## stdout:
status 1
## status: 0

#### indirection to an invalid name is an error
r='1a'
echo "${!r}"
echo "status $?"
echo after
## stdout:
status 1
after
## status: 0

#### indirection to a name with a space
r='a b'
echo "${!r}"
echo "status $?"
## stdout:
status 1
## status: 0

#### ${!prefix*} and ${!prefix@} list names
ab=1 ac=2 b=3
echo "${!a*}"
printf '<%s>' "${!a@}"; echo
## stdout:
ab ac
<ab><ac>
## status: 0

#### ${!prefix@} with no match
printf '<%s>' "${!zzq@}"; echo
## stdout:
<>
## status: 0

#### ${!arr[@]} lists indices
a=([3]=x [7]=y)
echo "${!a[@]}"
declare -A m=([k]=1)
echo "${!m[@]}"
## stdout:
3 7
k
## status: 0

#### ${!assoc[@]} with a slice is an error
declare -A D=([a]=1 [b]=2 [c]=3)
echo "${!D[@]:0:2}"
echo "status $?"
## stdout:
status 1
## status: 0

#### indirection in arithmetic
x=5; r=x
echo $(( ${!r} + 1 ))
## stdout:
6
## status: 0

#### double indirection
a=b b=c c=end
r=${!a}; echo "${!r}"
## stdout:
end
## status: 0

#### indirection to an array without element 0 is empty
declare -A A=([k]=v)
echo "[${!A}] $?"
b=([1]=x)
echo "[${!b}] $?"
## stdout:
[] 0
[] 0
## status: 0

#### indirection with := to an element is an error
a=(); r='a[2]'
echo "${!r:=two}"
echo "st $?"
## stdout:
st 1
## status: 0

#### @P expands parameters, substitutions and prompt escapes
x='"q" \\w $((1+2)) `echo hi` $(echo there) \\\\ [\w] a\nb'
echo "${x@P}"
## stdout:
"q" \w 3 hi there \ [~] a
b
## status: 0

#### @P on array elements
v=val; p=('$v' '\w')
printf '<%s>' "${p[@]@P}"; echo
## stdout:
<val><~>
## status: 0
