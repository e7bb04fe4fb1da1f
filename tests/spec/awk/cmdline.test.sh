# The command line: -F, -v (escape processing), -f progfile, --, operand
# assignments, ARGV/ARGC, ENVIRON.

#### -v assignment
awk -v x=5 'BEGIN { print x * 2 }'
## stdout:
10
## status: 0

#### -v escape processing
awk -v 's=a\tb' 'BEGIN { print s }'
## stdout:
a	b
## status: 0

#### -v value is a strnum
awk -v n=10 'BEGIN { print (n > 9) }'
## stdout:
1
## status: 0

#### several -v
awk -v a=1 -v b=2 'BEGIN { print a + b }'
## stdout:
3
## status: 0

#### -v attached
awk -vx=7 'BEGIN { print x }'
## stdout:
7
## status: 0

#### -v sets special variables
printf 'a b\n' | awk -v OFS=: '{ $1 = $1; print }'
## stdout:
a:b
## status: 0

#### -F and -v together
printf 'a,b\n' | awk -F, -v pre='>' '{ print pre $2 }'
## stdout:
>b
## status: 0

#### -f program file
printf 'BEGIN { print "from file" }\n' > prog.awk
awk -f prog.awk
## stdout:
from file
## status: 0

#### -f with input
printf '{ print NR ": " $0 }\n' > prog.awk
printf 'x\ny\n' | awk -f prog.awk
## stdout:
1: x
2: y
## status: 0

#### two -f files share functions
printf 'function f(x) { return x * 3 }\n' > lib.awk
printf 'BEGIN { print f(4) }\n' > main.awk
awk -f lib.awk -f main.awk
## stdout:
12
## status: 0

#### -- ends options
printf 'x\n' | awk -- '{ print "ok", $0 }'
## stdout:
ok x
## status: 0

#### operand assignment between files
printf '1\n' > a; printf '2\n' > b
awk '{ print tag, $0 }' tag=A a tag=B b
## stdout:
A 1
B 2
## status: 0

#### operand assignment before stdin
printf 'x\n' | awk '{ print v, $0 }' v=1
## stdout:
1 x
## status: 0

#### operand assignment applies after BEGIN
printf 'x\n' > f
awk 'BEGIN { print "[" v "]" } { print "[" v "]" }' v=set f
## stdout:
[]
[set]
## status: 0

#### operand assignment processes escapes
printf 'x\n' > f
awk '{ print s }' 's=a\tb' f
## stdout:
a	b
## status: 0

#### ARGV and ARGC
awk 'BEGIN { for (i = 0; i < ARGC; i++) print i, ARGV[i] }' one two
## stdout:
0 awk
1 one
2 two
## status: 0

#### modifying ARGV in BEGIN adds a file
printf 'added\n' > extra
awk 'BEGIN { ARGV[ARGC++] = "extra" } { print }'
## stdout:
added
## status: 0

#### deleting an ARGV element skips it
printf 'a\n' > f1; printf 'b\n' > f2
awk 'BEGIN { delete ARGV[1] } { print }' f1 f2
## stdout:
b
## status: 0

#### ENVIRON reads exported variables
MYVAR=hello awk 'BEGIN { print ENVIRON["MYVAR"] }'
## stdout:
hello
## status: 0

#### ENVIRON missing variable is empty
awk 'BEGIN { print "[" ENVIRON["NO_SUCH_VAR_X"] "]" }'
## stdout:
[]
## status: 0

#### ENVIRON values are strnums
N=10 awk 'BEGIN { print (ENVIRON["N"] > 9) }'
## stdout:
1
## status: 0

#### program from -e is not needed for a simple program
awk 'BEGIN { print "simple" }'
## stdout:
simple
## status: 0

#### invalid -v name is an error
awk -v 1x=2 'BEGIN { print "no" }'
## stdout:
## status: 2

#### missing program is an error
awk
## stdout:
## status: 1

#### unknown option is an error
awk -z 'BEGIN { print 1 }'
## stdout:
## status: 1

#### -F with a regex of spaces
printf 'a  b   c\n' | awk -F' +' '{ print $3 }'
## stdout:
c
## status: 0

#### -F single space means default splitting
printf '  a  b  \n' | awk -F' ' '{ print $1 }'
## stdout:
a
## status: 0

#### -v with an empty value
awk -v x= 'BEGIN { print "[" x "]", length(x) }'
## stdout:
[] 0
## status: 0

#### -f file with a syntax error reports it
printf 'BEGIN { print ( }\n' > bad.awk
awk -f bad.awk
## stdout:
## status: 1

#### missing -f file is an error
awk -f nosuch.awk
## stdout:
## status: 2
