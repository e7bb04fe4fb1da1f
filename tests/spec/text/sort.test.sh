# sort: orderings, keys, separators, uniqueness, checks (GNU coreutils 9.1, C locale).
# Expected values recorded from the real programs by `spec bless`.

#### plain byte order
printf 'b\nB\na\nA\n_\n1\n' | sort
## stdout:
1
A
B
_
a
b
## status: 0

#### reverse
printf 'b\na\nc\n' | sort -r
## stdout:
c
b
a
## status: 0

#### numeric with signs, blanks and junk
printf '10\n9\n-1\n1e3\n abc\n1.5\n\n-0\n+5\n0x10\n' | sort -n
## stdout:
-1

 abc
+5
-0
0x10
1e3
1.5
9
10
## status: 0

#### numeric reverse
printf '3\n20\n100\n' | sort -rn
## stdout:
100
20
3
## status: 0

#### numeric unique keeps first of equal run
printf '1\n01\n2\n1.0\n' | sort -nu
## stdout:
1
2
## status: 0

#### numeric decimals
printf '1.10\n1.9\n1.09\n.5\n-.5\n' | sort -n
## stdout:
-.5
.5
1.09
1.10
1.9
## status: 0

#### numeric big numbers
printf '99999999999999999999\n100000000000000000000\n-99999999999999999999\n5\n' | sort -n
## stdout:
-99999999999999999999
5
99999999999999999999
100000000000000000000
## status: 0

#### general numeric
printf '1e3\n10\n-1\nabc\n1.5e1\ninf\n-inf\n' | sort -g
## stdout:
abc
-inf
-1
10
1.5e1
1e3
inf
## status: 0

#### human numeric
printf '1K\n2M\n500\n1G\n-1K\n3k\n' | sort -h
## stdout:
-1K
500
1K
3k
2M
1G
## status: 0

#### version sort
printf 'a-1.10\na-1.9\na-1.1a\nfile10.txt\nfile9.txt\n1.0~rc1\n1.0\n' | sort -V
## stdout:
1.0~rc1
1.0
a-1.1a
a-1.9
a-1.10
file9.txt
file10.txt
## status: 0

#### month sort
printf 'Mar\njan\nDEC\nxyz\n feb\n' | sort -M
## stdout:
xyz
jan
 feb
Mar
DEC
## status: 0

#### fold case
printf 'b\nB\na\nA\n' | sort -f
## stdout:
A
a
B
b
## status: 0

#### fold case unique
printf 'b\nB\na\nA\n' | sort -fu
## stdout:
a
b
## status: 0

#### unique
printf 'b\na\nb\na\nc\n' | sort -u
## stdout:
a
b
c
## status: 0

#### dictionary order
printf 'a-c\nab\na c\n' | sort -d
## stdout:
a c
ab
a-c
## status: 0

#### ignore nonprinting
printf 'b\n\001a\nc\n' | sort -i
## stdout-json: "\u0001a\nb\nc\n"
## status: 0

#### key field 2 numeric stable
printf 'x 2\ny 1\nz 2\nw 1\n' | sort -k2,2n -s
## stdout:
y 1
w 1
x 2
z 2
## status: 0

#### key field 2 numeric with last resort
printf 'x 2\ny 1\nz 2\nw 1\n' | sort -k2,2n
## stdout:
w 1
y 1
x 2
z 2
## status: 0

#### key to end of line
printf 'a 2 b\nc 1 z\nd 1 a\n' | sort -k2
## stdout:
d 1 a
c 1 z
a 2 b
## status: 0

#### separator colon
printf 'a:3\nb:1\nc:2\n' | sort -t: -k2
## stdout:
b:1
c:2
a:3
## status: 0

#### separator and numeric key
printf 'x,10\ny,9\nz,100\n' | sort -t, -k2n
## stdout:
y,9
x,10
z,100
## status: 0

#### multiple keys
printf 'b 1\na 2\nb 0\na 1\n' | sort -k1,1 -k2,2nr
## stdout:
a 2
a 1
b 1
b 0
## status: 0

#### key reverse only
printf 'a 1\na 2\nb 1\n' | sort -k1,1 -k2,2r
## stdout:
a 2
a 1
b 1
## status: 0

#### key with character positions
printf 'xab\nyaa\nzac\n' | sort -k1.2,1.3
## stdout:
yaa
xab
zac
## status: 0

#### blanks in fields
printf 'a   2\nb 1\nc  3\n' | sort -k2n
## stdout:
b 1
a   2
c  3
## status: 0

#### leading blanks with -b
printf '  b\na\n c\n' | sort -b
## stdout:
a
  b
 c
## status: 0

#### leading blanks without -b
printf '  b\na\n c\n' | sort
## stdout:
  b
 c
a
## status: 0

#### key b option
printf 'x  b\ny a\n' | sort -k2b
## stdout:
y a
x  b
## status: 0

#### empty input
sort </dev/null; echo "status $?"
## stdout:
status 0
## status: 0

#### no trailing newline
printf 'b\na' | sort
## stdout:
a
b
## status: 0

#### zero terminated
printf 'b\0a\0' | sort -z | tr '\0' '\n'
## stdout:
a
b
## status: 0

#### check sorted
printf 'a\nb\n' | sort -c; echo $?
## stdout:
0
## status: 0

#### check unsorted
printf 'b\na\n' | sort -c 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### check quiet
printf 'b\na\n' | sort -C; echo $?
## stdout:
1
## status: 0

#### check unique dup
printf 'a\na\n' | sort -cu 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### invalid key status
sort -k0 </dev/null 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### invalid option status
sort --bogus </dev/null 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### multi-char tab status
sort -t ab </dev/null 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### output to file
printf 'b\na\n' | sort -o out.txt; cat out.txt
## stdout:
a
b
## status: 0

#### files as operands
printf 'c\na\n' > f1; printf 'b\n' > f2; sort f1 f2
## stdout:
a
b
c
## status: 0

#### missing file status
sort nosuch 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### random sort groups keys
printf 'a\nb\na\nb\n' | sort -R | sort | uniq -c
## stdout:
      2 a
      2 b
## status: 0

#### stable general
printf '1 b\n1 a\n0 c\n' | sort -s -k1,1n
## stdout:
0 c
1 b
1 a
## status: 0

#### numeric key on csv
printf 'n,v\nb,10\na,2\n' | tail -n +2 | sort -t, -k2,2n
## stdout:
a,2
b,10
## status: 0

#### reverse numeric with ties
printf '1 b\n2 a\n1 a\n' | sort -k1,1nr
## stdout:
2 a
1 a
1 b
## status: 0

#### merge sorted inputs
printf '1\n3\n' > a; printf '2\n4\n' > b; sort -m a b
## stdout:
1
2
3
4
## status: 0

#### sort words from tr
echo 'the quick brown fox jumps over the lazy dog' | tr ' ' '\n' | sort | uniq -c | sort -k1,1nr -k2
## stdout:
      2 the
      1 brown
      1 dog
      1 fox
      1 jumps
      1 lazy
      1 over
      1 quick
## status: 0

#### sort -n negative zero and decimals
printf -- '-0.0\n0\n-0.1\n0.1\n' | sort -n
## stdout:
-0.1
-0.0
0
0.1
## status: 0
