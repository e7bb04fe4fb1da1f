# `source` / `.` reading the shell's standard input (`/dev/stdin`,
# `/dev/fd/0`): a pipe, a here-string, a here-document, an empty input.

#### source /dev/stdin from a pipe, with arguments
echo 'echo "piped $1 $#"' | source /dev/stdin a b
## stdout:
piped a 2
## status: 0

#### dot /dev/stdin from a here-string keeps its variables
. /dev/stdin <<< 'x=5; echo "in $x"'
echo "after $x"
## stdout:
in 5
after 5
## status: 0

#### source /dev/fd/0 from a here-document defines functions
source /dev/fd/0 <<'END'
greet() { echo "hello $1"; }
END
greet world
## stdout:
hello world
## status: 0

#### source /dev/stdin with empty input
source /dev/stdin < /dev/null
echo "status $?"
## stdout:
status 0
## status: 0

#### source /dev/stdin returns the status of the last command and honours return
source /dev/stdin <<'END'
echo one
return 3
echo never
END
echo "status $?"
## stdout:
one
status 3
## status: 0

#### sourced stdin that fails a command
source /dev/stdin <<< 'false'
echo "status $?"
## stdout:
status 1
## status: 0
