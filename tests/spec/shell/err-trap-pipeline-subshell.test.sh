# A subshell that ends a pipeline: bash 5.2 checks it in the shell that
# waits for it, with the pipeline's status, and then checks the pipeline,
# so the ERR trap runs twice for `true | (false)` unless `set -e` exits
# first (execute_cmd.c, `cm_subshell` and `execute_connection`). A
# subshell whose body is one subshell runs it without a fork of its own,
# and nothing checks that inner one.

#### true | (false) runs the ERR trap twice
trap 'echo "ERR $?"' ERR
true | (false)
true | (exit 3)
echo "after $?"
## stdout:
ERR 1
ERR 1
ERR 3
ERR 3
after 3
## status: 0

#### only the last stage counts, with the pipeline's status
trap 'echo "ERR $?"' ERR
(false) | (false)
(exit 3) | (exit 0)
true | (exit 3) | (exit 4)
echo "after $?"
## stdout:
ERR 1
ERR 1
ERR 4
ERR 4
after 4
## status: 0

#### with pipefail the subshell is checked with the pipeline's status
set -o pipefail
trap 'echo "ERR $?"' ERR
(exit 3) | (exit 0)
(exit 3) | (exit 4)
(false) | true
echo "after $?"
## stdout:
ERR 3
ERR 3
ERR 4
ERR 4
ERR 1
after 1
## status: 0

#### set -e exits after the first ERR trap
set -e
trap 'echo "ERR $?"' ERR
true | (exit 3)
echo "not reached"
## stdout:
ERR 3
## status: 3

#### a group ending a pipeline is checked once
trap 'echo "ERR $?"' ERR
true | { false; }
echo after
## stdout:
ERR 1
after
## status: 0

#### negation belongs to the pipeline, not to the subshell
trap 'echo "ERR $?"' ERR
! true | (false)
echo "after $?"
## stdout:
ERR 1
after 0
## status: 0

#### negation under set -e runs nothing
set -e
trap 'echo "ERR $?"' ERR
! true | (false)
echo "after $?"
## stdout:
after 0
## status: 0

#### conditions and and-or lists suppress both
trap 'echo "ERR $?"' ERR
true | (false) || echo or
true | (false) && echo and
if true | (false); then :; fi
while true | (false); do :; done
echo after
## stdout:
or
after
## status: 0

#### in a function the trap is not inherited without set -E
trap 'echo "ERR $?"' ERR
f() { true | (false); echo "in f $?"; }
f
set -E
f
echo after
## stdout:
in f 1
ERR 1
ERR 1
ERR 1
in f 1
after
## status: 0

#### set -E: the failure inside, the subshell and the pipeline
set -E
trap 'echo "ERR $?"' ERR
true | (false)
echo after
## stdout:
ERR 1
ERR 1
ERR 1
after
## status: 0

#### set -eE: the failure inside, then the subshell exits the shell
set -eE
trap 'echo "ERR $?"' ERR
true | (false; echo "not reached")
echo "not reached either"
## stdout:
ERR 1
ERR 1
## status: 1

#### a subshell whose body is one subshell
set -E
trap 'echo "ERR $?"' ERR
( (false) )
true | ( (false) )
( (exit 3) ) | cat
( true; (false) )
echo after
## stdout:
ERR 1
ERR 1
ERR 1
ERR 1
ERR 1
ERR 1
ERR 1
ERR 1
after
## status: 0

#### BASH_SUBSHELL in subshell stages and nested subshells
true | (echo "$BASH_SUBSHELL")
(echo "$BASH_SUBSHELL") | cat
( (echo "$BASH_SUBSHELL") )
true | ( (echo "$BASH_SUBSHELL") )
## stdout:
1
1
2
2
## status: 0

#### a subshell stage keeps its exit, return and variables to itself
x=1
true | (x=2; echo "in $x"; exit 4)
echo "out $x ${PIPESTATUS[*]}"
f() { true | (return 3); echo "f $?"; }
f
## stdout:
in 2
out 1 0 4
f 3
## status: 0
