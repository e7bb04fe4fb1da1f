# jq command-line options (jq manual, "Invoking jq").

#### raw output
echo '["a","b c",1,{"x":"y"}]' | jq -r '.[]'
## stdout:
a
b c
1
{
  "x": "y"
}
## status: 0

#### join output
echo '["a","b",1]' | jq -j '.[]'; echo
## stdout:
ab1
## status: 0

#### raw output0
jq -n --raw-output0 '"a","b"' | tr '\0' '|'; echo
## stdout:
a|b|
## status: 0

#### null input
jq -n '1 + 1'
## stdout:
2
## status: 0

#### slurp
printf '1 2\n3' | jq -c -s .
## stdout:
[1,2,3]
## status: 0

#### slurp empty input
printf '' | jq -c -s .
## stdout:
[]
## status: 0

#### raw input lines
printf 'a\nb\n\nc' | jq -c -R .
## stdout:
"a"
"b"
""
"c"
## status: 0

#### raw input slurp
printf 'a\nb\n' | jq -R -s .
## stdout:
"a\nb\n"
## status: 0

#### raw input with null input and inputs
printf 'x\ny\n' | jq -nR '[inputs]' -c
## stdout:
["x","y"]
## status: 0

#### exit status with -e
echo '{"a":false,"b":1}' | jq -e '.a'; echo "s=$?"; echo '{"b":1}' | jq -e '.b'; echo "s=$?"; echo '{}' | jq -e '.c'; echo "s=$?"
## stdout:
false
s=1
1
s=0
null
s=1
## status: 0

#### exit status with -e and no output
jq -en 'empty'; echo "s=$?"
## stdout:
s=4
## status: 0

#### ascii output
echo '"héllo ☃ 😀"' | jq -a .
## stdout:
"h\u00e9llo \u2603 \ud83d\ude00"
## status: 0

#### sort keys
echo '{"b":1,"a":{"z":1,"y":2},"c":[{"e":1,"d":2}]}' | jq -S -c .
## stdout:
{"a":{"y":2,"z":1},"b":1,"c":[{"d":2,"e":1}]}
## status: 0

#### sort keys pretty
echo '{"b":1,"a":2}' | jq -S .
## stdout:
{
  "a": 2,
  "b": 1
}
## status: 0

#### tab indentation
echo '{"a":[1]}' | jq --tab .
## stdout:
{
	"a": [
		1
	]
}
## status: 0

#### indent option
echo '{"a":[1]}' | jq --indent 4 .
## stdout:
{
    "a": [
        1
    ]
}
## status: 0

#### indent zero is compact
echo '{"a":[1]}' | jq --indent 0 .
## stdout:
{"a":[1]}
## status: 0

#### last layout option wins
echo '{"a":1}' | jq -c --indent 1 .; echo '{"a":1}' | jq --indent 1 -c .
## stdout:
{
 "a": 1
}
{"a":1}
## status: 0

#### combined short options
echo '["x"]' | jq -rc '.[], .'
## stdout:
x
["x"]
## status: 0

#### arg
jq -n --arg name World '"Hello, \($name)!"'
## stdout:
"Hello, World!"
## status: 0

#### argjson
jq -nc --argjson v '{"a":[1,2]}' '$v.a'
## stdout:
[1,2]
## status: 0

#### named args object
jq -nc --arg a 1 --argjson b 2 '$ARGS.named'
## stdout:
{"a":"1","b":2}
## status: 0

#### positional args
jq -nc '$ARGS.positional' --args x 'y z'
## stdout:
["x","y z"]
## status: 0

#### positional json args
jq -nc '$ARGS.positional' --jsonargs 1 '{"a":2}' null
## stdout:
[1,{"a":2},null]
## status: 0

#### double dash ends options
jq -nc '$ARGS.positional' --args -- -r -n
## stdout:
["-r","-n"]
## status: 0

#### seq output
jq -nc --seq '1,[2]' | tr '\036' '#'
## stdout:
#1
#[2]
## status: 0

#### version
jq --version
## stdout:
jq-1.7.1
## status: 0

#### unknown option is usage error
jq --frobnicate . </dev/null; echo "s=$?"
## stdout:
s=2
## status: 0

#### invalid argjson is usage error
jq -n --argjson x '{' '$x'; echo "s=$?"
## stdout:
s=2
## status: 0

#### missing arg parameter
jq -n --arg x; echo "s=$?"
## stdout:
s=2
## status: 0

#### indent out of range
jq --indent 9 . </dev/null; echo "s=$?"
## stdout:
s=2
## status: 0

#### program from file
echo '.a' > prog.jq; echo '{"a":5}' | jq -f prog.jq
## stdout:
5
## status: 0

#### input file operand
echo '{"a":1} {"a":2}' > in.json; jq -c '.a' in.json
## stdout:
1
2
## status: 0

#### several input files
echo '1' > a.json; echo '2' > b.json; jq -c '.' a.json b.json
## stdout:
1
2
## status: 0

#### missing input file
jq . nosuch.json; echo "s=$?"
## stdout:
s=2
## status: 0

#### slurpfile and rawfile
echo '1 2' > v.json; printf 'raw\n' > r.txt; jq -nc --slurpfile v v.json --rawfile r r.txt '[$v, $r]'
## stdout:
[[1,2],"raw\n"]
## status: 0

#### input_filename
echo '1' > f.json; jq 'input_filename' f.json; echo 2 | jq 'input_filename'
## stdout:
"f.json"
"<stdin>"
## status: 0
