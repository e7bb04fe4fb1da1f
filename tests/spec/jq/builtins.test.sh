# jq builtin functions (jq manual, "Builtin operators and functions").

#### length of each type
jq -nc '[null, "abc", "é", [1,2], {"a":1}, -5] | map(length)'
## stdout:
[0,3,1,2,1,5]
## status: 0

#### utf8bytelength
jq -n '"é☃" | utf8bytelength'
## stdout:
5
## status: 0

#### keys and keys_unsorted
echo '{"b":1,"a":2,"c":3}' | jq -c 'keys, keys_unsorted'
## stdout:
["a","b","c"]
["b","a","c"]
## status: 0

#### keys of array
jq -nc '["x","y"] | keys'
## stdout:
[0,1]
## status: 0

#### has and in
jq -nc '{"a":1} | has("a"), has("b")'; jq -nc '[1,2] | has(1), has(5), has(-1)'; jq -nc '"a" | in({"a":1})'
## stdout:
true
false
true
false
false
true
## status: 0

#### map and map_values
jq -nc '[1,2] | map(. * 2)'; jq -nc '{"a":1,"b":2} | map_values(. + 1)'
## stdout:
[2,4]
{"a":2,"b":3}
## status: 0

#### map_values with empty drops
jq -nc '{"a":1,"b":2} | map_values(select(. > 1))'
## stdout:
{"b":2}
## status: 0

#### path and paths
jq -nc '{"a":{"b":[1]}} | path(.a.b[0]), [paths]'
## stdout:
["a","b",0]
[["a"],["a","b"],["a","b",0]]
## status: 0

#### paths with filter and leaf_paths
jq -nc '{"a":{"b":1},"c":[2]} | [paths(type == "number")], [leaf_paths]'
## stdout:
## status: 3

#### getpath setpath delpaths
jq -nc '{"a":{"b":1}} | getpath(["a","b"]), setpath(["a","c"]; 2), delpaths([["a","b"]])'
## stdout:
1
{"a":{"b":1,"c":2}}
{"a":{}}
## status: 0

#### getpath through null
jq -nc '{"a":null} | getpath(["a","b","c"])'
## stdout:
null
## status: 0

#### del keeps key order
jq -nc '{"a":1,"b":2,"c":3,"d":4} | del(.b), del(.a, .c)'
## stdout:
{"a":1,"c":3,"d":4}
{"b":2,"d":4}
## status: 0

#### del array elements
jq -nc '[0,1,2,3,4] | del(.[1,3]), del(.[2:]), del(.[] | select(. % 2 == 0))'
## stdout:
[0,2,4]
[0,1]
[1,3]
## status: 0

#### to_entries from_entries with_entries
jq -nc '{"a":1,"b":2} | to_entries, (to_entries | from_entries), with_entries(.value += 10)'
## stdout:
[{"key":"a","value":1},{"key":"b","value":2}]
{"a":1,"b":2}
{"a":11,"b":12}
## status: 0

#### from_entries key variants
jq -nc '[{"k":"a","v":1},{"name":"b","value":2},{"key":3,"value":4},{"key":null,"value":5}] | from_entries'
## stdout:
## status: 5

#### select and empty
jq -nc '[1,2,3,4] | map(select(. % 2 == 0)), [empty]'
## stdout:
[2,4]
[]
## status: 0

#### add
jq -nc '[1,2,3] | add'; jq -nc '["a","b"] | add'; jq -nc '[] | add'; jq -nc '{"a":1,"b":2} | add'
## stdout:
6
"ab"
null
3
## status: 0

#### any and all
jq -nc '[true,false] | any, all'; jq -nc '[1,2,3] | any(. > 2), all(. > 0)'; jq -nc '[] | any, all'
## stdout:
true
false
true
true
false
true
## status: 0

#### flatten
jq -nc '[1,[2,[3,[4]]]] | flatten, flatten(1), flatten(0)'
## stdout:
[1,2,3,4]
[1,2,[3,[4]]]
[1,[2,[3,[4]]]]
## status: 0

#### flatten negative depth is an error
jq -nc '[1] | flatten(-1)'; echo "s=$?"
## stdout:
s=5
## status: 0

#### range forms
jq -nc '[range(4)], [range(2;5)], [range(0;10;3)], [range(5;0;-2)], [range(0;1;0.25)]'
## stdout:
[0,1,2,3]
[2,3,4]
[0,3,6,9]
[5,3,1]
[0,0.25,0.5,0.75]
## status: 0

#### floor sqrt pow log
jq -nc '[3.7 | floor, ceil, round], (16 | sqrt), pow(2;10), (1 | exp | log)'
## stdout:
[3,4,4]
4
1024
1
## status: 0

#### tostring and tonumber
jq -nc '[1, "1", [1], {"a":1.5}, null] | map(tostring)'; jq -nc '["1", "2.5", 3] | map(tonumber)'
## stdout:
["1","1","[1]","{\"a\":1.5}","null"]
[1,2.5,3]
## status: 0

#### type
jq -nc '[null, true, 1, "a", [], {}] | map(type)'
## stdout:
["null","boolean","number","string","array","object"]
## status: 0

#### infinite nan
jq -nc '[infinite, -infinite, nan] | map(isinfinite, isnan)'; jq -nc '[nan] | sort'; jq -nc 'nan < 1'
## stdout:
[true,false,true,false,false,true]
[null]
true
## status: 0

#### sort and sort_by
jq -nc '[3,1,2] | sort'; jq -nc '[{"a":2,"b":1},{"a":1,"b":2}] | sort_by(.a), sort_by(.b, .a)'
## stdout:
[1,2,3]
[{"a":1,"b":2},{"a":2,"b":1}]
[{"a":2,"b":1},{"a":1,"b":2}]
## status: 0

#### group_by unique unique_by
jq -nc '[1,2,1,3] | unique'; jq -nc '[{"t":"a","v":1},{"t":"b","v":2},{"t":"a","v":3}] | group_by(.t), unique_by(.t) | map(.v)'
## stdout:
[1,2,3]
## status: 5

#### min max min_by max_by
jq -nc '[3,1,2] | min, max'; jq -nc '[{"a":3},{"a":1}] | min_by(.a), max_by(.a)'; jq -nc '[] | min'
## stdout:
1
3
{"a":1}
{"a":3}
null
## status: 0

#### reverse
jq -nc '[1,2,3] | reverse'; jq -nc '"abc" | reverse' 2>/dev/null; echo "s=$?"
## stdout:
[3,2,1]
s=5
## status: 0

#### contains and inside
jq -nc '"foobar" | contains("bar")'; jq -nc '[1,[2,3]] | contains([[2]])'; jq -nc '{"a":{"b":1,"c":2}} | contains({"a":{"b":1}})'; jq -nc '"bar" | inside("foobar")'
## stdout:
true
true
true
true
## status: 0

#### indices index rindex
jq -nc '"a,b, cd, efg" | indices(", "), index(","), rindex(",")'; jq -nc '[0,1,2,1,3] | indices(1), indices([1,2])'
## stdout:
[3,7]
1
7
[1,3]
[1]
## status: 0

#### startswith endswith
jq -nc '"foobar" | startswith("foo"), endswith("bar"), endswith("x")'
## stdout:
true
true
false
## status: 0

#### ltrimstr rtrimstr
jq -nc '"foobar" | ltrimstr("foo"), rtrimstr("bar"), ltrimstr("x")'; jq -nc '1 | ltrimstr("a")'
## stdout:
"bar"
"foo"
"foobar"
1
## status: 0

#### explode implode
jq -nc '"aé" | explode, (explode | implode)'
## stdout:
[97,233]
"aé"
## status: 0

#### split and join
jq -nc '"a, b,c" | split(", ")'; jq -nc '["a",1,null,true] | join("-")'
## stdout:
["a","b,c"]
"a-1--true"
## status: 0

#### join errors on arrays
jq -nc '[[1]] | join(",")'; echo "s=$?"
## stdout:
s=5
## status: 0

#### ascii_downcase ascii_upcase
jq -nc '"aBc-É" | ascii_downcase, ascii_upcase'
## stdout:
"abc-É"
"ABC-É"
## status: 0

#### recurse
jq -nc '{"a":{"b":{}}} | [recurse | keys]'; jq -nc '2 | [recurse(. * .; . < 100)]'
## stdout:
[["a"],["b"],[]]
[2,4,16]
## status: 0

#### env and ENV
export FOO=bar; jq -nc 'env.FOO, $ENV.FOO'
## stdout:
"bar"
"bar"
## status: 0

#### transpose
jq -nc '[[1,2],[3]] | transpose'
## stdout:
[[1,3],[2,null]]
## status: 0

#### first last nth limit
jq -nc '[range(10)] | first, last, nth(3)'; jq -nc 'first(range(5;10)), [limit(3; range(10))], nth(2; range(10;20))'
## stdout:
0
9
3
5
[0,1,2]
12
## status: 0

#### limit with negative and zero count
jq -nc '[limit(-1; 1,2)], [limit(0; 1,2)]'
## stdout:
[1,2]
[]
## status: 0

#### until while repeat
jq -nc '1 | until(. > 100; . * 2)'; jq -nc '[1 | while(. < 20; . * 3)]'; jq -nc '[limit(4; 1 | repeat(. * 2))]'
## stdout:
128
[1,3,9]
[2,2,2,2]
## status: 0

#### isempty and error handling
jq -nc 'isempty(empty), isempty(1,2)'
## stdout:
true
false
## status: 0

#### combinations
jq -nc '[[1,2],["a","b"]] | [combinations]'; jq -nc '[[0,1] | combinations(2)]'
## stdout:
[[1,"a"],[1,"b"],[2,"a"],[2,"b"]]
[[0,0],[0,1],[1,0],[1,1]]
## status: 0

#### walk
jq -nc '[1,[2,{"a":3}]] | walk(if type == "number" then . + 1 else . end)'
## stdout:
[2,[3,{"a":4}]]
## status: 0

#### tostream fromstream
jq -nc '{"a":[1,{"b":2}]} | [tostream]'; jq -nc '{"a":[1,{"b":2}]} | fromstream(tostream)'
## stdout:
[[["a",0],1],[["a",1,"b"],2],[["a",1,"b"]],[["a",1]],[["a"]]]
{"a":[1,{"b":2}]}
## status: 0

#### truncate_stream
jq -nc '[1|truncate_stream([[0],1],[[1,0],2],[[1,0]],[[1]])]'
## stdout:
[[[0],2],[[0]]]
## status: 0

#### input and inputs
printf '1 2 3 4' | jq -c '[., input]'; printf '1 2 3' | jq -nc '[inputs]'
## stdout:
[1,2]
[3,4]
[1,2,3]
## status: 0

#### input with no more inputs
jq -n 'input'; echo "s=$?"
## stdout:
s=5
## status: 0

#### splits
jq -nc '"a1b22c" | [splits("[0-9]+")]'
## stdout:
["a","b","c"]
## status: 0

#### test match capture scan
jq -nc '"foo bar foo" | test("bar"), [match("foo"; "g") | .offset], capture("(?<x>[a-z]+) (?<y>[a-z]+)"), [scan("o+")]'
## stdout:
true
[0,8]
{"x":"foo","y":"bar"}
["oo","oo"]
## status: 0

#### match captures shape
jq -nc '"xyz" | match("(y)(?<n>z)")'
## stdout:
{"offset":1,"length":2,"string":"yz","captures":[{"offset":1,"length":1,"string":"y","name":null},{"offset":2,"length":1,"string":"z","name":"n"}]}
## status: 0

#### regex flags
jq -nc '"FOO" | test("foo"; "i"), test("foo")'; jq -nc '"abc" | test(["B", "i"])'
## stdout:
true
false
true
## status: 0

#### sub and gsub
jq -nc '"aaa" | sub("a"; "b"), gsub("a"; "b"), gsub("(?<x>a)"; "<\(.x)>")'; jq -nc '"Hello World" | gsub("o"; "0"; "g")'
## stdout:
"baa"
"bbb"
"<a><a><a>"
"Hell0 W0rld"
## status: 0

#### sub with flags
jq -nc '"aXbXc" | sub("x"; "-"; "gi")'
## stdout:
"a-b-c"
## status: 0

#### todate fromdate
jq -nc '1425599621 | todate'; jq -nc '"2015-03-05T23:51:47Z" | fromdate'
## stdout:
"2015-03-05T23:53:41Z"
1425599507
## status: 0

#### gmtime mktime strftime
jq -nc '1425599621 | gmtime, (gmtime | mktime), strftime("%A, %B %d, %Y")'
## stdout:
[2015,2,5,23,53,41,4,63]
1425599621
"Thursday, March 05, 2015"
## status: 0

#### strptime
jq -nc '"10:15 2015-03-05" | strptime("%H:%M %Y-%m-%d") | mktime'
## stdout:
1425550500
## status: 0

#### now is a number
jq -n 'now | type'
## stdout:
"number"
## status: 0

#### splits on non-string is an error
jq -n '1 | test("a")'; echo "s=$?"
## stdout:
s=5
## status: 0

#### bsearch
jq -nc '[1,2,3] | bsearch(2), bsearch(0), bsearch(4)'
## stdout:
1
-1
-4
## status: 0

#### getpath on invalid path is an error
jq -nc '{"a":1} | getpath(["a","b"])'; echo "s=$?"
## stdout:
s=5
## status: 0

#### to_entries on null is an error
jq -nc 'null | to_entries'; echo "s=$?"
## stdout:
s=5
## status: 0

#### min_by max_by on objects
jq -nc '[{"n":"a","x":2},{"n":"b","x":1}] | min_by(.x).n, max_by(.x).n'
## stdout:
"b"
"a"
## status: 0

#### INDEX and IN
jq -nc '[{"id":1,"v":"a"},{"id":2,"v":"b"}] | INDEX(.id)'; jq -nc '2 | IN(1,2,3)'; jq -nc 'IN([1,2][]; 2, 5)'
## stdout:
{"1":{"id":1,"v":"a"},"2":{"id":2,"v":"b"}}
true
true
## status: 0

#### splits join round trip
jq -nc '"a-b-c" | [splits("-")] | join("+")'
## stdout:
"a+b+c"
## status: 0

#### significand and logb style math
jq -nc '[8 | log2, exp2], (10 | log10)'
## stdout:
[3,256]
1
## status: 0

#### ascii codes via implode
jq -nc '[65,66] | implode'
## stdout:
"AB"
## status: 0

#### halt
jq -n '1, halt, 2'; echo "s=$?"
## stdout:
1
s=0
## status: 0

#### halt_error with string
jq -n '"bye\n" | halt_error(3)'; echo "s=$?"
## stdout:
s=3
## status: 0

#### halt_error with object
jq -n '{"a":1} | halt_error'; echo "s=$?"
## stdout:
s=5
## status: 0

#### debug passes value through
jq -nc '[1 | debug]' 2>/dev/null
## stdout:
[1]
## status: 0

#### stderr passes value through
jq -nc '"x" | stderr' 2>/dev/null
## stdout:
"x"
## status: 0

#### input_line_number
printf '1\n2\n' | jq 'input_line_number'
## stdout:
1
2
## status: 0

#### getpath setpath round trip
jq -nc '{} | setpath(["a",0,"b"]; 1)'
## stdout:
{"a":[{"b":1}]}
## status: 0

#### pick
jq -nc '{"a":{"b":1,"c":2},"d":3} | pick(.a.b)'
## stdout:
{"a":{"b":1}}
## status: 0

#### error with object
jq -nc 'try error({"code":1}) catch .code'
## stdout:
1
## status: 0

#### splits with regex flags
jq -nc '"aXbxc" | [splits("x"; "i")]'
## stdout:
["a","b","c"]
## status: 0
