# tr: translation, deletion, squeezing, classes and escapes.
# Expected values recorded from the real programs by `spec bless`.

#### lower to upper range
echo hello | tr a-z A-Z
## stdout:
HELLO
## status: 0

#### classes
echo 'Hello World' | tr '[:lower:]' '[:upper:]'
## stdout:
HELLO WORLD
## status: 0

#### upper to lower classes
echo 'Hello World' | tr '[:upper:]' '[:lower:]'
## stdout:
hello world
## status: 0

#### delete digits
echo 'a1b2c3' | tr -d 0-9
## stdout:
abc
## status: 0

#### delete class
echo 'a b\tc' | tr -d '[:space:]'
## stdout-no-eol:
ab\tc
## status: 0

#### squeeze spaces
echo 'a    b   c' | tr -s ' '
## stdout:
a b c
## status: 0

#### squeeze after translate
echo 'aabbcc' | tr -s a-c x-z
## stdout:
xyz
## status: 0

#### complement delete
echo 'abc-123_XYZ' | tr -cd 'a-z\n'
## stdout:
abc
## status: 0

#### complement translate
echo 'ab12' | tr -c 'a-z\n' '#'
## stdout:
ab##
## status: 0

#### short second set extended
echo abcd | tr abc x
## stdout:
xxxd
## status: 0

#### truncate set1
echo abcd | tr -t abc x
## stdout:
xbcd
## status: 0

#### repeat construct
echo abcd | tr a-c '[x*]'
## stdout:
xxxd
## status: 0

#### repeat count
echo abcdef | tr a-f '[x*2][y*]'
## stdout:
xxyyyy
## status: 0

#### newline to space
printf 'a\nb\nc\n' | tr '\n' ' '
## stdout-no-eol:
a b c 
## status: 0

#### octal escape
echo 'a,b' | tr , '\011'
## stdout:
a	b
## status: 0

#### backslash escapes
printf 'a\tb\n' | tr '\t' ':'
## stdout:
a:b
## status: 0

#### delete and squeeze
echo 'aa11bb22' | tr -ds 0-9 a-z
## stdout:
ab
## status: 0

#### rot13
echo 'Hello' | tr 'A-Za-z' 'N-ZA-Mn-za-m'
## stdout:
Uryyb
## status: 0

#### equivalence class
echo 'banana' | tr '[=a=]' A
## stdout:
bAnAnA
## status: 0

#### digits class to x
echo 'call 555-1234' | tr '[:digit:]' x
## stdout:
call xxx-xxxx
## status: 0

#### missing operand status
tr </dev/null 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### missing second set status
echo a | tr a 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### reverse range status
echo a | tr z-a x 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### squeeze only
echo 'mississippi' | tr -s 'sp'
## stdout:
misisipi
## status: 0

#### punct class
echo 'a.b,c!' | tr -d '[:punct:]'
## stdout:
abc
## status: 0

#### nul handling
printf 'a\0b\n' | tr '\0' '-'
## stdout:
a-b
## status: 0
