# Records: RS (newline, single character, paragraph mode, gawk regex), RT,
# NR/FNR across files, FILENAME, missing final newline.

#### last line without a newline
printf 'a\nb' | awk '{ print NR ": " $0 }'
## stdout:
1: a
2: b
## status: 0

#### empty lines are records
printf 'a\n\nb\n' | awk '{ print NR, NF }'
## stdout:
1 1
2 0
3 1
## status: 0

#### RS single character
printf 'a;b;c' | awk 'BEGIN { RS = ";" } { print NR, $0 }'
## stdout:
1 a
2 b
3 c
## status: 0

#### RS single character with trailing newline in the last record
printf 'a;b\n' | awk 'BEGIN { RS = ";" } { print "[" $0 "]" }'
## stdout:
[a]
[b
]
## status: 0

#### RS paragraph mode
printf 'a b\nc\n\n\nd e\nf\n' | awk 'BEGIN { RS = "" } { print NR ": " $1 "/" $NF }'
## stdout:
1: a/c
2: d/f
## status: 0

#### paragraph mode skips leading blank lines
printf '\n\n\na\n\nb\n\n' | awk 'BEGIN { RS = "" } { print NR, $0 } END { print NR }'
## stdout:
1 a
2 b
2
## status: 0

#### paragraph mode record keeps inner newlines
printf 'a\nb\n\nc\n' | awk 'BEGIN { RS = "" } { print length($0) }'
## stdout:
3
1
## status: 0

#### RS regex (gawk)
printf 'a1b22c' | awk 'BEGIN { RS = "[0-9]+" } { print $0 "|" RT }'
## stdout:
a|1
b|22
c|
## status: 0

#### RT for newline records
printf 'a\nb' | awk '{ print $0 "[" RT "]" }'
## stdout:
a[
]
b[]
## status: 0

#### RS multi-character literal string
printf 'aXYbXYc' | awk 'BEGIN { RS = "XY" } { print }'
## stdout:
a
b
c
## status: 0

#### RS tab
printf 'a\tb\tc' | awk 'BEGIN { RS = "\t" } { print }'
## stdout:
a
b
c
## status: 0

#### ORS empty joins records
printf 'a\nb\nc\n' | awk 'BEGIN { ORS = "" } { print } END { print "\n" }'
## stdout:
abc
## status: 0

#### NR and FNR across two files
printf '1\n2\n' > a; printf '3\n' > b
awk '{ print FILENAME, NR, FNR }' a b
## stdout:
a 1 1
a 2 2
b 3 1
## status: 0

#### FNR == NR idiom joins two files
printf 'k1 v1\nk2 v2\n' > map; printf 'k2\nk1\nk3\n' > keys
awk 'FNR == NR { m[$1] = $2; next } { print $1, ($1 in m ? m[$1] : "none") }' map keys
## stdout:
k2 v2
k1 v1
k3 none
## status: 0

#### FILENAME is empty in BEGIN
printf 'x\n' > f
awk 'BEGIN { print "[" FILENAME "]" } END { print FILENAME }' f
## stdout:
[]
f
## status: 0

#### stdin as -
printf 'from stdin\n' | awk '{ print FILENAME ": " $0 }' -
## stdout:
-: from stdin
## status: 0

#### file then stdin
printf 'file\n' > f
printf 'stdin\n' | awk '{ print }' f -
## stdout:
file
stdin
## status: 0

#### missing file is an error
awk '{ print }' nosuchfile
## stdout:
## status: 2

#### empty file operand string is skipped
printf 'x\n' > f
awk 'BEGIN { ARGV[1] = "" } { print "read", $0 }' skipped f
## stdout:
read x
## status: 0

#### RS change takes effect for the next record
printf 'a b\nc;d;e\n' | awk 'NR == 1 { RS = ";" } { print NR ": " $0 }'
## stdout:
1: a b
2: c
3: d
4: e

## status: 0

#### records with CRLF keep the CR
printf 'a\r\nb\r\n' | awk '{ print length($0) }'
## stdout:
2
2
## status: 0

#### long record
awk 'BEGIN { for (i = 0; i < 1000; i++) printf "x"; print "" }' | awk '{ print length($0) }'
## stdout:
1000
## status: 0

#### many records
awk 'BEGIN { for (i = 1; i <= 10000; i++) print i }' | awk '{ s += $1 } END { print s, NR }'
## stdout:
50005000 10000
## status: 0

#### RS regex with alternation and RT
printf 'a, b;c' | awk 'BEGIN { RS = ", |;" } { print NR, $0, "<" RT ">" }'
## stdout:
1 a <, >
2 b <;>
3 c <>
## status: 0

#### RS single newline explicitly
printf 'a\nb\n' | awk 'BEGIN { RS = "\n" } END { print NR }'
## stdout:
2
## status: 0

#### paragraph mode FS newline only
printf 'a b\nc d\n\ne f\n' | awk 'BEGIN { RS = ""; FS = "\n" } { print NF ": " $1 }'
## stdout:
2: a b
1: e f
## status: 0

#### assigning NR
printf 'a\nb\nc\n' | awk 'NR == 2 { NR = 10 } { print NR }'
## stdout:
1
10
11
## status: 0

#### getline after the last record in END
printf 'a\n' | awk 'END { print (getline), $0 }'
## stdout:
0 a
## status: 0

#### RT over mixed terminators and a last record without one
printf 'a\nb\n\nc' | awk '{ printf "[%s|%s]", $0, RT } END { print "" }'; printf 'x1y22z' | awk 'BEGIN { RS = "[0-9]+" } { printf "[%s|%s]", $0, RT } END { print "" }'
## stdout:
[a|
][b|
][|
][c|]
[x|1][y|22][z|]
## status: 0
