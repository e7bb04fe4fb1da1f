# Builtin edge cases (bash manual 4.2): printf -v names, %(...)T, octal
# escapes past \377, getopts, read option errors and control characters.
## locale: C.UTF-8

#### printf -v with an invalid name
printf -v 1bad '%s' x; echo "st $?"
printf -v 'a[' '%s' x; echo "st $?"
printf -v '' '%s' x; echo "st $?"
## stdout:
st 2
st 2
st 2
## status: 0

#### printf -v with an array element
printf -v 'arr[2]' '%s' x; echo "st $? ${arr[2]}"
declare -A m; printf -v 'm[k y]' '%d' 42; echo "${m[k y]}"
## stdout:
st 0 x
42
## status: 0

#### printf -v reuses the format
printf -v out '%s,' a b c; echo "$out"
## stdout:
a,b,c,
## status: 0

#### printf -v into a readonly variable
readonly ro=1
printf -v ro '%s' 2; echo "st $? $ro"
## stdout:
st 1 1
## status: 0

#### printf %(...)T at the epoch and before it
printf '%(%Y-%m-%d %H:%M)T\n' 0
printf '%(%Y-%m-%d %H:%M:%S)T\n' -86400
printf '%(%s)T\n' -5
## stdout:
1970-01-01 00:00
1969-12-31 00:00:00
-5
## status: 0

#### printf %(...)T of -1 and -2 is the current time
now=$(printf '%(%s)T' -1)
st=$(printf '%(%s)T' -2)
[[ $now =~ ^[0-9]{10}$ && $st =~ ^[0-9]{10}$ ]] && echo ok
## stdout:
ok
## status: 0

#### printf %(...)T with TZ set but not exported
TZ=EST5; printf '%(%H:%M %Z)T\n' 0
## stdout:
19:00 EST
## status: 0

#### printf %(...)T with TZ exported and as a prefix
export TZ=UTC; printf '%(%H:%M %Z)T\n' 0
TZ=JST-9 printf '%(%H:%M %Z)T\n' 0
## stdout:
00:00 UTC
09:00 JST
## status: 0

#### printf %(...)T with an invalid number
printf '%(%Y)T\n' abc; echo "st $?"
printf '%(%Y)T\n' 12x; echo "st $?"
## stdout:
1970
st 1
1970
st 1
## status: 0

#### printf %(...)T with an empty format and %%
printf '%(%%)T|%()T\n' 0 0
## stdout:
%|00:00:00
## status: 0

#### printf %(...)T with width and precision
printf '[%20(%Y)T][%-8(%m)T][%.2(%Y)T]\n' 0 0 0
## stdout:
[                1970][01      ][19]
## status: 0

#### printf octal escapes past \377 wrap to one byte
printf '\400|\777|\1234\n' | od -An -c
## stdout:
  \0   | 377   |   S   4  \n
## status: 0

#### echo -e octal escapes past \0377 wrap to one byte
echo -e '\0400|\0777|\0101' | od -An -c
## stdout:
  \0   | 377   |   A  \n
## status: 0

#### printf %b octal escapes past \377
printf '%b\n' '\0400' '\400' '\0777' | od -An -c
## stdout:
  \0  \n  \0  \n 377  \n
## status: 0

#### printf octal escape stops at a non-octal digit
printf '\08|\18\n' | od -An -c
## stdout:
  \0   8   | 001   8  \n
## status: 0

#### getopts with an invalid variable name
getopts ab 1x -a; echo "st $?"
getopts ab 'a-b' -a; echo "st $?"
## stdout:
st 1
st 1
## status: 0

#### getopts clears OPTARG on an unknown option after an argument
set -- -a val -z
while getopts a:b opt 2>/dev/null; do echo "opt=$opt OPTARG=${OPTARG-unset}"; done
## stdout:
opt=a OPTARG=val
opt=? OPTARG=unset
## status: 0

#### getopts silent mode sets OPTARG to the unknown option
set -- -a val -z -a
while getopts :a:b opt; do echo "opt=$opt OPTARG=${OPTARG-unset}"; done
## stdout:
opt=a OPTARG=val
opt=? OPTARG=z
opt=: OPTARG=a
## status: 0

#### getopts leaves OPTARG unset for an option without an argument
set -- -a val -b
while getopts a:b opt; do echo "opt=$opt OPTARG=${OPTARG-unset}"; done
## stdout:
opt=a OPTARG=val
opt=b OPTARG=unset
## status: 0

#### getopts with a missing argument in both modes
set -- -a
getopts a: opt 2>/dev/null; echo "$? opt=$opt OPTARG=${OPTARG-unset}"
OPTIND=1
getopts :a: opt; echo "$? opt=$opt OPTARG=${OPTARG-unset}"
## stdout:
0 opt=? OPTARG=unset
0 opt=: OPTARG=a
## status: 0

#### getopts on explicit arguments
getopts xy: o -y arg; echo "$o $OPTARG $OPTIND"
## stdout:
y arg 3
## status: 0

#### read -n with an invalid count
read -n -1 x <<< abc; echo "r1 $? [$x]"
read -n abc x <<< abc; echo "r2 $? [$x]"
read -N x y <<< abc; echo "r3 $? [$y]"
## stdout:
r1 1 []
r2 1 []
r3 1 []
## status: 0

#### read -n 0 reads nothing
read -n 0 x <<< abc; echo "st $? [$x]"
## stdout:
st 0 []
## status: 0

#### read -N reads exactly the count
read -N 2 x <<< abc; echo "st $? [$x]"
read -N 5 x <<< abc; echo "st $? [$x]"
## stdout:
st 0 [ab]
st 1 [abc
]
## status: 0

#### read -t with an invalid timeout
read -t abc x <<< z; echo "st $?"
## stdout:
st 1
## status: 0

#### read -u with a bad file descriptor
read -u 99 x; echo "st $?"
read -u x x; echo "st $?"
## stdout:
st 1
st 1
## status: 0

#### read keeps control characters
printf 'a\001b\177c\n' | { read x; printf '%s' "$x" | od -An -c; }
## stdout:
   a 001   b 177   c
## status: 0

#### read with a backslash before a control character
printf 'a\\\001b\n' | { read x; printf '%s' "$x" | od -An -c; }
## stdout:
   a 001   b
## status: 0

#### read with a control character as IFS
printf 'a\001b\001c\n' | { IFS=$'\001' read x y; echo "[$x][$y]"; }
## stdout-json: "[a][b\u0001c]\n"
## status: 0

#### read keeps a carriage return
printf 'a\tb\r\n' | { read x y; printf '%s|%s' "$x" "$y" | od -An -c; }
## stdout:
   a   |   b  \r
## status: 0

#### read drops NUL bytes
printf 'ab\000cd\n' | { read x; echo "[$x]"; }
## stdout:
[abcd]
## status: 0

#### read -d with a control character delimiter
read -d $'\001' x < <(printf 'one\001two'); echo "[$x]"
## stdout:
[one]
## status: 0

#### read -r keeps a backslash before a control character
printf 'a\\\002b\n' | { read -r x; printf '%s' "$x" | od -An -c; }
## stdout:
   a   \ 002   b
## status: 0

#### read with an escape character and IFS whitespace
printf ' \033[1m x \n' | { read x; printf '%s' "$x" | od -An -c; }
## stdout:
 033   [   1   m       x
## status: 0
