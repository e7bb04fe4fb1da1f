# Exit statuses and errors: 127 not found, 126-free usage errors, 2 for
# builtin usage, 1 for failures, exit values, exit in various contexts.

#### command not found is 127
no_such_command_xyz 2>/dev/null; echo $?
## stdout:
127
## status: 0

#### exit with value
(exit 42); echo $?
## stdout:
42
## status: 0

#### exit without value uses last status
(false; exit); echo $?
## stdout:
1
## status: 0

#### exit wraps at 256
(exit 256); echo $?; (exit -1) 2>/dev/null; echo $?
## stdout:
0
255
## status: 0

#### exit with non-numeric argument
(exit abc) 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### exit with too many arguments
(exit 1 2) 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### exit in function exits script
f() { exit 5; }; f; echo not-reached
## stdout:
## status: 5

#### exit status of script is last command
echo a; false
## stdout:
a
## status: 1

#### exit status when script ends with true
false; true
## stdout:
## status: 0

#### exit inside pipeline stage
echo a | exit 3; echo "after $?"
## stdout:
after 3
## status: 0

#### builtin usage error status 2
cd -Q 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### shift usage error
shift abc 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### return usage error
f() { return abc; }; f 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### set invalid option status
set --bogus 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### declare invalid option
declare -Q x 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### unset invalid name
unset 'a-b' 2>/dev/null; echo $?
## stdout:
0
## status: 0

#### read invalid option
read -Q 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### cd to nonexistent directory
cd /no/such/dir 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### cd too many arguments
mkdir a b; cd a b 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### printf invalid conversion
printf '%y' 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### test usage error
[ 1 -eq ] 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### negated status
! false; echo $?; ! true; echo $?
## stdout:
0
1
## status: 0

#### status of assignment only is zero
false; x=1; echo $?
## stdout:
0
## status: 0

#### status of assignment with failing substitution
x=$(false); echo $?
## stdout:
1
## status: 0

#### and or status chaining
false || false; echo $?; true && false; echo $?; false && true; echo $?
## stdout:
1
1
1
## status: 0

#### status after if with no branch taken
if false; then :; fi; echo $?
## stdout:
0
## status: 0

#### status after if taking branch
if true; then false; fi; echo $?
## stdout:
1
## status: 0

#### status after while with false condition first
while false; do :; done; echo $?
## stdout:
0
## status: 0

#### status of for with empty list
false; for x in; do :; done; echo $?
## stdout:
0
## status: 0

#### status of case without match
false; case x in y) ;; esac; echo $?
## stdout:
0
## status: 0

#### status of function without commands is from last
f() { :; }; false; f; echo $?
## stdout:
0
## status: 0

#### status of subshell with last failure
(true; false); echo $?
## stdout:
1
## status: 0

#### status of brace group
{ true; false; }; echo $?
## stdout:
1
## status: 0

#### status of command substitution alone
$(exit 4); echo $?
## stdout:
4
## status: 0

#### status of empty command substitution as command
$(true); echo $?
## stdout:
0
## status: 0

#### exit in EXIT trap of subshell
(trap 'exit 9' EXIT; exit 1); echo $?
## stdout:
9
## status: 0

#### exit status of syntax error in eval
eval 'fi' 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### exit status of bad substitution in eval
eval 'echo ${a:?}' 2>/dev/null; echo $?
## stdout:
## status: 1

#### unset positional expansion with ? in subshell
(: ${1?need arg}) 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### division by zero status in let
let 'x=1/0' 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### readonly assignment status
readonly ro=1; (ro=2) 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### exit from nested function and loop
f() { for i in 1 2; do g; done; }; g() { exit 6; }; (f); echo $?
## stdout:
6
## status: 0

#### command not found in pipeline
no_such_cmd_q 2>/dev/null | cat; echo "${PIPESTATUS[@]}"
## stdout:
127 0
## status: 0

#### return from script top level in sourced-free context
(return 3) 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### status 1 from false builtin with args
false ignored args; echo $?
## stdout:
1
## status: 0

#### exit 0 in middle
echo before; exit 0; echo after
## stdout:
before
## status: 0

#### status of wait-free background false
false & wait $!; echo $?
## stdout:
1
## status: 0

#### break in subshell in loop
for i in 1 2; do (break) 2>/dev/null; echo "i=$i"; done
## stdout:
i=1
i=2
## status: 0
