# Nasty corners: quoting inside expansions inside substitutions, IFS edge
# cases, empty arrays under set -u, arithmetic side effects, and
# interactions between features.

#### quoted default inside substitution inside quotes
unset v; echo "$(echo "${v:-"a  'b'  c"}")"
## stdout:
a  'b'  c
## status: 0

#### pattern removal with quoted variable inside substitution
x='*.txt'; f='a.txt'; echo "$(echo "${f%"${x#\*}"}")"
## stdout:
a
## status: 0

#### nested parameter expansion in replacement
x=hello; y=l; echo "${x//${y}/${y^^}}"
## stdout:
heLLo
## status: 0

#### replacement string with quotes in double quotes
x=abc; echo "${x/b/'q'}" ${x/b/'q'} "${x/b/\"}"
## stdout:
aqc aqc a"c
## status: 0

#### single quotes in alternative inside double quotes
x=1; echo "${x:+'alt'}"
## stdout:
'alt'
## status: 0

#### dollar at in default inside quotes
set -- a 'b c'; unset v; printf '<%s>\n' "${v:-$@}"
## stdout:
<a>
<b c>
## status: 0

#### dollar at in alternative quoted
set -- a 'b c'; printf '<%s>\n' "${1:+"$@"}"
## stdout:
<a>
<b c>
## status: 0

#### IFS applied to dollar star inside substitution
set -- a b; IFS=:; x=$(echo "$*"); echo "$x"
## stdout:
a:b
## status: 0

#### IFS whitespace only at the ends
IFS=' '; x='  a  '; set -- $x; echo "$# [$1]"
## stdout:
1 [a]
## status: 0

#### IFS with trailing non-whitespace and whitespace
IFS=': '; x='a: :b'; set -- $x; echo $#; printf '<%s>\n' "$@"
## stdout:
3
<a>
<>
<b>
## status: 0

#### splitting with IFS and backslash in value
IFS='\'; x='a\b'; set -- $x; echo "$# $1 $2"
## stdout:
2 a b
## status: 0

#### empty array under set -u in various forms
set -u; a=(); echo "[${a[@]}]" "[${a[*]}]" "${#a[@]}" "[${a[@]:-dflt}]"
## stdout:
[] [] 0 [dflt]
## status: 0

#### empty array expansions in for and printf under set -u
set -u; a=(); for x in "${a[@]}"; do echo never; done; printf '<%s>' "${a[@]}"; echo
## stdout:
<>
## status: 0

#### set -u with dollar at when no args in function
set -u; f() { echo "[$@]" $#; }; f
## stdout:
[] 0
## status: 0

#### arithmetic side effects happen once
i=0; x=$(( i++ + i++ )); echo $x $i
## stdout:
1 2
## status: 0

#### side effect in array index in assignment
i=0; a[i++]=x; a[i++]=y; echo ${a[@]} $i
## stdout:
x y 2
## status: 0

#### side effect in default value
unset u; n=0; echo ${u:-$((n+=1))} $n
## stdout:
1 1
## status: 0

#### side effect in substring offset
n=0; x=abcdef; echo ${x:n++:2} $n
## stdout:
ab 1
## status: 0

#### arithmetic with assignment in condition of while
i=0; while (( (i+=1) < 4 )); do echo $i; done
## stdout:
1
2
3
## status: 0

#### assignment of array via arithmetic for
for ((i=0; i<3; a[i]=i*i, i++)); do :; done; echo ${a[@]}
## stdout:
0 1 4
## status: 0

#### recursion via variable names in arithmetic
a='b*2'; b='c+1'; c=3; echo $((a))
## stdout:
8
## status: 0

#### arithmetic expression stored in array element
e=('1+2' '3*4'); echo $(( e[0] * e[1] ))
## stdout:
36
## status: 0

#### brace expansion inside command substitution inside quotes
echo "$(echo {a,b})"
## stdout:
a b
## status: 0

#### tilde in substitution inside quotes
HOME=/h; echo "$(echo ~)"
## stdout:
/h
## status: 0

#### here-doc inside function inside substitution
f() { cat <<END
f:$1
END
}; x=$(f arg); echo "[$x]"
## stdout:
[f:arg]
## status: 0

#### case inside substitution with patterns in quotes
x=$(case 'a)' in 'a)') echo paren-word ;; esac); echo $x
## stdout:
paren-word
## status: 0

#### backslashes through multiple levels
x='a\\b'; echo "$x" "$(echo "$x")" $(printf '%s' "$x")
## stdout:
a\\b a\\b a\\b
## status: 0

#### printf q through eval through substitution
v=$'a\tb c'; q=$(printf '%q' "$v"); eval "w=$q"; [ "$v" = "$w" ] && echo ok
## stdout:
ok
## status: 0

#### word splitting of substitution with custom IFS and globs
IFS=,; set -f; x=$(echo 'a*,b?'); set -- $x; echo "$# $1 $2"
## stdout:
2 a* b?
## status: 0

#### quoting of array index with spaces
declare -A m; k='a b'; m[$k]=1; echo "${m[$k]}" "${m['a b']}" "${m[a b]}"
## stdout:
1 1 1
## status: 0

#### unset with glob-looking subscript
a=(1 2 3); unset 'a[1]'; echo "${a[@]}"
## stdout:
1 3
## status: 0

#### nameref to array element with arithmetic
a=(0 0 0); i=2; declare -n r="a[i]"; r=9; echo ${a[@]}
## stdout:
0 0 9
## status: 0

#### local shadowing and nameref
x=global; f() { local x=local; g x; }; g() { local -n ref=$1; echo $ref; }; f
## stdout:
local
## status: 0

#### readonly via declare inside function is local
f() { declare -r inner=1; }; f; inner=2; echo $inner
## stdout:
2
## status: 0

#### export in function persists globally
f() { export EXPORTED_IN_F=1; }; f; echo $EXPORTED_IN_F; env | grep -c '^EXPORTED_IN_F='
## stdout:
1
1
## status: 0

#### function modifying array passed by name
push() { local -n arr=$1; arr+=("$2"); }; list=(); push list a; push list 'b c'; declare -p list
## stdout:
declare -a list=([0]="a" [1]="b c")
## status: 0

#### getopts in function loop twice with local OPTIND
parse() { local OPTIND=1 o; while getopts ab: o "$@"; do printf '%s%s ' "$o" "${OPTARG-}"; done; echo; }; parse -a -b1; parse -b2 -a
## stdout:
a b1 
b2 a 
## status: 0

#### trap EXIT with command substitution output
trap 'echo "exit code $?"' EXIT; x=$(exit 3); echo "x status $?"
## stdout:
x status 3
exit code 0
## status: 0

#### pipefail with PIPESTATUS inside function
set -o pipefail; f() { false | true; echo "in f ${PIPESTATUS[@]}"; }; f; echo $?
## stdout:
in f 1 0
0
## status: 0

#### set -e inside command substitution with inherit_errexit off
set -e; x=$(false; echo continues); echo "[$x]"
## stdout:
[continues]
## status: 0

#### set -e in function in pipeline
set -e; f() { false; echo "after false"; }; f | cat; echo end
## stdout:
end
## status: 0

#### read with IFS from substitution in loop
printf 'a:1\nb:2\n' | while IFS=: read -r k v; do echo "$v=$k"; done
## stdout:
1=a
2=b
## status: 0

#### mapfile then join with IFS
mapfile -t l <<< $'x\ny\nz'; IFS=+; echo "${l[*]}"
## stdout:
x+y+z
## status: 0

#### string repeat with printf and brace
printf -v s '%.0s-' {1..5}; echo "$s"
## stdout:
-----
## status: 0

#### trimming whitespace idiom with extglob
shopt -s extglob
x='   padded   '; x=${x##+([[:space:]])}; x=${x%%+([[:space:]])}; echo "[$x]"
## stdout:
[padded]
## status: 0

#### trimming whitespace idiom without extglob
x='   padded   '; x="${x#"${x%%[![:space:]]*}"}"; x="${x%"${x##*[![:space:]]}"}"; echo "[$x]"
## stdout:
[padded]
## status: 0

#### join array with delimiter idiom
a=(x y z); (IFS=,; echo "${a[*]}")
## stdout:
x,y,z
## status: 0

#### split string into array by delimiter idiom
s='a,b,,c'; IFS=, read -r -a parts <<< "$s"; echo ${#parts[@]}; declare -p parts
## stdout:
4
declare -a parts=([0]="a" [1]="b" [2]="" [3]="c")
## status: 0

#### reverse an array
a=(1 2 3 4); r=(); for ((i=${#a[@]}-1; i>=0; i--)); do r+=("${a[i]}"); done; echo ${r[@]}
## stdout:
4 3 2 1
## status: 0

#### count characters with parameter expansion
s='banana'; t=${s//[^a]}; echo ${#t}
## stdout:
3
## status: 0

#### uppercase the first letter of each word
s='hello big world'; for w in $s; do printf '%s ' "${w^}"; done; echo
## stdout:
Hello Big World 
## status: 0

#### sum numbers from a string
s='1 2 3 4'; echo $(( ${s// /+} ))
## stdout:
10
## status: 0

#### default on positional in function
f() { local name=${1:-anon}; echo "hi $name"; }; f; f bob
## stdout:
hi anon
hi bob
## status: 0

#### multiple assignments on one line evaluated left to right
a=1 b=$a c=$((b+1)); echo $a $b $c
## stdout:
1 1 2
## status: 0

#### assignment prefix visible only to command
x=outer; x=inner eval 'echo $x'; echo $x
## stdout:
inner
outer
## status: 0

#### prefix assignment with special builtin persists
x=1; x=2 :; echo $x
## stdout:
1
## status: 0

#### assignment to positional in for loop variable
set -- a b; for x in "$@"; do set -- changed; echo $x; done; echo "$@"
## stdout:
a
b
changed
## status: 0

#### dollar at with IFS unset joins with space in string
set -- a b; unset IFS; s="$@"; echo "$s"
## stdout:
a b
## status: 0

#### dollar star in assignment with IFS
set -- a b; IFS=-; s=$*; echo "$s"
## stdout:
a-b
## status: 0

#### escape in double quotes before newline in substitution
x="$(echo "a\
b")"; echo $x
## stdout:
ab
## status: 0

#### nested arrays in string with index expression
a=(10 20 30); i=1; echo "${a[i+1]} ${a[${#a[@]}-1]} ${a[-1]}"
## stdout:
30 30 30
## status: 0

#### unset array element in loop over indices
a=(a b c d); for i in "${!a[@]}"; do (( i % 2 )) && unset "a[$i]"; done; echo ${!a[@]}
## stdout:
0 2
## status: 0

#### case with variable containing pipe character
p='a|b'; case 'a|b' in $p) echo literal-pipe ;; *) echo no ;; esac
## stdout:
literal-pipe
## status: 0

#### long chain of and or with subshells
(true && false) || (false || true) && echo ok
## stdout:
ok
## status: 0

#### function output with return status in condition
f() { echo out; return 1; }; if x=$(f); then echo yes; else echo "no [$x]"; fi
## stdout:
no [out]
## status: 0

#### exit status of assignment with command substitution in if
if x=$(false); then echo yes; else echo no; fi
## stdout:
no
## status: 0

#### counter in while read with here-string preserves value
n=0; while read -r _; do ((n++)); done <<< $'a\nb\nc'; echo $n
## stdout:
3
## status: 0

#### arithmetic comparison of strings as variables
a=5; b=a; (( b == 5 )) && echo indirect
## stdout:
indirect
## status: 0

#### string comparisons with special characters
[[ 'a-b' < 'a_b' ]] && echo dash-before-underscore
## stdout:
dash-before-underscore
## status: 0

#### BASH_REMATCH after failed match in function
f() { [[ $1 =~ ^([0-9]+)$ ]] && echo "num ${BASH_REMATCH[1]}" || echo "not [${BASH_REMATCH[0]-}]"; }; f 42; f x
## stdout:
num 42
not []
## status: 0
