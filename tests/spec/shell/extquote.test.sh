# $'...' and $"..." inside a double-quoted ${...} (the extquote shell
# option, on by default; bash manual 4.3.2 "The Shopt Builtin").

#### $'\n' as a pattern in a double-quoted replacement
z=$'l1\nl2'
echo "${z//$'\n'/,}"
## stdout:
l1,l2
## status: 0

#### $'...' as a default value
unset u
echo "${u:-$'a\tb'}" | od -c
echo "${u-$'x\x41'}"
echo "${u:-a$'\x41'b}"
## stdout:
0000000   a  \t   b  \n
0000004
xA
aAb
## status: 0

#### $'...' as the pattern of a first-match replacement
z=$'l1\nl2'
echo "${z/$'\x6c'/L}"
## stdout:
L1
l2
## status: 0

#### $'...' as an alternative value
v=abc
echo "${v:+$'p\x42'}"
echo "${v+$'p\x42'}"
echo "${v:+$''}x"
## stdout:
pB
pB
x
## status: 0

#### $'...' in prefix and suffix removal
v=abc
echo "${v#$'\x61'}"
echo "${v%$'\x63'}"
echo "${v/#$'a'/-}"
echo "${v/%$'c'/-}"
## stdout:
bc
ab
-bc
ab-
## status: 0

#### $'...' as a replacement string
v=abc
echo "${v/b/$'\x58'}"
echo "${v/b/$'a\nb'}"
echo "${v/b/$'\x26'}"
echo "${v/b/$'x\x5c'}"
## stdout:
aXc
aa
bc
a&c
ax\c
## status: 0

#### the decoded text is quoted in a pattern
v=abc
echo "${v/$'*'/X}"
echo "${v#$'*'}"
echo "${v%$'?'}"
echo "${v^^$'[a-b]'}"
echo "${v//[$'\x61'-$'\x62']/Z}"
## stdout:
abc
abc
abc
abc
ZZc
## status: 0

#### case modification with a $'...' pattern
v=abc
echo "${v^$'\x61'}"
echo "${v,$'\x61'}"
## stdout:
Abc
abc
## status: 0

#### assignment default and error message
unset u
echo "${u:=$'q\x43'}" "$u"
(echo "${w:?$'\x41'}") 2>&1 | sed 's/.*: //'
## stdout:
qC qC
A
## status: 0

#### nested expansions and a } inside $'...'
unset u
echo "${u:-${u:-$'\x41'}}"
echo "${u:-$'}'}"
v=abc
echo "${v/$'}'/Z}"
## stdout:
A
}
abc
## status: 0

#### $"..." (locale translation, C locale) in operands
unset u; v=abc
echo "${u:-$"hi"}"
echo "${v/$"b"/Y}"
## stdout:
hi
aYc
## status: 0

#### outside ${...}, double quotes keep $'...' literal; \$ escapes it
unset u
echo "$'x'"
echo "${u:-\$'\x41'}"
## stdout:
$'x'
$'\x41'
## status: 0

#### unquoted operands decode as before
unset u; v=abc
echo ${u:-$'\x41'}
echo ${v/$'b'/$'\x5a'}
## stdout:
A
aZc
## status: 0
