# hash (bash manual 4.1) in a shell whose commands are builtins,
# functions and tools: the table of program paths stays empty.

#### hash with an empty table
hash; echo "status $?"
## stdout:
hash: hash table empty
status 0
## status: 0

#### hash -r and -l print nothing
hash -r; echo "r $?"; hash -l; echo "l $?"
## stdout:
r 0
l 0
## status: 0

#### hash of a builtin and a function succeeds quietly
f() { :; }; hash echo f; echo $?
## stdout:
0
## status: 0

#### hash of an unknown name fails
hash nosuch 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### hash -t needs a name
hash -t 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### hash -t of a builtin is not found
hash -t echo 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### hash with an invalid option
hash -x 2>/dev/null; echo $?
## stdout:
2
## status: 0
