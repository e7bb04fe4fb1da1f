/dev/null and the standard-stream names as file operands of utilities
(read: /dev/null is empty, /dev/stdin the command's standard input;
write: /dev/null discards, /dev/stdout and /dev/stderr are the streams).

#### /dev/null reads as empty
cat /dev/null; echo "cat:$?"
wc -c /dev/null
cat /dev/null /dev/null | wc -c
head -n 1 /dev/null; echo "head:$?"
sort /dev/null; echo "sort:$?"
## stdout:
cat:0
0 /dev/null
0
head:0
sort:0
## status: 0

#### /dev/stdin is the command's standard input
echo x | cat /dev/stdin
echo x | grep x /dev/stdin
printf 'b\na\n' | sort /dev/stdin
printf 'l1\nl2\n' | head -n1 /dev/stdin
echo y | sed p /dev/stdin
echo 1 2 | awk '{print $2}' /dev/stdin
echo x | wc -l /dev/stdin
cat /dev/null /dev/stdin <<< here
echo x | cat - /dev/stdin
## stdout:
x
x
a
b
l1
y
y
2
1 /dev/stdin
here
x
## status: 0

#### jq reads /dev/stdin
echo '{"a":1}' | jq -c . /dev/stdin
## stdout:
{"a":1}
## status: 0

#### tee writes /dev/stdout, /dev/stderr and /dev/null
echo x | tee /dev/stdout | cat
echo y | tee /dev/stderr /dev/null 2>&1 | sort
echo z | tee -a /dev/null
## stdout:
x
x
y
y
z
## status: 0

#### file tests on the device names
[ -e /dev/null ] && echo e-yes
test -c /dev/null && echo c-yes
[ -f /dev/null ] || echo not-f
[ -d /dev/null ] || echo not-d
[ -s /dev/null ] || echo empty
[ -e /dev/stdin ] && echo stdin-e
[[ -c /dev/null ]] && echo cond-c
## stdout:
e-yes
c-yes
not-f
not-d
empty
stdin-e
cond-c
## status: 0

#### cp and diff with /dev/null
cp /dev/null f; echo "cp:$?"; wc -c f
echo hi > g; diff g /dev/null; echo "diff:$?"
diff /dev/null /dev/null; echo "same:$?"
cp g /dev/null; echo "cp-to-null:$?"
ls f g
## stdout:
cp:0
0 f
1d0
< hi
diff:1
same:0
cp-to-null:0
f
g
## status: 0

#### a path below a device is not a directory
echo x > /dev/null/x; echo "redir:$?"
echo x 2>&1 > /dev/null/x | sed 's/.*: //'
cat /dev/null/x; echo "cat:$?"
cat /dev/zero/x 2>&1 | sed 's/.*: //'
mkdir /dev/null/d 2>/dev/null; echo "mkdir:$?"
[ -e /dev/null/x ] || echo "no /dev/null/x"
## stdout:
redir:1
Not a directory
cat:1
Not a directory
mkdir:1
no /dev/null/x
## status: 0

#### /dev and /dev/fd list the devices
ls /dev | grep -x -e null -e zero -e urandom -e stdin -e stdout -e stderr -e fd
ls /dev/fd | grep -x -e 0 -e 1 -e 2
[ -d /dev/fd ] && echo "fd is a directory"
## stdout:
fd
null
stderr
stdin
stdout
urandom
zero
0
1
2
fd is a directory
## status: 0

#### a redirection names a stream in any spelling the kernel resolves
echo c > /dev/./stdout
echo d > /dev//stdout
echo e > /tmp/../dev/stdout
echo g >& /dev/./stdout
echo h 2> /dev//stdout >&2
echo i 2> /dev/./stderr >&2 2>&1
echo j > /dev/fd/./1
## stdout:
c
d
e
g
h
j
## status: 0

#### a relative redirection target from /dev
cd /dev
echo b > ./stdout
echo f > fd/1
echo i > stderr 2>&1
echo j > ./null
echo k > ../dev/stdout
cd /
echo l > dev/stdout
## stdout:
b
f
k
l
## status: 0

#### reading the standard input through other spellings
echo r1 | cat < /dev/./stdin
cd /dev
echo r2 | cat < ./stdin
echo r3 | cat < fd/0
echo r4 | cat ./stdin
echo r5 | cat /dev/./stdin
echo r6 | cat fd/0 -
head -c 3 ./zero | wc -c
cat ./null; echo "null:$?"
## stdout:
r1
r2
r3
r4
r5
r6
3
null:0
## status: 0

#### a process substitution's descriptor through other spellings
exec 4< <(echo p1)
cat < /dev/./fd/4
cd /dev
exec 5< <(echo p2)
cat < fd/5
cat /dev//fd/0 < <(echo p3)
## stdout:
p1
p2
p3
## status: 0

#### a descriptor opened on /dev/stdin is the standard input
{
  exec 3< /dev/stdin
  read -r a <&3
  echo "got $a"
  exec 3<&-
  read -r b < /dev/./stdin
  echo "then $b"
} <<< $'hello\nworld'
## stdout:
got hello
then world
## status: 0
