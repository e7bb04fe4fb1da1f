# getline in its sandbox forms, output redirection, close, fflush,
# /dev/stdout and /dev/stderr.

#### plain getline reads the next record
printf '1\n2\n3\n' | awk 'NR == 1 { getline; print "now", $0, NR }'
## stdout:
now 2 2
## status: 0

#### getline var leaves $0 alone
printf 'a\nb\n' | awk 'NR == 1 { getline nxt; print $0, nxt, NR }'
## stdout:
a b 2
## status: 0

#### getline returns 0 at end of input
printf 'only\n' | awk '{ r = getline; print r, $0 }'
## stdout:
0 only
## status: 0

#### getline from a file
printf 'l1\nl2\n' > f
awk 'BEGIN { while ((getline line < "f") > 0) print "got", line }'
## stdout:
got l1
got l2
## status: 0

#### getline from a file sets $0 and NF but not NR
printf 'a b c\n' > f
awk 'BEGIN { getline < "f"; print NF, $2, NR }'
## stdout:
3 b 0
## status: 0

#### getline from a missing file returns -1
awk 'BEGIN { print (getline line < "nosuch") }'
## stdout:
-1
## status: 0

#### getline file reads sequentially across calls
printf '1\n2\n3\n' > f
awk 'BEGIN { getline a < "f"; getline b < "f"; print a, b }'
## stdout:
1 2
## status: 0

#### close restarts a file
printf '1\n2\n' > f
awk 'BEGIN { getline a < "f"; close("f"); getline b < "f"; print a, b }'
## stdout:
1 1
## status: 0

#### getline in BEGIN reads the main input
printf 'first\nsecond\n' | awk 'BEGIN { getline; print "begin:", $0 } { print "main:", $0 }'
## stdout:
begin: first
main: second
## status: 0

#### print to a file
awk 'BEGIN { print "hello" > "out"; print "world" > "out" }'
cat out
## stdout:
hello
world
## status: 0

#### print appends with >>
printf 'old\n' > out
awk 'BEGIN { print "new" >> "out" }'
cat out
## stdout:
old
new
## status: 0

#### > truncates only on first open
printf 'old\n' > out
awk 'BEGIN { print "a" > "out"; print "b" > "out"; close("out"); print "c" >> "out" }'
cat out
## stdout:
a
b
c
## status: 0

#### close then > truncates again
awk 'BEGIN { print "a" > "out"; close("out"); print "b" > "out" }'
cat out
## stdout:
b
## status: 0

#### output file name from an expression
awk 'BEGIN { for (i = 1; i <= 2; i++) print "line" i > ("file" i ".txt") }'
cat file1.txt file2.txt
## stdout:
line1
line2
## status: 0

#### split records into files by key
printf 'a 1\nb 2\na 3\n' | awk '{ print $2 > ($1 ".out") }'
cat a.out b.out
## stdout:
1
3
2
## status: 0

#### print to /dev/stdout
awk 'BEGIN { print "to stdout" > "/dev/stdout" }'
## stdout:
to stdout
## status: 0

#### print to /dev/stderr is not on stdout
awk 'BEGIN { print "err" > "/dev/stderr"; print "out" }'
## stdout:
out
## status: 0

#### printf to a file
awk 'BEGIN { printf "%d-%d\n", 1, 2 > "out" }'
cat out
## stdout:
1-2
## status: 0

#### close returns 0 for an open file and -1 otherwise
awk 'BEGIN { print "x" > "out"; print close("out"), close("never") }'
## stdout:
0 -1
## status: 0

#### fflush returns 0
awk 'BEGIN { print "a"; print fflush(), fflush("/dev/stdout") }'
## stdout:
a
0 0
## status: 0

#### reading back a file written in the same program
awk 'BEGIN { print "data" > "tmp"; close("tmp"); getline x < "tmp"; print "read", x }'
## stdout:
read data
## status: 0

#### print > with parenthesized list
awk 'BEGIN { print("a", "b") > "out" }'
cat out
## stdout:
a b
## status: 0

#### print with comparison in parentheses
awk 'BEGIN { print (2 > 1) }'
## stdout:
1
## status: 0

#### getline var from a file in a while loop counts lines
printf 'a\nb\nc\n' > f
awk 'BEGIN { n = 0; while ((getline l < "f") > 0) n++; close("f"); print n }'
## stdout:
3
## status: 0

#### getline with a concatenated file name needs parentheses
printf 'x\n' > data.txt
awk 'BEGIN { name = "data"; getline line < (name ".txt"); print line }'
## stdout:
x
## status: 0

#### system is not available
awk 'BEGIN { system("echo hi") }'
## stdout:
hi
## status: 0
## divergence: no processes in the sandbox: running a command is a fatal error (status 2)

#### print to a command is not available
awk 'BEGIN { print "x" | "cat" }'
## stdout:
x
## status: 0
## divergence: no processes in the sandbox: running a command is a fatal error (status 2)

#### command getline is not available
awk 'BEGIN { "echo hi" | getline x; print x }'
## stdout:
hi
## status: 0
## divergence: no processes in the sandbox: running a command is a fatal error (status 2)

#### getline var updates NR and FNR
printf 'a\nb\nc\n' | awk 'NR == 1 { getline v; print NR, FNR, v }'
## stdout:
2 2 b
## status: 0

#### output written before a fatal error is kept
awk 'BEGIN { print "before"; x = 0; print 1 / x; print "after" }'
## stdout:
before
## status: 2
