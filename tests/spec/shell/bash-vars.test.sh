# Bash variables that describe what runs (bash manual 5.2):
# BASH_COMMAND, BASH_SOURCE, BASH_LINENO without an index, SRANDOM.

#### BASH_COMMAND in an ERR trap is the failing command
trap 'echo "ERR: $BASH_COMMAND"' ERR
false
f() { return 3; }
f 1 2
x=$(false)
[[ 1 == 2 ]]
(( 0 ))
## stdout:
ERR: false
ERR: return 3
ERR: x=$(false)
ERR: [[ 1 == 2 ]]
ERR: (( 0 ))
## status: 1

#### BASH_COMMAND outside a trap is the current command
echo    "cmd: $BASH_COMMAND"
## stdout:
cmd: echo "cmd: $BASH_COMMAND"
## status: 0

#### BASH_COMMAND in a DEBUG trap is the command about to run
trap 'echo "DEBUG: $BASH_COMMAND"' DEBUG
y=1
echo  "$y"   'q'
trap - DEBUG
## stdout:
DEBUG: y=1
DEBUG: echo "$y" 'q'
1 q
DEBUG: trap - DEBUG
## status: 0

#### BASH_SOURCE at top level is the script, one entry
[ "${BASH_SOURCE[0]}" = "$0" ] && echo same
[ "$BASH_SOURCE" = "$0" ] && echo same
echo "${#BASH_SOURCE[@]}"
## stdout:
same
same
1
## status: 0

#### BASH_SOURCE in a function has an entry per call
g() { echo "${#BASH_SOURCE[@]}"; [ "${BASH_SOURCE[1]}" = "$0" ] && echo same; }
h() { g; }
h
## stdout:
3
same
## status: 0

#### BASH_LINENO without an index is its first element
g() { echo "$BASH_LINENO ${BASH_LINENO[0]} ${BASH_LINENO[@]}"; }
g
h() {
  g
}
h
echo "top: $BASH_LINENO [${BASH_LINENO[@]}] ${#BASH_LINENO[@]}"
## stdout:
2 2 2 0
4 4 4 6 0
top: 0 [0] 1
## status: 0

#### SRANDOM is a 32-bit number
ok=yes
for i in 1 2 3 4 5 6 7 8; do
  v=$SRANDOM
  case $v in *[!0-9]*|'') ok=no ;; esac
  (( v >= 0 && v <= 4294967295 )) || ok=no
done
echo "$ok"
## stdout:
yes
## status: 0

#### SRANDOM differs between reads and ignores assignment
a=$SRANDOM; b=$SRANDOM; c=$SRANDOM
[ "$a$b" != "$b$c" ] && echo differ
SRANDOM=5; [ "$SRANDOM" != 5 ] && echo still-random
## stdout:
differ
still-random
## status: 0

#### unset SRANDOM loses its special meaning
unset SRANDOM; echo "[$SRANDOM]"
## stdout:
[]
## status: 0

#### DEBUG trap runs before arithmetic and conditional commands
trap 'echo "D: $BASH_COMMAND"' DEBUG
x=1
(( x > 0 )) && echo yes
[[ $x == 1 ]]; echo "s=$?"
trap - DEBUG
## stdout:
D: x=1
D: (( x > 0 ))
D: echo yes
yes
D: [[ $x == 1 ]]
D: echo "s=$?"
s=0
D: trap - DEBUG
## status: 0
