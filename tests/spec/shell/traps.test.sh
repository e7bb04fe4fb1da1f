# trap: EXIT, ERR, RETURN, listing with trap -p, resetting, and the exit
# status seen inside traps. Signals are listed but not sent.

#### EXIT trap runs at end
trap 'echo bye' EXIT; echo body
## stdout:
body
bye
## status: 0

#### EXIT trap runs after exit
trap 'echo "exiting with $?"' EXIT; exit 3
## stdout:
exiting with 3
## status: 3

#### EXIT trap can change exit status with exit
trap 'exit 7' EXIT; exit 3
## stdout:
## status: 7

#### EXIT trap keeps status when it does not exit
trap 'echo trap; false' EXIT; exit 2
## stdout:
trap
## status: 2

#### EXIT trap on normal end status
trap 'echo "status $?"' EXIT; false
## stdout:
status 1
## status: 1

#### trap 0 is EXIT
trap 'echo zero' 0; echo body
## stdout:
body
zero
## status: 0

#### reset trap with dash
trap 'echo no' EXIT; trap - EXIT; echo body
## stdout:
body
## status: 0

#### empty trap string ignores
trap '' EXIT; echo body
## stdout:
body
## status: 0

#### trap -p prints EXIT trap
trap 'echo x' EXIT; trap -p EXIT; trap - EXIT
## stdout:
trap -- 'echo x' EXIT
## status: 0

#### trap -p with quotes in command
trap "echo 'it''s'" EXIT; trap -p; trap - EXIT
## stdout:
trap -- 'echo '\''it'\'''\''s'\''' EXIT
## status: 0

#### trap listing without args
trap 'echo a' EXIT; trap 'echo b' ERR; trap; trap - EXIT ERR
## stdout:
trap -- 'echo a' EXIT
trap -- 'echo b' ERR
## status: 0

#### ERR trap fires on failure
trap 'echo "ERR $?"' ERR; false; echo after
## stdout:
ERR 1
after
## status: 0

#### ERR trap not in and list
trap 'echo ERR' ERR; false && true; echo done
## stdout:
done
## status: 0

#### ERR trap in function not inherited without errtrace
trap 'echo ERR' ERR; f() { false; echo "in f"; }; f; echo done
## stdout:
in f
done
## status: 0

#### ERR trap with set -E inherited in functions
set -E; trap 'echo ERR' ERR; f() { false; echo "in f"; }; f
## stdout:
ERR
in f
## status: 0

#### RETURN trap
f() { echo body; }; trap 'echo ret' RETURN; f; trap - RETURN
## stdout:
body
## status: 0

#### trap with LINENO
trap 'echo "line $LINENO"' ERR
false
## stdout:
line 2
## status: 1

#### trap set inside function is global
f() { trap 'echo from-f' EXIT; }; f; echo body
## stdout:
body
from-f
## status: 0

#### trap with double quotes expands at set time
x=early; trap "echo $x" EXIT; x=late
## stdout:
early
## status: 0

#### trap with single quotes expands at run time
x=early; trap 'echo $x' EXIT; x=late
## stdout:
late
## status: 0

#### signal names listed
trap -l | head -1 | tr -s ' \t' ' '
## stdout:
 1) SIGHUP 2) SIGINT 3) SIGQUIT 4) SIGILL 5) SIGTRAP
## status: 0

#### trap on signal is accepted
trap 'echo int' INT; trap -p INT; trap - INT; trap -p INT; echo done
## stdout:
trap -- 'echo int' SIGINT
done
## status: 0

#### trap with invalid signal
trap 'echo x' NOSUCHSIG 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### EXIT trap in subshell
(trap 'echo sub' EXIT; echo in); echo out
## stdout:
in
sub
out
## status: 0

#### EXIT trap not inherited by subshell
trap 'echo main-exit' EXIT; (echo in-sub); echo after
## stdout:
in-sub
after
main-exit
## status: 0

#### EXIT trap runs once on set -e exit
set -e; trap 'echo cleanup' EXIT; false; echo no
## stdout:
cleanup
## status: 1

#### EXIT trap output after all script output
trap 'echo last' EXIT; for i in 1 2; do echo $i; done
## stdout:
1
2
last
## status: 0

#### trap multiple signals at once
trap 'echo x' INT TERM; trap -p INT TERM; trap - INT TERM
## stdout:
trap -- 'echo x' SIGINT
trap -- 'echo x' SIGTERM
## status: 0

#### trap command using function
cleanup() { echo "cleaning $1"; }; trap 'cleanup now' EXIT; echo work
## stdout:
work
cleaning now
## status: 0

#### DEBUG trap runs before commands
trap 'echo "dbg: $BASH_COMMAND"' DEBUG; x=1; echo hi; trap - DEBUG
## stdout:
dbg: x=1
dbg: echo hi
hi
dbg: trap - DEBUG
## status: 0

#### exit inside EXIT trap
trap 'echo a; exit 4; echo b' EXIT; echo body
## stdout:
body
a
## status: 4

#### ERR trap sees failing command status
trap 'echo "code=$?"' ERR; (exit 42); true
## stdout:
code=42
## status: 0

#### trap reset by number
trap 'echo t' EXIT; trap 0; echo body
## stdout:
body
## status: 0

#### trap -p for unset trap prints nothing
trap -p EXIT; echo "status $?"
## stdout:
status 0
## status: 0
