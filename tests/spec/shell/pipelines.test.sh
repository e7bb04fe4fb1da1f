# Pipelines: stages, PIPESTATUS, pipefail, negation with !, lastpipe,
# streaming (stages that stop reading), |& .

#### simple pipeline
echo hello | tr a-z A-Z
## stdout:
HELLO
## status: 0

#### three stages
printf '3\n1\n2\n' | sort | head -2
## stdout:
1
2
## status: 0

#### status is the last stage
false | true; echo $?; true | false; echo $?
## stdout:
0
1
## status: 0

#### PIPESTATUS array
true | false | true; echo "${PIPESTATUS[@]}"
## stdout:
0 1 0
## status: 0

#### PIPESTATUS with exit codes
(exit 3) | (exit 4) | (exit 0); echo "${PIPESTATUS[@]}"
## stdout:
3 4 0
## status: 0

#### PIPESTATUS of a single command
(exit 5); echo "${PIPESTATUS[@]}"
## stdout:
5
## status: 0

#### PIPESTATUS after builtin
true; echo "${PIPESTATUS[@]} ${#PIPESTATUS[@]}"
## stdout:
0 1
## status: 0

#### PIPESTATUS is overwritten by next command
false | true; x=("${PIPESTATUS[@]}"); echo "${x[@]}"; echo "${PIPESTATUS[@]}"
## stdout:
1 0
0
## status: 0

#### pipefail returns rightmost failure
set -o pipefail; (exit 2) | (exit 3) | true; echo $?
## stdout:
3
## status: 0

#### pipefail with success
set -o pipefail; true | true; echo $?
## stdout:
0
## status: 0

#### pipefail off by default
(exit 2) | true; echo $?
## stdout:
0
## status: 0

#### negation
! true; echo $?; ! false; echo $?
## stdout:
1
0
## status: 0

#### negation of pipeline
! echo x | grep -q y; echo $?
## stdout:
0
## status: 0

#### negation with pipefail
set -o pipefail; ! false | true; echo $?
## stdout:
0
## status: 0

#### PIPESTATUS with negation
! (exit 3) | (exit 2); echo "$? ${PIPESTATUS[@]}"
## stdout:
0 3 2
## status: 0

#### pipeline stages run in subshells
x=1; echo 2 | read -r x; echo $x
## stdout:
1
## status: 0

#### lastpipe runs last stage in current shell
shopt -s lastpipe; set +m; echo 2 | read -r x; echo $x
## stdout:
2
## status: 0

#### yes piped to head ends
yes | head -3
## stdout:
y
y
y
## status: 0

#### early exit of reader does not hang writer
seq 1 100000 | head -1
## stdout:
1
## status: 0

#### pipe with stderr redirect ampersand
{ echo out; echo err >&2; } |& sort
## stdout:
err
out
## status: 0

#### pipeline inside command substitution
x=$(printf 'b\na\n' | sort | tr '\n' ' '); echo "[$x]"
## stdout:
[a b ]
## status: 0

#### function in middle of pipeline
up() { tr a-z A-Z; }; echo abc | up | rev
## stdout:
CBA
## status: 0

#### pipeline of loops
for i in 1 2 3; do echo $i; done | while read -r n; do echo $((n*n)); done
## stdout:
1
4
9
## status: 0

#### pipeline exit status with exit in stage
echo x | { exit 7; }; echo $?
## stdout:
7
## status: 0

#### long pipeline
echo a | cat | cat | cat | cat | cat | cat | cat
## stdout:
a
## status: 0

#### grep in pipeline status
echo hay | grep -q needle; echo $?; echo needle | grep -q needle; echo $?
## stdout:
1
0
## status: 0

#### pipeline and logical operators
echo a | grep -q a && echo found || echo missing
## stdout:
found
## status: 0

#### time-free pipeline in if
if echo abc | grep -q b; then echo has-b; fi
## stdout:
has-b
## status: 0

#### pipe to while with variable counting in subshell
n=0; printf 'a\nb\n' | while read -r l; do n=$((n+1)); echo $n; done; echo "outer $n"
## stdout:
1
2
outer 0
## status: 0

#### PIPESTATUS with more stages than status
(exit 1) | (exit 2) | (exit 3) | (exit 4) | (exit 5); echo "${PIPESTATUS[@]}"
## stdout:
1 2 3 4 5
## status: 0

#### pipeline as condition of while
printf '1\n2\n' | while read -r a; do echo "$a"; done | wc -l
## stdout:
2
## status: 0

#### pipe newline continuation
echo piped |
  tr a-z A-Z
## stdout:
PIPED
## status: 0

#### stdin of pipeline stage is the pipe not the script
printf 'x\n' | { read -r a; echo "got $a"; }
## stdout:
got x
## status: 0

#### cat with no stdin data
true | cat; echo "status $?"
## stdout:
status 0
## status: 0

#### set -e and failing pipeline middle
set -e; false | true; echo survived
## stdout:
survived
## status: 0

#### set -e with pipefail exits
set -eo pipefail; (false | true); echo not-reached
## stdout:
## status: 1

#### pipefail PIPESTATUS unchanged
set -o pipefail; false | true; echo "${PIPESTATUS[@]}"
## stdout:
1 0
## status: 0

#### builtins writing to closed pipe
yes hello | head -n 2 | cat
## stdout:
hello
hello
## status: 0

#### pipeline output order preserved
printf '%s\n' 1 2 3 4 5 | tail -2
## stdout:
4
5
## status: 0

#### nested pipelines in subshell
( echo a | tr a b ) | tr b c
## stdout:
c
## status: 0

#### pipeline with here-string first stage
tr a-z A-Z <<< 'low' | rev
## stdout:
WOL
## status: 0

#### exit status of pipeline with negation and PIPESTATUS length
! true | false | true; echo "$? ${#PIPESTATUS[@]}"
## stdout:
1 3
## status: 0
