# `$BASH_COMMAND` in DEBUG and ERR traps: pipeline stages and subshells
# are noted by the shell before they fork, and a trailing comment is not
# part of the command (bash manual 5.2 "BASH_COMMAND").

#### DEBUG trap runs for each simple stage of a pipeline
trap 'echo "D:$BASH_COMMAND"' DEBUG
{ echo a | cat; } > out
trap - DEBUG
cat out
## stdout:
D:trap - DEBUG
D:echo a
D:cat
a
## status: 0

#### DEBUG trap for three stages and a compound stage
trap 'echo "D:$BASH_COMMAND"' DEBUG
{ echo a | cat | cat; } > out
{ { echo x; } | cat; } > out2
echo y | { read v; echo "got $v" > out3; }
trap - DEBUG
cat out out2 out3
## stdout:
D:echo y
D:trap - DEBUG
D:echo a
D:cat
D:cat
a
D:cat
x
got y
## status: 0

#### ERR trap after a pipeline names its last simple stage
trap 'echo "E:$BASH_COMMAND"' ERR
true | false
echo hi | false
false | { true; false; }
## stdout:
E:false
E:false
E:false
## status: 1

#### ERR trap after a subshell names the subshell
trap 'echo "E:$BASH_COMMAND"' ERR
( exit 3 )
( false )
( true; false )
## stdout:
E:( exit 3 )
E:( false )
E:( true; false )
## status: 1

#### a trailing comment is not part of BASH_COMMAND
trap 'echo "D:$BASH_COMMAND"' DEBUG
x=1 # c3
echo a   b # c4
trap - DEBUG
trap 'echo "E:$BASH_COMMAND"' ERR
false # c7
echo ok ; false   # c8
(( 0 )) # arith
[[ a == b ]] # cond
## stdout:
D:x=1
D:echo a b
a b
D:trap - DEBUG
E:false
ok
E:false
E:(( 0 ))
E:[[ a == b ]]
## status: 1

#### ERR trap after a command substitution assignment
trap 'echo "E:$BASH_COMMAND"' ERR
x=$(false)
y=$(echo in; false) # c
## stdout:
E:x=$(false)
E:y=$(echo in; false)
## status: 1

#### ERR trap after a function call names its last command
trap 'echo "E:$BASH_COMMAND"' ERR
f() { false; }
f
g() { return 2; }
g # c
## stdout:
E:false
E:return 2
## status: 2
