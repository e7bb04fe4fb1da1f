# awk basics: program structure, patterns, actions, print, fields.
# Expected output from gawk 5.2 (`awk` is gawk in the oracle).

#### print every line
printf 'a\nb\n' | awk '{ print }'
## stdout:
a
b
## status: 0

#### print $0 explicitly
printf 'x y\n' | awk '{ print $0 }'
## stdout:
x y
## status: 0

#### pattern without action prints the record
printf '1\n2\n3\n' | awk '$1 > 1'
## stdout:
2
3
## status: 0

#### regex pattern
printf 'apple\nbanana\ncherry\n' | awk '/an/'
## stdout:
banana
## status: 0

#### negated regex pattern
printf 'apple\nbanana\ncherry\n' | awk '!/an/'
## stdout:
apple
cherry
## status: 0

#### BEGIN only does not read input
printf 'ignored\n' | awk 'BEGIN { print "hello" }'
## stdout:
hello
## status: 0

#### BEGIN and END around records
printf 'a\nb\n' | awk 'BEGIN { print "start" } { print NR ": " $0 } END { print "end", NR }'
## stdout:
start
1: a
2: b
end 2
## status: 0

#### END sees the last record
printf 'one\ntwo\n' | awk 'END { print $0, NF }'
## stdout:
two 1
## status: 0

#### multiple BEGIN blocks run in order
awk 'BEGIN { printf "a" } BEGIN { printf "b" } BEGIN { print "c" }'
## stdout:
abc
## status: 0

#### several pattern actions on one record
printf '5\n' | awk '$1 > 1 { print "big" } $1 < 10 { print "small" }'
## stdout:
big
small
## status: 0

#### fields by number
printf 'a b c\n' | awk '{ print $3, $1 }'
## stdout:
c a
## status: 0

#### field by expression
printf 'a b c\n' | awk '{ i = 2; print $i, $(i+1) }'
## stdout:
b c
## status: 0

#### NF and last field
printf 'a b c d\n' | awk '{ print NF, $NF, $(NF-1) }'
## stdout:
4 d c
## status: 0

#### field beyond NF is empty
printf 'a b\n' | awk '{ print "[" $5 "]" }'
## stdout:
[]
## status: 0

#### leading and trailing blanks are ignored by default FS
printf '   a   b  \n' | awk '{ print NF ":" $1 ":" $2 }'
## stdout:
2:a:b
## status: 0

#### tabs separate fields by default
printf 'a\tb c\n' | awk '{ print $2 }'
## stdout:
b
## status: 0

#### print with commas uses OFS
printf 'a b\n' | awk 'BEGIN { OFS = "-" } { print $1, $2 }'
## stdout:
a-b
## status: 0

#### print without commas concatenates
printf 'a b\n' | awk '{ print $1 $2 }'
## stdout:
ab
## status: 0

#### ORS changes the line terminator
printf 'a\nb\n' | awk 'BEGIN { ORS = ";" } { print }'
## stdout-no-eol:
a;b;
## status: 0

#### empty input runs END only
awk 'END { print "end", NR }' < /dev/null
## stdout:
end 0
## status: 0

#### comments and newlines in programs
printf 'x\n' | awk '
# a comment
{
  print "got", $0   # trailing comment
}
'
## stdout:
got x
## status: 0

#### semicolons separate statements
awk 'BEGIN { a = 1; b = 2; print a + b; }'
## stdout:
3
## status: 0

#### line continuation with backslash
awk 'BEGIN { x = 1 + \
2; print x }'
## stdout:
3
## status: 0

#### range pattern
printf 'a\nSTART\nb\nc\nEND\nd\n' | awk '/START/,/END/'
## stdout:
START
b
c
END
## status: 0

#### range pattern that starts and ends on one line
printf 'x\nab\ny\n' | awk '/a/,/b/'
## stdout:
ab
## status: 0

#### range pattern reopens
printf '1\n2\n3\n1\n2\n3\n' | awk '$1 == 1, $1 == 2 { print NR }'
## stdout:
1
2
4
5
## status: 0

#### NR and FNR on stdin
printf 'a\nb\nc\n' | awk '{ print NR, FNR }'
## stdout:
1 1
2 2
3 3
## status: 0

#### NR as a pattern
printf 'a\nb\nc\n' | awk 'NR == 2'
## stdout:
b
## status: 0

#### compound pattern
printf '1\n2\n3\n4\n' | awk 'NR > 1 && NR < 4'
## stdout:
2
3
## status: 0

#### print with parentheses
awk 'BEGIN { print("a", "b") }'
## stdout:
a b
## status: 0

#### print numbers uses OFMT
awk 'BEGIN { OFMT = "%.2f"; print 3.14159, 10 }'
## stdout:
3.14 10
## status: 0

#### length without parentheses
printf 'hello\n' | awk '{ print length }'
## stdout:
5
## status: 0

#### uninitialized variable is empty and zero
awk 'BEGIN { print "[" x "]", x + 0 }'
## stdout:
[] 0
## status: 0

#### semicolon after pattern-action
printf 'a\n' | awk '{ print "one" }; { print "two" }'
## stdout:
one
two
## status: 0
