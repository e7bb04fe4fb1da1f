# Brace expansion and tilde expansion.

#### list
echo a{b,c,d}e
## stdout:
abe ace ade
## status: 0

#### nested
echo {a,b{1,2},c}
## stdout:
a b1 b2 c
## status: 0

#### sequence numbers
echo {1..5} {5..1}
## stdout:
1 2 3 4 5 5 4 3 2 1
## status: 0

#### sequence with step
echo {0..10..3} {10..0..4}
## stdout:
0 3 6 9 10 6 2
## status: 0

#### sequence letters
echo {a..e} {e..a}
## stdout:
a b c d e e d c b a
## status: 0

#### zero padded sequence
echo {01..10}
## stdout:
01 02 03 04 05 06 07 08 09 10
## status: 0

#### negative sequence
echo {-2..2}
## stdout:
-2 -1 0 1 2
## status: 0

#### padded negative
echo {-05..5..5}
## stdout:
-05 000 005
## status: 0

#### cartesian product
echo {a,b}{1,2}
## stdout:
a1 a2 b1 b2
## status: 0

#### empty alternative
echo x{,y}
## stdout:
x xy
## status: 0

#### single item is not expanded
echo {a} {a,}
## stdout:
{a} a
## status: 0

#### quoted braces are literal
echo "{a,b}" '{1..3}' \{a,b\}
## stdout:
{a,b} {1..3} {a,b}
## status: 0

#### variable inside braces expands after
x=1; echo {$x,2}
## stdout:
1 2
## status: 0

#### variable range is not expanded
n=3; echo {1..$n}
## stdout:
{1..3}
## status: 0

#### brace with spaces is literal
echo {a, b}
## stdout:
{a, b}
## status: 0

#### brace expansion before parameter expansion
a=A; b=B; echo ${a}{1,2} $a{1,2}
## stdout:
A1 A2
## status: 0

#### invalid range left alone
echo {1..a} {a..1}
## stdout:
{1..a} {a..1}
## status: 0

#### step zero and sign ignored
echo {1..5..-2}
## stdout:
1 3 5
## status: 0

#### mixed case letter range
echo {X..c}
## stdout:
X Y Z [  ] ^ _ ` a b c
## status: 0

#### brace in assignment not expanded
x={a,b}; echo $x
## stdout:
{a,b}
## status: 0

#### brace in array assignment is expanded
a=({a,b}c); echo ${a[@]}
## stdout:
ac bc
## status: 0

#### prefix and suffix with nested ranges
echo pre{1..2}{x,y}post
## stdout:
pre1xpost pre1ypost pre2xpost pre2ypost
## status: 0

#### dollar brace is not brace expansion
x=v; echo ${x}{1,2}
## stdout:
v1 v2
## status: 0

#### brace with commas escaped
echo {a\,b,c}
## stdout:
a,b c
## status: 0

#### comma inside quotes in brace
echo {'a,b',c}
## stdout:
a,b c
## status: 0

#### large range count
echo {1..100} | wc -w
## stdout:
100
## status: 0

#### brace with empty elements only
echo {,}x
## stdout:
x x
## status: 0

#### brace in for loop
for i in {3..1}; do echo -n $i; done; echo
## stdout:
321
## status: 0

#### tilde is HOME
HOME=/home/me; echo ~ ~/sub
## stdout:
/home/me /home/me/sub
## status: 0

#### tilde in assignment
HOME=/h; x=~/a; echo $x
## stdout:
/h/a
## status: 0

#### tilde after colon in assignment
HOME=/h; PATHLIKE=~/a:~/b; echo $PATHLIKE
## stdout:
/h/a:/h/b
## status: 0

#### tilde not expanded in quotes or middle
HOME=/h; echo "~" a~ x=~
## stdout:
~ a~ x=/h
## status: 0

#### tilde plus and minus
PWD=/p OLDPWD=/o; echo ~+ ~-
## stdout:
/p /o
## status: 0

#### tilde with unknown user left alone
echo ~no_such_user_xyz
## stdout:
~no_such_user_xyz
## status: 0

#### tilde with HOME unset uses passwd-free fallback
unset HOME; x=~; [ -n "$x" ] && echo nonempty
## stdout:
nonempty
## status: 0

#### tilde in parameter default
HOME=/h; unset u; echo ${u:-~/d}
## stdout:
/h/d
## status: 0

#### tilde followed by slash only
HOME=/h; echo ~/
## stdout:
/h/
## status: 0

#### tilde in case pattern
HOME=/h; case /h/x in ~/x) echo match ;; esac
## stdout:
match
## status: 0

#### tilde in array element
HOME=/h; a=(~ ~/y); echo ${a[@]}
## stdout:
/h /h/y
## status: 0

#### brace expansion produces separate words for for
for w in x{1..3}; do echo $w; done | wc -l
## stdout:
3
## status: 0

#### braces with leading zero and letters mixed
echo {a..c}{01..02}
## stdout:
a01 a02 b01 b02 c01 c02
## status: 0

#### brace sequence with step larger than range
echo {1..3..10}
## stdout:
1
## status: 0

#### nested braces inside sequence prefix
echo {a,{b..d}}
## stdout:
a b c d
## status: 0
