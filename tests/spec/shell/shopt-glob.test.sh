# shopt options and pathname expansion over files the case creates in its
# own empty working directory: *, ?, [..], nullglob, failglob, dotglob,
# nocaseglob, extglob, globstar, sorting.

#### star matches files sorted
touch b a c; echo *
## stdout:
a b c
## status: 0

#### no match leaves pattern
echo *.nomatch
## stdout:
*.nomatch
## status: 0

#### question mark
touch a1 a2 a10; echo a?
## stdout:
a1 a2
## status: 0

#### bracket expression
touch x1 x2 x3; echo x[13]
## stdout:
x1 x3
## status: 0

#### negated bracket
touch y1 y2 y3; echo y[!2]
## stdout:
y1 y3
## status: 0

#### hidden files need explicit dot
touch .hidden visible; echo *; echo .h*
## stdout:
visible
.hidden
## status: 0

#### dotglob
touch .hidden visible; shopt -s dotglob; echo *
## stdout:
.hidden visible
## status: 0

#### nullglob removes non-matching
shopt -s nullglob; echo start *.none end
## stdout:
start end
## status: 0

#### nullglob with array
shopt -s nullglob; arr=(*.none); echo ${#arr[@]}
## stdout:
0
## status: 0

#### failglob errors
shopt -s failglob; echo *.none 2>/dev/null; echo "status $?"
## stdout:
## status: 1

#### nocaseglob
touch ABC; shopt -s nocaseglob; echo ab*
## stdout:
ABC
## status: 0

#### glob in directory path
mkdir -p d1 d2; touch d1/f d2/f; echo d*/f
## stdout:
d1/f d2/f
## status: 0

#### trailing slash matches directories only
mkdir dir; touch file; echo */
## stdout:
dir/
## status: 0

#### extglob patterns
shopt -s extglob
touch a.c a.h a.o; echo *.@(c|h); echo !(*.o)
## stdout:
a.c a.h
a.c a.h
## status: 0

#### extglob plus and star and question
shopt -s extglob
touch ab abb a; echo a+(b); echo a*(b); echo a?(b)
## stdout:
ab abb
a ab abb
a ab
## status: 0

#### globstar
shopt -s globstar; mkdir -p p/q/r; touch p/1 p/q/2 p/q/r/3; echo **
## stdout:
p p/1 p/q p/q/2 p/q/r p/q/r/3
## status: 0

#### globstar with suffix
shopt -s globstar; mkdir -p p/q; touch p/x.t p/q/y.t; echo **/*.t
## stdout:
p/q/y.t p/x.t
## status: 0

#### glob quoted parts are literal
touch 'a*b' axb; echo 'a*'b; echo a*b
## stdout:
a*b
a*b axb
## status: 0

#### glob from variable unquoted
touch m1 m2; p='m*'; echo $p; echo "$p"
## stdout:
m1 m2
m*
## status: 0

#### glob sort order is C locale
touch B a C b; echo *
## stdout:
B C a b
## status: 0

#### glob with character class
touch f1 fa; echo f[[:digit:]]
## stdout:
f1
## status: 0

#### shopt -p prints options
shopt -p extglob nullglob
## stdout:
shopt -u extglob
shopt -u nullglob
## status: 1

#### shopt -s then -q
shopt -s nullglob; shopt -q nullglob && echo on; shopt -u nullglob; shopt -q nullglob || echo off
## stdout:
on
off
## status: 0

#### shopt invalid option
shopt -s no_such_opt 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### shopt -o uses set options
shopt -so pipefail; set -o | grep pipefail | tr -s ' \t' ' '
## stdout:
pipefail on
## status: 0

#### glob in assignment is not expanded
touch g1; x=g*; echo "$x"
## stdout:
g*
## status: 0

#### glob in case word is not expanded
touch k1; case k* in 'k*') echo literal ;; esac
## stdout:
literal
## status: 0

#### glob in double brackets not expanded
touch z1; [[ z* == 'z*' ]] && echo literal
## stdout:
literal
## status: 0

#### glob matches dotfiles with explicit pattern only
touch .a .b; echo .[ab]
## stdout:
.a .b
## status: 0

#### dot and dotdot not matched by dot star
touch .x; echo .*
## stdout:
.x
## status: 0

#### GLOBIGNORE filters
touch a.txt b.log; GLOBIGNORE='*.log'; echo *
## stdout:
a.txt
## status: 0

#### set -f then glob
touch s1; set -f; echo s*; set +f; echo s*
## stdout:
s*
s1
## status: 0

#### glob with brackets containing dash
touch -- - a b; echo [a-]
## stdout:
a
## status: 0

#### no expansion of tilde inside glob result
touch t; echo t*
## stdout:
t
## status: 0

#### shopt nocasematch listing
shopt nocasematch | tr -s ' \t' ' '
## stdout:
nocasematch off
## status: 0

#### glob in for loop
touch 1.x 2.x; for f in *.x; do echo "file $f"; done
## stdout:
file 1.x
file 2.x
## status: 0

#### glob of directory contents after cd
mkdir sub; touch sub/a sub/b; cd sub; echo *
## stdout:
a b
## status: 0

#### extglob negation with nothing else
shopt -s extglob
touch keep drop; echo !(drop)
## stdout:
keep
## status: 0

#### escaped glob characters
touch 'q?'; echo q\?
## stdout:
q?
## status: 0

#### star does not match slash
mkdir -p a/b; touch a/b/c; echo a/*; echo */*
## stdout:
a/b
a/b
## status: 0
