# grep: BRE/ERE/fixed/Perl pattern syntax as GNU grep 3.8 reads it.

#### BRE star and dot
printf 'ac\nabc\nabbc\nadc\n' | grep 'ab*c'
## stdout:
ac
abc
abbc
## status: 0

#### BRE plus escape
printf 'ac\nabc\nabbc\n' | grep 'ab\+c'
## stdout:
abc
abbc
## status: 0

#### BRE question escape
printf 'ac\nabc\nabbc\n' | grep -x 'ab\?c'
## stdout:
ac
abc
## status: 0

#### BRE plus is literal
printf 'a+b\naab\n' | grep 'a+b'
## stdout:
a+b
## status: 0

#### BRE interval
printf 'a\naa\naaa\naaaa\n' | grep -x 'a\{2,3\}'
## stdout:
aa
aaa
## status: 0

#### BRE interval open end
printf 'a\naa\naaa\n' | grep -x 'a\{2,\}'
## stdout:
aa
aaa
## status: 0

#### BRE group and alternation
printf 'cat\ndog\nbird\n' | grep '\(cat\|dog\)'
## stdout:
cat
dog
## status: 0

#### BRE back-reference
printf 'abab\nabba\nxyxy\n' | grep '^\(..\)\1$'
## stdout:
abab
xyxy
## status: 0

#### BRE back-reference palindrome
printf 'abba\nabab\n' | grep -x '\(.\)\(.\)\2\1'
## stdout:
abba
## status: 0

#### BRE literal braces
printf 'a{1}\na\n' | grep 'a{1}'
## stdout:
a{1}
## status: 0

#### BRE caret in middle is literal
printf 'a^b\nab\n' | grep 'a^b'
## stdout:
a^b
## status: 0

#### BRE dollar in middle is literal
printf 'a$b\nab\n' | grep 'a$b'
## stdout:
a$b
## status: 0

#### BRE leading star is literal
printf '*a\na\n' | grep '^*a'
## stdout:
*a
## status: 0

#### ERE alternation
printf 'cat\ndog\nbird\n' | grep -E 'cat|bird'
## stdout:
cat
bird
## status: 0

#### ERE groups and plus
printf 'ab\nabab\naba\n' | grep -xE '(ab)+'
## stdout:
ab
abab
## status: 0

#### ERE interval
printf 'ab\naab\naaab\n' | grep -xE 'a{2}b'
## stdout:
aab
## status: 0

#### ERE brace without interval is literal
printf 'a{\na{x\n' | grep -E 'a{x'
## stdout:
a{x
## status: 0

#### ERE escaped pipe is literal
printf 'a|b\na\n' | grep -E 'a\|b'
## stdout:
a|b
## status: 0

#### ERE back-reference
printf 'xx\nxy\n' | grep -E '(x)\1'
## stdout:
xx
## status: 0

#### egrep-style question mark
printf 'color\ncolour\ncolr\n' | grep -E 'colou?r'
## stdout:
color
colour
## status: 0

#### bracket with closing bracket first
printf 'a]b\nab\n' | grep '[]]'
## stdout:
a]b
## status: 0

#### negated bracket
printf 'abc\n123\n' | grep -x '[^0-9]*'
## stdout:
abc
## status: 0

#### character classes
printf 'abc\nABC\n123\n \n' | grep -c '[[:upper:]]'
## stdout:
1
## status: 0

#### digit class
printf 'x1\nxy\n' | grep '[[:digit:]]'
## stdout:
x1
## status: 0

#### space class and blank
printf 'a b\nab\na\tb\n' | grep -c 'a[[:space:]]b'
## stdout:
2
## status: 0

#### range and dash last
printf 'a-c\nb\nz\n' | grep -o '[a-c-]*'
## stdout:
a-c
b
## status: 0

#### word boundary escapes
printf 'cat\nconcat\ncat5\n' | grep '\<cat\>'
## stdout:
cat
## status: 0

#### backslash b
printf 'foo bar\nfoobar\n' | grep 'o\b'
## stdout:
foo bar
## status: 0

#### backslash w and W
printf 'a_1\n!!\n' | grep -o '\w\+'
## stdout:
a_1
## status: 0

#### backslash s
printf 'a b\nab\n' | grep 'a\sb'
## stdout:
a b
## status: 0

#### leftmost longest with -o
printf 'abcd\n' | grep -oE 'ab|abcd'
## stdout:
abcd
## status: 0

#### leftmost longest in BRE alternation
printf 'xyz\n' | grep -o 'x\|xy\|xyz'
## stdout:
xyz
## status: 0

#### fixed strings
printf 'a.c\nabc\n' | grep -F 'a.c'
## stdout:
a.c
## status: 0

#### fixed strings several
printf 'a*\nb?\nc\n' | grep -F -e 'a*' -e 'b?'
## stdout:
a*
b?
## status: 0

#### fixed strings ignore case whole word
printf 'A.B x\nA.BC\n' | grep -Fiw 'a.b'
## stdout:
A.B x
## status: 0

#### perl regex digits and lookahead
printf 'price 42usd\nprice 7eur\n' | grep -oP '\d+(?=usd)'
## stdout:
42
## status: 0

#### perl regex non-greedy
printf '<a><b>\n' | grep -oP '<.+?>'
## stdout:
<a>
<b>
## status: 0

#### ignore case with classes
printf 'ABC\nabc\n' | grep -ci '[a-c]\{3\}'
## stdout:
2
## status: 0

#### anchored empty line
printf 'a\n\nb\n\n' | grep -c '^$'
## stdout:
2
## status: 0

#### dot matches any byte in C locale
printf 'caf\303\251\n' | grep -c 'caf..$'
## stdout:
1
## status: 0

#### star after group
printf 'ababx\n' | grep -o '\(ab\)*x'
## stdout:
ababx
## status: 0
