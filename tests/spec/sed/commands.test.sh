# sed: commands other than s and text commands (GNU sed 4.9).

#### delete
seq 1 4 | sed 2d
## stdout:
1
3
4
## status: 0

#### delete range
seq 1 5 | sed '2,4d'
## stdout:
1
5
## status: 0

#### print doubles
printf 'a\nb\n' | sed p
## stdout:
a
a
b
b
## status: 0

#### quiet print
printf 'a\nb\n' | sed -n p
## stdout:
a
b
## status: 0

#### quit
seq 1 5 | sed 2q
## stdout:
1
2
## status: 0

#### quit with exit code
seq 1 5 | sed '2q3'; echo $?
## stdout:
1
2
3
## status: 0

#### Quit without printing
seq 1 5 | sed '2Q'
## stdout:
1
## status: 0

#### Quit with exit code
seq 1 3 | sed 'Q7'; echo $?
## stdout:
7
## status: 0

#### line number command
printf 'a\nb\n' | sed =
## stdout:
1
a
2
b
## status: 0

#### line number of last line
seq 1 7 | sed -n '$='
## stdout:
7
## status: 0

#### next command
seq 1 6 | sed -n 'n;p'
## stdout:
2
4
6
## status: 0

#### next at end of input prints
seq 1 3 | sed 'n;d'
## stdout:
1
3
## status: 0

#### append next line
seq 1 6 | sed 'N;s/\n/+/'
## stdout:
1+2
3+4
5+6
## status: 0

#### append next at end of input prints
seq 1 5 | sed 'N;s/\n/+/'
## stdout:
1+2
3+4
5
## status: 0

#### join all lines
seq 1 5 | sed ':a;N;$!ba;s/\n/,/g'
## stdout:
1,2,3,4,5
## status: 0

#### P and D sliding window
seq 1 5 | sed -n '$!N;P;D'
## stdout:
1
2
3
4
5
## status: 0

#### D restarts cycle
printf 'a\nb\nc\n' | sed 'N;P;D'
## stdout:
a
b
c
## status: 0

#### delete first line of pattern space
seq 1 4 | sed 'N;D'
## stdout:
4
## status: 0

#### hold and get: reverse lines
seq 1 5 | sed -n '1!G;h;$p'
## stdout:
5
4
3
2
1
## status: 0

#### tac idiom
printf 'a\nb\nc\n' | sed '1!G;h;$!d'
## stdout:
c
b
a
## status: 0

#### exchange
printf 'a\nb\nc\n' | sed 'x'
## stdout:

a
b
## status: 0

#### hold append
printf 'a\nb\nc\n' | sed -n 'H;${x;s/\n/,/g;p}'
## stdout:
,a,b,c
## status: 0

#### get from empty hold
echo a | sed 'g;s/^$/empty/'
## stdout:
empty
## status: 0

#### G adds blank line
printf 'a\nb\n' | sed G
## stdout:
a

b

## status: 0

#### zap
printf 'a\nb\n' | sed '1z'
## stdout:

b
## status: 0

#### translate
echo hello | sed 'y/abcdefghij/ABCDEFGHIJ/'
## stdout:
HEllo
## status: 0

#### translate with escapes
printf 'a b\n' | sed 'y/ /\n/'
## stdout:
a
b
## status: 0

#### branch to label
printf 'a1\nb2\n' | sed -e '/a/b skip' -e 's/[0-9]/#/' -e ':skip'
## stdout:
a1
b#
## status: 0

#### branch to end
printf 'a\nb\n' | sed -e '/a/b' -e 's/./X/'
## stdout:
a
X
## status: 0

#### t loop
echo 1234567 | sed -e ':a' -e 's/\([0-9]\)\([0-9]\{3\}\)\($\|,\)/\1,\2\3/' -e 'ta'
## stdout:
1,234,567
## status: 0

#### t resets per line
printf 'ax\nb\n' | sed -e 's/x/X/' -e 't' -e 's/$/-/'
## stdout:
aX
b-
## status: 0

#### T branches when no substitution
printf 'ax\nb\n' | sed -e 's/x/X/' -e 'T' -e 's/$/!/'
## stdout:
aX!
b
## status: 0

#### block
seq 1 4 | sed -n '2{p;p}'
## stdout:
2
2
## status: 0

#### nested blocks
seq 1 6 | sed -n '/[2-5]/{/[34]/{p}}'
## stdout:
3
4
## status: 0

#### block with semicolon before brace
seq 1 3 | sed -n '2{p;}'
## stdout:
2
## status: 0

#### list command
printf 'a\tb\\c\001\n' | sed -n l
## stdout:
a\tb\\c\001$
## status: 0

#### list wraps long lines
printf '%s\n' aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa | sed -n l
## stdout:
aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\
aaaaaaaaaaaaaaaaaaaaaaa$
## status: 0

#### list with width
echo abcdefghij | sed -n 'l 4'
## stdout:
abc\
def\
ghi\
j$
## status: 0

#### list with -l option
echo abcdefghij | sed -n -l 6 l
## stdout:
abcde\
fghij$
## status: 0

#### list no wrapping
printf '%s\n' aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa | sed -n 'l 0'
## stdout:
aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa$
## status: 0

#### P prints first line
printf 'a\nb\n' | sed -n 'N;P'
## stdout:
a
## status: 0

#### comments
seq 1 3 | sed -n '# comment
2p # another'
## stdout:
2
## status: 0

#### #n first line
printf 'a\nb\n' | sed '#n
2p'
## stdout:
b
## status: 0

#### several -e
seq 1 3 | sed -e 1d -e 3d
## stdout:
2
## status: 0

#### newline separated script
seq 1 3 | sed '1d
3d'
## stdout:
2
## status: 0

#### missing final newline kept
printf 'a\nb' | sed 's/b/c/'; echo '<'
## stdout:
a
c<
## status: 0

#### missing final newline with p
printf 'a' | sed p; echo '<'
## stdout:
a
a<
## status: 0

#### F prints file name
printf 'a\n' > f
sed F f
## stdout:
f
a
## status: 0

#### F for stdin
echo a | sed F
## stdout:
-
a
## status: 0

#### equals with -s
printf 'a\nb\n' > f1
printf 'c\n' > f2
sed -s = f1 f2
## stdout:
1
a
2
b
1
c
## status: 0
