# jq 1.7.1 builtins whose definitions differ from jaq's: from_entries, transpose, JOIN, nth, builtins, input at end of input, implode, strftime/mktime checks, $__loc__ in objects (jq manual, "Builtin operators and functions", "SQL-Style Operators").

#### from_entries accepts key/Key/name/Name and value/Value
echo '[{"key":"a","value":1},{"Key":"b","Value":2},{"name":"c","value":3},{"Name":"d","Value":4},{"key":"e","value":null,"Value":5}]' | jq -c from_entries
## stdout:
{"a":1,"b":2,"c":3,"d":4,"e":null}
## status: 0

#### transpose pads with null and accepts []
jq -nc '[[1,2],[3]] | transpose'; jq -nc '[] | transpose'
## stdout:
[[1,3],[2,null]]
[]
## status: 0

#### JOIN with an index object
echo '[[5,"foo"],[3,"bar"],[1,"foobar"]]' | jq -c 'JOIN({"0":[0,"abc"],"1":[1,"bcd"],"3":[3,"efg"]}; .[0]|tostring)'
## stdout:
[[[5,"foo"],null],[[3,"bar"],[3,"efg"]],[[1,"foobar"],[1,"bcd"]]]
## status: 0

#### JOIN with a stream and a join expression
jq -nc '[JOIN({"a":1,"b":2}; ("a","c"); .; add)], [JOIN({"a":1}; ("a","b"); .)]'
## stdout:
## status: 5

#### nth stops at the end and refuses negative indices
jq -nc '[nth(0,5,9,10,15; range(10)), try nth(-1; range(10)) catch .]'
## stdout:
[0,5,9,"nth doesn't support negative indices"]
## status: 0

#### builtins lists name/arity strings
jq -nc 'builtins | length > 10, all(.[] / "/"; .[1] | tonumber >= 0), any(.[:1] == "_"), (map(select(. == "map/1")) | length)'
## stdout:
true
true
false
1
## status: 0

#### input at the end of the input raises break
jq -n 'try input catch .' < /dev/null; echo 1 | jq -c '[., try input catch .]'
## stdout:
"break"
[1,"break"]
## status: 0

#### implode error messages
echo '[123,["a"],[nan],[null]]' | jq -c 'map(try implode catch .)'
## stdout:
["implode input must be an array","string (\"a\") can't be imploded, unicode codepoint needs to be numeric","number (null) can't be imploded, unicode codepoint needs to be numeric","null (null) can't be imploded, unicode codepoint needs to be numeric"]
## status: 0

#### implode of out-of-range code points
jq -nc '[-1], [1114112], [55296], [65.7] | implode | explode'
## stdout:
[65533]
[65533]
[65533]
[65]
## status: 0

#### strftime and mktime need broken-down times
echo '["a",1,2,3,4,5,6,7]' | jq -c 'try strftime("%Y") catch ., try strflocaltime("%Y") catch ., try mktime catch .'
jq -nc 'try ("a" | mktime) catch ., try ([1] | mktime) catch ., ([2024,0,1,0,0,0,0,0] | mktime), (0 | strftime("%Y"))'
## stdout:
"strftime/1 requires parsed datetime inputs"
"strflocaltime/1 requires parsed datetime inputs"
"mktime requires parsed datetime inputs"
"mktime requires array inputs"
"mktime requires parsed datetime inputs"
1704067200
"1970"
## status: 0

#### $__loc__ as an object entry
echo '{"a":1,"c":2}' | jq -c '{ a, $__loc__, c }'
## stdout:
{"a":1,"__loc__":{"file":"<top-level>","line":1},"c":2}
## status: 0

#### a string key without a value takes the field
echo '{"a":1,"b":2,"a$2":4}' | jq -c '{"a", b, "a$\(1+1)"}'
## stdout:
{"a":1,"b":2,"a$2":4}
## status: 0

#### contains inside arrays and objects compares kinds loosely
echo '{"foo":12,"bar":[1,2,{"barp":12,"blip":13}]}' | jq -c 'contains({foo: 12, bar: [{barp: 12}]}), contains({bar: [{barp: 15}]}), contains({foo: "x"}), (try contains([1]) catch .)'
## stdout:
true
false
false
"object ({\"foo\":12,\"...) and array ([1]) cannot have their containment checked"
## status: 0
