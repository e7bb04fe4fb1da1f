# $LINENO inside ERR and EXIT traps: bash sets the line of each simple or
# subshell stage of a pipeline before it forks (so the ERR trap after a
# pipeline names its last such stage), records a subshell at its closing
# `)`, and runs the EXIT trap with the line counter reset to 1.

#### ERR after a failing pipeline names the pipeline's line
trap 'echo "ERR at $LINENO"' ERR
echo a

false | false
echo b
## stdout:
a
ERR at 4
b
## status: 0

#### ERR after pipelines under pipefail
trap 'echo "ERR at $LINENO"' ERR
set -o pipefail
echo a
false | true
true | false
(false) | (false)
echo b
## stdout:
a
ERR at 4
ERR at 5
ERR at 6
ERR at 6
b
## status: 0

#### ERR after a multi-line pipeline names its last simple stage
trap 'echo "ERR at $LINENO"' ERR
true |
  false
false |
  true |
  wc -l
set -o pipefail
false |
  true
echo end
## stdout:
ERR at 3
0
ERR at 9
end
## status: 0

#### ERR after a pipeline with a compound last stage
trap 'echo "ERR at $LINENO"' ERR
set -o pipefail
true | {
  false
}
true | while false
  do :; done | false
false |
 if true; then
   true
 fi
echo end
## stdout:
ERR at 3
ERR at 7
ERR at 8
end
## status: 0

#### ERR after a multi-line subshell names its closing line
trap 'echo "ERR at $LINENO"' ERR
echo start
(
  false
)
(false
 true; false)
{
  true
} | (
  false
  )
echo end
## stdout:
start
ERR at 5
ERR at 7
ERR at 12
ERR at 12
end
## status: 0

#### ERR inside compound commands names the failing command
trap 'echo "ERR at $LINENO"' ERR
if false; then :; else false; fi
while false; do :; done
{ false; }
{ true
  false
}
{ echo x; false; } | cat
if true
then
  false
fi
f() {
  false
}
f
echo end
## stdout:
ERR at 2
ERR at 4
ERR at 6
x
ERR at 11
ERR at 16
end
## status: 0

#### set -e and ERR in a compound command
trap 'echo "ERR at $LINENO"' ERR
set -e
echo a

{
  true
  false
}
echo after
## stdout:
a
ERR at 7
## status: 1

#### set -e and ERR after a multi-line pipeline
trap 'echo "ERR at $LINENO"' ERR
set -e
echo a
true |
  false
echo after
## stdout:
a
ERR at 5
## status: 1

#### the EXIT trap counts its own lines from 1
echo x
trap 'echo "EXIT $LINENO"
echo $LINENO' EXIT
echo y
## stdout:
x
y
EXIT 1
2
## status: 0

#### the EXIT trap after set -e stops a pipeline
trap 'echo "EXIT at $LINENO $?"' EXIT
set -e
echo a

false | false
echo after
## stdout:
a
EXIT at 1 1
## status: 1

#### the EXIT trap after exit in a function and in a subshell
trap 'echo "EXIT at $LINENO"' EXIT
(
trap 'echo "sub EXIT at $LINENO"' EXIT
exit 4
)
echo $?
f() {
  exit 2
}
f
## stdout:
sub EXIT at 1
4
EXIT at 1
## status: 2

#### a multi-line ERR trap continues from the failing line
trap 'echo "ERR $LINENO"
echo $LINENO' ERR
echo a
false
## stdout:
a
ERR 4
5
## status: 1
