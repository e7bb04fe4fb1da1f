# Word splitting and IFS (bash manual 3.5.7) with `$@`/`$*`, and control
# flow corners: break/continue in a subshell, set -e in a function in a
# `!`/`||` context, $LINENO in an arithmetic for header.
## locale: C.UTF-8

#### empty arguments survive unquoted $@ with a non-whitespace IFS
set -- a '' b
IFS=:
printf '<%s>' $@; echo
printf '<%s>' $*; echo
## stdout:
<a><><b>
<a><><b>
## status: 0

#### empty fields of a non-whitespace IFS
IFS=:
x="a::b"; printf '<%s>' $x; echo
x=":a:"; printf '<%s>' $x; echo
## stdout:
<a><><b>
<><a>
## status: 0

#### empty arguments with a mixed IFS
set -- a '' b
IFS=' :'
printf '<%s>' $@; echo
## stdout:
<a><b>
## status: 0

#### only empty arguments
set -- '' ''
IFS=:
printf '<%s>' $@; echo "n"
printf '<%s>' $*; echo "n"
## stdout:
<>n
<>n
## status: 0

#### IFS= with ${@-x} and ${@+x}
set -- a '' b
IFS=
printf '<%s>' ${@-x}; echo
printf '<%s>' ${@+x}; echo
printf '<%s>' "${@-x}"; echo
## stdout:
<a><b>
<x>
<a><><b>
## status: 0

#### an empty argument with ${@-x} and ${@+y}
set -- ''
printf '<%s>' ${@-x}; echo
printf '<%s>' "${@+y}"; echo
printf '<%s>' ${*-x}; echo
## stdout:
<>
<y>
<>
## status: 0

#### no arguments with ${@-x} and ${@:-x}
set --
printf '<%s>' ${@-x} "${@-y}" ${@:-z}; echo
## stdout:
<x><y><z>
## status: 0

#### unquoted $* with IFS= joins nothing
set -- 'a b' c
IFS=
printf '<%s>' $*; echo
printf '<%s>' "$*"; echo
## stdout:
<a b><c>
<a bc>
## status: 0

#### brace-looking words after IFS changes
IFS=,
x='{a,b}'; echo $x
echo {a,b}
y=a,b; echo {$y}
## stdout:
{a b}
a b
{a b}
## status: 0

#### IFS characters in brace expansion results
IFS=b
echo {a,b}c
x=abc; echo $x
## stdout:
ac bc
a c
## status: 0

#### IFS whitespace collapses, others do not
IFS=' ,'
x=' a , b,,c '; printf '<%s>' $x; echo
## stdout:
<a><b><><c>
## status: 0

#### unset IFS splits on default whitespace
x=$'a\tb\nc  d'
unset IFS
printf '<%s>' $x; echo
## stdout:
<a><b><c><d>
## status: 0

#### continue in a subshell in a loop
for i in 1 2; do ( echo "s$i"; continue; echo no ); echo "after $i"; done
## stdout:
s1
no
after 1
s2
no
after 2
## status: 0

#### break in a subshell in a loop
for i in 1 2; do ( break; echo "sub $i" ); echo "a $i"; done
## stdout:
sub 1
a 1
sub 2
a 2
## status: 0

#### break in a loop inside a subshell
( for i in 1 2 3; do [ $i = 2 ] && break; echo $i; done; echo rest )
## stdout:
1
rest
## status: 0

#### set -e turned on in a function called with !
f() { set -e; false; echo "still"; }
! f
echo "st $?"
## stdout:
## status: 1

#### set -e turned on in a function called with ||
g() { set -e; false; echo "g still"; }
g || echo "g failed"
echo "end $?"
## stdout:
g still
end 0
## status: 0

#### set -e turned on in a function called in if
h() { set -e; false; echo "h still"; }
if h; then echo yes; fi
echo "end"
## stdout:
h still
yes
end
## status: 0

#### LINENO in an arithmetic for header
for ((i=0; i<$LINENO; i++)); do :; done; echo $i
## stdout:
1
## status: 0

#### LINENO in a multi-line arithmetic for header
echo first
for ((i=0;
  i<LINENO;
  i++)); do :; done; echo $i
## stdout:
first
2
## status: 0

#### LINENO in the body of an arithmetic for
for (( j = LINENO; j < LINENO + 1; j++ )); do echo "j=$j L=$LINENO"; done
for ((k=0;k<1;k++))
do echo "L=$LINENO"; done
## stdout:
j=1 L=1
L=3
## status: 0

#### unquoted $@ joins with the first IFS character
set -- a ''
IFS=:
printf '<%s>' $@; echo
set -- '' a
printf '<%s>' $@; echo
set -- a '' '' b
printf '<%s>' x$@y; echo
## stdout:
<a>
<><a>
<xa><><><by>
## status: 0

#### unquoted $@ elements holding IFS characters
set -- 'a:b' '' c
IFS=:
printf '<%s>' $@; echo
for i in $@; do printf '[%s]' "$i"; done; echo
## stdout:
<a><b><><c>
[a][b][][c]
## status: 0

#### the ERR trap inside a negated group
trap 'echo ERR' ERR
! { false; echo in; }
echo "st $?"
## stdout:
ERR
in
st 1
## status: 0

#### set -e already on keeps a negated function running
set -e
f() { false; echo still; }
! f
echo "st $?"
## stdout:
still
st 1
## status: 0

#### break in a pipeline stage inside a loop
for i in 1 2; do true | break; echo "i=$i"; done
## stdout:
i=1
i=2
## status: 0

#### break in a background job inside a loop
for i in 1; do { break; } & wait; echo "i=$i"; done
## stdout:
i=1
## status: 0
