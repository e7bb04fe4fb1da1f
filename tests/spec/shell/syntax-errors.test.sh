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
## divergence: both run `echo before` and report the missing `)`; bash 5.2 exits 1 for an array assignment left open at end of file (whatever ran before), where the structural syntax errors give 2; toolsh exits 2 for every syntax error

#### an unterminated quote at end of file after a failure
echo before
false
echo 'abc
## stdout:
before
## status: 1
## divergence: both run the lines before and report the missing quote; bash 5.2 exits with the previous command's status when it is not 0 (1 here) after an unterminated quote, backquote or `${` at end of file, and 2 when it is 0; toolsh exits 2 for every syntax error

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
