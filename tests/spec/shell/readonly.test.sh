# Assigning to a readonly variable in a script (bash 5.2, not in POSIX
# mode): an assignment statement abandons the rest of the line it is on
# (the whole top-level command) with status 1, and the script goes on
# with the next line; builtins (declare, unset, read, ...) fail with
# status 1 and the line goes on.

#### readonly assignment abandons the line, the next line runs
readonly R=1; R=2; echo "same line $?"
echo "next $?"
## stdout:
next 1
## status: 0

#### readonly append abandons the line
readonly R=1; R+=x; echo "same line $?"
echo "next $? $R"
## stdout:
next 1 1
## status: 0

#### readonly assignment as the last line sets the status
readonly R=1
R=2
## stdout:
## status: 1

#### readonly assignment inside a function abandons the calling line
readonly R=1
f() {
  R=2
  echo "in f $?"
}
f; echo "after f on the same line"
echo "after f $?"
## stdout:
after f 1
## status: 0

#### readonly assignment in a multi-line group and loop
readonly R=1
{
  R=3
  echo "in group $?"
}
echo "after group $?"
for i in 1 2; do
  R=4
  echo "loop $i"
done
echo "after loop $?"
## stdout:
after group 1
after loop 1
## status: 0

#### readonly assignment in a subshell ends the subshell only
readonly R=1
(R=6
echo "in subshell $?")
echo "after subshell $?"
x=$(R=5
echo "in subst $?")
echo "subst [$x] $?"
## stdout:
after subshell 1
subst [] 1
## status: 0

#### readonly assignment then or-list and if on one line
readonly R=1
R=8 || echo or
echo "after or $?"
if true; then R=7; fi; echo same line
echo "after if $?"
## stdout:
after or 1
after if 1
## status: 0

#### declare on a readonly variable fails and the line goes on
readonly R=1; declare R=3; echo "next $? $R"
## stdout:
next 1 1
## status: 0

#### unset of a readonly variable fails and the line goes on
readonly R=1; unset R; echo "next $? $R"
## stdout:
next 1 1
## status: 0

#### for loop over a readonly variable fails and the line goes on
readonly R=1; for R in a; do echo in; done; echo "next $? $R"
## stdout:
next 1 1
## status: 0

#### read into a readonly variable fails and the line goes on
readonly R=1; read R <<< x; echo "next $? $R"
## stdout:
next 1 1
## status: 0

#### export and printf -v on a readonly variable fail and the line goes on
readonly R=1; export R=2; echo "export $?"; printf -v R x; echo "printf $? $R"
## stdout:
export 1
printf 1 1
## status: 0

#### readonly variable in a temporary environment: the command still runs
readonly R=1; R=2 echo hi; echo "next $? $R"
f() { echo "f sees $R"; }
R=3 f; echo "after f $?"
## stdout:
hi
next 0 1
f sees 1
after f 0
## status: 0

#### let and arithmetic on a readonly variable fail and the line goes on
readonly R=1; let R=2; echo "let $?"; ((R=3)); echo "arith $? $R"
## stdout:
let 1
arith 1 1
## status: 0

#### local of a readonly variable in a function fails and the function goes on
readonly R=1; f(){ local R=2; echo "in $? $R"; }; f; echo "next $?"
## stdout:
in 1 1
next 0
## status: 0
