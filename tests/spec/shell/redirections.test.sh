# Redirections and file descriptors: > >> < 2>&1 >&2 &> n>&m n<&- {var}>,
# /dev/null, /dev/stdout, /dev/stderr, redirect order. Files are created
# only in the case's own working directory.

#### stdout to file and back
echo hello > out.txt; cat out.txt
## stdout:
hello
## status: 0

#### append
echo 1 > f; echo 2 >> f; cat f
## stdout:
1
2
## status: 0

#### truncate on overwrite
echo long-line > f; echo s > f; cat f
## stdout:
s
## status: 0

#### input redirection
printf 'a\nb\n' > f; wc -l < f
## stdout:
2
## status: 0

#### stderr to stdout
{ echo out; echo err >&2; } 2>&1
## stdout:
out
err
## status: 0

#### stderr discarded
{ echo out; echo err >&2; } 2>/dev/null
## stdout:
out
## status: 0

#### stdout discarded keeps stderr order
{ echo out; echo err >&2; } 2>&1 >/dev/null
## stdout:
err
## status: 0

#### redirect order matters
{ echo err >&2; } >/dev/null 2>&1; echo "---"; { echo err >&2; } 2>&1 >/dev/null
## stdout:
---
err
## status: 0

#### ampersand greater redirects both
{ echo out; echo err >&2; } &> f; cat f
## stdout:
out
err
## status: 0

#### ampersand append redirects both
echo first > f; { echo o; echo e >&2; } &>> f; cat f
## stdout:
first
o
e
## status: 0

#### dev stdout and dev stderr
echo to-stdout > /dev/stdout; echo to-stderr > /dev/stderr 2>/dev/null; { echo e > /dev/stderr; } 2>&1
## stdout:
to-stdout
e
## status: 0

#### dev null as input
cat < /dev/null; echo "status $?"
## stdout:
status 0
## status: 0

#### duplicate fd 3 to stdout
exec 3>&1; echo via3 >&3; exec 3>&-
## stdout:
via3
## status: 0

#### open fd for writing to file
exec 4> f; echo line1 >&4; echo line2 >&4; exec 4>&-; cat f
## stdout:
line1
line2
## status: 0

#### open fd for reading
printf 'x\ny\n' > f; exec 5< f; read -r a <&5; read -r b <&5; exec 5<&-; echo $a $b
## stdout:
x y
## status: 0

#### closing stdout makes echo fail
(echo hi >&-) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### redirect to a variable fd
exec {fd}> f; echo "got fd" >&$fd; exec {fd}>&-; cat f; [ "$fd" -ge 10 ] && echo fd-ge-10
## stdout:
got fd
fd-ge-10
## status: 0

#### redirection on compound command
{ echo a; echo b; } > f; cat f
## stdout:
a
b
## status: 0

#### redirection on loop
for i in 1 2; do echo $i; done > f; cat f
## stdout:
1
2
## status: 0

#### redirection on if
if true; then echo yes; fi > f; cat f
## stdout:
yes
## status: 0

#### input redirection on while
printf '1\n2\n' > f; while read -r n; do echo "n=$n"; done < f
## stdout:
n=1
n=2
## status: 0

#### multiple output redirections last wins
echo x > a > b; echo "a=[$(cat a)] b=[$(cat b)]"
## stdout:
a=[] b=[x]
## status: 0

#### redirection before command
> f echo front; cat f
## stdout:
front
## status: 0

#### redirection with no command truncates
echo data > f; > f; wc -c < f
## stdout:
0
## status: 0

#### noclobber prevents overwrite
echo 1 > f; set -C; (echo 2 > f) 2>/dev/null; echo "status $?"; cat f; echo 3 >| f; cat f
## stdout:
status 1
1
3
## status: 0

#### input from missing file fails the command
cat < missing 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### redirection failure skips the command
echo never > /nonexistent/dir/f 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### read and write fd
echo hello > f; exec 3<> f; read -r l <&3; echo $l; exec 3>&-
## stdout:
hello
## status: 0

#### here-string to fd
read -r x 0<<< 'zero'; echo $x
## stdout:
zero
## status: 0

#### stderr of builtin error redirected
cd /nonexistent-dir 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### redirect stdout of function call
f() { echo inside; }; f > f.txt; cat f.txt
## stdout:
inside
## status: 0

#### redirect applies to all of a pipeline stage
{ echo a; echo b >&2; } 2>&1 | sort -r
## stdout:
b
a
## status: 0

#### duplicate closed fd is an error
echo x >&7 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### exec without command changes shell fds permanently
exec 2>/dev/null; echo err >&2; echo visible
## stdout:
visible
## status: 0

#### save and restore stdout
exec 3>&1 >f; echo to-file; exec 1>&3 3>&-; echo to-stdout; cat f
## stdout:
to-stdout
to-file
## status: 0

#### move fd with dash
exec 3>f; exec 4>&3-; echo moved >&4; exec 4>&-; cat f
## stdout:
moved
## status: 0

#### redirect in command substitution
x=$(echo err >&2 2>&1); echo "[$x]"; y=$( { echo err >&2; } 2>&1 ); echo "[$y]"
## stdout:
[]
[err]
## status: 0

#### pipe stderr only
{ echo out; echo err >&2; } 2>&1 >/dev/null | tr a-z A-Z
## stdout:
ERR
## status: 0

#### word expansion in redirection target
name=file; echo x > "$name.txt"; cat file.txt
## stdout:
x
## status: 0

#### ambiguous redirect
v='a b'; echo x > $v 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### redirect to empty name
e=; echo x > "$e" 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### cat of file written in same pipeline order
echo content > f; cat f f
## stdout:
content
content
## status: 0

#### dev null write and read
echo gone > /dev/null; cat /dev/null | wc -c
## stdout:
0
## status: 0

#### redirect within subshell does not leak
( exec > f; echo in-sub ); echo outside; cat f
## stdout:
outside
in-sub
## status: 0

#### here-doc and output redirection together
cat <<END > f
doc
END
cat f
## stdout:
doc
## status: 0

#### append to missing file creates it
echo new >> created; cat created
## stdout:
new
## status: 0

#### fd number after command word
echo a 2>&1 1>/dev/null; echo b
## stdout:
b
## status: 0

#### greater-ampersand with file name
echo both >& f; cat f
## stdout:
both
## status: 0

#### read from closed stdin
read -r x <&- 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### exec fd and read in loop
printf 'l1\nl2\nl3\n' > f; exec 6< f; while read -r -u 6 l; do echo "[$l]"; done; exec 6<&-
## stdout:
[l1]
[l2]
[l3]
## status: 0

#### read-write descriptor shares one offset
printf '12345\n' > g; exec 4<>g; echo ab >&4; read -r l <&4; echo "[$l]"; echo zz >&4; exec 4>&-; cat g
## stdout:
[45]
ab
45
zz
## status: 0

#### read-write redirection does not truncate and creates
printf 'abc\n' > f; cat <> f; echo new <> h; cat h; echo "[$(cat h)]"
## stdout:
abc
new
[]
## status: 0
