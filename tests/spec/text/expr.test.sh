# expr: arithmetic, comparison, logic, string functions, matching, status.
# Expected values recorded from the real programs by `spec bless`.

#### addition
expr 1 + 2
## stdout:
3
## status: 0

#### precedence
expr 1 + 2 \* 3
## stdout:
7
## status: 0

#### parentheses
expr \( 1 + 2 \) \* 3
## stdout:
9
## status: 0

#### division and modulo
expr 17 / 5; expr 17 % 5; expr -17 / 5; expr -17 % 5
## stdout:
3
2
-3
-2
## status: 0

#### subtraction negative
expr 3 - 5
## stdout:
-2
## status: 0

#### comparison numbers
expr 10 \> 9; expr 10 \< 9
## stdout:
1
0
## status: 1

#### comparison strings
expr abc \< abd; expr b \> a
## stdout:
1
1
## status: 0

#### equality
expr 3 = 3; expr a = b; echo $?
## stdout:
1
0
1
## status: 0

#### not equal
expr 3 != 4
## stdout:
1
## status: 0

#### or
expr 0 \| 5; expr '' \| 0; echo $?
## stdout:
5
0
1
## status: 0

#### and
expr 3 \& 4; expr 3 \& 0; echo $?
## stdout:
3
0
1
## status: 0

#### match count
expr abcdef : 'abc'
## stdout:
3
## status: 0

#### match group
expr 'foo-123' : 'foo-\([0-9]*\)'
## stdout:
123
## status: 0

#### match no match
expr abc : 'x'; echo $?
## stdout:
0
1
## status: 0

#### match keyword
expr match hello 'h.*l'
## stdout:
4
## status: 0

#### length
expr length 'hello world'
## stdout:
11
## status: 0

#### substr
expr substr hello 2 3
## stdout:
ell
## status: 0

#### substr out of range
expr substr hello 9 2; echo $?
## stdout:

1
## status: 0

#### index
expr index hello lo
## stdout:
3
## status: 0

#### zero result status
expr 5 - 5; echo $?
## stdout:
0
1
## status: 0

#### division by zero status
expr 1 / 0 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### non-integer status
expr a + 1 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### syntax error status
expr 1 + 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### missing operand status
expr 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### plus token
expr + length
## stdout:
length
## status: 0

#### in a loop
i=0; while [ $i -lt 3 ]; do i=$(expr $i + 1); echo $i; done
## stdout:
1
2
3
## status: 0

#### regex anchored
expr 'xabc' : 'abc'; echo $?
## stdout:
0
1
## status: 0

#### string as number compare
expr 010 = 10
## stdout:
1
## status: 0
