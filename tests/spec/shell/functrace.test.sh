The DEBUG and RETURN traps in functions, command substitutions and
subshells: inherited only under `set -T` (functrace) or by a function with
the trace attribute (`declare -ft`), bash manual 4.3.1 and 4.2 `declare`.

#### DEBUG does not run inside a function without set -T
f() { echo in-f; }
trap 'echo "D:$BASH_COMMAND"' DEBUG
f
trap - DEBUG
## stdout:
D:f
in-f
D:trap - DEBUG
## status: 0

#### set -T: DEBUG runs on entry and inside the function
f() { echo in-f; }
set -T
trap 'echo "D:$BASH_COMMAND"' DEBUG
f
trap - DEBUG
echo "$-"
## stdout:
D:f
D:f
D:echo in-f
in-f
D:trap - DEBUG
hBT
## status: 0

#### declare -ft gives one function the trace attribute
f() { echo in-f; }
g() { echo in-g; }
declare -ft f
trap 'echo "D:$BASH_COMMAND"' DEBUG
f
g
trap - DEBUG
declare +ft f
trap 'echo "D:$BASH_COMMAND"' DEBUG
f
trap - DEBUG
declare -ft nosuch; echo "status $?"
## stdout:
D:f
D:f
D:echo in-f
in-f
D:g
in-g
D:trap - DEBUG
D:f
D:f
D:echo in-f
in-f
D:trap - DEBUG
status 1
## status: 0

#### a trap set inside a function runs there
f() { trap 'echo "D:$BASH_COMMAND"' DEBUG; echo one; echo two; trap - DEBUG; }
f
## stdout:
D:echo one
one
D:echo two
two
D:trap - DEBUG
## status: 0

#### set -T: command substitutions and subshells inherit DEBUG
set -T
trap 'echo "D:$BASH_COMMAND" >&2' DEBUG
x=$(echo a)
(echo sub)
echo "$x" | cat
trap - DEBUG
## stdout:
sub
a
## status: 0

#### without set -T command substitutions and subshells do not
trap 'echo "D:$BASH_COMMAND"' DEBUG
x=$(echo a; echo b)
(echo sub)
echo "$x" | cat
trap - DEBUG
## stdout:
D:x=$(echo a; echo b)
sub
D:echo "$x"
D:cat
a
b
D:trap - DEBUG
## status: 0

#### RETURN with set -T and the trace attribute
trap 'echo "R:${FUNCNAME[0]}"' RETURN
g() { return 3; }
h() { g; }
h
set -T
h
set +T
declare -ft g
h
## stdout:
R:g
R:h
## status: 3

#### $- shows E and T
set -E; echo "$-"
set -T; echo "$-"
set +ET; echo "$-"
## stdout:
hBE
hBET
hB
## status: 0

#### RETURN runs where the trap reaches: traced callers, unset -f drops the attribute
trap 'echo "R:${FUNCNAME[0]}"' RETURN
k() { :; }; g() { k; }; h() { g; }
echo A; h
declare -ft h; echo C; h
declare +ft h; unset -f h; h() { g; }; declare -ft g; echo D; h
declare -ft h; echo E; h
m() { trap 'echo "M:${FUNCNAME[0]}"' RETURN; k; }
trap - RETURN; echo F; m; m
## stdout:
A
C
R:h
D
E
R:g
R:h
F
M:m
M:m
## status: 0

#### a DEBUG trap set in a function stays set after it returns
f() { trap 'echo "D:$BASH_COMMAND"' DEBUG; echo in; }
f
echo top
trap - DEBUG
## stdout:
D:echo in
in
D:echo top
top
D:trap - DEBUG
## status: 0
