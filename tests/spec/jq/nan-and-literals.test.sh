# jq numbers: nan and infinite, NaN/Infinity in input, `%` on non-finite values, doubles beyond 2^53 in arithmetic, `.5` literals (jq manual, "Math", "Identity: .", "Arithmetic").

#### nan and infinite are values, not errors
jq -nc '[nan, infinite, -infinite] | map(isnan), map(isinfinite), .'
## stdout:
[true,false,false]
[false,true,true]
[null,1.7976931348623157e+308,-1.7976931348623157e+308]
## status: 0

#### isnan of a non-number is false
jq -nc '"a" | isnan'
## stdout:
false
## status: 0

#### remainder with infinite and nan
jq -nc '[(infinite, -infinite) % (1, -1, infinite)], [nan % 1, 1 % nan | isnan], [5 % -3, -5 % 3]'
## stdout:
[0,0,0,0,0,-1]
[true,true]
[2,-2]
## status: 0

#### nan as an index or slice bound
jq -nc '[range(3)] | .[nan:1], .[1:nan], .[nan]'
## stdout:
[0]
[1,2]
null
## status: 0

#### setting a nan index is an error
jq -nc 'try ([range(3)] | .[nan] = 9) catch .'
## stdout:
"Cannot set array element at NaN index"
## status: 0

#### has(nan) and string times nan
jq -nc '[0,1,2] | has(nan)'; jq -nc '"abc" | [. * (nan, -nan)]'
## stdout:
false
[null,null]
## status: 0

#### nan and infinity literals in input
echo '[1,null,Infinity,-Infinity,NaN,-NaN,nan,inf,-INF,nan12]' | jq -c '., (.[] = 1)'
## stdout:
[1,null,1.7976931348623157e+308,-1.7976931348623157e+308,null,null,null,1.7976931348623157e+308,-1.7976931348623157e+308,null]
[1,1,1,1,1,1,1,1,1,1]
## status: 0

#### nan through tojson and fromjson
echo '{"a":nan}' | jq -c 'tojson, (tojson | fromjson)'; echo '"nan"' | jq 'fromjson | isnan'
## stdout:
"{\"a\":null}"
{"a":null}
true
## status: 0

#### a bad literal in input is still an error
echo '[nanx]' | jq -c . || echo rejected
## stdout:
rejected
## status: 0

#### arithmetic on integers beyond 2^53 uses doubles
echo '13911860366432393' | jq '., . - 10, . + 0'
## stdout:
13911860366432393
13911860366432382
13911860366432392
## status: 0

#### literals beyond 2^53 print as written until computed with
echo '[-9007199254740993, 9007199254740993]' | jq -c '., map(. + 0), map(. * 1 == .)'
## stdout:
[-9007199254740993,9007199254740993]
[-9007199254740992,9007199254740992]
[true,true]
## status: 0

#### a leading-dot number literal
jq -nc '[.5, 1 + .25, (0.1 | . > .00005)]'
## stdout:
[0.5,1.25,true]
## status: 0

#### a byte order mark before the input is skipped
printf '\357\273\277"bom"\n' | jq .
## stdout:
"bom"
## status: 0
