# [[ string =~ regex ]] (bash manual, "Conditional Constructs"): the
# right side is a POSIX extended regular expression (regcomp), quoted
# parts match literally, BASH_REMATCH holds the match and its groups,
# an invalid pattern gives status 2. Expected output recorded from
# GNU bash 5.2.15(1)-release with LC_ALL=C.

#### POSIX ERE, not Perl: \d is a literal d
[[ 5 =~ ^\d$ ]]; echo "digit $?"; [[ d =~ ^\d$ ]]; echo "letter $?"
## stdout:
digit 1
letter 0
## status: 0

#### leftmost-longest overall match and its groups
[[ abcd =~ (a|ab)(c|bcd) ]] && echo "${BASH_REMATCH[0]} ${BASH_REMATCH[1]} ${BASH_REMATCH[2]}"
## stdout:
abcd a bcd
## status: 0

#### a Perl flag group is an invalid ERE (status 2)
re='(?i)abc'; [[ ABC =~ $re ]]; echo "status $?"
## stdout:
status 2
## status: 0

#### a brace that opens no interval is invalid (status 2)
[[ 'a{' =~ a{ ]]; echo "brace $?"; re='a{1'; [[ a{1 =~ $re ]]; echo "open $?"
## stdout:
brace 2
open 2
## status: 0

#### an unknown character class is invalid (status 2)
re='[[:nope:]]'; [[ a =~ $re ]]; echo "class $?"
## stdout:
class 2
## status: 0

#### bracket expressions: ] first, - last, negation
[[ 'x]y' =~ ^x[]a]y$ ]] && echo close-first; [[ 'x-y' =~ ^x[a-]y$ ]] && echo dash-last; [[ b =~ ^[^]a]$ ]] && echo negated
## stdout:
close-first
dash-last
negated
## status: 0

#### character classes in brackets
[[ 'Hello World' =~ ^[[:upper:]][[:lower:]]+[[:space:]][[:alpha:]]+$ ]] && echo classes; [[ 'a1_' =~ ^[[:alnum:]]+[[:punct:]]$ ]] && echo alnum-punct
## stdout:
classes
alnum-punct
## status: 0

#### quoted parts of the pattern match literally
[[ 'a.b' =~ ^a'.'b$ ]] && echo q1; [[ 'axb' =~ ^a'.'b$ ]] || echo q2; [[ 'a*b' =~ ^a"*"b$ ]] && echo q3
## stdout:
q1
q2
q3
## status: 0

#### a quoted variable matches its text literally
x='[0-9]'; [[ 7 =~ ^"$x"$ ]]; echo "digit $?"; [[ '[0-9]' =~ ^"$x"$ ]]; echo "text $?"
## stdout:
digit 1
text 0
## status: 0

#### backslash-quoted characters are literal, even digits
[[ 'ab$' =~ b\$ ]]; echo "dollar $?"; [[ 'aXb' =~ a\Xb ]]; echo "x $?"; [[ aa =~ ^(a)\1$ ]]; echo "one $?"; [[ a1 =~ ^(a)\1$ ]]; echo "a1 $?"
## stdout:
dollar 0
x 0
one 1
a1 0
## status: 0

#### anchors: ^ is an anchor anywhere, and only at the start of the string
[[ 'a^b' =~ a^b ]]; echo "middle $?"; [[ $'a\nb' =~ ^b ]]; echo "after-newline $?"; [[ $'a\nb' =~ a.b ]]; echo "dot-newline $?"
## stdout:
middle 1
after-newline 1
dot-newline 0
## status: 0

#### an empty match still sets BASH_REMATCH
[[ '' =~ x* ]] && echo "[${BASH_REMATCH[0]}] ${#BASH_REMATCH[@]}"
## stdout:
[] 1
## status: 0

#### unmatched groups are empty elements
[[ x =~ ^(y)?(x)$ ]] && echo "[${BASH_REMATCH[1]}] [${BASH_REMATCH[2]}] ${#BASH_REMATCH[@]}"
## stdout:
[] [x] 3
## status: 0

#### nocasematch applies to =~
shopt -s nocasematch; [[ ABC =~ ^a(b)c$ ]] && echo "nocase ${BASH_REMATCH[1]}"; shopt -u nocasematch; [[ ABC =~ ^abc$ ]]; echo "case $?"
## stdout:
nocase B
case 1
## status: 0

#### repetition operators
re='^a**$'; [[ aaa =~ $re ]] && echo "stars ${BASH_REMATCH[0]}"; [[ aaab =~ ^a{2,3}b$ ]] && echo interval; [[ ab =~ ^a+b?c?$ ]] && echo plus-opt
## stdout:
stars aaa
interval
plus-opt
## status: 0
