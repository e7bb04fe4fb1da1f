# Indexed arrays: sparse storage, subscripts, slices, appends, unset,
# element-wise operators, empty arrays under set -u.

#### compound assignment and count
a=(x y z); echo ${#a[@]} ${a[1]}
## stdout:
3 y
## status: 0

#### sparse assignment
a=([3]=c [1]=a); echo ${#a[@]} "${!a[@]}" "${a[@]}"
## stdout:
2 1 3 a c
## status: 0

#### element without index continues after the last
a=([5]=x y z); echo "${!a[@]}"
## stdout:
5 6 7
## status: 0

#### assignment to an index extends
a=(); a[10]=t; echo ${#a[@]} ${!a[@]}
## stdout:
1 10
## status: 0

#### scalar is element zero
x=s; echo ${x[0]} ${#x[@]}; x[1]=t; echo ${x[@]}
## stdout:
s 1
s t
## status: 0

#### array without subscript is element zero
a=(p q); echo $a ${a}
## stdout:
p p
## status: 0

#### negative subscripts
a=(1 2 3); echo ${a[-1]} ${a[-3]}
## stdout:
3 1
## status: 0

#### negative subscript assignment
a=(1 2 3); a[-1]=9; echo ${a[@]}
## stdout:
1 2 9
## status: 0

#### negative subscript out of range
a=(1 2); (a[-5]=x) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### subscripts are arithmetic
a=(a b c d); i=1; echo ${a[i+1]} ${a[$i*3]}
## stdout:
c d
## status: 0

#### append element with plus equals
a=(a); a+=(b c); echo ${a[@]} ${#a[@]}
## stdout:
a b c 3
## status: 0

#### append to element string
a=(ab); a[0]+=cd; echo ${a[0]}
## stdout:
abcd
## status: 0

#### append to sparse array goes after max index
a=([7]=x); a+=(y); echo ${!a[@]}
## stdout:
7 8
## status: 0

#### unset an element leaves a hole
a=(a b c); unset 'a[1]'; echo ${#a[@]} ${!a[@]}
## stdout:
2 0 2
## status: 0

#### unset whole array
a=(a b); unset a; echo "${#a[@]} [${a[@]}]"
## stdout:
0 []
## status: 0

#### unset negative index
a=(a b c); unset 'a[-1]'; echo ${a[@]}
## stdout:
a b
## status: 0

#### at vs star quoted
a=('a b' c); printf '<%s>\n' "${a[@]}"; printf '<%s>\n' "${a[*]}"
## stdout:
<a b>
<c>
<a b c>
## status: 0

#### slices
a=(a b c d e); echo ${a[@]:2} / ${a[@]:1:2} / ${a[@]: -2:1}
## stdout:
c d e / b c / d
## status: 0

#### slice of sparse array uses positions among set elements
a=([1]=a [5]=b [9]=c); echo ${a[@]:2}
## stdout:
b c
## status: 0

#### indices of sparse array
a=([0]=x [10]=y [3]=z); echo ${!a[@]}
## stdout:
0 3 10
## status: 0

#### length of element
a=(hello); echo ${#a[0]} ${#a}
## stdout:
5 5
## status: 0

#### empty array counts
a=(); echo ${#a[@]} "[${a[*]}]"
## stdout:
0 []
## status: 0

#### empty array quoted at expands to nothing
a=(); printf '<%s>\n' "${a[@]}" end
## stdout:
<end>
## status: 0

#### empty array under set -u is not an error in bash 5.2
set -u; a=(); echo "${a[@]}" "${#a[@]}"; echo ok
## stdout:
0
ok
## status: 0

#### unset element under set -u errors
set -u; a=(x); (echo "${a[3]}") 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### declare -a creates an empty array
declare -a a; echo ${#a[@]}; declare -p a
## stdout:
0
declare -a a
## status: 0

#### declare -p formats
a=(one 'two words' "th\"ree"); declare -p a
## stdout:
declare -a a=([0]="one" [1]="two words" [2]="th\"ree")
## status: 0

#### declare -p of sparse array
a=([2]=x [5]=y); declare -p a
## stdout:
declare -a a=([2]="x" [5]="y")
## status: 0

#### read -a splits into array
read -r -a arr <<< 'p  q r'; echo ${#arr[@]} ${arr[2]}
## stdout:
3 r
## status: 0

#### array from command substitution
a=($(printf '%s\n' x y z)); echo ${#a[@]}
## stdout:
3
## status: 0

#### for over array elements
a=('a b' c); for x in "${a[@]}"; do echo "[$x]"; done
## stdout:
[a b]
[c]
## status: 0

#### loop over indices
a=(x y z); for i in "${!a[@]}"; do echo "$i=${a[i]}"; done
## stdout:
0=x
1=y
2=z
## status: 0

#### copy an array
a=(1 '2 3'); b=("${a[@]}"); echo ${#b[@]} "${b[1]}"
## stdout:
2 2 3
## status: 0

#### array concatenation
a=(1 2); b=(3); c=("${a[@]}" "${b[@]}"); echo ${c[@]}
## stdout:
1 2 3
## status: 0

#### element-wise replacement
a=(apple banana); echo ${a[@]/a/A}
## stdout:
Apple bAnana
## status: 0

#### element-wise prefix removal
a=(pre-a pre-b); echo ${a[@]#pre-}
## stdout:
a b
## status: 0

#### element-wise case modification
a=(ab cd); echo ${a[@]^^}
## stdout:
AB CD
## status: 0

#### element-wise length is not supported count is
a=(aa bbb); echo ${#a[@]}
## stdout:
2
## status: 0

#### arrays in arithmetic
a=(5 6); echo $(( a[0] + a[1] )) $((a))
## stdout:
11 5
## status: 0

#### arithmetic assignment to element
a=(1); (( a[3] = 7 )); echo ${!a[@]} ${a[3]}
## stdout:
0 3 7
## status: 0

#### increment element
a=(1); (( a[0]++ )); let 'a[0]+=5'; echo ${a[0]}
## stdout:
7
## status: 0

#### element assignment with spaces in index expr
a=(); a[1 + 1]=x; echo ${!a[@]}
## stdout:
2
## status: 0

#### string subscript on indexed array is arithmetic
a=(x y); k=1; echo ${a[k]}; echo ${a[foo]}
## stdout:
y
x
## status: 0

#### array with glob characters in elements
a=('*' '?'); printf '<%s>\n' "${a[@]}"
## stdout:
<*>
<?>
## status: 0

#### assignment with embedded newlines
a=($'a\nb' c); echo ${#a[@]}; printf '<%s>\n' "${a[0]}"
## stdout:
2
<a
b>
## status: 0

#### declare -a with values
declare -a a=(1 2 3); echo ${a[@]}
## stdout:
1 2 3
## status: 0

#### local array in function
f() { local -a a=(l1 l2); echo ${a[@]}; }; a=(g); f; echo ${a[@]}
## stdout:
l1 l2
g
## status: 0

#### assign whole array replaces
a=(1 2 3); a=(x); echo ${#a[@]}
## stdout:
1
## status: 0

#### assignment of element via variable index
a=(); i=4; a[i]=v; a[$i+1]=w; echo ${!a[@]}
## stdout:
4 5
## status: 0

#### unset array element with variable index
a=(a b c); i=0; unset "a[$i]"; echo ${a[@]}
## stdout:
b c
## status: 0

#### array in string context joins with space
a=(1 2 3); s="${a[*]}"; echo "$s"
## stdout:
1 2 3
## status: 0

#### star with custom IFS
a=(1 2 3); IFS=,; echo "${a[*]}"
## stdout:
1,2,3
## status: 0

#### array keys quoted
a=([3]=a [1]=b); printf '<%s>\n' "${!a[@]}"
## stdout:
<1>
<3>
## status: 0

#### mapfile into array from here-string
mapfile -t arr <<< $'l1\nl2'; echo ${#arr[@]} ${arr[1]}
## stdout:
2 l2
## status: 0

#### plus equals on undeclared array creates it
unset z; z+=(a); z+=(b); declare -p z
## stdout:
declare -a z=([0]="a" [1]="b")
## status: 0

#### array elements with empty strings count
a=('' '' x); echo ${#a[@]}
## stdout:
3
## status: 0

#### unset last element and append
a=(1 2 3); unset 'a[2]'; a+=(4); echo ${!a[@]}
## stdout:
0 1 2
## status: 0

#### index with leading zero is octal
a=(a b c d e f g h i j); echo ${a[010]}
## stdout:
i
## status: 0

#### array element with default operator
a=(); echo ${a[0]:-dflt}
## stdout:
dflt
## status: 0

#### slice beyond end is empty
a=(1 2); echo "[${a[@]:5}]"
## stdout:
[]
## status: 0

#### array at with prefix text
a=(x y); printf '<%s>\n' "pre${a[@]}post"
## stdout:
<prex>
<ypost>
## status: 0

#### set -u with unset array length
set -u; unset a; echo ${#a[@]}
## stdout:
## status: 1

#### set -u with declared empty array element zero
set -u; declare -a a; (echo "${a[0]}") 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### array assignment from split IFS
IFS=, ; s='a,b,,c'; a=($s); echo ${#a[@]}; declare -p a
## stdout:
4
declare -a a=([0]="a" [1]="b" [2]="" [3]="c")
## status: 0

#### quoted array subscript with spaces in assoc style on indexed
a=(); a["1+1"]=two; echo ${a[2]}
## stdout:
two
## status: 0

#### huge sparse index
a=(); a[1000000]=x; echo ${#a[@]} ${!a[@]}
## stdout:
1 1000000
## status: 0

#### readonly array
readonly -a r=(1 2); (r[0]=5) 2>/dev/null; echo "status $?"; echo ${r[@]}
## stdout:
status 1
1 2
## status: 0

#### array element with command substitution index
a=(a b c); echo ${a[$(echo 2)]}
## stdout:
c
## status: 0

#### printf with array args
a=(1 2 3); printf '%s-' "${a[@]}"; echo
## stdout:
1-2-3-
## status: 0

#### array length after unset middle and sequence
a=(0 1 2 3 4); unset 'a[1]' 'a[3]'; echo ${#a[@]} ${a[@]}
## stdout:
3 0 2 4
## status: 0

#### element counts of sparse, associative, scalar, nameref, empty and unset arrays
a=([1]=x [5]=y [9]=z); declare -A m=([k]=1 [j]=2); s=abc; declare -n r=a; u=()
echo "${#a[@]} ${#a[*]} ${#m[@]} ${#s[@]} ${#r[@]} ${#u[@]} ${#nosuch[@]}"
local_t() { local -a l=(1 2 3); echo ${#l[@]}; }; local_t
## stdout:
3 3 2 1 3 0 0
3
## status: 0
