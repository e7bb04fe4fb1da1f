# jq errors: messages caught by try/catch, exit statuses (jq manual, "Error Suppression / Optional Operator", "try-catch").

#### runtime error exit status
echo '{"a":1}' | jq '.a.b'; echo "s=$?"
## stdout:
s=5
## status: 0

#### error continues with the next input
echo '1 "x" 3' | jq '. + 1'; echo "s=$?"
## stdout:
2
4
s=0
## status: 0

#### compile error exit status
jq -n '1 +'; echo "s=$?"
## stdout:
s=3
## status: 0

#### undefined function
jq -n 'nosuchfn'; echo "s=$?"
## stdout:
s=3
## status: 0

#### undefined variable
jq -n '$nope'; echo "s=$?"
## stdout:
s=3
## status: 0

#### invalid json input
echo '{"a":1' | jq .; echo "s=$?"
## stdout:
s=5
## status: 0

#### invalid json after valid values
echo '1 2 x' | jq .; echo "s=$?"
## stdout:
1
2
s=5
## status: 0

#### try catch message for index
jq -nc 'try (1 | .a) catch ., try ({} | .[0]) catch ., try ([] | .["a"]) catch .'
## stdout:
"Cannot index number with string \"a\""
"Cannot index object with number"
"Cannot index array with string \"a\""
## status: 0

#### try catch message for iterate
jq -nc 'try (1 | .[]) catch .'
## stdout:
"Cannot iterate over number (1)"
## status: 0

#### try catch message for add
jq -nc 'try ({"a":1} + 1) catch ., try ([] - 1) catch .'
## stdout:
"object ({\"a\":1}) and number (1) cannot be added"
"array ([]) and number (1) cannot be subtracted"
## status: 0

#### try catch message for divide
jq -nc 'try (1 / 0) catch ., try ("a" / 1) catch ., try (5 % 0) catch .'
## stdout:
"number (1) and number (0) cannot be divided because the divisor is zero"
"string (\"a\") and number (1) cannot be divided"
"number (5) and number (0) cannot be divided (remainder) because the divisor is zero"
## status: 0

#### try catch message for negate and length
jq -nc 'try (-"a") catch ., try (true | length) catch .'
## stdout:
"string (\"a\") cannot be negated"
"boolean (true) has no length"
## status: 0

#### try catch message for has
jq -nc 'try ([1] | has("a")) catch ., try ({} | has(0)) catch .'
## stdout:
"Cannot check whether array has a string key"
"Cannot check whether object has a number key"
## status: 0

#### try catch message for keys
jq -nc 'try (1 | keys) catch .'
## stdout:
"number (1) has no keys"
## status: 0

#### truncated value in message
jq -nc 'try ("aaaaaaaaaaaaaaaaaaaaaa" + 1) catch .'
## stdout:
"string (\"aaaaaaaaaa...) and number (1) cannot be added"
## status: 0

#### error with string and null
jq -nc 'try error("custom") catch ., try error(null) catch ., try error catch .'
## stdout:
"custom"
null
null
## status: 0

#### error with non-string at top level
jq -n '{"a":1} | error'; echo "s=$?"
## stdout:
s=5
## status: 0

#### try without catch suppresses
jq -nc '[.[]?], [try error("x")], [(1,2) | try (if . == 1 then error("e") else . end)]'
## stdout:
[]
[]
[2]
## status: 0

#### error stops the current input
jq -nc '1, error("x"), 2'; echo "s=$?"
## stdout:
1
s=5
## status: 0

#### optional suppresses errors only
jq -nc '[1, {"a":2}] | map(.a?)'
## stdout:
[2]
## status: 0

#### slice assignment of non-array
jq -nc 'try ([1,2] | .[1:] = 3) catch .'
## stdout:
"A slice of an array can only be assigned another array"
## status: 0

#### negative index assignment out of range
jq -nc 'try ([1] | .[-5] = 1) catch .'
## stdout:
"Out of bounds negative array index"
## status: 0

#### object key must be a string
jq -n '{(1): 2}'; echo "s=$?"
## stdout:
s=3
## status: 0

#### implode of non-array
jq -n '1 | implode'; echo "s=$?"
## stdout:
s=5
## status: 0

#### deep nesting in input is an error
yes '[' | head -n 20000 | tr -d '\n' | jq . >/dev/null; echo "s=$?"
## stdout:
s=5
## status: 0

#### error message from error builtin at top level
jq -n '"boom" | error'; echo "s=$?"
## stdout:
s=5
## status: 0
