/dev/zero and /dev/urandom: endless character devices read as streams
(NUL bytes; random bytes), by file operands of streaming utilities and by
redirection; writes to them are discarded.

#### head -c reads /dev/zero as NUL bytes
head -c 16 /dev/zero | base64
head -c 3 /dev/zero | tr '\0' z; echo
head -c 100000 /dev/zero | wc -c
head -c 100000 /dev/zero | tr -d '\0' | wc -c
## stdout:
AAAAAAAAAAAAAAAAAAAAAA==
zzz
100000
0
## status: 0

#### head -c reads /dev/urandom
head -c 4 /dev/urandom | wc -c
head -c 70000 /dev/urandom | wc -c
a=$(head -c 16 /dev/urandom | base64)
b=$(head -c 16 /dev/urandom | base64)
[ "$a" != "$b" ] && echo "two reads differ"
## stdout:
4
70000
two reads differ
## status: 0

#### redirection from /dev/zero and /dev/urandom
head -c 5 < /dev/zero | tr '\0' 0; echo
head -c 7 < /dev/urandom | wc -c
## stdout:
00000
7
## status: 0

#### cat /dev/zero into a pipe ends when the reader has enough
cat /dev/zero | head -c 10 | wc -c
cat /dev/urandom | head -c 10 | wc -c
## stdout:
10
10
## status: 0

#### the devices are character devices
test -c /dev/zero && echo "zero: char device"
test -c /dev/urandom && echo "urandom: char device"
test -e /dev/zero && echo "zero: exists"
test -f /dev/zero || echo "zero: not a regular file"
## stdout:
zero: char device
urandom: char device
zero: exists
zero: not a regular file
## status: 0

#### writes to /dev/zero and /dev/urandom are discarded
echo x > /dev/zero; echo "st=$?"
echo y >> /dev/urandom; echo "st=$?"
echo z | tee /dev/zero
head -c 2 /dev/zero | wc -c
## stdout:
st=0
st=0
z
2
## status: 0
