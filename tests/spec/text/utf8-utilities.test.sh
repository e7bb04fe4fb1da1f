# Utilities under a UTF-8 locale (the file runs with LC_ALL=C.UTF-8):
# grep, sed, expr and awk match `.` and bracket expressions against
# characters; awk's string functions, expr, wc -m and rev count them; and
# an exported LC_ALL=C (or a prefix assignment) switches them to bytes.
## locale: C.UTF-8

#### [[ =~ ]] matches a character with .
[[ é =~ ^.$ ]] && echo one
[[ 日本 =~ ^..$ ]] && echo two
[[ é =~ [[:alpha:]] ]] && echo alpha
[[ "café☠" =~ (é)(.) ]] && echo "${BASH_REMATCH[1]}|${BASH_REMATCH[2]}"
## stdout:
one
two
alpha
é|☠
## status: 0

#### [[ =~ ]] in bytes after LC_ALL=C
LC_ALL=C
[[ é =~ ^.$ ]] && echo one || echo not-one
[[ é =~ ^..$ ]] && echo two
## stdout:
not-one
two
## status: 0

#### [[ =~ ]] range with a non-ASCII end is an error
[[ è =~ [à-é] ]]; echo $?
## stdout:
2
## status: 0

#### grep . and brackets match characters
printf 'é\nab\nÉ\n☠\n' | grep -c '^.$'
printf 'é\nÉ\n٣\n²\n' | grep -c '[[:alpha:]]'
printf 'x\u2003y\nx\u00a0y\n' | grep -c '[[:space:]]'
printf 'é\na\n' | grep '^[^a]$'
echo É | grep -i 'é'
echo 'café☠' | grep -o '[é☠]' | wc -l
## stdout:
3
3
1
é
É
2
## status: 0

#### grep -E and -F under UTF-8
echo 'naïve café' | grep -oE 'ï.|é$'
echo 'ÉCOLE' | grep -iF 'école'
echo 'ab' | grep -c '^.\{2\}$'
## stdout:
ïv
é
ÉCOLE
1
## status: 0

#### grep in bytes with LC_ALL=C
printf 'é\n' | LC_ALL=C grep -c '^..$'
export LC_ALL=C
printf 'é\n' | grep -c '^.$'
## stdout:
1
0
## status: 1

#### grep range with a non-ASCII end is an error
echo è | grep -c '[à-é]'; echo $?
## stdout:
2
## status: 0

#### sed . matches characters
echo 'café☠' | sed 's/./X/g'
echo 'naïve' | sed -E 's/(.)ï(.)/\2\1/'
echo 'é' | LC_ALL=C sed 's/./X/g'
## stdout:
XXXXX
nvae
XX
## status: 0

#### sed empty matches split characters as GNU sed does
echo é | sed 's/x*/-/g' | od -An -c
## stdout:
   - 303   - 251   -  \n
## status: 0

#### expr counts and matches characters
expr length 'café☠'
expr substr 'café☠' 4 2
expr index 'café☠' '☠'
expr 'café☠' : '.*'
expr è : '[à-é]'
LC_ALL=C expr length 'café☠'
## stdout:
5
é☠
5
5
1
8
## status: 0

#### awk string functions count characters
awk 'BEGIN { s = "café☠"; print length(s), substr(s, 4, 2), index(s, "☠"), toupper(s), tolower("ÉCOLE") }'
echo 'naïve' | awk '{ print length(), match($0, /ï./), RSTART, RLENGTH }'
echo 'bé' | awk '{ gsub(/[a-é]/, "X") } 1'
echo 'café' | awk '{ n = gsub(/./, "&."); print n, $0 }'
## stdout:
5 é☠ 5 CAFÉ☠ école
5 3 3 2
XX
4 c.a.f.é.
## status: 0

#### awk in bytes with LC_ALL=C
LC_ALL=C awk 'BEGIN { s = "café☠"; print length(s), index(s, "☠") }'
## stdout:
8 6
## status: 0

#### wc -m counts characters
echo 'café☠' | wc -m
echo 'café☠' | wc -c
printf 'a\u2003b c\u00a0d é☠\n' | wc -w
printf '日本\n' | wc -L
echo 'café☠' | LC_ALL=C wc -m
## stdout:
6
9
5
4
9
## status: 0

#### rev reverses characters
echo 'café☠' | rev
echo 'abc' | LC_ALL=C rev
## stdout:
☠éfac
cba
## status: 0

#### cut -c counts bytes even under UTF-8
echo 'café☠' | cut -c4-5
## stdout:
é
## status: 0

#### an unexported LC_ALL does not reach the utilities
unset LC_ALL
LANG=C.UTF-8; export LANG
LC_ALL=C
printf 'é\n' | grep -c '^.$'
[[ é =~ ^.$ ]] && echo shell-one || echo shell-bytes
## stdout:
1
shell-bytes
## status: 0

#### egrep and fgrep run grep -E and grep -F
printf 'ab\na+b\n' | egrep 'a+b'
printf 'ab\na+b\n' | fgrep 'a+b'
echo x | egrep -c y
## stdout:
ab
a+b
0
## status: 1

#### awk printf widths, precisions and %c count characters
awk 'BEGIN { printf "[%5s][%.2s][%c][%c][%-3c]\n", "é", "é☠x", 233, "☠x", "ñ" }'
LC_ALL=C awk 'BEGIN { printf "[%5s]\n", "é" }'
## stdout:
[    é][é☠][é][☠][ñ  ]
[   é]
## status: 0

#### awk splits an empty separator into characters
awk 'BEGIN { n = split("héllo", a, ""); print n, a[2] }'
echo 'aéb' | awk -F '' '{ print NF, $2 }'
## stdout:
5 é
3 é
## status: 0
