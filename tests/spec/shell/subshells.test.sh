# Subshells and command substitution: isolation of variables, functions,
# options and cwd; trailing newline stripping; status in assignments.

#### subshell variable does not leak
x=1; (x=2; echo in $x); echo out $x
## stdout:
in 2
out 1
## status: 0

#### subshell function does not leak
(f() { echo f; }); f 2>/dev/null; echo "status $?"
## stdout:
status 127
## status: 0

#### subshell option does not leak
(set -u); echo "${unset_var-ok}"; (set -e; false; echo no); echo after
## stdout:
ok
after
## status: 0

#### subshell cd does not leak
mkdir d; (cd d; pwd | sed 's|.*/||'); pwd | grep -c '/d$'
## stdout:
d
0
## status: 1

#### subshell exit status
(exit 9); echo $?
## stdout:
9
## status: 0

#### exit in subshell does not exit the shell
(exit 1); echo still-here
## stdout:
still-here
## status: 0

#### command substitution value
x=$(echo value); echo $x
## stdout:
value
## status: 0

#### backtick substitution
x=`echo value`; echo $x
## stdout:
value
## status: 0

#### nested command substitution
echo $(echo a $(echo b $(echo c)))
## stdout:
a b c
## status: 0

#### command substitution strips trailing newlines only
x=$(printf '\n a \n\n'); printf '[%s]\n' "$x"
## stdout:
[
 a ]
## status: 0

#### assignment status is that of the substitution
x=$(exit 3); echo $?
## stdout:
3
## status: 0

#### assignment status with multiple substitutions is the last
x=$(exit 3)$(exit 4); echo $?
## stdout:
4
## status: 0

#### declare status ignores substitution status
declare x=$(exit 3); echo $?
## stdout:
0
## status: 0

#### local status ignores substitution status
f() { local x=$(exit 3); echo $?; }; f
## stdout:
0
## status: 0

#### command substitution in command arguments status
echo $(exit 5) >/dev/null; echo $?
## stdout:
0
## status: 0

#### variable set in substitution does not leak
x=1; y=$(x=2; echo $x); echo $x $y
## stdout:
1 2
## status: 0

#### substitution sees functions and variables
v=seen; f() { echo "f:$v"; }; echo "$(f)"
## stdout:
f:seen
## status: 0

#### substitution with stderr not captured
x=$(echo out; echo err >&2) 2>/dev/null; echo "[$x]"
## stdout:
[out]
## status: 0

#### substitution with case parentheses
x=$(case a in a) echo matched;; esac); echo $x
## stdout:
matched
## status: 0

#### substitution with comments
x=$(echo hi # a comment
); echo $x
## stdout:
hi
## status: 0

#### dollar paren with unbalanced paren in quotes
x=$(echo ')'); echo $x
## stdout:
)
## status: 0

#### subshell in pipeline
(echo a; echo b) | wc -l
## stdout:
2
## status: 0

#### subshell grouping with redirect
(echo x; echo y) > f; cat f
## stdout:
x
y
## status: 0

#### brace group runs in current shell
x=1; { x=2; }; echo $x
## stdout:
2
## status: 0

#### brace group status
{ false; }; echo $?
## stdout:
1
## status: 0

#### subshell inherits positional parameters
set -- p q; (echo "$@")
## stdout:
p q
## status: 0

#### changing positional params in subshell does not leak
set -- p q; (set -- z); echo "$@"
## stdout:
p q
## status: 0

#### BASH_SUBSHELL increments
echo $BASH_SUBSHELL; (echo $BASH_SUBSHELL; (echo $BASH_SUBSHELL)); echo $(echo $BASH_SUBSHELL)
## stdout:
0
1
2
1
## status: 0

#### arrays modified in subshell
a=(1 2); (a+=(3); echo ${#a[@]}); echo ${#a[@]}
## stdout:
3
2
## status: 0

#### substitution of large output
x=$(seq 1 1000); echo ${#x}
## stdout:
3892
## status: 0

#### substitution output with NUL is dropped with warning
x=$(printf 'a\0b' 2>/dev/null); echo ${#x}
## stdout:
2
## status: 0

#### trap in subshell does not affect parent
trap 'echo parent-exit' EXIT; (trap 'echo sub-exit' EXIT; echo in-sub); echo main
## stdout:
in-sub
sub-exit
main
parent-exit
## status: 0

#### subshell exit trap runs at subshell end
(trap 'echo bye' EXIT; echo body)
## stdout:
body
bye
## status: 0

#### command substitution exit trap
x=$(trap 'echo trapped' EXIT; echo body); echo "[$x]"
## stdout:
[body
trapped]
## status: 0

#### empty substitution
x=$(); echo "[$x]"
## stdout:
[]
## status: 0

#### substitution of only whitespace is kept except newlines
x=$(printf '  '); echo "[$x]"
## stdout:
[  ]
## status: 0

#### nested quotes in nested substitution
echo "$(echo "$(echo "a  b")")"
## stdout:
a  b
## status: 0

#### subshell with set -e only inside
(set -e; false; echo no); echo "outside $?"
## stdout:
outside 1
## status: 0

#### readonly in subshell does not leak
(readonly r=1); r=2; echo $r
## stdout:
2
## status: 0

#### export in subshell does not leak
(export E=1); echo "[${E-unset}]"
## stdout:
[unset]
## status: 0

#### subshell sees unexported variables
v=local-only; (echo $v)
## stdout:
local-only
## status: 0

#### cd in command substitution does not leak
mkdir sub; x=$(cd sub && pwd); [ "$(pwd)" != "$x" ] && echo isolated
## stdout:
isolated
## status: 0

#### umask-free pwd in subshell
[ "$(pwd)" = "$PWD" ] && echo pwd-matches
## stdout:
pwd-matches
## status: 0

#### substitution inside arithmetic inside substitution
echo $(( $(echo 2) * $(echo $((3+4))) ))
## stdout:
14
## status: 0

#### dollar question after subshell with signal-free failure
(false); echo $?
## stdout:
1
## status: 0

#### subshell exit value truncated mod 256
(exit 300); echo $?
## stdout:
44
## status: 0

#### deeply nested subshells
( ( ( ( echo deep ) ) ) )
## stdout:
deep
## status: 0

#### substitution keeps internal newlines
x=$(printf 'a\n\nb\n'); echo "$x" | wc -l
## stdout:
3
## status: 0

#### subshell at start of pipeline shares nothing with parent
x=0; (x=5) | cat; echo $x
## stdout:
0
## status: 0

#### command substitution with here-string
x=$(tr a b <<< aaa); echo $x
## stdout:
bbb
## status: 0

#### assignment from substitution of builtin output
x=$(printf '%s' "no newline"); echo "[$x]"
## stdout:
[no newline]
## status: 0
