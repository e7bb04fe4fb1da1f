# Process substitution (bash manual 3.5.6): <(list) and >(list) expand to
# /dev/fd/N paths that commands read or write. In toolsh a <(list) runs
# before the command and a >(list) after it (no concurrency); the cases
# here do not depend on the interleaving.

#### cat reads a substitution
cat <(echo x)
## stdout:
x
## status: 0

#### the word expands to a /dev/fd path
echo <(true)
## stdout:
/dev/fd/63
## status: 0

#### several substitutions count down from 63
echo <(true) <(true) >(true)
## stdout:
/dev/fd/63 /dev/fd/62 /dev/fd/61
## status: 0

#### quoted it is literal text, inside a word it is expanded
echo "<(true)" '>(x)' a<(true)b
## stdout:
<(true) >(x) a/dev/fd/63b
## status: 0

#### while read loop from a substitution
while read -r l; do echo "got $l"; done < <(printf 'a\nb\n')
## stdout:
got a
got b
## status: 0

#### a loop fed by a substitution runs in the current shell
n=0; while read -r l; do n=$((n+1)); last=$l; done < <(printf 'a\nb\nc\n'); echo "$n $last"
## stdout:
3 c
## status: 0

#### mapfile from a substitution
mapfile -t arr < <(printf '%s\n' one two three); echo "${#arr[@]} ${arr[1]}"
## stdout:
3 two
## status: 0

#### diff of two sorted files
printf 'b\na\nc\n' > a; printf 'c\na\nd\n' > b; diff <(sort a) <(sort b); echo "status $?"
## stdout:
2d1
< b
3a3
> d
status 1
## status: 0

#### comm of two substitutions
comm -12 <(printf '%s\n' a b c) <(printf '%s\n' b c d)
## stdout:
b
c
## status: 0

#### paste of two substitutions
paste <(printf '%s\n' a b) <(printf '%s\n' 1 2)
## stdout:
a	1
b	2
## status: 0

#### file operand wins over redirected stdin
cat < <(echo a) <(echo b)
## stdout:
b
## status: 0

#### nested substitutions
cat <(cat <(echo inner) <(echo second))
## stdout:
inner
second
## status: 0

#### the list runs in a subshell
x=1; cat <(x=5; echo "in $x"); echo "out $x"
## stdout:
in 5
out 1
## status: 0

#### the status is the outer command's
cat <(exit 3); echo $?; false < <(echo x); echo $?
## stdout:
0
1
## status: 0

#### $? inside the list
false; cat <(echo "before $?"; false; echo "after $?")
## stdout:
before 1
after 1
## status: 0

#### in a for loop each command gets the descriptor again
for i in 1 2 3; do cat <(echo "n$i"); echo <(true); done
## stdout:
n1
/dev/fd/63
n2
/dev/fd/63
n3
/dev/fd/63
## status: 0

#### a function reads its argument
f() { while read -r l; do echo "[$l]"; done < "$1"; }; f <(printf 'a\nb\n')
## stdout:
[a]
[b]
## status: 0

#### a substitution reads like a pipe: once
f() { cat "$1"; cat "$1"; echo end; }; f <(echo once)
## stdout:
once
end
## status: 0

#### assignment keeps the path but the descriptor is closed after
x=<(echo a); echo "$x"
## stdout:
/dev/fd/63
## status: 0

#### inside a command substitution the next number is used
echo <(true) "$(echo <(true))"
## stdout:
/dev/fd/63 /dev/fd/62
## status: 0

#### command substitution of a substitution
s=$(cat <(echo sub)); echo "[$s]"
## stdout:
[sub]
## status: 0

#### exec keeps a duplicate of the descriptor
exec 3< <(printf 'l1\nl2\n'); read -r a <&3; read -r b <&3; exec 3<&-; echo "$a $b"
## stdout:
l1 l2
## status: 0

#### set -e applies inside the list
set -e; cat <(echo start; false; echo after); echo "st=$?"
## stdout:
start
st=0
## status: 0

#### set -e stops on the failing outer command
set -e; diff <(echo a) <(echo b) > /dev/null; echo not reached
## stdout:
## status: 1

#### write substitution gets what the command wrote
echo hi > >(sed s/h/H/); wait $!; echo after
## stdout:
Hi
after
## status: 0

#### tee into a counting substitution
tee >(wc -l) > /dev/null <<< $'x\ny'; wait $!; echo done
## stdout:
2
done
## status: 0

#### tee into a substitution that writes a file
tee >(sort > sorted) > copy <<< $'b\na'; wait $!; cat copy sorted
## stdout:
b
a
a
b
## status: 0

#### grep with patterns from a substitution
printf '%s\n' apple banana cherry > fruits; grep -f <(printf 'an\nch\n') fruits
## stdout:
banana
cherry
## status: 0

#### wc and sort of a substitution
wc -l < <(printf '1\n2\n3\n'); sort -r <(printf '1\n3\n2\n')
## stdout:
3
3
2
1
## status: 0

#### stderr into a substitution
{ echo out; echo err >&2; } 2> >(sed 's/^/E:/'); wait $!
## stdout:
out
E:err
## status: 0

#### source from a substitution
source <(echo 'v=7; g() { echo "g $v"; }'); g
## stdout:
g 7
## status: 0

#### file tests on a substitution
for op in -e -f -d -s -r -w -x -p -L; do if [ $op <(echo a) ]; then echo "$op yes"; else echo "$op no"; fi; done; [[ -p <(true) ]] && echo cond
## stdout:
-e yes
-f no
-d no
-s no
-r yes
-w yes
-x no
-p yes
-L yes
cond
## status: 0

#### utilities that open file operands
head -n 1 <(printf 'a\nb\n'); sort -u <(echo b) <(echo a); awk '{print "awk " $0}' <(echo x); sed -n 's/^/sed /p' <(echo y); wc -l <(echo a)
## stdout:
a
a
b
awk x
sed y
1 /dev/fd/63
## status: 0

#### join and jq slurpfile read substitutions
join <(printf '1 a\n2 b\n') <(printf '1 c\n2 d\n'); jq -c -n --slurpfile x <(echo '1 2') '$x'
## stdout:
1 a c
2 b d
[1,2]
## status: 0

#### $! names a read substitution
cat <(echo hi); echo "[${!:+set}]"
## stdout:
hi
[set]
## status: 0

#### wait $! gives a read substitution's status
cat <(exit 3); wait $!; echo "wait: $?"
## stdout:
wait: 3
## status: 0

#### each read substitution gets its own $!
cat <(echo x) > /dev/null; a=$!; cat <(echo y) > /dev/null
[ -n "$a" ] && [ "$a" != "$!" ] && echo differs
## stdout:
differs
## status: 0

#### $BASHPID in a read substitution is its $!
cat <(echo $BASHPID) > out; [ "$(cat out)" = "$!" ] && echo same
## stdout:
same
## status: 0

#### $! set inside a command substitution stays there
x=$(cat <(echo y); echo "${!:+in}"); echo "$x" "[${!:+set}]"
## stdout:
y
in []
## status: 0
