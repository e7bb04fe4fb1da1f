# declare without arguments lists variables and functions like set; an
# array keeps its kind (bash 5.2 "cannot convert" errors); extended
# patterns in parameter operations need shopt -s extglob.

#### declare alone lists name=value lines
my_var='a b'; declare | grep '^my_var='
## stdout:
my_var='a b'
## status: 0

#### declare alone lists functions after variables
zz_f() { echo hi; }; declare | tail -4
## stdout:
zz_f () 
{ 
    echo hi
}
## status: 0

#### typeset alone lists like declare
tv=1; typeset | grep -c '^tv=1$'
## stdout:
1
## status: 0

#### indexed array cannot become associative
a=(1); declare -A a 2>/dev/null; echo $?; declare -p a
## stdout:
1
declare -a a=([0]="1")
## status: 0

#### associative array cannot become indexed
declare -A m=([k]=v); declare -a m 2>/dev/null; echo $?; declare -p m
## stdout:
1
declare -A m=([k]="v" )
## status: 0

#### declared-only arrays keep their kind too
declare -a n; declare -A n 2>/dev/null; echo $?; declare -A o; declare -a o 2>/dev/null; echo $?
## stdout:
1
1
## status: 0

#### empty indexed array cannot become associative
e=(); declare -A e 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### a scalar becomes element 0 of an associative array
p=x; declare -A p; declare -p p
## stdout:
declare -A p=([0]="x" )
## status: 0

#### redeclaring with the same kind is fine
declare -a s=(1); declare -a s; echo $?; declare -A t; declare -A t; echo $?
## stdout:
0
0
## status: 0

#### local arrays keep their kind
f() { local -a q; local -A q 2>/dev/null; echo $?; }; f
## stdout:
1
## status: 0

#### extended pattern in a parameter operation needs extglob
x=123abc; echo ${x##+([0-9])} ${x#[0-9]}
shopt -s extglob
echo ${x##+([0-9])}
## stdout:
123abc 23abc
abc
## status: 0

#### extended pattern from a variable in case needs extglob
p='+([0-9])'; case 11 in $p) echo match;; *) echo literal;; esac
shopt -s extglob
case 11 in $p) echo match;; *) echo literal;; esac
## stdout:
literal
match
## status: 0

#### extended pattern from a variable in [[ works without extglob
p='+([0-9])'; [[ 11 == $p ]] && echo match
## stdout:
match
## status: 0

#### extended glob needs extglob
touch a1 a2 b1; p='@(a1|b1)'; echo $p
shopt -s extglob
echo $p
## stdout:
@(a1|b1)
a1 b1
## status: 0
