# Field splitting (FS in all its forms) and rebuilding $0 (OFS, NF).

#### -F with a single character
printf 'a:b:c\n' | awk -F: '{ print $2 }'
## stdout:
b
## status: 0

#### -F with a tab escape
printf 'a\tb c\td\n' | awk -F'\t' '{ print $2 }'
## stdout:
b c
## status: 0

#### -F t is the letter t
printf 'atb\n' | awk -Ft '{ print $2 }'
## stdout:
b
## status: 0

#### -F with a regex
printf 'a1b22c333d\n' | awk -F'[0-9]+' '{ print $1 $2 $3 $4, NF }'
## stdout:
abcd 4
## status: 0

#### FS set in BEGIN
printf 'a,b,c\n' | awk 'BEGIN { FS = "," } { print $3 }'
## stdout:
c
## status: 0

#### FS single character is literal, not a regex
printf 'a.b.c\n' | awk -F. '{ print $2 }'
## stdout:
b
## status: 0

#### FS pipe character
printf 'a|b|c\n' | awk -F'|' '{ print $3 }'
## stdout:
c
## status: 0

#### FS regex alternation
printf 'a;b,c\n' | awk -F'[;,]' '{ print $2 $3 }'
## stdout:
bc
## status: 0

#### consecutive single-char separators give empty fields
printf 'a::b\n' | awk -F: '{ print NF; print "[" $2 "]" }'
## stdout:
3
[]
## status: 0

#### leading separator gives empty first field
printf ':a\n' | awk -F: '{ print NF, "[" $1 "]" }'
## stdout:
2 []
## status: 0

#### empty FS splits characters
printf 'abc\n' | awk 'BEGIN { FS = "" } { print NF, $2 }'
## stdout:
3 b
## status: 0

#### FS space regex keeps empty fields
printf 'a  b\n' | awk -F'[ ]' '{ print NF }'
## stdout:
3
## status: 0

#### changing FS affects the next record
printf 'a:b c\nd:e f\n' | awk '{ FS = ":"; print $1 }'
## stdout:
a:b
d
## status: 0

#### assigning a field rebuilds $0 with OFS
printf 'a b c\n' | awk 'BEGIN { OFS = "-" } { $2 = "X"; print }'
## stdout:
a-X-c
## status: 0

#### $1 = $1 reformats with OFS
printf '  a   b   c  \n' | awk 'BEGIN { OFS = "," } { $1 = $1; print }'
## stdout:
a,b,c
## status: 0

#### assigning past NF extends the record
printf 'a b\n' | awk '{ $5 = "e"; print; print NF }'
## stdout:
a b   e
5
## status: 0

#### decreasing NF truncates
printf 'a b c d\n' | awk '{ NF = 2; print }'
## stdout:
a b
## status: 0

#### increasing NF adds empty fields
printf 'a b\n' | awk 'BEGIN { OFS = ":" } { NF = 4; print }'
## stdout:
a:b::
## status: 0

#### assigning $0 resplits
printf 'x\n' | awk '{ $0 = "p q r"; print NF, $2 }'
## stdout:
3 q
## status: 0

#### field arithmetic
printf '3 4\n' | awk '{ print $1 * $2, $1 + $2 }'
## stdout:
12 7
## status: 0

#### increment a field
printf '5 1\n' | awk '{ $1++; ++$2; print }'
## stdout:
6 2
## status: 0

#### compound assignment to a field
printf '10\n' | awk '{ $1 += 5; print $1 }'
## stdout:
15
## status: 0

#### $NF assignment
printf 'a b c\n' | awk '{ $NF = "z"; print }'
## stdout:
a b z
## status: 0

#### negative field index is an error
printf 'a\n' | awk '{ print $(-1) }'
## stdout:
## status: 2

#### field reference with $ precedence
printf '2 10 20\n' | awk '{ print $$1, $1+1, $NF-1 }'
## stdout:
10 3 19
## status: 0

#### numeric field comparison
printf '10\n9\n100\n' | awk '$1 > 9'
## stdout:
10
100
## status: 0

#### newline is a field separator with default FS in paragraph mode
printf 'a b\nc\n\nd\n' | awk 'BEGIN { RS = "" } { print NF }'
## stdout:
3
1
## status: 0

#### paragraph mode with a custom FS also splits at newlines
printf 'a:b\nc\n' | awk 'BEGIN { RS = ""; FS = ":" } { print NF; print $3 }'
## stdout:
3
c
## status: 0

#### OFS change without field assignment keeps $0
printf 'a b\n' | awk 'BEGIN { OFS = "-" } { print; print $1, $2 }'
## stdout:
a b
a-b
## status: 0

#### FS as a multi-character literal string is a regex
printf 'a--b--c\n' | awk -F'--' '{ print $2, NF }'
## stdout:
b 3
## status: 0

#### uninitialized fields compare as empty and zero
printf 'a\n' | awk '{ print ($3 == 0), ($3 == "") }'
## stdout:
0 1
## status: 0

#### -F with a backslash-escaped regex metacharacter
printf 'a.b.c\n' | awk -F'\\.' '{ print $3 }'
## stdout:
c
## status: 0

#### whitespace-only line has no fields
printf '   \n' | awk '{ print NF }'
## stdout:
0
## status: 0

#### NF in END after the last record
printf 'a b c\n' | awk 'END { print NF }'
## stdout:
3
## status: 0
