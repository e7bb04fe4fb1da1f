# command_not_found_handle (bash manual 3.7.2): called in a subshell with
# the missing command and its arguments; its status is the command's.

#### the handler gets the command and its arguments
command_not_found_handle() { echo "missing: $1 ($#) $*"; return 7; }; nosuch a 'b c'; echo $?
## stdout:
missing: nosuch (3) nosuch a b c
7
## status: 0

#### the handler runs in a subshell
command_not_found_handle() { x=changed; echo handled; }; x=orig; nosuch; echo $x
## stdout:
handled
orig
## status: 0

#### the handler in a command substitution
command_not_found_handle() { echo "sub $1"; }; v=$(nosuch arg); echo "[$v]"
## stdout:
[sub nosuch]
## status: 0

#### without the handler the status is 127
command_not_found_handle() { :; }; unset -f command_not_found_handle; nosuch 2>/dev/null; echo $?
## stdout:
127
## status: 0

#### the handler's output can be redirected
command_not_found_handle() { echo "to err $1" >&2; return 127; }; nosuch 2>&1; echo $?
## stdout:
to err nosuch
127
## status: 0

#### the handler is not used for existing commands
command_not_found_handle() { echo never; }; echo exists; true; echo $?
## stdout:
exists
0
## status: 0

#### set -e applies to the handler's status
command_not_found_handle() { return 3; }; set -e; nosuch; echo not reached
## stdout:
## status: 3

#### the handler sees positional parameters as the command line
command_not_found_handle() { shift; printf '<%s>' "$@"; echo; }; set -- outer; nosuch 1 "2 3"
## stdout:
<1><2 3>
## status: 0
