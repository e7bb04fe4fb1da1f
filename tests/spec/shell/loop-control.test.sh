# break and continue: counts, out-of-range counts, and the status they
# leave as the loop's status (bash manual 4.1, break.def).

#### break 0 leaves every loop with status 1
for i in 1 2; do for j in 1 2; do break 0 2>/dev/null; echo in; done; echo mid; done; echo "out $?"
## stdout:
out 1
## status: 0

#### continue 0 also leaves every loop
for i in 1 2; do continue 0 2>/dev/null; echo in; done; echo "out $?"
## stdout:
out 1
## status: 0

#### break with a negative count
while :; do break -1 2>/dev/null; echo in; done; echo "out $?"
## stdout:
out 1
## status: 0

#### break 2 leaves two loops
for i in 1 2; do for j in a b; do echo $i$j; break 2; done; done; echo $?
## stdout:
1a
0
## status: 0

#### a count larger than the nesting leaves all loops
for i in 1 2; do for j in a b; do break 9; done; echo never; done; echo $?
## stdout:
0
## status: 0

#### continue 2 goes to the next outer iteration
for i in 1 2; do for j in a b; do echo $i$j; continue 2; done; echo never; done
## stdout:
1a
2a
## status: 0

#### the loop status after break is 0
for i in 1 2; do false; [ $i = 2 ] && break; done; echo $?
## stdout:
0
## status: 0

#### the loop status after continue is 0
for i in 1 2; do [ $i = 2 ] && continue; false; done; echo $?
## stdout:
0
## status: 0

#### break outside a loop
break 2>/dev/null; echo $?
## stdout:
0
## status: 0

#### break in a function called from a loop
f() { break; }; for i in 1 2; do f 2>/dev/null; echo $i; done
## stdout:
1
2
## status: 0

#### return outside a function in a subshell
(return 3) 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### return in eval at the top level
eval 'return 4' 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### return in a sourced file inside a function
printf 'return 5\necho no\n' > lib.sh; f() { . ./lib.sh; echo "after $?"; }; f
## stdout:
after 5
## status: 0
