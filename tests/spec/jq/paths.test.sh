# jq delpaths/del/pick: all paths are deleted from the original value at once, missing paths delete nothing (jq manual, "delpaths(PATHS)", "del(path_expression)", "pick(pathexps)").

#### del of several array elements at once
echo '[0,1,2,3,4,5,6,7,8,9]' | jq -c 'del(.[1], .[-6], .[2], .[-3:9])'
## stdout:
[0,3,5,6,9]
## status: 0

#### del of paths through missing keys changes nothing
echo '{"foo":[0,1,2,3,4],"bar":[0,1]}' | jq -c 'del(.), del(empty), del((.foo,.bar,.baz) | .[2,3,0]), del(.foo[0], .bar[0], .foo, .baz.bar[0].x)'
## stdout:
null
{"foo":[0,1,2,3,4],"bar":[0,1]}
{"foo":[1,4],"bar":[1]}
{"bar":[1]}
## status: 0

#### delpaths of a missing path
echo '{"bar":false}' | jq -c 'delpaths([["foo",1]]), delpaths([[-200]]?)'
## stdout:
{"bar":false}
## status: 5

#### delpaths out of range negative index is ignored
echo '[1,2,3]' | jq -c 'delpaths([[-200]])'
## stdout:
[1,2,3]
## status: 0

#### delpaths needs an array of arrays
echo '{}' | jq -c 'try delpaths(0) catch ., try delpaths([0]) catch .'
## stdout:
"Paths must be specified as an array"
"Path must be specified as array, not number"
## status: 0

#### delpaths errors on kinds it cannot delete from
jq -nc 'try (1 | delpaths([["a"]])) catch ., try ([1] | delpaths([["a"]])) catch ., try ({} | delpaths([[0]])) catch .'
## stdout:
"Cannot delete fields from number"
"Cannot delete string element of array"
"Cannot delete number field of object"
## status: 0

#### pick keeps the selected paths
jq -nc '[1,2] | pick(first), ([[10,20],30] | pick(first|first)), ({"a":{"b":1,"c":2}} | pick(.a.b))'
## stdout:
[1]
[[10]]
{"a":{"b":1}}
## status: 0

#### pick with a negative index
echo '[1,2]' | jq -c 'try pick(last) catch .'
## stdout:
"Out of bounds negative array index"
## status: 0

#### user definitions are path expressions
jq -nc '[0,1,2] | (def x: .[1,2]; x = 10), (def f: .[0]; path(f), (f |= . + 5), del(f))'
## stdout:
[0,10,10]
[0]
[5,1,2]
[1,2]
## status: 0
