# [[ ]]: string, pattern, regex, numeric and file-free unary operators,
# precedence, quoting of the right-hand side, BASH_REMATCH.

#### string equality
[[ abc == abc ]] && echo yes; [[ abc == abd ]] || echo no
## stdout:
yes
no
## status: 0

#### single equals is the same
[[ abc = abc ]] && echo yes
## stdout:
yes
## status: 0

#### not equal
[[ a != b ]] && echo ne
## stdout:
ne
## status: 0

#### pattern match on right side
[[ hello == h*o ]] && echo glob
## stdout:
glob
## status: 0

#### quoted right side is literal
[[ 'h*o' == "h*o" ]] && echo literal; [[ hello == "h*o" ]] || echo nomatch
## stdout:
literal
nomatch
## status: 0

#### variable right side unquoted is a pattern
p='a?c'; [[ abc == $p ]] && echo pat; [[ abc == "$p" ]] || echo lit
## stdout:
pat
lit
## status: 0

#### bracket expression pattern
[[ b == [abc] ]] && echo in; [[ d == [!abc] ]] && echo notin
## stdout:
in
notin
## status: 0

#### character class pattern
[[ 5 == [[:digit:]] ]] && echo digit; [[ x == [[:upper:]] ]] || echo notupper
## stdout:
digit
notupper
## status: 0

#### no word splitting inside
x='a b'; [[ $x == 'a b' ]] && echo same
## stdout:
same
## status: 0

#### no globbing of left side
[[ * == '*' ]] && echo star
## stdout:
star
## status: 0

#### empty string tests
e=; [[ -z $e ]] && echo z; [[ -n $e ]] || echo notn; [[ $e ]] || echo empty
## stdout:
z
notn
empty
## status: 0

#### unset variable tests
unset u; [[ -z $u ]] && echo z
## stdout:
z
## status: 0

#### string ordering
[[ abc < abd ]] && echo lt; [[ b > a ]] && echo gt; [[ B < a ]] && echo upper-first
## stdout:
lt
gt
upper-first
## status: 0

#### numeric comparison operators
[[ 10 -gt 9 ]] && echo gt; [[ 2 -le 2 ]] && echo le; [[ 3 -ne 4 ]] && echo ne; [[ -1 -lt 0 ]] && echo lt
## stdout:
gt
le
ne
lt
## status: 0

#### numeric operands are arithmetic expressions
x=3; [[ x+1 -eq 4 ]] && echo arith; [[ 2*3 -eq 6 ]] && echo mult
## stdout:
arith
mult
## status: 0

#### string vs numeric comparison
[[ 10 < 9 ]] && echo string-less; [[ 10 -lt 9 ]] || echo num-not-less
## stdout:
string-less
num-not-less
## status: 0

#### logical and or not
[[ a == a && b == b ]] && echo and; [[ a == b || c == c ]] && echo or; [[ ! a == b ]] && echo not
## stdout:
and
or
not
## status: 0

#### precedence of and over or
[[ a == b && c == d || e == e ]] && echo true1; [[ a == a || c == d && e == f ]] && echo true2
## stdout:
true1
true2
## status: 0

#### grouping with parens
[[ ( a == b || c == c ) && d == d ]] && echo grouped
## stdout:
grouped
## status: 0

#### regex match
[[ abc123 =~ [0-9]+ ]] && echo "match ${BASH_REMATCH[0]}"
## stdout:
match 123
## status: 0

#### regex captures
[[ 'key=value' =~ ^([a-z]+)=(.*)$ ]] && echo "${BASH_REMATCH[1]} ${BASH_REMATCH[2]} ${#BASH_REMATCH[@]}"
## stdout:
key value 3
## status: 0

#### regex no match clears BASH_REMATCH
[[ abc =~ (b) ]]; [[ abc =~ (z) ]]; echo "status $? count ${#BASH_REMATCH[@]}"
## stdout:
status 1 count 0
## status: 0

#### quoted regex is literal
[[ 'a.c' =~ "a.c" ]] && echo lit1; [[ 'abc' =~ "a.c" ]] || echo lit2
## stdout:
lit1
lit2
## status: 0

#### regex in a variable
re='^[0-9]{3}$'; [[ 123 =~ $re ]] && echo three; [[ 1234 =~ $re ]] || echo four
## stdout:
three
four
## status: 0

#### regex with partially quoted parts
[[ 'a+b' =~ a"+"b ]] && echo quoted-plus
## stdout:
quoted-plus
## status: 0

#### regex alternation and groups
[[ foobar =~ ^(foo|bar)+$ ]] && echo "${BASH_REMATCH[1]}"
## stdout:
bar
## status: 0

#### regex optional group unmatched
[[ ac =~ a(b)?c ]] && echo "[${BASH_REMATCH[1]}] ${#BASH_REMATCH[@]}"
## stdout:
[] 2
## status: 0

#### regex bracket with special chars
[[ 'a]b' =~ []] ]] && echo bracket
## stdout:
bracket
## status: 0

#### regex anchors in middle
[[ 'x y' =~ ^x\ y$ ]] && echo escaped-space
## stdout:
escaped-space
## status: 0

#### regex invalid is status 2
re='('; [[ a =~ $re ]] 2>/dev/null; echo $?; eval '[[ a =~ ( ]]' 2>/dev/null; echo $?
## stdout:
2
2
## status: 0

#### regex with backslash digit class
[[ 'a1' =~ [[:alpha:]][[:digit:]] ]] && echo posix-classes
## stdout:
posix-classes
## status: 0

#### regex is unanchored by default
[[ xxabcxx =~ abc ]] && echo found
## stdout:
found
## status: 0

#### regex matches longest leftmost
[[ aaa =~ a* ]] && echo "[${BASH_REMATCH[0]}]"
## stdout:
[aaa]
## status: 0

#### variable test -v
x=1; [[ -v x ]] && echo set; unset x; [[ -v x ]] || echo unset
## stdout:
set
unset
## status: 0

#### -v on array element
a=(1); [[ -v a[0] ]] && echo e0; [[ -v a[1] ]] || echo no-e1
## stdout:
e0
no-e1
## status: 0

#### -v on empty string variable
e=; [[ -v e ]] && echo set-empty
## stdout:
set-empty
## status: 0

#### -R nameref test
declare -n r=x; [[ -R r ]] && echo ref; [[ -R x ]] || echo notref
## stdout:
ref
notref
## status: 0

#### -o option test
set -o errexit; [[ -o errexit ]] && echo on; set +o errexit; [[ -o errexit ]] || echo off
## stdout:
on
off
## status: 0

#### nocasematch affects ==
shopt -s nocasematch; [[ ABC == abc ]] && echo ci; shopt -u nocasematch; [[ ABC == abc ]] || echo cs
## stdout:
ci
cs
## status: 0

#### extglob patterns in [[ ]]
[[ aab == +(a)b ]] && echo plus; [[ x == @(x|y) ]] && echo at; [[ z == !(x|y) ]] && echo not
## stdout:
plus
at
not
## status: 0

#### status of false condition is 1
[[ a == b ]]; echo $?
## stdout:
1
## status: 0

#### integer expression error in [[ ]]
[[ abc -eq 1 ]] 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### [[ with newlines inside
[[ a == a &&
   b == b ]] && echo multi
## stdout:
multi
## status: 0

#### test of exit status in if
if [[ -n x ]]; then echo yes; else echo no; fi
## stdout:
yes
## status: 0

#### pattern with escaped star
[[ 'a*' == a\* ]] && echo esc; [[ ab == a\* ]] || echo noesc
## stdout:
esc
noesc
## status: 0

#### string equal with empty strings
[[ '' == '' ]] && echo empty-eq
## stdout:
empty-eq
## status: 0

#### numeric comparison with leading zeros is octal
[[ 010 -eq 8 ]] && echo octal
## stdout:
octal
## status: 0

#### numeric comparison with spaces
[[ ' 5 ' -eq 5 ]] && echo trimmed
## stdout:
trimmed
## status: 0

#### -eq with empty operands
[[ '' -eq 0 ]] && echo empty-zero
## stdout:
empty-zero
## status: 0

#### unary operators on files that do not exist
[[ -e /nonexistent/x ]] || echo no-e; [[ -f nope ]] || echo no-f; [[ -d nope ]] || echo no-d
## stdout:
no-e
no-f
no-d
## status: 0

#### string comparison is byte order in C locale
[[ a < B ]] || echo a-not-less-B; [[ Z < a ]] && echo Z-less-a
## stdout:
a-not-less-B
Z-less-a
## status: 0

#### right side pattern with variable and literal parts
x=ab; [[ abcd == "$x"* ]] && echo prefix
## stdout:
prefix
## status: 0

#### BASH_REMATCH with nested groups
[[ 2024-01-15 =~ ^(([0-9]+)-([0-9]+))-([0-9]+)$ ]] && echo "${BASH_REMATCH[@]}"
## stdout:
2024-01-15 2024-01 2024 01 15
## status: 0

#### regex with caret inside bracket
[[ abc =~ ^[^0-9]+$ ]] && echo nodigits
## stdout:
nodigits
## status: 0

#### compare numbers as strings with ==
[[ 1 == 01 ]] || echo diff-strings; [[ 1 -eq 01 ]] && echo same-num
## stdout:
diff-strings
same-num
## status: 0

#### -n with multiple words from expansion
x='a b'; [[ -n $x ]] && echo nonempty
## stdout:
nonempty
## status: 0

#### assignment inside numeric operand
[[ $((x=5)) -eq 5 ]] && echo $x
## stdout:
5
## status: 0

#### negation of regex
[[ ! abc =~ z ]] && echo negated
## stdout:
negated
## status: 0

#### regex with dollar in character class
[[ 'a$b' =~ a[$]b ]] && echo dollar
## stdout:
dollar
## status: 0

#### BASH_REMATCH is readonly-ish assignable copy
[[ ab =~ (a)(b) ]]; m=("${BASH_REMATCH[@]}"); echo ${#m[@]} ${m[2]}
## stdout:
3 b
## status: 0

#### regex with interval
[[ aaa =~ ^a{2,3}$ ]] && echo interval
## stdout:
interval
## status: 0

#### regex dot matches any char
[[ $'a\nb' =~ a.b ]] && echo dot-newline || echo no-dot-newline
## stdout:
dot-newline
## status: 0

#### case insensitive regex with nocasematch
shopt -s nocasematch; [[ ABC =~ ^abc$ ]] && echo ci-regex
## stdout:
ci-regex
## status: 0

#### -t on fd that is not a tty
[[ -t 0 ]] || echo not-tty
## stdout:
not-tty
## status: 0

#### double bracket word with command substitution
[[ $(echo hi) == hi ]] && echo subst
## stdout:
subst
## status: 0

#### [[ ]] spanning lines after && and before ]]
if [[ a == a &&
      b == b
   ]]; then echo yes; fi
## stdout:
yes
## status: 0

#### [[ ]] with a comment before the closing ]]
[[ -n x # a reason
]] && echo yes
## stdout:
yes
## status: 0

#### [[ ]] newline before || after a complete test
[[ a == b
   || -n x ]] && echo yes
## stdout:
yes
## status: 0

#### [[ ]] newline after a group and after a unary test
[[ ( a == a )
   && -z ""
]] && echo yes
## stdout:
yes
## status: 0

#### [[ ]] newline after a lone word is a syntax error
[[ a
]] && echo yes
echo after
## stdout:
## status: 0

#### a syntax error inside [[ ]] keeps the previous status
(exit 5)
[[ a b ]]
echo after
## stdout:
## status: 5

#### a syntax error inside [[ ]] in an if keeps the previous status
false
if [[ -f ]]; then echo yes; fi
echo after
## stdout:
## status: 1
