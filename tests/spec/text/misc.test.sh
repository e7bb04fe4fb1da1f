# yes, sleep, timeout, env, cat and pipelines that combine the utilities.
# Expected values recorded from the real programs by `spec bless`.

#### yes default
yes | head -n 3
## stdout:
y
y
y
## status: 0

#### yes string
yes ab cd | head -n 2
## stdout:
ab cd
ab cd
## status: 0

#### yes pipestatus
yes | head -n 1 >/dev/null; echo ${PIPESTATUS[0]}
## stdout:
141
## status: 0

#### sleep zero
sleep 0; echo $?
## stdout:
0
## status: 0

#### sleep fraction and suffix
sleep 0.01 0.001s; echo $?
## stdout:
0
## status: 0

#### sleep invalid status
sleep x 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### timeout success
timeout 5 echo ok; echo $?
## stdout:
ok
0
## status: 0

#### timeout expires
timeout 0.1 sleep 3; echo $?
## stdout:
124
## status: 0

#### timeout command status
timeout 5 false; echo $?
## stdout:
1
## status: 0

#### timeout missing command
timeout 5 2>/dev/null; echo $?
## stdout:
125
## status: 0

#### timeout invalid duration
timeout x echo 2>/dev/null; echo $?
## stdout:
125
## status: 0

#### timeout preserve status
timeout --preserve-status 0.1 sleep 3; echo $?
## stdout:
143
## status: 0

#### env runs command with variable
env FOO=bar sh_var_test=1 printf '%s\n' ok
## stdout:
ok
## status: 0

#### env with assignment sees exported
export ZED=1; env | grep '^ZED='
## stdout:
ZED=1
## status: 0

#### env assignment listed
env -i A=1 B=2
## stdout:
A=1
B=2
## status: 0

#### cat stdin
printf 'a\nb\n' | cat
## stdout:
a
b
## status: 0

#### cat files
printf 'x\n' > a; printf 'y\n' > b; cat a - b <<< 'mid'
## stdout:
x
mid
y
## status: 0

#### cat number
printf 'a\n\nb\n' | cat -n
## stdout:
     1	a
     2	
     3	b
## status: 0

#### cat number nonblank
printf 'a\n\nb\n' | cat -b
## stdout:
     1	a

     2	b
## status: 0

#### cat squeeze
printf 'a\n\n\n\nb\n' | cat -s
## stdout:
a

b
## status: 0

#### cat show all
printf 'a\tb\001\n' | cat -A
## stdout:
a^Ib^A$
## status: 0

#### cat show ends
printf 'a \n' | cat -E
## stdout:
a $
## status: 0

#### cat missing file
cat nosuch 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### pipeline top words
printf 'b a c a b a\n' | tr ' ' '\n' | sort | uniq -c | sort -rn | head -n 2
## stdout:
      3 a
      2 b
## status: 0

#### pipeline csv sum
printf 'x,1\ny,2\nz,3\n' | cut -d, -f2 | paste -sd+ | tr -d '\n' | wc -c
## stdout:
5
## status: 0

#### pipeline numbered reverse
seq 3 | tac | nl -w1 -s:
## stdout:
1:3
2:2
3:1
## status: 0

#### pipeline fold and wc
printf '%050d\n' 0 | fold -w 7 | wc -l
## stdout:
8
## status: 0

#### pipeline rev sort
printf 'cba\nfed\n' | rev | sort -r
## stdout:
def
abc
## status: 0

#### pipeline base64 tr
echo hello | base64 | tr a-z A-Z
## stdout:
AGVSBG8K
## status: 0

#### printenv prints exported variables only
export A=1 B='x y'; C=3
printenv A B; echo "s=$?"
printenv A C; echo "s=$?"
printenv 'A=1'; echo "s=$?"
printenv -0 A | tr '\0' '|'; echo
printenv | grep -c '^B=x y$'
## stdout:
1
x y
s=0
1
s=1
s=1
1|
1
## status: 0

#### nproc counts one processing unit
nproc; nproc --all; nproc --ignore=1
nproc --ignore=x; echo "s=$?"
## stdout:
2
2
1
s=1
## status: 0
## divergence: the sandbox does not show the host's processor count, so nproc prints 1 (scripts size `xargs -P` or background jobs by it, and one is always safe); the host here prints 2

#### cat -n continues an unterminated line into the next file
printf a > x; printf 'b\nc\n' > y
cat -n x y
## stdout:
     1	ab
     2	c
## status: 0

#### cat -b continues an unterminated line into the next file
printf a > x; printf '\nb\n\nc' > y
cat -b x y x y
## stdout-no-eol:
     1	a
     2	b

     3	ca
     4	b

     5	c
## status: 0

#### cat -s squeezes blank lines across files
printf '\n\n' > e; printf a > x
cat -s e e x e e
## stdout:

a

## status: 0

#### cat -sn across files with unterminated lines
printf q > q; printf '\n' > n1; printf '\n\n' > e
cat -sn q n1 n1 e q
## stdout-no-eol:
     1	q
     2	
     3	q
## status: 0

#### cat -E and -A across an unterminated line
printf 'a\tb' > x; printf '\nc\n' > y
cat -E x y; cat -A x y x
## stdout-no-eol:
a	b$
c$
a^Ib$
c$
a^Ib
## status: 0

#### cat -bE blank lines after a continued line
printf 'a' > x; printf '\n\n\nz\n' > y
cat -bE x y; cat -nsE x y
## stdout:
     1	a$
$
$
     2	z$
     1	a$
     2	$
     3	z$
## status: 0
