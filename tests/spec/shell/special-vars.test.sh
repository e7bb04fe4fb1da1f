# Special parameters and shell variables: $? $# $@ $* $0-free checks, $-,
# $LINENO, $FUNCNAME, $RANDOM seeding, $PIPESTATUS, $IFS, $SECONDS-free,
# $BASH_VERSION shape, $SHLVL-free, $PWD.

#### dollar question after true and false
true; echo $?; false; echo $?
## stdout:
0
1
## status: 0

#### dollar question after command not found
nonexistent_cmd_abc 2>/dev/null; echo $?
## stdout:
127
## status: 0

#### dollar question is reset by echo
false; echo $?; echo $?
## stdout:
1
0
## status: 0

#### dollar hash
set -- a b c; echo $#
## stdout:
3
## status: 0

#### LINENO
echo $LINENO
echo $LINENO
## stdout:
1
2
## status: 0

#### LINENO in function is script line
f() {
  echo $LINENO
}
f
## stdout:
2
## status: 0

#### LINENO in multi-line command
echo a \
  $LINENO
## stdout:
a 1
## status: 0

#### RANDOM seeded is reproducible
RANDOM=42; a=$RANDOM; RANDOM=42; b=$RANDOM; [ "$a" = "$b" ] && echo same
## stdout:
same
## status: 0

#### RANDOM in range
x=$RANDOM; (( x >= 0 && x <= 32767 )) && echo in-range
## stdout:
in-range
## status: 0

#### RANDOM values differ between reads
RANDOM=1; a=$RANDOM; b=$RANDOM; [ "$a" != "$b" ] && echo differ
## stdout:
differ
## status: 0

#### dollar dollar is a number and same in subshell
[[ $$ =~ ^[0-9]+$ ]] && echo numeric; [ "$(echo $$)" = "$$" ] && echo same-in-subst
## stdout:
numeric
same-in-subst
## status: 0

#### BASHPID differs in subshell
[ "$BASHPID" = "$$" ] && echo main; [ "$(echo $BASHPID)" != "$$" ] && echo sub-differs
## stdout:
main
sub-differs
## status: 0

#### dollar bang after background job
true & [[ $! =~ ^[0-9]+$ ]] && echo pid; wait
## stdout:
pid
## status: 0

#### dollar underscore last argument
echo a b c >/dev/null; echo $_
## stdout:
c
## status: 0

#### PWD matches pwd
[ "$PWD" = "$(pwd)" ] && echo same
## stdout:
same
## status: 0

#### cd updates PWD and OLDPWD
mkdir d; old=$PWD; cd d; [ "$PWD" = "$old/d" ] && echo pwd-updated; [ "$OLDPWD" = "$old" ] && echo oldpwd
## stdout:
pwd-updated
oldpwd
## status: 0

#### cd dash goes back and prints
mkdir d; cd d; cd - >/dev/null; [ "$PWD" = "$OLDPWD/.." ] || [ -d d ] && echo back
## stdout:
back
## status: 0

#### IFS default is space tab newline
[ "$IFS" = $' \t\n' ] && echo default-ifs
## stdout:
default-ifs
## status: 0

#### BASH_VERSION shape
[[ $BASH_VERSION =~ ^5\. ]] && echo v5; echo ${BASH_VERSINFO[0]}
## stdout:
v5
5
## status: 0

#### SHELLOPTS contains set options
set -o pipefail; [[ $SHELLOPTS == *pipefail* ]] && echo listed
## stdout:
listed
## status: 0

#### BASHOPTS has shopt options
shopt -s extglob
[[ $BASHOPTS == *extglob* ]] && echo listed
## stdout:
listed
## status: 0

#### HOSTNAME-free OPTIND default
echo $OPTIND
## stdout:
1
## status: 0

#### PPID is numeric
[[ $PPID =~ ^[0-9]+$ ]] && echo numeric
## stdout:
numeric
## status: 0

#### UID and EUID numeric
[[ $UID =~ ^[0-9]+$ && $EUID =~ ^[0-9]+$ ]] && echo numeric
## stdout:
numeric
## status: 0

#### SECONDS is small
(( SECONDS < 5 )) && echo fresh
## stdout:
fresh
## status: 0

#### EPOCHSECONDS numeric
[[ $EPOCHSECONDS =~ ^[0-9]+$ ]] && echo numeric
## stdout:
numeric
## status: 0

#### EPOCHREALTIME has six decimals and agrees with EPOCHSECONDS
[[ $EPOCHREALTIME =~ ^[0-9]+\.[0-9]{6}$ ]] && echo shape
a=$EPOCHSECONDS; b=${EPOCHREALTIME%.*}; (( b - a >= 0 && b - a <= 1 )) && echo agrees
## stdout:
shape
agrees
## status: 0

#### HOME is set
[ -n "$HOME" ] && echo home-set
## stdout:
home-set
## status: 0

#### PATH is set
[ -n "$PATH" ] && echo path-set
## stdout:
path-set
## status: 0

#### positional zero through nine
set -- 1 2 3 4 5 6 7 8 9 10; echo $1$9 ${10}
## stdout:
19 10
## status: 0

#### dollar at and star count
set -- 'a b' c; echo ${#@} ${#*}
## stdout:
2 2
## status: 0

#### dollar hash in function
f() { echo $#; }; f a b; f
## stdout:
2
0
## status: 0

#### dollar minus default flags
echo $- | grep -q h && echo has-h
## stdout:
has-h
## status: 0

#### LINENO after here-doc
cat >/dev/null <<END
1
2
END
echo $LINENO
## stdout:
5
## status: 0

#### FUNCNAME in nested call
a() { b; }; b() { echo "${FUNCNAME[0]} ${FUNCNAME[1]}"; }; a
## stdout:
b a
## status: 0

#### BASH_LINENO array
f() { echo "${BASH_LINENO[0]}"; }
f
## stdout:
2
## status: 0

#### BASH_SOURCE-free BASH_ARGV0 set
echo ${#BASH_VERSINFO[@]}
## stdout:
6
## status: 0

#### assigning to special dollar question is an error
( eval '?=1' ) 2>/dev/null; echo "status $?"
## stdout:
status 127
## status: 0

#### unset special variable RANDOM
unset RANDOM; RANDOM=5; echo $RANDOM
## stdout:
5
## status: 0

#### MACHTYPE-free HISTCMD-free BASH is set
[ -n "$BASH" ] && echo bash-set
## stdout:
bash-set
## status: 0

#### PS4 default
echo "[$PS4]"
## stdout:
[+ ]
## status: 0

#### dollar question after subshell with arithmetic
(( 5 > 3 )); echo $?; (( 5 < 3 )); echo $?
## stdout:
0
1
## status: 0

#### COLUMNS and LINES are unset in scripts
echo "[${COLUMNS-unset}] [${LINES-unset}]"
## stdout:
[unset] [unset]
## status: 0

#### SHLVL is a number
[[ $SHLVL =~ ^[0-9]+$ ]] && echo numeric
## stdout:
numeric
## status: 0

#### IFS unset in subshell then default splitting
(unset IFS; x='a b'; set -- $x; echo $#)
## stdout:
2
## status: 0
