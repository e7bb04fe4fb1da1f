# Control flow: if/else, while, do, for, for-in, break, continue, next,
# nextfile, exit (with status), getline-driven loops.

#### if else
awk 'BEGIN { x = 3; if (x > 2) print "big"; else print "small" }'
## stdout:
big
## status: 0

#### if else on separate lines
awk 'BEGIN {
  x = 1
  if (x > 2)
    print "big"
  else
    print "small"
}'
## stdout:
small
## status: 0

#### else if chain
awk 'BEGIN { for (i = 1; i <= 3; i++) { if (i == 1) print "one"; else if (i == 2) print "two"; else print "many" } }'
## stdout:
one
two
many
## status: 0

#### while loop
awk 'BEGIN { i = 0; while (i < 3) { print i; i++ } }'
## stdout:
0
1
2
## status: 0

#### do while runs at least once
awk 'BEGIN { i = 10; do { print i; i++ } while (i < 3) }'
## stdout:
10
## status: 0

#### for loop
awk 'BEGIN { for (i = 0; i < 3; i++) printf "%d ", i; print "" }'
## stdout:
0 1 2 
## status: 0

#### for loop with empty parts
awk 'BEGIN { i = 0; for (;;) { if (++i > 3) break }; print i }'
## stdout:
4
## status: 0

#### break and continue
awk 'BEGIN { for (i = 1; i <= 10; i++) { if (i % 2) continue; if (i > 6) break; print i } }'
## stdout:
2
4
6
## status: 0

#### nested loops with break
awk 'BEGIN { for (i = 1; i <= 3; i++) for (j = 1; j <= 3; j++) { if (j > i) break; printf "%d%d ", i, j }; print "" }'
## stdout:
11 21 22 31 32 33 
## status: 0

#### for in over an array (sorted output)
awk 'BEGIN { a["x"] = 1; a["y"] = 2; a["z"] = 3; for (k in a) print k, a[k] }' | sort
## stdout:
x 1
y 2
z 3
## status: 0

#### for in with delete inside
awk 'BEGIN { for (i = 1; i <= 5; i++) a[i] = i; for (k in a) delete a[k]; print length(a) }'
## stdout:
0
## status: 0

#### next skips the remaining rules
printf '1\n2\n3\n' | awk '$1 == 2 { next } { print }'
## stdout:
1
3
## status: 0

#### exit stops input and runs END
printf '1\n2\n3\n' | awk '{ print } $1 == 2 { exit } END { print "end" }'
## stdout:
1
2
end
## status: 0

#### exit status
awk 'BEGIN { exit 3 }'
## stdout:
## status: 3

#### exit in END keeps status
printf 'x\n' | awk '{ exit 4 } END { print "end"; exit }'
## stdout:
end
## status: 4

#### exit in END with new status
awk 'BEGIN { exit 1 } END { exit 5 }'
## stdout:
## status: 5

#### exit in BEGIN still runs END
awk 'BEGIN { print "begin"; exit } END { print "end" }'
## stdout:
begin
end
## status: 0

#### exit expression is truncated
awk 'BEGIN { exit 2.9 }'
## stdout:
## status: 2

#### nextfile moves to the next file
printf 'a1\na2\n' > a; printf 'b1\nb2\n' > b
awk 'FNR == 2 { nextfile } { print FILENAME, $0 }' a b
## stdout:
a a1
b b1
## status: 0

#### while with getline var from a file
printf 'x\ny\nz\n' > f
awk 'BEGIN { while ((getline line < "f") > 0) n++; print n }'
## stdout:
3
## status: 0

#### if with block and else block
awk 'BEGIN { if (1) { print "a"; print "b" } else { print "c" } }'
## stdout:
a
b
## status: 0

#### empty statement bodies
awk 'BEGIN { for (i = 0; i < 3; i++) ; print i; while (0) ; print "ok" }'
## stdout:
3
ok
## status: 0

#### semicolon before else
awk 'BEGIN { if (0) print "a"; else print "b" }'
## stdout:
b
## status: 0

#### newline after else
awk 'BEGIN { if (0) print "a"
else
print "b" }'
## stdout:
b
## status: 0

#### loop variable after for-in is the last key
awk 'BEGIN { a[1]; for (k in a) ; print k }'
## stdout:
1
## status: 0

#### continue in do while evaluates the condition
awk 'BEGIN { i = 0; do { i++; if (i < 3) continue; print i } while (i < 5) }'
## stdout:
3
4
5
## status: 0

#### next inside a function is allowed from a rule
printf 'a\nb\n' | awk 'function skip() { next } NR == 1 { skip() } { print }'
## stdout:
b
## status: 0

#### deep recursion is fine
awk 'function f(n) { return n == 0 ? 0 : 1 + f(n - 1) } BEGIN { print f(500) }'
## stdout:
500
## status: 0

#### uninitialized loop bound
awk 'BEGIN { for (i = 0; i < n; i++) print i; print "done" }'
## stdout:
done
## status: 0

#### getline updates NR in a loop
printf '1\n2\n3\n4\n' | awk 'NR == 1 { while ((getline) > 0) s += $1; print s, NR }'
## stdout:
9 4
## status: 0
