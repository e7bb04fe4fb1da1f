# seq: integer and decimal sequences, separators, widths, formats.
# Expected values recorded from the real programs by `spec bless`.

#### last only
seq 3
## stdout:
1
2
3
## status: 0

#### first last
seq 2 5
## stdout:
2
3
4
5
## status: 0

#### step
seq 1 3 10
## stdout:
1
4
7
10
## status: 0

#### negative step
seq 5 -2 1
## stdout:
5
3
1
## status: 0

#### empty sequence
seq 5 1; echo "[$?]"
## stdout:
[0]
## status: 0

#### negative numbers
seq -3 -1
## stdout:
-3
-2
-1
## status: 0

#### decimal step
seq 0.5 0.25 1.5
## stdout:
0.50
0.75
1.00
1.25
1.50
## status: 0

#### decimal precision from step
seq 1 0.1 1.3
## stdout:
1.0
1.1
1.2
1.3
## status: 0

#### decimal last ignored for precision
seq 1 0.5 2.25
## stdout:
1.0
1.5
2.0
## status: 0

#### separator
seq -s, 5
## stdout:
1,2,3,4,5
## status: 0

#### separator string
seq -s ' | ' 3
## stdout:
1 | 2 | 3
## status: 0

#### equal width
seq -w 8 11
## stdout:
08
09
10
11
## status: 0

#### equal width negative
seq -w -1 1
## stdout:
-1
00
01
## status: 0

#### equal width decimal
seq -w 1 0.5 3
## stdout:
1.0
1.5
2.0
2.5
3.0
## status: 0

#### format
seq -f '%03g' 3
## stdout:
001
002
003
## status: 0

#### format float
seq -f 'n=%.2f' 1 0.5 2
## stdout:
n=1.00
n=1.50
n=2.00
## status: 0

#### exponent arguments
seq 1e2 1e2 3e2
## stdout:
100
200
300
## status: 0

#### zero increment status
seq 1 0 5 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### invalid argument status
seq x 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### missing operand status
seq 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### big integers
seq 9223372036854775806 9223372036854775808
## stdout:
9223372036854775806
9223372036854775807
9223372036854775808
## status: 0

#### count with wc
seq 1000 | wc -l
## stdout:
1000
## status: 0

#### sum with paste
seq 10 | paste -sd+
## stdout:
1+2+3+4+5+6+7+8+9+10
## status: 0

#### negative first via --
seq -- -2 0
## stdout:
-2
-1
0
## status: 0

#### large sequence across output buffers
seq 1 100000 | cksum; seq 100000 | tail -n 2
## stdout:
2052179976 588895
99999
100000
## status: 0

#### equal width with negatives and a step
seq -w -5 3 100 | head -n 4; seq -w -1000 999 1000
## stdout:
-05
-02
001
004
-1000
-0001
00998
## status: 0

#### separator over many numbers
seq -s, 1 20000 | cksum; seq -s ', ' 3
## stdout:
2497834543 108894
1, 2, 3
## status: 0

#### descending by a negative step
seq 0 -7 -40000 | cksum; seq 10 -3 1
## stdout:
3876894080 38415
10
7
4
1
## status: 0

#### past the 64-bit range
seq 9223372036854775800 3 9223372036854775815; seq -9223372036854775809 -9223372036854775807
## stdout:
9223372036854775800
9223372036854775803
9223372036854775806
9223372036854775809
9223372036854775812
9223372036854775815
-9223372036854775809
-9223372036854775808
-9223372036854775807
## status: 0

#### at the 128-bit limit
seq 170141183460469231731687303715884105725 170141183460469231731687303715884105727
## stdout:
170141183460469231731687303715884105725
170141183460469231731687303715884105726
170141183460469231731687303715884105727
## status: 0

#### cut short by its reader
seq 1000000 | head -n 2; echo "${PIPESTATUS[@]}"
## stdout:
1
2
141 0
## status: 0
