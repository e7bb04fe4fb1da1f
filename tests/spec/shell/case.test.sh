# case: patterns, alternatives, fallthrough ;& and ;;&, quoting,
# nocasematch, extglob, status.

#### simple match
case b in a) echo A ;; b) echo B ;; esac
## stdout:
B
## status: 0

#### default pattern
case z in a) echo A ;; *) echo default ;; esac
## stdout:
default
## status: 0

#### alternatives
case y in x|y|z) echo xyz ;; esac
## stdout:
xyz
## status: 0

#### glob patterns
case file.txt in *.sh) echo sh ;; *.txt) echo txt ;; esac
## stdout:
txt
## status: 0

#### bracket expressions
case 5 in [0-9]) echo digit ;; [a-z]) echo letter ;; esac
## stdout:
digit
## status: 0

#### negated bracket
case x in [!0-9]) echo nondigit ;; esac
## stdout:
nondigit
## status: 0

#### question mark
case ab in ?) echo one ;; ??) echo two ;; esac
## stdout:
two
## status: 0

#### first match wins
case abc in a*) echo first ;; ab*) echo second ;; esac
## stdout:
first
## status: 0

#### no match status zero
case q in a) echo A ;; esac; echo $?
## stdout:
0
## status: 0

#### status of last command in matched clause
case a in a) false ;; esac; echo $?
## stdout:
1
## status: 0

#### fallthrough with semicolon ampersand
case a in a) echo one ;& b) echo two ;& c) echo three ;; d) echo four ;; esac
## stdout:
one
two
three
## status: 0

#### continue matching with double semicolon ampersand
case abc in a*) echo a ;;& *b*) echo b ;;& x*) echo x ;;& *c) echo c ;; esac
## stdout:
a
b
c
## status: 0

#### quoted pattern is literal
case '*' in '*') echo star ;; esac; case x in '*') echo no ;; *) echo yes ;; esac
## stdout:
star
yes
## status: 0

#### variable pattern is a glob
p='a*'; case abc in $p) echo glob ;; esac; case abc in "$p") echo lit ;; *) echo nolit ;; esac
## stdout:
glob
nolit
## status: 0

#### word is not split or globbed
x='a b'; case $x in 'a b') echo whole ;; esac
## stdout:
whole
## status: 0

#### empty word
case '' in '') echo empty ;; *) echo other ;; esac
## stdout:
empty
## status: 0

#### pattern with parens style
case x in (x) echo paren ;; esac
## stdout:
paren
## status: 0

#### multiline clauses
case 2 in
  1)
    echo one
    ;;
  2)
    echo two
    echo more
    ;;
esac
## stdout:
two
more
## status: 0

#### last clause without double semicolon
case a in a) echo last
esac
## stdout:
last
## status: 0

#### empty clause
case a in a) ;; b) echo b ;; esac; echo done
## stdout:
done
## status: 0

#### nocasematch
shopt -s nocasematch; case ABC in abc) echo ci ;; esac
## stdout:
ci
## status: 0

#### extglob in case
shopt -s extglob
case foo.tar.gz in *.@(gz|bz2)) echo compressed ;; esac
## stdout:
compressed
## status: 0

#### extglob negation in case
shopt -s extglob
case abc in !(x*)) echo notx ;; esac
## stdout:
notx
## status: 0

#### escaped characters in pattern
case 'a?' in a\?) echo escaped ;; esac; case ab in a\?) echo wrong ;; *) echo right ;; esac
## stdout:
escaped
right
## status: 0

#### character class in case
case ' ' in [[:space:]]) echo space ;; esac
## stdout:
space
## status: 0

#### case in a loop with break
for w in a b stop c; do case $w in stop) break ;; *) echo $w ;; esac; done
## stdout:
a
b
## status: 0

#### case on command substitution
case $(echo yes) in yes) echo matched ;; esac
## stdout:
matched
## status: 0

#### case with expansion in pattern list
a=x b=y; case y in $a|$b) echo var-alt ;; esac
## stdout:
var-alt
## status: 0

#### bracket with range and class
case B in [[:lower:]]) echo lower ;; [A-Z]) echo upper ;; esac
## stdout:
upper
## status: 0

#### pattern with slash
case a/b in */*) echo slash ;; esac
## stdout:
slash
## status: 0

#### pattern with leading dot
case .hidden in .*) echo dot ;; esac
## stdout:
dot
## status: 0

#### fallthrough into default
case a in a) echo a ;& *) echo default ;; esac
## stdout:
a
default
## status: 0

#### double semicolon ampersand with no further match
case a in a) echo a ;;& b) echo b ;; esac; echo $?
## stdout:
a
0
## status: 0

#### case status when fallthrough ends in false
case a in a) true ;& b) false ;; esac; echo $?
## stdout:
1
## status: 0

#### nested case
case a in a) case b in b) echo nested ;; esac ;; esac
## stdout:
nested
## status: 0

#### case with tilde pattern
HOME=/home/u; case /home/u in ~) echo tilde ;; esac
## stdout:
tilde
## status: 0

#### newline before in
case x
in x) echo newline-in ;; esac
## stdout:
newline-in
## status: 0

#### pattern containing bracket literal
case '[' in '[') echo bracket ;; esac
## stdout:
bracket
## status: 0

#### case with function call
f() { case $1 in -h) echo help ;; *) echo "arg $1" ;; esac; }; f -h; f x
## stdout:
help
arg x
## status: 0
