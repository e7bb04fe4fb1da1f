# More cases from the bash reference manual for getopts (4.1), read
# (4.2), word splitting (3.5.7), break/continue in subshells (4.1),
# set -e in contexts that ignore it (4.3.1) and $LINENO (5.2), each
# blessed from bash 5.2.
## locale: C.UTF-8

#### getopts walks clustered options and stops at --
set -- -ab -c val -- -d rest
while getopts abc: opt; do echo "$opt ${OPTARG-unset}"; done
echo "OPTIND=$OPTIND"; shift $((OPTIND - 1)); echo "$*"
## stdout:
a unset
b unset
c val
OPTIND=5
-d rest
## status: 0

#### getopts with an argument in the same word and a missing one at the end
set -- -cval -c
while getopts :c: opt; do echo "$opt ${OPTARG-unset}"; done
## stdout:
c val
: c
## status: 0

#### getopts unknown option in loud mode
set -- -x -a
while getopts a opt 2>/dev/null; do echo "$opt ${OPTARG-unset}"; done
## stdout:
? unset
a unset
## status: 0

#### getopts resets with OPTIND=1
set -- -a -b
getopts ab o; echo $o; OPTIND=1; getopts ab o; echo $o $OPTIND
## stdout:
a
a 2
## status: 0

#### getopts stops at the first non-option
set -- -a file -b
while getopts ab o; do echo $o; done; echo $OPTIND
## stdout:
a
2
## status: 0

#### read -n counts characters under UTF-8
printf 'éa☠b\n' | { read -n 3 x; echo "$x"; }
printf 'ab\ncd\n' | { read -n 5 x; echo "[$x]"; }
## stdout:
éa☠
[ab]
## status: 0

#### read -n with a negative or non-numeric count
read -n -1 x <<< hi; echo "st=$?"
read -n x y <<< hi; echo "st=$?"
## stdout:
st=1
st=1
## status: 0

#### read -a splits into an array by IFS
IFS=: read -r -a parts <<< 'a::b:'
echo "${#parts[@]} [${parts[1]}] [${parts[2]}]"
## stdout:
3 [] [b]
## status: 0

#### read with more fields than names keeps the rest
IFS=, read -r a b <<< 'x,y,z,'
echo "[$a] [$b]"
IFS=' ' read -r a b <<< '  x   y  z  '
echo "[$a] [$b]"
## stdout:
[x] [y,z,]
[x] [y  z]
## status: 0

#### IFS with whitespace and non-whitespace together
IFS=' ,'; s='a , b,,c '; set -- $s; echo $#; printf '[%s]' "$@"; echo
## stdout:
4
[a][b][][c]
## status: 0

#### empty unquoted expansions vanish, quoted ones stay
e=; set -- $e "" $e "$e"; echo $#
## stdout:
2
## status: 0

#### "$@" with no arguments is no word, "$*" one empty word
set --; f() { echo $#; }; f "$@"; f "$*"
## stdout:
0
1
## status: 0

#### word splitting of a command substitution with a custom IFS
IFS=:; for w in $(echo 'a:b::c'); do printf '[%s]' "$w"; done; echo
## stdout:
[a][b][][c]
## status: 0

#### continue in a subshell only ends the subshell's iteration
for i in 1 2 3; do ( [ $i = 2 ] && continue; echo in $i ); echo out $i; done
## stdout:
in 1
out 1
in 2
out 2
in 3
out 3
## status: 0

#### break inside a subshell inside a while loop
n=0; while [ $n -lt 3 ]; do n=$((n+1)); ( break; echo never ); echo after $n; done
## stdout:
never
after 1
never
after 2
never
after 3
## status: 0

#### break 2 inside nested loops in a subshell
for i in a b; do ( for j in 1 2; do for k in x y; do break 2; done; done; echo sub $i ); done
## stdout:
sub a
sub b
## status: 0

#### set -e inside a function run under && is ignored
f() { set -e; false; echo still; }
f && echo ok
echo end
## stdout:
still
ok
end
## status: 0

#### set -e inside a function in a while condition is ignored
f() { set -e; false; echo in-f; return 1; }
while f; do :; done; echo end
## stdout:
in-f
end
## status: 0

#### set -e set by a function takes effect after it returns
f() { set -e; }
f; false; echo not reached
## stdout:
## status: 1

#### LINENO inside a function and after it
f() {
  echo "f $LINENO"
}
f
echo "top $LINENO"
## stdout:
f 2
top 5
## status: 0

#### LINENO in a for header over several lines
for (( i = $LINENO;
       i < $LINENO + 1;
       i++ )); do echo $i; done
## stdout:
1
## status: 0

#### getopts with OPTERR=0 on an unknown option
set -- -a; OPTERR=0; getopts b o; echo "$o ${OPTARG-unset}"
## stdout:
? unset
## status: 0

#### getopts with digit options and an attached argument
set -- -1 -2x; while getopts 12: o; do echo "$o ${OPTARG-u}"; done
## stdout:
1 u
2 x
## status: 0

#### getopts at -- returns 1 and steps past it
set -- -a -- ; getopts a o; getopts a o; echo "$? $o $OPTIND"
## stdout:
1 ? 3
## status: 0

#### read -n does not count a backslash
printf 'a\\bc\n' | { read -n 3 x; echo "[$x]"; }
## stdout:
[abc]
## status: 0

#### read joins a backslash-newline
printf 'a\\\nbc\n' | { read x; echo "[$x]"; }
## stdout:
[abc]
## status: 0

#### read -d '' splits on NUL bytes
printf 'a b\0c d\0' | while read -r -d '' x; do echo "[$x]"; done
## stdout:
[a b]
[c d]
## status: 0

#### "$*" joins with the first IFS character
IFS=:,; set -- a b c; echo "$*"; x="$*"; echo "$x"
## stdout:
a:b:c
a:b:c
## status: 0

#### slices of $@ and $* with IFS
set -- a b c d; echo "${@:2:2}" "${*:3}"; IFS=-; echo "${*:2}"
## stdout:
b c c d
b-c-d
## status: 0

#### a local IFS in a function
f() { local IFS=,; echo "$*"; }; f a b c; echo "$*"
## stdout:
a,b,c

## status: 0

#### IFS= keeps words whole
IFS=; a=(x y); s="a b"; set -- $s; echo $#; printf '[%s]' ${a[@]}; echo
## stdout:
1
[x][y]
## status: 0

#### IFS= with unquoted $@ keeps the arguments
set -- "a b" c; IFS=; for w in $@; do echo "[$w]"; done
## stdout:
[a b]
[c]
## status: 0

#### break ends a while loop at the end of a pipeline
for i in 1 2; do (exit 3); echo $?; done | while read x; do [ $x = 3 ] && break; done; echo ${PIPESTATUS[@]}
## stdout:
0 0
## status: 0

#### set -e is ignored in a function called with !
set -e; f() { false; echo after; }; ! f; echo st=$?
## stdout:
after
st=1
## status: 0

#### set -e is ignored in a function called with ||
set -e; f() { false; echo after; }; f || echo failed; echo end
## stdout:
after
end
## status: 0

#### set -e and a failing command substitution in an assignment
set -e; x=$(false; echo sub); echo "x=$x"
## stdout:
x=sub
## status: 0

#### LINENO in arithmetic and in a function
echo $LINENO; (( x = LINENO )); echo $x
f() { echo $LINENO; }
f
## stdout:
1
1
2
## status: 0

#### LINENO in an arithmetic for body
for ((i=0; i<2; i++)); do echo "$LINENO $i"; done
## stdout:
1 0
1 1
## status: 0

#### continue in an arithmetic while loop
i=0; while (( i++ < 3 )); do (( i == 2 )) && continue; echo $i; done
## stdout:
1
3
## status: 0

#### read -n with two names
read -n 2 -r a b <<< 'xyz'; echo "[$a][$b]"
## stdout:
[xy][]
## status: 0

#### read -a with leading and trailing IFS whitespace
IFS=' ' read -r -a arr <<< '  a  b  '; echo ${#arr[@]}
## stdout:
2
## status: 0

#### getopts without arguments is a usage error
getopts; echo st=$?
## stdout:
st=2
## status: 0

#### getopts with an invalid name as the variable
set -- -a; getopts 'a' 1bad; echo st=$?
## stdout:
st=1
## status: 0

#### read -N keeps newlines
read -N 3 x <<< $'a\nbcd'; printf '%q\n' "$x"
## stdout:
$'a\nb'
## status: 0

#### read with a control character as IFS splits there
x=$'a\x01b'; IFS=$'\x01' read -r p q <<< "$x"; echo "[$p][$q]"
## stdout:
[a][b]
## status: 0

#### read -n with escapes: a backslash-newline, an escaped backslash, a trailing one
printf 'a\\\nbc\n' | { read -n 3 x; echo "[$x]"; }
printf 'a\\\\bc\n' | { read -n 3 x; echo "[$x]"; }
printf 'ab\\' | { read -n 3 x; echo "[$x] $?"; }
printf '\\é\\☠z\n' | { read -n 2 x; echo "[$x]"; }
## stdout:
[abc]
[a\b]
[ab] 1
[é☠]
## status: 0
