# rev and tac: reversing lines and line order.
# Expected values recorded from the real programs by `spec bless`.

#### rev
printf 'abc\nhello\n' | rev
## stdout:
cba
olleh
## status: 0

#### rev empty line
printf 'ab\n\ncd\n' | rev
## stdout:
ba

dc
## status: 0

#### rev no trailing newline
printf 'abc' | rev; echo
## stdout:
cba
## status: 0

#### tac
printf 'a\nb\nc\n' | tac
## stdout:
c
b
a
## status: 0

#### tac no trailing newline
printf 'a\nb' | tac; echo
## stdout:
ba

## status: 0

#### tac separator
printf 'a,b,c,' | tac -s ,; echo
## stdout:
c,b,a,
## status: 0

#### tac before
printf ',a,b,c' | tac -b -s ,; echo
## stdout:
,c,b,a
## status: 0

#### tac files
printf '1\n2\n' > a; printf '3\n4\n' > b; tac a b
## stdout:
2
1
4
3
## status: 0

#### tac with seq
seq 5 | tac
## stdout:
5
4
3
2
1
## status: 0

#### rev of rev
echo 'round trip' | rev | rev
## stdout:
round trip
## status: 0
