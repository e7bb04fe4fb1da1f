# test and [ : POSIX rules by argument count, string and numeric
# operators, -a/-o, parentheses, errors (status 2).

#### zero arguments is false
test; echo $?; [ ]; echo $?
## stdout:
1
1
## status: 0

#### one argument is true when non-empty
test x; echo $?; test ''; echo $?; [ -n ]; echo $?; [ -z ]; echo $?
## stdout:
0
1
0
0
## status: 0

#### one argument that looks like an operator
[ -f ]; echo $?; [ '!' ]; echo $?; [ = ]; echo $?
## stdout:
0
0
0
## status: 0

#### two arguments negation
[ ! '' ]; echo $?; [ ! x ]; echo $?
## stdout:
0
1
## status: 0

#### two arguments unary operator
[ -n x ]; echo $?; [ -z x ]; echo $?
## stdout:
0
1
## status: 0

#### two arguments unknown unary is error
[ -q x ] 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### three arguments binary operator
[ a = a ]; echo $?; [ a != a ]; echo $?; [ a == a ]; echo $?
## stdout:
0
1
0
## status: 0

#### three arguments negated two
[ ! -z x ]; echo $?; [ ! -n x ]; echo $?
## stdout:
0
1
## status: 0

#### three arguments with parens
[ '(' x ')' ]; echo $?; [ '(' '' ')' ]; echo $?
## stdout:
0
1
## status: 0

#### three arguments -a -o
[ x -a '' ]; echo $?; [ x -o '' ]; echo $?
## stdout:
1
0
## status: 0

#### four arguments negation of three
[ ! a = b ]; echo $?; [ ! a = a ]; echo $?
## stdout:
0
1
## status: 0

#### four arguments with parens
[ '(' -n x ')' ]; echo $?
## stdout:
0
## status: 0

#### numeric comparisons
[ 1 -eq 1 ]; echo $?; [ 2 -gt 10 ]; echo $?; [ -3 -lt -2 ]; echo $?; [ 5 -ge 5 ]; echo $?; [ 4 -le 3 ]; echo $?; [ 1 -ne 2 ]; echo $?
## stdout:
0
1
0
0
1
0
## status: 0

#### numeric comparison of non-integer is an error
[ a -eq 1 ] 2>/dev/null; echo $?; [ 1.5 -gt 1 ] 2>/dev/null; echo $?
## stdout:
2
2
## status: 0

#### numeric with spaces and plus sign
[ ' 7' -eq 7 ]; echo $?; [ +7 -eq 7 ]; echo $?
## stdout:
0
0
## status: 0

#### numeric operands are not arithmetic in test
[ '1+1' -eq 2 ] 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### string ordering needs escaping
[ a \< b ]; echo $?; [ b \> a ]; echo $?; [ b '<' a ]; echo $?
## stdout:
0
0
1
## status: 0

#### and binds tighter than or
[ x -o '' -a '' ]; echo $?
## stdout:
0
## status: 0

#### complex expression with parens
[ \( a = a -o b = c \) -a \( x != y \) ]; echo $?
## stdout:
0
## status: 0

#### missing closing bracket
[ a = a 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### too many arguments
[ a b c d e ] 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### unary on empty unquoted variable collapses
unset v; [ -n $v ]; echo $?; [ -n "$v" ]; echo $?
## stdout:
0
1
## status: 0

#### equal with empty unquoted variable is an error
unset v; [ $v = x ] 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### test with variable holding operator
op='='; [ a $op a ]; echo $?
## stdout:
0
## status: 0

#### string that looks like option as left operand
[ -n = -n ]; echo $?; [ '!' = '!' ]; echo $?
## stdout:
0
0
## status: 0

#### file tests on missing files
[ -e missing ]; echo $?; [ -s missing ]; echo $?; [ -r missing ]; echo $?
## stdout:
1
1
1
## status: 0

#### -t with no fd argument
[ -t ]; echo $?
## stdout:
0
## status: 0

#### test -v
x=1; [ -v x ]; echo $?; [ -v nope ]; echo $?
## stdout:
0
1
## status: 0

#### test -o option
set -u; [ -o nounset ]; echo $?; test -o noclobber; echo $?
## stdout:
0
1
## status: 0

#### test == is bash extension
test abc == abc; echo $?
## stdout:
0
## status: 0

#### [ builtin needs closing bracket as last argument
[ a = a ] extra 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### numeric with leading zeros is decimal in test
[ 010 -eq 10 ]; echo $?
## stdout:
0
## status: 0

#### huge number in test
[ 99999999999999999999 -gt 1 ] 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### negated paren expression
[ ! \( a = b \) ]; echo $?
## stdout:
0
## status: 0

#### test in if condition
if [ "$((2+2))" -eq 4 ]; then echo four; fi
## stdout:
four
## status: 0

#### test with -a precedence vs unary
[ -n x -a -z '' ]; echo $?
## stdout:
0
## status: 0

#### string comparison of numbers
[ 10 \< 9 ]; echo $?; [ 10 -lt 9 ]; echo $?
## stdout:
0
1
## status: 0

#### test -z with multiple words unquoted errors
x='a b'; [ -z $x ] 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### nested parens
[ \( \( a = a \) \) ]; echo $?
## stdout:
0
## status: 0

#### not not
[ ! ! x ]; echo $?
## stdout:
0
## status: 0

#### test with only bang and string
test ! abc; echo $?
## stdout:
1
## status: 0

#### equal sign as only argument pair
[ = = ]; echo $?; [ = = = ]; echo $?
## stdout:
2
0
## status: 0

#### -ef and -nt on missing files
[ a -nt b ]; echo $?; [ a -ot b ]; echo $?; [ a -ef a ]; echo $?
## stdout:
1
1
1
## status: 0
