# A script with a syntax error: bash reads and runs it a command at a time,
# so the whole commands on the lines before the error run first; then the
# error is reported and the script ends with status 2.

#### an if never closed: the lines before it run
echo one
if true; then
  echo never
## stdout:
one
## status: 2

#### an unexpected fi: the line before it runs
echo one
fi
echo two
## stdout:
one
## status: 2

#### a quote never closed
echo one
echo "unterminated
## stdout:
one
## status: 2

#### a command before the error on the same line does not run
echo one; fi
echo two
## stdout:
## status: 2

#### complete loops before an unclosed one run
echo one
for i in 1 2; do
  echo $i
done
while true; do
  echo x
## stdout:
one
1
2
## status: 2

#### the line holding the unclosed command does not run
echo one
echo two; if true; then
## stdout:
one
## status: 2

#### a group before an unclosed case runs
echo one
{ echo two
}
case x in
## stdout:
one
two
## status: 2

#### source runs the commands before the error, then returns 2
printf 'echo one\nif true; then\n' > s.sh
source ./s.sh
echo "after $?"
## stdout:
one
after 2
## status: 0

#### an unterminated compound assignment at end of file
echo before
x=(1 2
## stdout:
before
## status: 1

#### an unterminated quote at end of file after a failure
echo before
false
echo 'abc
## stdout:
before
## status: 1

#### an unterminated quote at end of file after a success
echo before
echo 'abc
## stdout:
before
## status: 2

#### an unterminated double quote at end of file
true
echo "abc
## stdout:
## status: 2

#### an unterminated command substitution after a failure
false
echo $(echo a
## stdout:
## status: 2

#### an unterminated subshell after a failure
false
( echo a
## stdout:
## status: 2

#### an unterminated brace group after a failure
false
{ echo a
## stdout:
## status: 2

#### an unterminated case after a failure
false
case a in
## stdout:
## status: 2

#### an unterminated for loop after a failure
false
for i in 1; do echo $i
## stdout:
## status: 2

#### an unterminated arithmetic expansion
echo before
echo $((1 +
## stdout:
before
## status: 2

#### an unterminated arithmetic expansion after a failure
(exit 5)
echo $((1 +
## stdout:
## status: 5

#### a quote left open inside an unterminated compound assignment
(exit 5)
x=(a b 'c
## stdout:
## status: 1

#### an unterminated compound assignment in an if
false
if true; then a[1]+=(1 $(echo
## stdout:
## status: 1

#### a quote left open inside a command substitution
(exit 3)
echo $(echo 'a
## stdout:
## status: 3

#### an unterminated command substitution after a success
true
echo $(echo a
## stdout:
## status: 2

#### [[ left open at the end of the script after a success
true
[[ a
## stdout:
## status: 2

#### [[ left open at the end of the script after a failure
false
[[ -f
## stdout:
## status: 1

#### [[ with a dangling && at the end of the script
echo before
[[ a &&
## stdout:
before
## status: 2

#### [[ a with more commands after it keeps the status
true
[[ a
echo x
## stdout:
## status: 0
