# jq format strings and string functions (jq manual, "Format strings and escaping").

#### csv
jq -r '@csv' <<'EOF'
[1,"a","b\"c",null,true,1.5]
EOF
## stdout:
1,"a","b""c",,true,1.5
## status: 0

#### tsv
jq -r '@tsv' <<'EOF'
[1,"a\tb","c\\d",null,false]
EOF
## stdout:
1	a\tb	c\\d		false
## status: 0

#### csv of non-array is an error
jq -n '1 | @csv'; echo "s=$?"
## stdout:
s=5
## status: 0

#### csv with object element is an error
jq -n '[{}] | @csv'; echo "s=$?"
## stdout:
s=5
## status: 0

#### html
jq -rn '"<p class=\"x\">Tom & Jerry'"'"'s</p>" | @html'
## stdout:
&lt;p class=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/p&gt;
## status: 0

#### uri
jq -rn '"a b&c=d/é~" | @uri'
## stdout:
a%20b%26c%3Dd%2F%C3%A9~
## status: 0

#### sh
jq -rn '"it'"'"'s" | @sh'; jq -rn '["a b", 1, "c"] | @sh'
## stdout:
'it'\''s'
'a b' 1 'c'
## status: 0

#### sh in interpolation
jq -rn '@sh "echo \("a;b")"'
## stdout:
echo 'a;b'
## status: 0

#### base64 round trip
jq -rn '"hello wörld" | @base64, (@base64 | @base64d)'
## stdout:
aGVsbG8gd8O2cmxk
hello wörld
## status: 0

#### base64d without padding
jq -rn '"YWJj", "YWI", "YQ" | @base64d'
## stdout:
abc
ab
a
## status: 0

#### base64d invalid input
jq -rn '"!!!" | @base64d'; echo "s=$?"
## stdout:
s=5
## status: 0

#### base32
jq -rn '"hello" | @base32, (@base32 | @base32d)'
## stdout:
## status: 5

#### json and text formats
jq -rn '[1,"a"] | @json, @text'
## stdout:
[1,"a"]
[1,"a"]
## status: 0

#### format applied to interpolation
jq -rn '"x y" as $v | @uri "https://e.com/?q=\($v)"'
## stdout:
https://e.com/?q=x%20y
## status: 0

#### tojson fromjson
jq -nc '{"a":[1,"x"]} | tojson, (tojson | fromjson)'
## stdout:
"{\"a\":[1,\"x\"]}"
{"a":[1,"x"]}
## status: 0

#### fromjson error
jq -n '"{a" | fromjson'; echo "s=$?"
## stdout:
s=5
## status: 0

#### escapes in output
jq -nc '"tab\tnl\ncr\rbs\\q\"ctl\u0001del\u007f"'
## stdout:
"tab\tnl\ncr\rbs\\q\"ctl\u0001del\u007f"
## status: 0

#### unicode escapes in input
echo '"\u00e9\ud83d\ude00"' | jq .
## stdout:
"é😀"
## status: 0

#### raw output of escapes
jq -rn '"a\tb"'
## stdout:
a	b
## status: 0

#### string multiplication and division
jq -nc '"abc" / "b", "x" * 2'
## stdout:
["a","c"]
"xx"
## status: 0

#### string comparison is bytewise
jq -nc '["b","B","a","é"] | sort'
## stdout:
["B","a","b","é"]
## status: 0

#### interpolation of numbers
jq -rn '"\(1.0) \(2.5 * 2) \(1/3) \(100000000000000000000)"'
## stdout:
1.0 5 0.3333333333333333 100000000000000000000
## status: 0

#### trim functions on strings
jq -nc '"  ab  " | ltrimstr(" ")'
## stdout:
" ab  "
## status: 0

#### test with unicode
jq -nc '"héllo" | test("é"), [match(".l+").offset]'
## stdout:
true
[1]
## status: 0

#### ascii output of surrogate pair
jq -nac '"😀"'
## stdout:
"\ud83d\ude00"
## status: 0
