# grep: usage and pattern errors, exit status 2 (GNU grep 3.8).

#### no pattern is a usage error
grep; echo $?
## stdout:
2
## status: 0

#### unknown option
grep -k a; echo $?
## stdout:
2
## status: 0

#### unknown long option
grep --frobnicate a; echo $?
## stdout:
2
## status: 0

#### missing option argument
grep -e; echo $?
## stdout:
2
## status: 0

#### bad context length
grep -A x a; echo $?
## stdout:
2
## status: 0

#### unmatched paren
echo a | grep '\('; echo $?
## stdout:
2
## status: 0

#### unmatched paren ERE
echo a | grep -E '(a'; echo $?
## stdout:
2
## status: 0

#### unmatched close paren in ERE is literal
echo 'a)' | grep -E 'a)'; echo $?
## stdout:
a)
0
## status: 0

#### unmatched bracket
echo a | grep '[a'; echo $?
## stdout:
2
## status: 0

#### bad character class
echo a | grep '[[:foo:]]'; echo $?
## stdout:
2
## status: 0

#### class outside bracket
echo a | grep '[:alpha:]'; echo $?
## stdout:
2
## status: 0

#### invalid back reference
echo a | grep '\(a\)\2'; echo $?
## stdout:
2
## status: 0

#### bad interval
echo a | grep 'a\{2,1\}'; echo $?
## stdout:
2
## status: 0

#### interval too big
echo a | grep 'a\{99999\}'; echo $?
## stdout:
2
## status: 0

#### trailing backslash
echo a | grep 'a\\'; echo $?
## stdout:
1
## status: 0

#### error message text
echo a | grep '\(' 2>&1
## stdout:
grep: Unmatched ( or \(
## status: 2
