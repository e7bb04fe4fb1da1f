# jq basics: identity and pretty printing, paths, indexing, slicing, construction, operators (jq manual, "Basic filters", "Types and Values").

#### identity pretty prints
echo '{"a":[1,2],"b":{"c":null},"d":[]}' | jq .
## stdout:
{
  "a": [
    1,
    2
  ],
  "b": {
    "c": null
  },
  "d": []
}
## status: 0

#### compact output
echo '{"a":[1,2],"b":{"c":null}}' | jq -c .
## stdout:
{"a":[1,2],"b":{"c":null}}
## status: 0

#### field access
echo '{"a":{"b":"x"}}' | jq '.a.b'
## stdout:
"x"
## status: 0

#### missing field is null
echo '{"a":1}' | jq '.b'
## stdout:
null
## status: 0

#### quoted field
echo '{"a b":1,"$x":2}' | jq '."a b", .["$x"]'
## stdout:
1
2
## status: 0

#### optional field on number
echo '1' | jq '.a?'; echo "status $?"
## stdout:
status 0
## status: 0

#### array index
echo '[10,20,30]' | jq '.[0], .[2], .[-1], .[5]'
## stdout:
10
30
30
null
## status: 0

#### float index is floored
echo '[10,20,30]' | jq '.[1.7]'
## stdout:
20
## status: 0

#### array slice
echo '[0,1,2,3,4]' | jq -c '.[1:3], .[:2], .[-2:], .[3:1]'
## stdout:
[1,2]
[0,1]
[3,4]
[]
## status: 0

#### string slice
echo '"abcdef"' | jq '.[2:4], .[-2:]'
## stdout:
"cd"
"ef"
## status: 0

#### slice of null
jq -n 'null | .[1:], .[2:3]'
## stdout:
null
null
## status: 0

#### iterate array
echo '[1,[2],{"a":3}]' | jq -c '.[]'
## stdout:
1
[2]
{"a":3}
## status: 0

#### iterate object values
echo '{"a":1,"b":2}' | jq '.[]'
## stdout:
1
2
## status: 0

#### optional iterate
echo '[1,null,"x"]' | jq -c '[.[] | .[]?]'
## stdout:
[]
## status: 0

#### comma and pipe
echo '{"a":1,"b":2}' | jq -c '.a, .b | . * 10'
## stdout:
10
20
## status: 0

#### parenthesis
jq -n '(1, 2) * 3'
## stdout:
3
6
## status: 0

#### recursive descent
echo '{"a":[1,{"b":2}]}' | jq -c '[..]'
## stdout:
[{"a":[1,{"b":2}]},[1,{"b":2}],1,{"b":2},2]
## status: 0

#### array construction
echo '{"a":[1,2],"b":3}' | jq -c '[.a[], .b]'
## stdout:
[1,2,3]
## status: 0

#### object construction
echo '{"user":"x","titles":["a","b"]}' | jq -c '{user, title: .titles[]}'
## stdout:
{"user":"x","title":"a"}
{"user":"x","title":"b"}
## status: 0

#### object key from expression
echo '{"k":"name","v":1}' | jq -c '{(.k): .v, "lit": 2, $__loc__}'
## stdout:
{"name":1,"lit":2,"__loc__":{"file":"<top-level>","line":1}}
## status: 0

#### object shorthand with variable
jq -nc '1 as $x | {$x, "y": 2}'
## stdout:
{"x":1,"y":2}
## status: 0

#### addition of types
jq -nc '1 + 2, "a" + "b", [1] + [2], {"a":1} + {"b":2}, null + 3'
## stdout:
3
"ab"
[1,2]
{"a":1,"b":2}
3
## status: 0

#### subtraction
jq -nc '5 - 3, [1,2,3,2] - [2]'
## stdout:
2
[1,3]
## status: 0

#### multiplication and deep merge
jq -nc '3 * 4, {"a":{"b":1}} * {"a":{"c":2}}'
## stdout:
12
{"a":{"b":1,"c":2}}
## status: 0

#### string repetition
jq -nc '"ab" * 3, "ab" * 0, "ab" * -1'
## stdout:
"ababab"
""
null
## status: 0

#### division and split
jq -nc '7 / 2, "a,b,c" / ","'
## stdout:
3.5
["a","b","c"]
## status: 0

#### modulo truncates
jq -nc '7 % 3, -5 % 3, 5 % -3, 5.5 % 2'
## stdout:
1
-2
2
1
## status: 0

#### comparison
jq -nc '1 < 2, "a" < "b", [] < {}, null < false, {"a":1} == {"a":1.0}'
## stdout:
true
true
true
true
true
## status: 0

#### sort order of types
jq -nc '[{}, [], "a", 1, true, false, null] | sort'
## stdout:
[null,false,true,1,"a",[],{}]
## status: 0

#### and or not
jq -nc 'true and false, true or false, (null | not), (1 | not)'
## stdout:
false
true
true
false
## status: 0

#### alternative operator
jq -nc 'null // 1, false // 2, 3 // 4, (empty // 5)'
## stdout:
1
2
3
5
## status: 0

#### if elif else
jq -nc '[range(5)] | map(if . == 0 then "zero" elif . < 3 then "small" else "big" end)'
## stdout:
["zero","small","small","big","big"]
## status: 0

#### if without else
jq -nc '[1,2] | map(if . == 1 then "one" end)'
## stdout:
["one",2]
## status: 0

#### variables
echo '{"a":1,"b":2}' | jq -c '.a as $x | .b as $y | [$x, $y, $x + $y]'
## stdout:
[1,2,3]
## status: 0

#### destructuring
echo '[1,[2,3],{"k":4}]' | jq -c '. as [$a, [$b, $c], {k: $d}] | [$a,$b,$c,$d]'
## stdout:
[1,2,3,4]
## status: 0

#### reduce
jq -n 'reduce range(1;6) as $i (0; . + $i)'
## stdout:
15
## status: 0

#### foreach
jq -nc '[foreach range(1;5) as $i (0; . + $i)]'
## stdout:
[1,3,6,10]
## status: 0

#### foreach with extract
jq -nc '[foreach range(1;5) as $i (0; . + $i; [$i, .])]'
## stdout:
[[1,1],[2,3],[3,6],[4,10]]
## status: 0

#### user function
jq -nc 'def inc(f): f + 1; def twice: . * 2; [inc(3), (5 | twice)]'
## stdout:
[4,10]
## status: 0

#### recursive function
jq -n 'def fact: if . <= 1 then 1 else . * (. - 1 | fact) end; 10 | fact'
## stdout:
3628800
## status: 0

#### function with variable argument
jq -nc 'def f($a; $b): [$a, $b]; f(1; 2)'
## stdout:
[1,2]
## status: 0

#### label and break
jq -nc '[label $out | range(10) | if . > 2 then break $out else . end]'
## stdout:
[0,1,2]
## status: 0

#### string interpolation
echo '{"n":"x","v":4}' | jq '"name \(.n) has \(.v / 2) and \([.v])"'
## stdout:
"name x has 2 and [4]"
## status: 0

#### optional operator
jq -nc '[1, "a", null] | map(try (. + 1) catch "bad")'
## stdout:
[2,"bad",1]
## status: 0

#### update assignment
echo '{"a":1,"b":[1,2]}' | jq -c '.a |= . + 1 | .b[] *= 10'
## stdout:
{"a":2,"b":[10,20]}
## status: 0

#### plain assignment
echo '{"a":1}' | jq -c '.b = .a | .c.d = 5'
## stdout:
{"a":1,"b":1,"c":{"d":5}}
## status: 0

#### arithmetic update ops
jq -nc '{"a":5} | .a += 2 | .a -= 1 | .a *= 3 | .a /= 2 | .a %= 4'
## stdout:
{"a":1}
## status: 0

#### alternative update
jq -nc '{"a":null,"b":1} | .a //= 7 | .b //= 8'
## stdout:
{"a":7,"b":1}
## status: 0

#### assignment pads arrays with null
jq -nc '[1,2] | .[5] = 1'
## stdout:
[1,2,null,null,null,1]
## status: 0

#### assignment to null builds structure
jq -nc 'null | .a[1].b = 2'
## stdout:
{"a":[null,{"b":2}]}
## status: 0

#### comments in programs
jq -n '1 # a comment
+ 2'
## stdout:
3
## status: 0
