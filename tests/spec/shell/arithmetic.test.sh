# Arithmetic expansion, (( )), let: operators, precedence, 64-bit
# wrapping, bases, assignments and side effects, recursive evaluation,
# errors.

#### basic operators
echo $((1+2)) $((7-10)) $((6*7)) $((7/2)) $((-7/2)) $((7%3)) $((-7%3))
## stdout:
3 -3 42 3 -3 1 -1
## status: 0

#### exponent
echo $((2**10)) $((3**0)) $((2**63))
## stdout:
1024 1 -9223372036854775808
## status: 0

#### negative exponent is an error
(echo $((2**-1))) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### precedence
echo $((1+2*3)) $(((1+2)*3)) $((2**3**2)) $((-2**2))
## stdout:
7 9 512 4
## status: 0

#### comparison and logical
echo $((1<2)) $((2<=1)) $((3==3)) $((3!=3)) $((1&&0)) $((0||5)) $((!7))
## stdout:
1 0 1 0 0 1 0
## status: 0

#### bitwise
echo $((5&3)) $((5|3)) $((5^3)) $((~5)) $((1<<4)) $((256>>3))
## stdout:
1 7 6 -6 16 32
## status: 0

#### ternary
echo $((1?10:20)) $((0?10:20)) $((1?0?1:2:3))
## stdout:
10 20 2
## status: 0

#### comma operator
echo $((a=1, b=2, a+b))
## stdout:
3
## status: 0

#### assignment operators
x=5; ((x+=3)); echo $x; ((x-=1)); echo $x; ((x*=2)); echo $x; ((x/=3)); echo $x; ((x%=3)); echo $x
## stdout:
8
7
14
4
1
## status: 0

#### shift and bit assignment operators
x=1; ((x<<=5)); echo $x; ((x>>=2)); echo $x; ((x|=1)); echo $x; ((x&=12)); echo $x; ((x^=5)); echo $x
## stdout:
32
8
9
8
13
## status: 0

#### pre and post increment
i=5; echo $((i++)) $i $((++i)) $i $((i--)) $((--i)) $i
## stdout:
5 6 7 7 7 5 5
## status: 0

#### increment of unset variable
unset n; echo $((n++)) $n
## stdout:
0 1
## status: 0

#### variables without dollar
a=3 b=4; echo $((a*b)) $(($a*$b))
## stdout:
12 12
## status: 0

#### unset variable is zero
unset u; echo $((u+1))
## stdout:
1
## status: 0

#### empty variable is zero
e=; echo $((e+1))
## stdout:
1
## status: 0

#### recursive evaluation of variable values
a=b+1; b=2; echo $((a*2))
## stdout:
6
## status: 0

#### recursion with expression value in parens
x='1+2'; echo $((x*3)) $(($x*3))
## stdout:
9 7
## status: 0

#### recursion loop is an error
a=a; (echo $((a+1))) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### 64-bit wrap on overflow
echo $((9223372036854775807+1)) $((-9223372036854775808-1))
## stdout:
-9223372036854775808 9223372036854775807
## status: 0

#### multiplication overflow wraps
echo $((4611686018427387904*4))
## stdout:
0
## status: 0

#### division of min by minus one
(echo $(( -9223372036854775808 / -1 ))) 2>/dev/null; echo "status $?"
## stdout:
-9223372036854775808
status 0
## status: 0

#### division by zero is an error
(echo $((1/0))) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### modulo by zero is an error
(echo $((5%0))) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### division by zero stops the command in a script
x=$((1/0)) 2>/dev/null; echo "after $?"
## stdout:
## status: 1

#### hex octal binary
echo $((0x1F)) $((010)) $((0xff)) $((2#101)) $((8#17)) $((16#ff)) $((36#z)) $((64#_))
## stdout:
31 8 255 5 15 255 35 63
## status: 0

#### base with letters case
echo $((16#FF)) $((16#ff)) $((36#Z)) $((37#Z)) $((62#Z))
## stdout:
## status: 1

#### invalid digit for base
(echo $((2#3))) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### invalid octal
(echo $((09))) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### base too large
(echo $((65#1))) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### leading zeros and plus sign
echo $((+5)) $((- -5)) $((0)) $((00))
## stdout:
5 5 0 0
## status: 0

#### whitespace and newlines inside
echo $((  1 +
 2  ))
## stdout:
3
## status: 0

#### syntax error in expression
(echo $((1 +))) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### syntax error operand expected
(echo $((* 2))) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### double paren command status
((0)); echo $?; ((1)); echo $?; ((-1)); echo $?
## stdout:
1
0
0
## status: 0

#### double paren with assignment status
((x=0)); echo $? $x
## stdout:
1 0
## status: 0

#### let command
let a=2+3 'b = a * 2'; echo $a $b
## stdout:
5 10
## status: 0

#### let status
let 0; echo $?; let 1 0; echo $?; let 0 1; echo $?
## stdout:
1
1
0
## status: 0

#### let with no args
(let) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### arithmetic for loop
for ((i=0; i<3; i++)); do echo $i; done
## stdout:
0
1
2
## status: 0

#### arithmetic for with empty parts
i=0; for ((;;)); do ((i++ >= 2)) && break; done; echo $i
## stdout:
3
## status: 0

#### comparisons of negative numbers
echo $((-1 < 0)) $((-5 > -3))
## stdout:
1 0
## status: 0

#### logical short circuit avoids side effects
x=0; echo $((0 && (x=1))) $x; echo $((1 || (x=2))) $x
## stdout:
0 0
1 0
## status: 0

#### ternary short circuit
x=0; echo $((1 ? 5 : (x=9))) $x
## stdout:
5 0
## status: 0

#### side effects in array subscript
a=(0 0 0); i=0; ((a[i++]=5)); echo ${a[@]} $i
## stdout:
5 0 0 1
## status: 0

#### arithmetic on strings that are names
foo=7; x=foo; echo $((x+1))
## stdout:
8
## status: 0

#### arithmetic on non-numeric string with spaces errors
x='3 4'; (echo $((x))) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### string value with leading spaces
x='  12  '; echo $((x+1))
## stdout:
13
## status: 0

#### declare -i evaluates on assignment
declare -i n; n='2*3'; echo $n; n+=4; echo $n
## stdout:
6
10
## status: 0

#### declare -i with string name
declare -i n; v=5; n=v+1; echo $n
## stdout:
6
## status: 0

#### integer attribute with plus equals strings
declare -i n=1; n+=1+1; echo $n
## stdout:
3
## status: 0

#### nested arithmetic expansion
echo $(( $((2+3)) * 2 ))
## stdout:
10
## status: 0

#### command substitution inside arithmetic
echo $(( $(echo 4) + 1 ))
## stdout:
5
## status: 0

#### dollar bracket deprecated syntax
echo $[2+3]
## stdout:
5
## status: 0

#### assignment returns value
echo $(( (x=4) + x ))
## stdout:
8
## status: 0

#### compound assignment to array element
a=(1 2); (( a[1] *= 10 )); echo ${a[1]}
## stdout:
20
## status: 0

#### pre-increment invalid on literal
(echo $((++5))) 2>/dev/null; echo "status $?"
## stdout:
5
status 0
## status: 0

#### exponent overflow wraps
echo $((2**64)) $((3**40))
## stdout:
0 -6289078614652622815
## status: 0

#### unary minus of min value
echo $((-(-9223372036854775808)))
## stdout:
-9223372036854775808
## status: 0

#### shift by large amounts
echo $((1<<63)) $((1<<64)) $((-8>>1))
## stdout:
-9223372036854775808 1 -4
## status: 0

#### comparison chain
echo $((1<2<3)) $((3>2>1))
## stdout:
1 0
## status: 0

#### equality with assignment confusion
x=1; echo $((x==1)) $((x=2)) $x
## stdout:
1 2 2
## status: 0

#### not and bitwise not
echo $((!0)) $((!!5)) $((~0)) $((~-1))
## stdout:
1 1 -1 0
## status: 0

#### arithmetic with positional params
set -- 3 4; echo $(($1*$2)) $(($#+1))
## stdout:
12 3
## status: 0

#### arithmetic on special parameter status
false; echo $(($?+1))
## stdout:
2
## status: 0

#### large decimal literal wraps
echo $((9223372036854775808))
## stdout:
-9223372036854775808
## status: 0

#### assignment to non variable is error
(echo $((1=2))) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### let with spaces needs quotes
let "x = 3 + 4"; echo $x
## stdout:
7
## status: 0

#### modulo of negative numbers
echo $((-7 % 2)) $((7 % -2)) $((-7 % -2))
## stdout:
-1 1 -1
## status: 0

#### arithmetic in array index with side effect in parameter expansion
i=0; a=(x y z); echo ${a[i++]} ${a[i++]} $i
## stdout:
x y 2
## status: 0

#### arithmetic conditional in if
if (( 3 > 2 )); then echo yes; fi
## stdout:
yes
## status: 0

#### arithmetic expansion of empty expression
echo "[$(( ))]"
## stdout:
[0]
## status: 0

#### double paren with empty is status 1
(( )) 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### readonly variable assignment in arithmetic
readonly r=1; (echo $((r=2))) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### hex with uppercase X
echo $((0X1f))
## stdout:
31
## status: 0

#### character constant not supported
(echo $(("'a'"))) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### base hash with variable
b=16; echo $(($b#a))
## stdout:
10
## status: 0

#### arithmetic with integer variable and negative
declare -i n=-5; echo $((n*n)) $((-n))
## stdout:
25 5
## status: 0

#### decrement past zero
n=0; ((n--)); echo $? $n
## stdout:
1 -1
## status: 0

#### let returns 1 when last is zero
let x=0; echo $?
## stdout:
1
## status: 0

#### long expression
echo $(( (1+2)*(3+4)/(5-2) % 4 << 2 | 1 ))
## stdout:
13
## status: 0

#### integer division truncates toward zero
echo $((-1/2)) $((1/-2)) $((-3/2))
## stdout:
0 0 -1
## status: 0

#### nested ternary with assignments
a=0; b=0; (( 1 ? (a=1) : (b=1) )); echo $a $b
## stdout:
1 0
## status: 0

#### expression with dollar brace and arithmetic
x=3; echo $(( ${x} ** 2 ))
## stdout:
9
## status: 0

#### arithmetic in string comparison context is not evaluated
x=1+1; [ "$x" = 2 ] && echo eq || echo ne
## stdout:
ne
## status: 0

#### a long run of one operator is not nesting (10,000 terms)
s=$(printf '1+%.0s' $(seq 10000))1
echo $((s)) $(( $s ))
eval "echo \$(( $s ))"
t=$(printf '2*%.0s' $(seq 300))1
echo $(( t ))
## stdout:
10001 10001
10001
0
## status: 0

#### runs of one precedence level evaluate left to right
x=3
echo $(( 1-2-3-4*5*6+7 )) $(( 100/2/5%3 )) $(( 2*3*4/5 )) $(( 1<<2<<3>>1 ))
echo $(( 8<9<10 )) $(( 3>2>1 )) $(( 1==1==1 )) $(( 2!=2!=1 ))
echo $(( 0 && x++ && x++ )) $x $(( 1 || x++ || 5 )) $x $(( 1 && 2 && x++ )) $x
echo $(( 1|2|4 )) $(( 7&6&3 )) $(( 1^3^7 )) $(( 0 || 0 || 0 ))
echo $(( x = 1+2+3, x*2*2 ))
echo $(( 10-2-$x-1 ))
## stdout:
-117 1 4 16
1 0 1 1
0 3 1 3 1 4
7 2 5 0
24
1
## status: 0
