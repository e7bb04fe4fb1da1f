# Bad substitutions are found when the word is expanded, not when the
# script is parsed (bash 5.2): the error abandons the rest of the line with
# status 1 and the script goes on with the next line. Also `let` with
# parentheses and syntax errors in text parsed at run time.
## locale: C.UTF-8

#### ${x;} is a bad substitution at run time
x=abc
echo before
echo "${x;}"; echo "same line"
echo "next $?"
## stdout:
before
next 1
## status: 0

#### ${#x:-y} is a bad substitution
x=abc
echo "${#x:-y}"
echo "next $?"
## stdout:
next 1
## status: 0

#### ${#x:1} is a bad substitution
x=abc
echo ${#x:1}
echo "next $?"
## stdout:
next 1
## status: 0

#### ${a[0][0]} is a bad substitution
a=(1 2)
echo ${a[0][0]}
echo "next $?"
## stdout:
next 1
## status: 0

#### a bad substitution in a branch not taken is never reported
x=1
if false; then echo "${x;}"; fi
echo "ok $?"
## stdout:
ok 0
## status: 0

#### a bad substitution in a function body runs when called
f() { echo "${x;}"; echo "in f"; }
echo defined
f
echo "after $?"
## stdout:
defined
after 1
## status: 0

#### a bad substitution inside $(...) ends only the substitution
x=$(echo "${y;}"; echo more)
echo "status $? [$x]"
## stdout:
status 1 []
## status: 0

#### a bad substitution in a function called from $(...)
f() { echo "${x;}"; echo in; }
y=$(f); echo "st $? [$y]"
## stdout:
st 1 []
## status: 0

#### a bad substitution in a subshell
( echo "${x;}"; echo inner )
echo "st $?"
## stdout:
st 1
## status: 0

#### a bad substitution in eval
eval 'echo ${x;}'
echo "eval $?"
## stdout:
eval 1
## status: 0

#### a bad substitution in a loop stops the line
for i in 1 2; do echo "$i ${x;}"; done; echo same
echo "next $?"
## stdout:
next 1
## status: 0

#### a bad substitution with set -e
set -e
echo "${x;}"
echo "not reached"
## stdout:
## status: 1

#### other bad substitutions
for w in '${x!}' '${x@Z}' '${!}' '${x:}' '${@@}'; do
  eval "echo $w" 2>/dev/null
  echo "$w $?"
done
## stdout:
${x!} 1

${x@Z} 0

${!} 0
${x:} 1

${@@} 0
## status: 0

#### let with parentheses as separate words
let x=( 1 )
echo "let $? $x"
## stdout:
let 0 1
## status: 0

#### let with a parenthesised expression
let 'y=(2+3)*2'; echo "$y"
let y=(y+1); echo "$y"
## stdout:
10
11
## status: 0

#### let with no arguments and with a zero result
let; echo "st $?"
let 0; echo "st $?"
let 1 0; echo "st $?"
## stdout:
st 1
st 1
st 1
## status: 0

#### a syntax error inside a here-document's $(...)
cat <<EOF
a $(if then fi) b
EOF
echo "st $?"
## stdout:
st 1
## status: 0

#### a syntax error inside a prompt-expanded $(...)
x='$(if then)'
y=${x@P}
echo "st $? [$y]"
## stdout:
st 0 []
## status: 0

#### a syntax error inside eval'd $(...)
eval 'x=$(if then fi)'
echo "st $?"
## stdout:
## status: 1

#### a syntax error in eval does not end the script
eval 'if then'
echo "st $?"
## stdout:
st 2
## status: 0

#### arithmetic syntax error at run time
x=$(( 1 + ))
echo "not here"
echo "next $?"
## stdout:
not here
next 0
## status: 0
