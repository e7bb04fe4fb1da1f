# jq 1.7.1 number handling: literal preservation, double formatting, big integers (jq manual, "Identity" on number literals).

#### literal preserved
echo '1.0 1.50 100000000000000000000 1e2 1E-7' | jq -c .
## stdout:
1.0
1.50
100000000000000000000
1E+2
1E-7
## status: 0

#### computed doubles
jq -nc '1.0 + 0, 3.0 * 1, 0.1 + 0.2, 1e17 + 0, 1e16 + 0, 1 / 3'
## stdout:
1
3
0.30000000000000004
1e+17
1e+16
0.3333333333333333
## status: 0

#### small and large exponents
jq -nc '0.0001 * 1, 0.00001 * 1, 1.5e-7 * 1, 1e100 * 1'
## stdout:
0.0001
1e-05
1.5e-07
1e+100
## status: 0

#### huge literal
jq -nc '1e1000, -1e1000'
## stdout:
1E+1000
-1.7976931348623157e+308
## status: 0

#### infinity prints as largest double
jq -nc 'infinite, -infinite, [nan]'
## stdout:
1.7976931348623157e+308
-1.7976931348623157e+308
[null]
## status: 0

#### integer arithmetic
jq -nc '9007199254740993, 2 * 3, 7 - 10'
## stdout:
9007199254740993
6
-3
## status: 0

#### negative zero
jq -nc '-0.0 + 0'
## stdout:
0
## status: 0

#### tostring of literal
jq -nc '1.0 | tostring'; jq -nc '{"a":1.10} | tojson'
## stdout:
"1.0"
"{\"a\":1.10}"
## status: 0

#### numbers in keys sort
jq -nc '[3, 1.5, -2, 10] | sort'
## stdout:
[-2,1.5,3,10]
## status: 0

#### equality across forms
jq -nc '1 == 1.0, 1.0 == 1.00, 100 == 1e2'
## stdout:
true
true
true
## status: 0

#### floor of large
jq -nc '1e18 | floor'
## stdout:
1e+18
## status: 0

#### division by zero is an error
jq -n '1 / 0'; echo "s=$?"
## stdout:
s=5
## status: 0

#### modulo by zero is an error
jq -n '5 % 0'; echo "s=$?"
## stdout:
s=5
## status: 0

#### number formatting in csv
jq -rn '[1.0, 2.5, 1e3] | @csv'
## stdout:
1.0,2.5,1E+3
## status: 0
