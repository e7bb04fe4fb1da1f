# jq destructuring beyond jaq's parser: the `?//` alternative operator and `{$name: pattern}` (jq manual, "Destructuring Alternative Operator: ?//", "Destructuring").

#### ?// tries the next pattern when destructuring fails
echo '[[1,2],{"a":3},"s"]' | jq -c '.[] | . as [$x, $y] ?// {a: $x} ?// $x | [$x, $y]'
## stdout:
[1,2]
[3,null]
["s",null]
## status: 0

#### ?// variables of other alternatives are null
echo '[{"a":1,"b":[2,{"d":3}]},[4,{"b":5},7]]' | jq -c '.[] | . as {$a, b: [$c, {$d}]} ?// [$a, {$b}, $e] | [$a, $b, $c, $d, $e]'
## stdout:
[1,null,2,3,null]
[4,5,null,null,7]
## status: 0

#### ?// an error in the body moves on to the next alternative
jq -nc '[[3]] | .[] as [$a] ?// $b | if $a != null then error("err: \($a)") else {$a, $b} end'
## stdout:
{"a":null,"b":[3]}
## status: 0

#### ?// the last alternative's error propagates
jq -nc '[[3]] | .[] as [$a] ?// [$b] | if $b != null then error("err: \($b)") else {$a, $b} end'
echo "status $?"
## stdout:
{"a":3,"b":null}
status 0
## status: 0

#### ?// outputs before an error are kept
jq -nc '[1,2] as [$a] ?// $b | ($a, $b, error("x"))' 2>/dev/null
## stdout:
1
null
null
[1,2]
## status: 5

#### ?// inside if and with a following else
jq -nc '[1,{"a":2}] | .[] | if true then . as {a: $v} ?// $v | $v else 0 end'
## stdout:
1
2
## status: 0

#### $name: pattern binds the whole value and destructures it
echo '{"a":1,"b":[2,{"d":3}]}' | jq -c '. as {$a, $b:[$c, $d]} | [$a, $b, $c, $d]'
## stdout:
[1,[2,{"d":3}],2,{"d":3}]
## status: 0

#### ?// inside parentheses and brackets
echo '[[1],{"a":2},3]' | jq -c '[.[] | (. as [$v] ?// {a: $v} ?// $v | $v * 10)], [.[] | [. as [$v] ?// $v | $v]]'
## stdout:
[10,20,30]
[[1],[{"a":2}],[3]]
## status: 0

#### ?// in a definition body and a reduce
jq -nc 'def f: . as [$x] ?// $x | $x; [([1], 2) | f], reduce ([3], 4) as $i (0; . + ($i | . as [$y] ?// $y | $y))'
## stdout:
[1,2]
7
## status: 0
