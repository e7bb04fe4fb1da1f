# The ERR trap and `set -e` act once, for the command that failed, not
# again for the group, `if`, `case` or loop around it (bash manual 4.3.1
# `-e` and `trap ... ERR`).

#### ERR trap fires once for a failure in case
trap 'echo "ERR $?"' ERR
case x in x) false;; esac
echo after
## stdout:
ERR 1
after
## status: 0

#### ERR trap fires once for a failure in a for body
trap 'echo "ERR $?"' ERR
for i in 1 2; do false; done
echo after
## stdout:
ERR 1
ERR 1
after
## status: 0

#### ERR trap fires once for a failure in a brace group
trap 'echo "ERR $?"' ERR
{ false; }
echo after
## stdout:
ERR 1
after
## status: 0

#### ERR trap fires once for a failure in an if body
trap 'echo "ERR $?"' ERR
if true; then false; fi
if false; then :; else false; fi
echo after
## stdout:
ERR 1
ERR 1
after
## status: 0

#### ERR trap fires once in while, until and select bodies
trap 'echo "ERR $?"' ERR
while true; do false; break; done
until false; do false; break; done
echo after
## stdout:
ERR 1
ERR 1
after
## status: 0

#### ERR trap fires once for nested compound commands
trap 'echo "ERR $?"' ERR
{ for i in 1; do case a in a) if true; then false; fi;; esac; done; }
echo after
## stdout:
ERR 1
after
## status: 0

#### ERR trap fires for a subshell and for a function call
trap 'echo "ERR $?"' ERR
( exit 3 )
f() { return 4; }
f
echo after
## stdout:
ERR 3
ERR 4
after
## status: 0

#### a group failing from an and list does not fire ERR
trap 'echo "ERR $?"' ERR
{ false && true; }
if true; then false && true; fi
for i in 1; do false || false && true; done
echo "after $?"
## stdout:
after 1
## status: 0

#### set -e does not exit for a group failing from an and list
set -e
{ false && true; }
case a in a) false && true;; esac
echo "after $?"
## stdout:
after 1
## status: 0

#### set -e exits for a subshell failing from an and list
set -e
( false && true )
echo after
## stdout:
## status: 1

#### a pipeline ending in a group fires ERR
trap 'echo "ERR $?"' ERR
true | { false && true; }
echo after
## stdout:
ERR 1
after
## status: 0

#### a failed redirection of a group fires ERR once
trap 'echo "ERR $?"' ERR
{ echo x; } > /nonexistent/dir/file
for i in 1; do :; done < /nonexistent/dir/file
echo after
## stdout:
ERR 1
ERR 1
after
## status: 0

#### set -e exits on a failed redirection of a group
set -e
{ echo x; } > /nonexistent/dir/file
echo after
## stdout:
## status: 1

#### a failed redirection of a group in an or list is ignored
set -e
trap 'echo "ERR $?"' ERR
{ echo x; } > /nonexistent/dir/file || echo handled
echo after
## stdout:
handled
after
## status: 0

#### ERR trap fires once with set -e in a loop
set -e
trap 'echo "ERR $?"' ERR
for i in 1; do (exit 5); done
echo after
## stdout:
ERR 5
## status: 5

#### set -E passes the ERR trap into subshells
set -E
trap 'echo "ERR $?"' ERR
( false )
x=$(false; echo in)
echo "x=$x"
true | { false; true; }
echo after
## stdout:
ERR 1
ERR 1
x=ERR 1
in
ERR 1
after
## status: 0

#### a subshell as a function body fires ERR with set -E
set -E
trap 'echo "ERR $?"' ERR
f() ( false )
f
echo after
## stdout:
ERR 1
ERR 1
ERR 1
after
## status: 0

#### without set -E a subshell runs no ERR trap inside
trap 'echo "ERR $?"' ERR
( false; echo in )
x=$(false; echo in2)
echo "x=$x"
## stdout:
in
x=in2
## status: 0

#### set -e and subshells in conditions, lists and pipelines
set -e
( false ) || echo or
if ( false ); then :; else echo else; fi
! ( false ); echo negated
( false ) | true; echo piped
f() ( false )
f || echo handled
( exit 3 ) && echo no; echo and
true && ( exit 4 )
echo not reached
## stdout:
or
else
negated
piped
handled
and
## status: 4
