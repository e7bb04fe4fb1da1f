# Expressions: operators, precedence, concatenation, comparisons (strnum
# rules), conversions (CONVFMT/OFMT), increments, ternary, `in`, matching.

#### arithmetic operators
awk 'BEGIN { print 7 + 2, 7 - 2, 7 * 2, 7 / 2, 7 % 2 }'
## stdout:
9 5 14 3.5 1
## status: 0

#### exponentiation with ^ and **
awk 'BEGIN { print 2 ^ 10, 2 ** 3, 2 ^ 0.5 }'
## stdout:
1024 8 1.41421
## status: 0

#### exponentiation is right associative
awk 'BEGIN { print 2 ^ 3 ^ 2 }'
## stdout:
512
## status: 0

#### unary minus binds looser than ^
awk 'BEGIN { print -2 ^ 2, (-2) ^ 2 }'
## stdout:
-4 4
## status: 0

#### modulus of negative and fractional numbers
awk 'BEGIN { print -7 % 3, 7 % -3, 5.5 % 2 }'
## stdout:
-1 1 1.5
## status: 0

#### integer division result prints as integer
awk 'BEGIN { print 6 / 3, 1 / 3 }'
## stdout:
2 0.333333
## status: 0

#### large integers print exactly
awk 'BEGIN { print 2 ^ 53, 1e15, 1e16 * 10 }'
## stdout:
9007199254740992 1000000000000000 100000000000000000
## status: 0

#### small and fractional numbers use OFMT
awk 'BEGIN { print 0.1 + 0.2, 1e-5, 123456789.123 }'
## stdout:
0.3 1e-05 1.23457e+08
## status: 0

#### concatenation
awk 'BEGIN { x = "foo" "bar"; print x, length(x) }'
## stdout:
foobar 6
## status: 0

#### concatenation with numbers uses CONVFMT
awk 'BEGIN { CONVFMT = "%.2f"; x = 3.14159 ""; print x; y = 17 ""; print y }'
## stdout:
3.14
17
## status: 0

#### OFMT does not affect concatenation
awk 'BEGIN { OFMT = "%.2f"; x = 3.14159; print x; print x "" }'
## stdout:
3.14
3.14159
## status: 0

#### concatenation binds tighter than comparison
awk 'BEGIN { print ("a" "b" == "ab") }'
## stdout:
1
## status: 0

#### minus after a string is subtraction
awk 'BEGIN { print 1 " " -1 }'
## stdout:
1-1
## status: 0

#### string to number conversion takes the leading number
awk 'BEGIN { print "3abc" + 0, " 12 " + 1, "abc" + 0, ".5" + 0, "1e2x" + 0 }'
## stdout:
3 13 0 0.5 100
## status: 0

#### hexadecimal strings are not numbers
awk 'BEGIN { print "0x1A" + 0 }'
## stdout:
0
## status: 0

#### numeric comparison of numbers
awk 'BEGIN { print (10 < 9), (2 < 10) }'
## stdout:
0 1
## status: 0

#### string comparison of string constants
awk 'BEGIN { print ("10" < "9"), ("abc" < "abd") }'
## stdout:
1 1
## status: 0

#### fields that look numeric compare as numbers
printf '10 9\n' | awk '{ print ($1 < $2) }'
## stdout:
0
## status: 0

#### fields that do not look numeric compare as strings
printf '10 9x\n' | awk '{ print ($1 < $2) }'
## stdout:
1
## status: 0

#### field against a string constant compares as string
printf '10\n' | awk '{ print ($1 == "10.0"), ($1 == 10.0) }'
## stdout:
0 1
## status: 0

#### numeric string with spaces
printf ' 10 \n' | awk -F, '{ print ($1 == 10) }'
## stdout:
1
## status: 0

#### uninitialized compares equal to 0 and ""
awk 'BEGIN { print (x == 0), (x == "") }'
## stdout:
1 1
## status: 0

#### comparison operators
awk 'BEGIN { print (1 <= 1), (1 >= 2), (1 != 2), (1 == 1.0) }'
## stdout:
1 0 1 1
## status: 0

#### logical operators short-circuit
awk 'BEGIN { x = 0; if (0 && (x = 1)) print "no"; print x; if (1 || (x = 2)) print x }'
## stdout:
0
0
## status: 0

#### logical not
awk 'BEGIN { print !0, !1, !"", !"a", !"0" }'
## stdout:
1 0 1 0 0
## status: 0

#### string "0" constant is true
awk 'BEGIN { if ("0") print "true"; else print "false" }'
## stdout:
true
## status: 0

#### field "0" is false
printf '0\n' | awk '{ if ($1) print "true"; else print "false" }'
## stdout:
false
## status: 0

#### ternary operator
awk 'BEGIN { for (i = 1; i <= 3; i++) print (i % 2 ? "odd" : "even") }'
## stdout:
odd
even
odd
## status: 0

#### nested ternary
awk 'BEGIN { x = 5; print x < 3 ? "low" : x < 7 ? "mid" : "high" }'
## stdout:
mid
## status: 0

#### assignment operators
awk 'BEGIN { x = 10; x += 5; x -= 3; x *= 2; x /= 4; x %= 4; x ^= 3; print x }'
## stdout:
8
## status: 0

#### assignment is an expression
awk 'BEGIN { a = b = 3; print a, b; print (c = 4) + 1 }'
## stdout:
3 3
5
## status: 0

#### pre and post increment
awk 'BEGIN { x = 1; print x++, x, ++x, x--, --x }'
## stdout:
1 2 3 3 1
## status: 0

#### increment of an uninitialized variable
awk 'BEGIN { print n++; print n }'
## stdout:
0
1
## status: 0

#### regex match operators
awk 'BEGIN { s = "hello"; print (s ~ /ell/), (s ~ "^h"), (s !~ /z/) }'
## stdout:
1 1 1
## status: 0

#### dynamic regex from a variable
awk 'BEGIN { re = "[0-9]+"; print ("abc123" ~ re), ("abc" ~ re) }'
## stdout:
1 0
## status: 0

#### regex constant as a value matches $0
printf 'abc\n' | awk '{ x = /b/; y = /z/; print x, y }'
## stdout:
1 0
## status: 0

#### in operator
awk 'BEGIN { a["x"] = 1; print ("x" in a), ("y" in a) }'
## stdout:
1 0
## status: 0

#### in does not create elements
awk 'BEGIN { if ("k" in a) print "yes"; print length(a) }'
## stdout:
0
## status: 0

#### referencing an element creates it
awk 'BEGIN { if (a["k"] == "") print "empty"; print length(a) }'
## stdout:
empty
1
## status: 0

#### multi-dimensional in
awk 'BEGIN { a[1, 2] = 3; print ((1, 2) in a), ((2, 1) in a) }'
## stdout:
1 0
## status: 0

#### parenthesized grouping
awk 'BEGIN { print (1 + 2) * 3, 1 + 2 * 3 }'
## stdout:
9 7
## status: 0

#### unary plus converts to number
awk 'BEGIN { x = "3x"; print +x, -x }'
## stdout:
3 -3
## status: 0

#### comparison result is a number
awk 'BEGIN { x = (2 > 1) + (3 > 1); print x }'
## stdout:
2
## status: 0

#### numeric output of integral floats
awk 'BEGIN { print 3.0, 1e3, 100 / 4, -0.5 * 2 }'
## stdout:
3 1000 25 -1
## status: 0

#### string repetition by concatenation in a loop
awk 'BEGIN { s = ""; for (i = 0; i < 3; i++) s = s "ab"; print s }'
## stdout:
ababab
## status: 0

#### integer-valued CONVFMT conversion ignores CONVFMT
awk 'BEGIN { CONVFMT = "%.2f"; a[12] = 1; for (k in a) print k; x = 12.0 ""; print x }'
## stdout:
12
12
## status: 0

#### subscripts use CONVFMT for non-integers
awk 'BEGIN { CONVFMT = "%.1f"; a[0.25] = 1; for (k in a) print k }'
## stdout:
0.2
## status: 0

#### precedence of ! and comparison
awk 'BEGIN { print !1 == 0 }'
## stdout:
1
## status: 0

#### getline-free division by a field
printf '8 2\n' | awk '{ print $1 / $2 }'
## stdout:
4
## status: 0

#### string comparison is bytewise
awk 'BEGIN { print ("B" < "a"), ("a" < "b"), ("" < "a") }'
## stdout:
1 1 1
## status: 0

#### number formatting of negative fractions
awk 'BEGIN { print -1/3, -2.5 }'
## stdout:
-0.333333 -2.5
## status: 0

#### very large and small exponents
awk 'BEGIN { print 1e300 * 1e10, -1e300 * 1e10, 2 ^ -1074 > 0 }'
## stdout:
## status: 0

#### integer-looking input converts exactly
printf '007\n-0\n+12\n123456789012345\n1234567890123456\n99999999999999999\n12abc\n 42 \n-\n+\n1e3\n' | awk '{ print $1 + 0, $1 * 2, ($1 == 7), -$1 }'
## stdout:
7 14 1 -7
0 0 0 0
12 24 0 -12
123456789012345 246913578024690 0 -123456789012345
1234567890123456 2469135780246912 0 -1234567890123456
100000000000000000 200000000000000000 0 -100000000000000000
12 24 0 -12
42 84 0 -42
0 0 0 0
0 0 0 0
1000 2000 0 -1000
## status: 0

#### sums over many records of one field
seq 1 200000 | awk '{ s += $1 * 2 } END { print s }'; seq 50000 | awk '$1 % 9999 == 0 { n++; t = t $1 "," } END { print n, t }'
## stdout:
40000200000
5 9999,19998,29997,39996,49995,
## status: 0
