# jq streams its input and output (yes | jq | head ends), handles many values and large inputs.

#### yes into jq into head ends
yes '{"a":1}' | jq -c .a | head -n 3
## stdout:
1
1
1
## status: 0

#### first output before end of infinite input
yes 1 | jq -n 'input' 
## stdout:
1
## status: 0

#### many values
seq 1 5000 | jq -s 'add'
## stdout:
12502500
## status: 0

#### values split across lines
printf '{\n"a":\n1}\n[\n2]' | jq -c .
## stdout:
{"a":1}
[2]
## status: 0

#### large array
seq 1 20000 | jq -s -c 'map(. * 2) | add'
## stdout:
400020000
## status: 0

#### whitespace only input
printf '  \n\n ' | jq .; echo "s=$?"
## stdout:
s=0
## status: 0

#### empty input
printf '' | jq .; echo "s=$?"
## stdout:
s=0
## status: 0

#### limit on infinite generator
jq -nc '[limit(5; repeat(1))]'
## stdout:
[1,1,1,1,1]
## status: 0

#### first of infinite range
jq -n 'first(range(1; infinite))'
## stdout:
1
## status: 0

#### select over stream
seq 1 10 | jq 'select(. % 4 == 0)'
## stdout:
4
8
## status: 0

#### bench-like filter
echo '[{"x":3,"name":"a"},{"x":7,"name":"b"},{"x":9,"name":"c"}]' | jq '.[] | select(.x > 5) | .name'
## stdout:
"b"
"c"
## status: 0

#### inputs with reduce
seq 1 100 | jq -n 'reduce inputs as $x (0; . + $x)'
## stdout:
5050
## status: 0
