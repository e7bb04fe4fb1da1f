# read: -r, -a, -d, -n, -N, -p, -s, -t, -u, IFS handling, status 1 at EOF
# with the partial line assigned, REPLY.

#### read a line
read -r line <<< 'hello world'; echo "[$line]"
## stdout:
[hello world]
## status: 0

#### read into REPLY
read <<< 'in reply'; echo "[$REPLY]"
## stdout:
[in reply]
## status: 0

#### REPLY keeps leading whitespace
read <<< '  spaced  '; echo "[$REPLY]"
## stdout:
[  spaced  ]
## status: 0

#### named variable trims IFS whitespace
read -r v <<< '  spaced  '; echo "[$v]"
## stdout:
[spaced]
## status: 0

#### multiple variables last gets rest
read -r a b <<< 'one two three four'; echo "[$a] [$b]"
## stdout:
[one] [two three four]
## status: 0

#### fewer fields than variables
read -r a b c <<< 'only'; echo "[$a] [$b] [$c]"
## stdout:
[only] [] []
## status: 0

#### backslash escapes without -r
read v <<< 'a\ b\\c\d'; echo "[$v]"
## stdout:
[a b\cd]
## status: 0

#### backslash newline continuation without -r
printf 'a\\\nb\n' | { read v; echo "[$v]"; }
## stdout:
[ab]
## status: 0

#### -r keeps backslashes
read -r v <<< 'a\tb\\'; echo "[$v]"
## stdout:
[a\tb\\]
## status: 0

#### custom IFS
IFS=, read -r a b c <<< 'x,y,z'; echo "$a $b $c"
## stdout:
x y z
## status: 0

#### IFS with empty fields
IFS=, read -r a b c <<< ',b,'; echo "[$a] [$b] [$c]"
## stdout:
[] [b] []
## status: 0

#### rest keeps separators
IFS=: read -r a b <<< 'a:b:c:d'; echo "[$b]"
## stdout:
[b:c:d]
## status: 0

#### trailing separator on rest field is stripped when single
IFS=: read -r a b <<< 'a:b:'; echo "[$b]"
## stdout:
[b]
## status: 0

#### trailing separators kept when more fields
IFS=: read -r a b <<< 'a:b:c:'; echo "[$b]"
## stdout:
[b:c:]
## status: 0

#### empty IFS keeps whole line
IFS= read -r v <<< '  x  '; echo "[$v]"
## stdout:
[  x  ]
## status: 0

#### read -a
read -r -a arr <<< 'a b  c'; echo ${#arr[@]}; declare -p arr
## stdout:
3
declare -a arr=([0]="a" [1]="b" [2]="c")
## status: 0

#### read -a with IFS
IFS=: read -r -a arr <<< 'a::b'; declare -p arr
## stdout:
declare -a arr=([0]="a" [1]="" [2]="b")
## status: 0

#### read -d delimiter
read -r -d : v <<< 'first:second'; echo "[$v]"
## stdout:
[first]
## status: 0

#### read -d empty reads to NUL
printf 'a\nb\0c' | { read -r -d '' v; echo "[$v]"; }
## stdout:
[a
b]
## status: 0

#### read -n count
read -r -n 3 v <<< 'abcdef'; echo "[$v]"
## stdout:
[abc]
## status: 0

#### read -n stops at newline
printf 'ab\ncd' | { read -r -n 5 v; echo "[$v]"; }
## stdout:
[ab]
## status: 0

#### read -N reads exact count including newline
printf 'ab\ncd' | { read -r -N 4 v; echo "[$v]"; }
## stdout:
[ab
c]
## status: 0

#### read -N ignores IFS trimming
read -r -N 4 v <<< '  ab'; echo "[$v]"
## stdout:
[  ab]
## status: 0

#### status 1 at EOF with partial line
printf 'partial' | { read -r v; echo "status $? [$v]"; }
## stdout:
status 1 [partial]
## status: 0

#### status 1 on empty input
read -r v < /dev/null; echo "status $? [$v]"
## stdout:
status 1 []
## status: 0

#### status 0 when line complete
read -r v <<< 'x'; echo "status $?"
## stdout:
status 0
## status: 0

#### read loop over lines
printf 'a\nb\nc\n' | while read -r l; do echo "<$l>"; done
## stdout:
<a>
<b>
<c>
## status: 0

#### read -u from fd
exec 3<<< 'from three'; read -r -u 3 v; echo "[$v]"; exec 3<&-
## stdout:
[from three]
## status: 0

#### read -p prompt goes to stderr
read -r -p 'prompt: ' v <<< 'answer' 2>/dev/null; echo "[$v]"
## stdout:
[answer]
## status: 0

#### read -s is silent
read -r -s v <<< secret; echo "[$v]"
## stdout:
[secret]
## status: 0

#### read -t 0 checks for input
read -t 0 < /dev/null; echo "status $?"
## stdout:
status 0
## status: 0

#### read with invalid option
read -z v 2>/dev/null <<< x; echo "status $?"
## stdout:
status 2
## status: 0

#### read invalid variable name
read 'bad-name' <<< x 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### read into array element
read -r 'arr[2]' <<< 'elem'; declare -p arr
## stdout:
declare -a arr=([2]="elem")
## status: 0

#### read multiple lines sequentially from group
{ read -r a; read -r b; } <<< $'1\n2'; echo "$a $b"
## stdout:
1 2
## status: 0

#### read field with tab IFS
IFS=$'\t' read -r a b <<< $'x y\tz'; echo "[$a] [$b]"
## stdout:
[x y] [z]
## status: 0

#### read with backslash at end of input without -r
printf 'abc\\' | { read v; echo "status $? [$v]"; }
## stdout:
status 1 [abc]
## status: 0

#### read assigns empty to extra variables
a=old; b=old; read -r a b <<< 'one'; echo "[$a] [$b]"
## stdout:
[one] []
## status: 0

#### read -n 0
read -r -n 0 v <<< 'abc'; echo "status $? [$v]"
## stdout:
status 0 []
## status: 0

#### read -d with multichar uses first char
read -r -d xy v <<< 'abxcy'; echo "[$v]"
## stdout:
[ab]
## status: 0

#### read does not split with -N into multiple vars
read -r -N 3 a b <<< 'a b c'; echo "[$a] [$b]"
## stdout:
[a b] []
## status: 0

#### read REPLY with -a absent
read -r <<< '  \x  '; echo "[$REPLY]"
## stdout:
[  \x  ]
## status: 0

#### read -e absent terminal works like plain read
read -r -e v <<< 'edit'; echo "[$v]"
## stdout:
[edit]
## status: 0

#### read preserves non IFS whitespace
IFS=: read -r a b <<< ' x : y '; echo "[$a] [$b]"
## stdout:
[ x ] [ y ]
## status: 0

#### read from a pipe in lastpipe
shopt -s lastpipe; echo piped | read -r v; echo "[$v]"
## stdout:
[piped]
## status: 0

#### read IFS newline only
IFS=$'\n' read -r a b <<< 'one two'; echo "[$a] [$b]"
## stdout:
[one two] []
## status: 0

#### a bad name after the first is found while assigning
printf 'l1 x\nl2\n' | { read w '*'; echo "$? [$w]"; read y; echo "$y"; }
printf 'l1\nl2\n' | { read '*' w; echo "$? [$w]"; read y; echo "$y"; }
## stdout:
1 [l1]
l2
1 []
l1
## status: 0
