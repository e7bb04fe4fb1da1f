# set -e with bash's exceptions, set -u, set -o pipefail, and their
# interplay with functions, subshells, conditions and && || lists.

#### set -e stops at failing command
set -e; echo before; false; echo after
## stdout:
before
## status: 1

#### set -e exit status is the failing command's
set -e; (exit 3); echo never
## stdout:
## status: 3

#### set -e ignored in if condition
set -e; if false; then echo no; fi; echo after-if
## stdout:
after-if
## status: 0

#### set -e ignored in while condition
set -e; while false; do :; done; echo after-while
## stdout:
after-while
## status: 0

#### set -e ignored in and-or lists except last
set -e; false && echo no; echo after-and; false || echo or-ran
## stdout:
after-and
or-ran
## status: 0

#### set -e exits when last of and list fails
set -e; true && false; echo not-reached
## stdout:
## status: 1

#### set -e ignored under negation
set -e; ! true; echo after-negation
## stdout:
after-negation
## status: 0

#### set -e in function called in condition is ignored
set -e; f() { false; echo "f continues"; }; if f; then echo f-true; fi
## stdout:
f continues
f-true
## status: 0

#### set -e in function called normally exits
set -e; f() { false; echo "not here"; }; f; echo not-here-either
## stdout:
## status: 1

#### set -e in function called with or
set -e; f() { false; echo "continues in f"; return 1; }; f || echo handled
## stdout:
continues in f
handled
## status: 0

#### set -e with subshell failure exits
set -e; (false); echo not-reached
## stdout:
## status: 1

#### set -e inside subshell exits only subshell
(set -e; false; echo no); echo "status $?"
## stdout:
status 1
## status: 0

#### set -e command substitution in assignment exits
set -e; x=$(false); echo not-reached
## stdout:
## status: 1

#### set -e command substitution in argument does not exit
set -e; echo "[$(false)]"; echo continues
## stdout:
[]
continues
## status: 0

#### set -e with local and failing substitution
set -e; f() { local x=$(false); echo "local masks"; }; f
## stdout:
local masks
## status: 0

#### set -e in pipeline last stage
set -e; echo x | false; echo not-reached
## stdout:
## status: 1

#### set -e in pipeline first stage
set -e; false | true; echo reached
## stdout:
reached
## status: 0

#### set -e with arithmetic zero
set -e; (( 0 )); echo not-reached
## stdout:
## status: 1

#### set -e with arithmetic in condition
set -e; if (( 0 )); then :; fi; echo fine
## stdout:
fine
## status: 0

#### set -e and let returning 1
set -e; let x=0; echo not-reached
## stdout:
## status: 1

#### set -e failing command in brace group
set -e; { false; echo no; }; echo no2
## stdout:
## status: 1

#### set -e with failing command in until
set -e; until true; do :; done; echo ok
## stdout:
ok
## status: 0

#### set +e turns it off
set -e; set +e; false; echo continued
## stdout:
continued
## status: 0

#### set -o errexit long form
set -o errexit; false; echo no
## stdout:
## status: 1

#### shopt inherit_errexit affects substitution
set -e; shopt -s inherit_errexit; x=$(false; echo inner); echo "[$x]"
## stdout:
## status: 1

#### without inherit_errexit substitution continues
set -e; x=$(false; echo inner); echo "[$x]"
## stdout:
[inner]
## status: 0

#### errexit status in dollar minus
set -e; case $- in *e*) echo has-e;; esac
## stdout:
has-e
## status: 0

#### set -u on unset variable exits
set -u; echo "$nope"; echo not-reached
## stdout:
## status: 1

#### set -u status
(set -u; echo "$nope") 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### set -u with default is fine
set -u; echo "${nope:-default}" "${nope-x}"
## stdout:
default x
## status: 0

#### set -u with dollar at and no params
set -u; set --; echo "[$@]" "[$*]"; echo ok
## stdout:
[] []
ok
## status: 0

#### set -u with positional parameter out of range
set -u; set -- a; (echo "$2") 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### set -u with length of unset
set -u; (echo ${#nope}) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### set -u with empty array element count
set -u; arr=(); echo ${#arr[@]}
## stdout:
0
## status: 0

#### set -u with array expansion of empty array
set -u; arr=(); for x in "${arr[@]}"; do echo $x; done; echo ok
## stdout:
ok
## status: 0

#### set -u with unset assoc element
set -u; declare -A m; (echo "${m[k]}") 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### set -u in arithmetic
set -u; (echo $((nope + 1))) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### set -u does not affect plus operator
set -u; echo "[${nope+set}]"
## stdout:
[]
## status: 0

#### set -u and dollar at in quotes with params
set -u; set -- a b; echo "$@"
## stdout:
a b
## status: 0

#### set -o lists nounset
set -u; set -o | grep nounset
## stdout:
nounset        	on
## status: 0

#### pipefail with set -e
set -e -o pipefail; true | false | true; echo not-reached
## stdout:
## status: 1

#### pipefail status of all success
set -o pipefail; echo a | cat >/dev/null; echo $?
## stdout:
0
## status: 0

#### set -e with trap ERR
set -e; trap 'echo ERR trapped' ERR; false; echo no
## stdout:
ERR trapped
## status: 1

#### ERR trap without errexit
trap 'echo "err at $?"' ERR; false; true; (exit 3); echo done
## stdout:
err at 1
err at 3
done
## status: 0

#### ERR trap not triggered in condition
trap 'echo err' ERR; if false; then :; fi; false || true; echo done
## stdout:
done
## status: 0

#### set -e exit in function in and list is ignored
set -e; f() { false; echo after-false-in-f; }; f && echo f-ok
## stdout:
after-false-in-f
f-ok
## status: 0

#### set -e with eval
set -e; eval 'false'; echo not-reached
## stdout:
## status: 1

#### set -e return nonzero from function
set -e; f() { return 2; }; f; echo not-reached
## stdout:
## status: 2

#### set -e failing command in case
set -e; case a in a) false ;; esac; echo not-reached
## stdout:
## status: 1

#### set -e with command not found
set -e; nonexistent_command_xyz 2>/dev/null; echo not-reached
## stdout:
## status: 127

#### set -e in loop body
set -e; for i in 1 2; do echo $i; false; done; echo no
## stdout:
1
## status: 1

#### set -e with compound command followed by or
set -e; { false; echo "inside continues"; } || echo rescued
## stdout:
inside continues
## status: 0

#### dollar minus flags
set -eu; echo $- | grep -o '[eu]' | sort | tr -d '\n'; echo
## stdout:
eu
## status: 0

#### set -e in subshell of condition is ignored
set -e; if (false; echo sub-continues); then echo then; fi
## stdout:
sub-continues
then
## status: 0

#### set -e errexit with ternary arithmetic one
set -e; (( 1 )); echo fine
## stdout:
fine
## status: 0
