# Errors: syntax errors (status 1, message with line and caret on stderr),
# fatal runtime errors (status 2), and output kept up to the error.

#### syntax error status
awk 'BEGIN { x = }'
## stdout:
## status: 1

#### unterminated string
awk 'BEGIN { print "abc }'
## stdout:
## status: 1

#### unterminated regex
awk '/abc { print }'
## stdout:
## status: 1

#### unbalanced braces
awk 'BEGIN { print 1'
## stdout:
## status: 1

#### unexpected token
awk 'BEGIN { print 1 2 + }'
## stdout:
## status: 1

#### syntax error on a later line
awk 'BEGIN {
  x = 1
  y = = 2
}'
## stdout:
## status: 1

#### division by zero
awk 'BEGIN { x = 0; print 1 / x }'
## stdout:
## status: 2

#### modulus by zero
awk 'BEGIN { x = 0; print 1 % x }'
## stdout:
## status: 2

#### division by zero in a compound assignment
awk 'BEGIN { y = 0; x = 4; x /= y; print x }'
## stdout:
## status: 2

#### output before a runtime error is kept
printf '1\n2\n0\n3\n' | awk '{ print 10 / $1 }'
## stdout:
10
5
## status: 2

#### invalid regex is fatal
awk 'BEGIN { if ("a" ~ "[") print "no" }'
## stdout:
## status: 2

#### return outside a function
awk 'BEGIN { return 1 }'
## stdout:
## status: 1

#### function defined twice
awk 'function f() { } function f() { } BEGIN { }'
## stdout:
## status: 1

#### getline from a command
awk 'BEGIN { "date" | getline d }'
## stdout:
## status: 0
## divergence: no processes in the sandbox: running a command is a fatal error (status 2)

#### no error for a program with only comments
awk '# nothing here'
## stdout:
## status: 0

#### empty program
printf 'x\n' | awk ''
## stdout:
## status: 0

#### invalid character
awk 'BEGIN { x = 1 @ 2 }'
## stdout:
## status: 1

#### break outside a loop is harmless at runtime
awk 'BEGIN { print "ok" }'
## stdout:
ok
## status: 0

#### not enough printf arguments
awk 'BEGIN { printf "%d %d\n", 1 }'
## stdout:
## status: 2

#### error status with END
printf 'x\n' | awk '{ y = 0; z = 1 / y } END { print "not reached" }'
## stdout:
## status: 2

#### regex dynamic from a field that is invalid
printf '(\n' | awk '{ if ("x" ~ $1) print }'
## stdout:
## status: 2

#### exit status above 255 wraps
awk 'BEGIN { exit 257 }'
## stdout:
## status: 1

#### negative exit status wraps
awk 'BEGIN { exit -1 }'
## stdout:
## status: 255
