# Loops: for-in, C-style for, while, until, break/continue N, loop
# status, redirection into loops, select with no input.

#### for in list
for i in a b c; do echo $i; done
## stdout:
a
b
c
## status: 0

#### for without in uses positional parameters
set -- x y; for i; do echo $i; done
## stdout:
x
y
## status: 0

#### for over empty list does nothing
for i in; do echo never; done; echo "status $?"
## stdout:
status 0
## status: 0

#### for loop variable keeps last value
for i in 1 2 3; do :; done; echo $i
## stdout:
3
## status: 0

#### for over brace expansion
for i in {1..3}; do echo -n "$i "; done; echo
## stdout:
1 2 3 
## status: 0

#### c style for
for ((i=0; i<5; i+=2)); do echo $i; done
## stdout:
0
2
4
## status: 0

#### c style for with multiple variables
for ((i=0, j=10; i<3; i++, j--)); do echo $i $j; done
## stdout:
0 10
1 9
2 8
## status: 0

#### while loop
i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done
## stdout:
0
1
2
## status: 0

#### until loop
i=0; until [ $i -ge 3 ]; do echo $i; ((i++)); done
## stdout:
0
1
2
## status: 0

#### break
for i in 1 2 3 4; do [ $i = 3 ] && break; echo $i; done
## stdout:
1
2
## status: 0

#### continue
for i in 1 2 3 4; do [ $i = 2 ] && continue; echo $i; done
## stdout:
1
3
4
## status: 0

#### break with count
for i in 1 2; do for j in a b; do echo $i$j; break 2; done; done; echo after
## stdout:
1a
after
## status: 0

#### continue with count
for i in 1 2; do for j in a b; do echo $i$j; continue 2; done; echo never; done
## stdout:
1a
2a
## status: 0

#### break larger than depth breaks all
for i in 1 2; do for j in a b; do echo $i$j; break 5; done; done; echo out
## stdout:
1a
out
## status: 0

#### break outside loop
break 2>/dev/null; echo "status $?"
## stdout:
status 0
## status: 0

#### continue outside loop
continue 2>/dev/null; echo "status $?"
## stdout:
status 0
## status: 0

#### break with zero is an error
for i in 1 2; do break 0 2>/dev/null; echo "in $?"; done; echo "out $?"
## stdout:
out 1
## status: 0

#### status of loop is last body command
for i in 1; do false; done; echo $?
## stdout:
1
## status: 0

#### status of loop that never runs is zero
false; while false; do :; done; echo $?
## stdout:
0
## status: 0

#### while with break status
while true; do break; done; echo $?
## stdout:
0
## status: 0

#### while reading lines from here-doc
while read -r line; do echo "[$line]"; done <<'END'
one
two words
END
## stdout:
[one]
[two words]
## status: 0

#### while read with last line without newline
printf 'a\nb' | while read -r l; do echo $l; done
## stdout:
a
## status: 0

#### while read idiom keeps partial last line
printf 'a\nb' | while read -r l || [ -n "$l" ]; do echo $l; done
## stdout:
a
b
## status: 0

#### loop output piped
for i in 3 1 2; do echo $i; done | sort
## stdout:
1
2
3
## status: 0

#### loop in pipeline runs in subshell
x=0; printf '1\n2\n' | while read -r n; do x=$((x+n)); done; echo $x
## stdout:
0
## status: 0

#### loop with here-string keeps variables
x=0; while read -r n; do x=$((x+n)); done <<< $'1\n2\n3'; echo $x
## stdout:
6
## status: 0

#### nested loops with arithmetic
for ((i=1; i<=3; i++)); do for ((j=1; j<=i; j++)); do echo -n '*'; done; echo; done
## stdout:
*
**
***
## status: 0

#### loop variable is global
f() { for v in a b; do :; done; }; f; echo $v
## stdout:
b
## status: 0

#### for over glob with no match
for f in /nonexistent-dir/*.zz; do echo "$f"; done
## stdout:
/nonexistent-dir/*.zz
## status: 0

#### modifying list during loop has no effect
l='a b'; for x in $l; do l='c d'; echo $x; done
## stdout:
a
b
## status: 0

#### until with complex condition
n=0; until (( n >= 2 )) || false; do ((n++)); done; echo $n
## stdout:
2
## status: 0

#### while condition with multiple commands
i=0; while echo check; [ $i -lt 2 ]; do ((i++)); done
## stdout:
check
check
check
## status: 0

#### break inside case inside loop
for x in a b c; do case $x in b) break ;; esac; echo $x; done
## stdout:
a
## status: 0

#### continue in while
i=0; while (( i < 5 )); do ((i++)); (( i % 2 )) && continue; echo $i; done
## stdout:
2
4
## status: 0

#### c style for with empty condition and break
for ((i=0;;i++)); do (( i > 2 )) && break; echo $i; done
## stdout:
0
1
2
## status: 0

#### for with semicolon and newline
for i in a b
do
  echo $i
done
## stdout:
a
b
## status: 0

#### loop over array with index arithmetic
a=(x y z); for ((i=${#a[@]}-1; i>=0; i--)); do echo ${a[i]}; done
## stdout:
z
y
x
## status: 0

#### for in with quoted words
for w in "a b" 'c d'; do echo "<$w>"; done
## stdout:
<a b>
<c d>
## status: 0

#### break in function called from loop is not allowed
f() { break; }; for i in 1 2; do f 2>/dev/null; echo $i; done
## stdout:
1
2
## status: 0

#### return from loop in function
f() { for i in 1 2 3; do [ $i = 2 ] && return 7; echo $i; done; }; f; echo $?
## stdout:
1
7
## status: 0

#### select with empty stdin ends
select x in a b; do echo "chose $x"; done; echo "status $?"
## stdout:

status 1
## status: 0

#### loop over seq output
for i in $(seq 3); do echo n$i; done
## stdout:
n1
n2
n3
## status: 0

#### do-done on same line as condition
i=0; while ((i<2)); do echo $i; ((i++)); done
## stdout:
0
1
## status: 0

#### while loop counting with let
i=0; while let 'i < 3'; do let i++; done; echo $i
## stdout:
3
## status: 0

#### until true never runs
until true; do echo never; done; echo done
## stdout:
done
## status: 0

#### for in with command substitution and IFS
IFS=,; for x in $(echo 'a,b,c'); do echo $x; done
## stdout:
a
b
c
## status: 0

#### deep loop nesting
for a in 1; do for b in 2; do for c in 3; do for d in 4; do echo $a$b$c$d; done; done; done; done
## stdout:
1234
## status: 0
