# The classic one-liners: sums, counts, sums by key, field reordering,
# dedup, CSV-ish splitting, reports with printf, text transformations.

#### sum a column
printf '10\n20\n30\n' | awk '{ s += $1 } END { print s }'
## stdout:
60
## status: 0

#### average of a column
printf '1\n2\n3\n4\n' | awk '{ s += $1 } END { print s / NR }'
## stdout:
2.5
## status: 0

#### sum by key
printf 'a 1\nb 2\na 3\nc 4\nb 5\n' | awk '{ sum[$1] += $2 } END { for (k in sum) print k, sum[k] }' | sort
## stdout:
a 4
b 7
c 4
## status: 0

#### count by key with printf
printf 'x\ny\nx\nx\n' | awk '{ c[$1]++ } END { for (k in c) printf "%s=%d\n", k, c[k] }' | sort
## stdout:
x=3
y=1
## status: 0

#### dedup preserving order
printf 'b\na\nb\nc\na\n' | awk '!seen[$0]++'
## stdout:
b
a
c
## status: 0

#### dedup by a field
printf '1 x\n2 y\n3 x\n' | awk '!seen[$2]++'
## stdout:
1 x
2 y
## status: 0

#### swap the first two fields
printf 'a b c\nd e f\n' | awk '{ t = $1; $1 = $2; $2 = t; print }'
## stdout:
b a c
e d f
## status: 0

#### print fields in reverse
printf 'a b c d\n' | awk '{ for (i = NF; i > 0; i--) printf "%s%s", $i, (i > 1 ? OFS : ORS) }'
## stdout:
d c b a
## status: 0

#### print the last field
printf 'a b c\nd e\n' | awk '{ print $NF }'
## stdout:
c
e
## status: 0

#### print lines longer than 3 characters
printf 'ab\nabcd\nabcde\n' | awk 'length > 3'
## stdout:
abcd
abcde
## status: 0

#### count lines
printf 'a\nb\nc\n' | awk 'END { print NR }'
## stdout:
3
## status: 0

#### count words
printf 'one two\nthree four five\n' | awk '{ w += NF } END { print w }'
## stdout:
5
## status: 0

#### count characters
printf 'ab\ncde\n' | awk '{ c += length + 1 } END { print c }'
## stdout:
7
## status: 0

#### number lines
printf 'a\nb\n' | awk '{ print NR "\t" $0 }'
## stdout:
1	a
2	b
## status: 0

#### print a line range by number
printf '1\n2\n3\n4\n5\n' | awk 'NR == 2, NR == 4'
## stdout:
2
3
4
## status: 0

#### print every other line
printf '1\n2\n3\n4\n5\n' | awk 'NR % 2'
## stdout:
1
3
5
## status: 0

#### print the first line only (head -1)
printf 'first\nsecond\n' | awk 'NR == 1 { print; exit }'
## stdout:
first
## status: 0

#### tail -1 equivalent
printf 'a\nb\nc\n' | awk '{ last = $0 } END { print last }'
## stdout:
c
## status: 0

#### reverse lines (tac)
printf 'a\nb\nc\n' | awk '{ line[NR] = $0 } END { for (i = NR; i > 0; i--) print line[i] }'
## stdout:
c
b
a
## status: 0

#### max and min of a column
printf '5\n3\n9\n1\n' | awk 'NR == 1 { max = min = $1 } { if ($1 > max) max = $1; if ($1 < min) min = $1 } END { print min, max }'
## stdout:
1 9
## status: 0

#### CSV-ish: select columns
printf 'name,age,city\nann,30,paris\nbob,25,rome\n' | awk -F, 'NR > 1 { print $1 " is " $2 }'
## stdout:
ann is 30
bob is 25
## status: 0

#### CSV-ish: convert to TSV
printf 'a,b,c\n1,2,3\n' | awk 'BEGIN { FS = ","; OFS = "\t" } { $1 = $1; print }'
## stdout:
a	b	c
1	2	3
## status: 0

#### CSV-ish: sum a column with a header
printf 'item,qty\napple,3\npear,4\n' | awk -F, 'NR > 1 { total += $2 } END { print "total:", total }'
## stdout:
total: 7
## status: 0

#### CSV-ish: quoted fields by splitting on quotes
printf '"a,b",c\n' | awk -F'"' '{ print $2 }'
## stdout:
a,b
## status: 0

#### key=value parsing
printf 'host=example.com\nport=8080\n' | awk -F= '{ conf[$1] = $2 } END { print conf["host"] ":" conf["port"] }'
## stdout:
example.com:8080
## status: 0

#### report with a header and aligned columns
printf 'alice 1200.5\nbob 850\ncarol 99.999\n' | awk 'BEGIN { printf "%-10s %10s\n", "NAME", "AMOUNT" } { printf "%-10s %10.2f\n", $1, $2; t += $2 } END { printf "%-10s %10.2f\n", "TOTAL", t }'
## stdout:
NAME           AMOUNT
alice         1200.50
bob            850.00
carol          100.00
TOTAL         2150.50
## status: 0

#### percentage report
printf 'a 1\nb 3\n' | awk '{ v[$1] = $2; t += $2 } END { printf "a %.1f%%\nb %.1f%%\n", 100 * v["a"] / t, 100 * v["b"] / t }'
## stdout:
a 25.0%
b 75.0%
## status: 0

#### remove blank lines
printf 'a\n\nb\n\n\nc\n' | awk 'NF'
## stdout:
a
b
c
## status: 0

#### trim leading and trailing whitespace
printf '  a b  \n' | awk '{ gsub(/^[ \t]+|[ \t]+$/, ""); print "[" $0 "]" }'
## stdout:
[a b]
## status: 0

#### squeeze whitespace
printf 'a   b \t c\n' | awk '{ $1 = $1 } 1'
## stdout:
a b c
## status: 0

#### uppercase a column
printf 'x 1\ny 2\n' | awk '{ $1 = toupper($1) } 1'
## stdout:
X 1
Y 2
## status: 0

#### grep -c equivalent
printf 'foo\nbar\nfoo bar\n' | awk '/foo/ { n++ } END { print n + 0 }'
## stdout:
2
## status: 0

#### print lines between markers exclusive
printf 'a\nBEGIN\nb\nc\nEND\nd\n' | awk '/END/ { f = 0 } f; /BEGIN/ { f = 1 }'
## stdout:
b
c
## status: 0

#### join lines with commas
printf 'a\nb\nc\n' | awk '{ s = s (NR > 1 ? "," : "") $0 } END { print s }'
## stdout:
a,b,c
## status: 0

#### transpose a small matrix
printf '1 2 3\n4 5 6\n' | awk '{ for (i = 1; i <= NF; i++) m[NR, i] = $i } END { for (i = 1; i <= NF; i++) { row = ""; for (j = 1; j <= NR; j++) row = row (j > 1 ? " " : "") m[j, i]; print row } }'
## stdout:
1 4
2 5
3 6
## status: 0

#### word frequency sorted by count
printf 'the cat the dog\nthe end\n' | awk '{ for (i = 1; i <= NF; i++) f[$i]++ } END { for (w in f) print f[w], w }' | sort -k1,1nr -k2
## stdout:
3 the
1 cat
1 dog
1 end
## status: 0

#### histogram with stars
printf '3\n1\n2\n' | awk '{ s = ""; for (i = 0; i < $1; i++) s = s "*"; print $1, s }'
## stdout:
3 ***
1 *
2 **
## status: 0

#### group values per key
printf 'a 1\nb 2\na 3\n' | awk '{ g[$1] = g[$1] (g[$1] == "" ? "" : ",") $2 } END { for (k in g) print k ": " g[k] }' | sort
## stdout:
a: 1,3
b: 2
## status: 0

#### print fields matching a condition
printf 'a 5\nb 15\nc 25\n' | awk '$2 >= 10 { print $1 }'
## stdout:
b
c
## status: 0

#### running total
printf '1\n2\n3\n' | awk '{ t += $1; print $1, t }'
## stdout:
1 1
2 3
3 6
## status: 0

#### difference from the previous line
printf '10\n13\n20\n' | awk 'NR > 1 { print $1 - prev } { prev = $1 }'
## stdout:
3
7
## status: 0

#### extract a field after a pattern
printf 'id: 42\nname: x\nid: 7\n' | awk '/^id:/ { print $2 }'
## stdout:
42
7
## status: 0

#### double-space a file
printf 'a\nb\n' | awk '{ print; print "" }'
## stdout:
a

b

## status: 0

#### replace a column value conditionally
printf 'ok 1\nfail 2\nok 3\n' | awk '$1 == "fail" { $1 = "FAILED" } { print }'
## stdout:
ok 1
FAILED 2
ok 3
## status: 0

#### print duplicated lines only once
printf 'a\nb\na\nc\nb\na\n' | awk 'seen[$0]++ == 1'
## stdout:
a
b
## status: 0

#### second column unique count
printf 'x a\ny b\nz a\n' | awk '{ u[$2] } END { print length(u) }'
## stdout:
2
## status: 0

#### parse a log with a regex match and substr
printf 'GET /a 200\nPOST /b 500\nGET /c 404\n' | awk '$3 >= 400 { match($0, /\/[a-z]+/); print substr($0, RSTART, RLENGTH), $3 }'
## stdout:
/b 500
/c 404
## status: 0

#### sum fields on every line
printf '1 2 3\n4 5\n' | awk '{ s = 0; for (i = 1; i <= NF; i++) s += $i; print s }'
## stdout:
6
9
## status: 0

#### print the line with the maximum value
printf 'a 3\nb 9\nc 4\n' | awk '$2 > max { max = $2; line = $0 } END { print line }'
## stdout:
b 9
## status: 0

#### number non-blank lines
printf 'a\n\nb\n' | awk 'NF { $0 = ++n " " $0 } 1'
## stdout:
1 a

2 b
## status: 0

#### rot13 with index and substr
printf 'Hello\n' | awk 'BEGIN { a = "abcdefghijklmnopqrstuvwxyz"; A = toupper(a) } { out = ""; for (i = 1; i <= length($0); i++) { c = substr($0, i, 1); p = index(a, c); q = index(A, c); if (p) c = substr(a, (p + 12) % 26 + 1, 1); else if (q) c = substr(A, (q + 12) % 26 + 1, 1); out = out c } print out }'
## stdout:
Uryyb
## status: 0
