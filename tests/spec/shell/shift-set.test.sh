# Positional parameters: set --, shift, $#, $@, $*, set options and
# listing, set -f/-o noglob, unset.

#### set -- replaces positional parameters
set -- a b c; echo $# "$@"
## stdout:
3 a b c
## status: 0

#### set -- with nothing clears
set -- a; set --; echo $#
## stdout:
0
## status: 0

#### shift by one
set -- a b c; shift; echo "$@"
## stdout:
b c
## status: 0

#### shift by n
set -- a b c d; shift 2; echo "$@"
## stdout:
c d
## status: 0

#### shift too many fails
set -- a; shift 3; echo "status $? $#"
## stdout:
status 1 1
## status: 0

#### shift zero
set -- a b; shift 0; echo "$@"
## stdout:
a b
## status: 0

#### shift negative is error
set -- a; shift -1 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### shift non-numeric is error
set -- a; shift x 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### set with words not starting with dash
set x y; echo "$@"
## stdout:
x y
## status: 0

#### set minus alone
set - a b; echo "$@"
## stdout:
a b
## status: 0

#### set -o shows options
set -o | grep -E '^(errexit|nounset|pipefail|noglob)' | tr -s ' \t' ' '
## stdout:
errexit off
noglob off
nounset off
pipefail off
## status: 0

#### set +o prints commands
set -o pipefail; set +o | grep pipefail
## stdout:
set -o pipefail
## status: 0

#### set -f disables globbing
touch a.x b.x; set -f; echo *.x; set +f; echo *.x
## stdout:
*.x
a.x b.x
## status: 0

#### set -o noglob same as -f
touch q.y; set -o noglob; echo *.y
## stdout:
*.y
## status: 0

#### invalid set option
set -Z 2>/dev/null; echo "status $?"
## stdout:
status 2
## status: 0

#### invalid set -o option
set -o nosuchoption 2>/dev/null; echo "status $?"
## stdout:
status 2
## status: 0

#### dollar minus reflects options
set -f; case $- in *f*) echo f-on ;; esac; set +f; case $- in *f*) echo f-still ;; *) echo f-off ;; esac
## stdout:
f-on
f-off
## status: 0

#### dollar minus has h and B by default
case $- in *h*) echo has-h ;; esac; case $- in *B*) echo has-B ;; esac
## stdout:
has-h
has-B
## status: 0

#### set -- with dash-leading args
set -- -x -y; echo "$1 $2"
## stdout:
-x -y
## status: 0

#### unset variable
x=1; unset x; echo "[${x-unset}]"
## stdout:
[unset]
## status: 0

#### unset -v explicit
x=1; unset -v x; echo "[${x-unset}]"
## stdout:
[unset]
## status: 0

#### unset readonly fails
readonly r=1; unset r 2>/dev/null; echo "status $? $r"
## stdout:
status 1 1
## status: 0

#### unset nonexistent succeeds
unset nothing_here; echo "status $?"
## stdout:
status 0
## status: 0

#### unset function and variable with same name
f=var; f() { echo func; }; unset f; echo "[${f-unset}]"; f
## stdout:
[unset]
func
## status: 0

#### unset -f only function
f=var; f() { echo func; }; unset -f f; echo "[$f]"; f 2>/dev/null || echo no-func
## stdout:
[var]
no-func
## status: 0

#### positional beyond nine
set -- {1..12}; echo ${11} ${12} $#
## stdout:
11 12 12
## status: 0

#### dollar star and at with set
set -- 'a b' c; echo "$*"; printf '<%s>\n' "$@"
## stdout:
a b c
<a b>
<c>
## status: 0

#### set -v and -x do not change stdout
set -x; echo traced 2>/dev/null; set +x; echo untraced
## stdout:
traced
untraced
## status: 0

#### xtrace goes to stderr
(set -x; echo hi) 2>/dev/null
## stdout:
hi
## status: 0

#### xtrace output format
(set -x; x=1; echo "a b") 2>&1
## stdout:
+ x=1
+ echo 'a b'
a b
## status: 0

#### PS4 changes trace prefix
(PS4='>> '; set -x; echo hi) 2>&1
## stdout:
>> echo hi
hi
## status: 0

#### set -o pipefail then +o
set -o pipefail; set +o pipefail; false | true; echo $?
## stdout:
0
## status: 0

#### set -a exports assignments
set -a; av=1; set +a; env | grep -c '^av=1$'
## stdout:
1
## status: 0

#### set -n noexec is ignored in script after
set -n; echo not-run
## stdout:
## status: 0

#### shift in loop consumes args
set -- a b c; while (( $# )); do echo $1; shift; done
## stdout:
a
b
c
## status: 0

#### set -- with array expansion
arr=(x 'y z'); set -- "${arr[@]}"; echo $#
## stdout:
2
## status: 0

#### set -e via set -o and dollar minus
set -o errexit; echo $- | grep -q e && echo has-e
## stdout:
has-e
## status: 0
