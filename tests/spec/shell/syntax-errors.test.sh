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
