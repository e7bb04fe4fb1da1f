# printf and sprintf: every conversion, flags, width, precision, `*`.

#### %d and %i
awk 'BEGIN { printf "%d %i %d %d\n", 42, -7, 3.99, -3.99 }'
## stdout:
42 -7 3 -3
## status: 0

#### %d of a string
awk 'BEGIN { printf "%d %d %d\n", "12abc", "abc", " 7" }'
## stdout:
12 0 7
## status: 0

#### %o %x %X %u
awk 'BEGIN { printf "%o %x %X %u\n", 8, 255, 255, 42 }'
## stdout:
10 ff FF 42
## status: 0

#### %x of a negative number
awk 'BEGIN { printf "%x %u\n", -1, -3 }'
## stdout:
ffffffffffffffff 18446744073709551613
## status: 0

#### %c with number and string
awk 'BEGIN { printf "%c%c%c|%c\n", 72, 105, 33, "hello" }'
## stdout:
Hi!|h
## status: 0

#### %c with a numeric string field
printf '65\n' | awk '{ printf "%c\n", $1 }'
## stdout:
A
## status: 0

#### %c with a string constant that looks numeric
awk 'BEGIN { printf "%c\n", "65" }'
## stdout:
6
## status: 0

#### %s with width and precision
awk 'BEGIN { printf "[%10s][%-10s][%.3s][%10.3s]\n", "hello", "hello", "hello", "hello" }'
## stdout:
[     hello][hello     ][hel][       hel]
## status: 0

#### %e and %E
awk 'BEGIN { printf "%e %E %.2e %e\n", 1234.5678, 0.000123, 5, 0 }'
## stdout:
1.234568e+03 1.230000E-04 5.00e+00 0.000000e+00
## status: 0

#### %f and %F
awk 'BEGIN { printf "%f %.2f %.0f %10.3f|\n", 3.14159265, 2.005, 2.5, -1.5 }'
## stdout:
3.141593 2.00 2     -1.500|
## status: 0

#### %g and %G
awk 'BEGIN { printf "%g %g %g %g %G\n", 100000, 1000000, 0.0001, 0.00001, 1e-10 }'
## stdout:
100000 1e+06 0.0001 1e-05 1E-10
## status: 0

#### %g precision
awk 'BEGIN { printf "%.3g %.10g %g %#g\n", 3.14159, 1/3, 123456789, 1 }'
## stdout:
3.14 0.3333333333 1.23457e+08 1.00000
## status: 0

#### flags: zero padding, plus, space, minus
awk 'BEGIN { printf "[%05d][%+d][% d][%-5d][%+5d][%-+5d]\n", 42, 42, 42, 42, 42, 42 }'
## stdout:
[00042][+42][ 42][42   ][  +42][+42  ]
## status: 0

#### zero padding of negative numbers
awk 'BEGIN { printf "[%06d][%06.2f][%-06d]\n", -42, -3.14159, -42 }'
## stdout:
[-00042][-03.14][-42   ]
## status: 0

#### precision on integers
awk 'BEGIN { printf "[%.3d][%5.3d][%.0d]\n", 7, 7, 0 }'
## stdout:
[007][  007][]
## status: 0

#### alternate forms
awk 'BEGIN { printf "%#o %#x %#X %#.0f %#e\n", 8, 255, 255, 3, 1 }'
## stdout:
010 0xff 0XFF 3. 1.000000e+00
## status: 0

#### star width and precision
awk 'BEGIN { printf "[%*d][%-*d][%.*f][%*.*s]\n", 5, 42, 5, 42, 2, 3.14159, 6, 2, "hello" }'
## stdout:
[   42][42   ][3.14][    he]
## status: 0

#### negative star width means left justify
awk 'BEGIN { printf "[%*d]\n", -5, 42 }'
## stdout:
[42   ]
## status: 0

#### literal percent
awk 'BEGIN { printf "100%%\n" }'
## stdout:
100%
## status: 0

#### printf without newline
awk 'BEGIN { printf "a"; printf "b"; printf "\n" }'
## stdout:
ab
## status: 0

#### printf with parentheses
awk 'BEGIN { printf("%s-%s\n", "x", "y") }'
## stdout:
x-y
## status: 0

#### extra arguments are ignored
awk 'BEGIN { printf "%s\n", "a", "b", "c" }'
## stdout:
a
## status: 0

#### too few arguments is an error
awk 'BEGIN { printf "%s %s\n", "a" }'
## stdout:
## status: 2

#### escape sequences in the format
awk 'BEGIN { printf "a\tb\\c\"d\n" }'
## stdout:
a	b\c"d
## status: 0

#### octal escapes
awk 'BEGIN { printf "\101\102\103\n" }'
## stdout:
ABC
## status: 0

#### printf of large numbers with %d
awk 'BEGIN { printf "%d %d\n", 2^53, 1e20 }'
## stdout:
9007199254740992 100000000000000000000
## status: 0

#### printf %d of infinity
awk 'BEGIN { x = -log(0); printf "%d %f %e\n", x, -x, x }'
## stdout:
+inf -inf +inf
## status: 0

#### printf %s of a number uses CONVFMT-like integer output
awk 'BEGIN { printf "%s %s %s\n", 3, 3.5, 1/3 }'
## stdout:
3 3.5 0.333333
## status: 0

#### printf with no conversions
awk 'BEGIN { printf "plain text\n" }'
## stdout:
plain text
## status: 0

#### printf report with aligned columns
printf 'apple 3 1.5\nbanana 12 0.25\ncherry 100 10\n' | awk '{ printf "%-8s|%5d|%8.2f\n", $1, $2, $2 * $3 }'
## stdout:
apple   |    3|    4.50
banana  |   12|    3.00
cherry  |  100| 1000.00
## status: 0

#### width with %c
awk 'BEGIN { printf "[%3c][%-3c]\n", "x", "y" }'
## stdout:
[  x][y  ]
## status: 0

#### %5% prints a percent
awk 'BEGIN { printf "[%5%]\n" }'
## stdout:
[%]
## status: 0

#### length modifiers are ignored
awk 'BEGIN { printf "%ld %lld %hd\n", 1, 2, 3 }'
## stdout:
1 %lld 2
## status: 0

#### %i with precision and width
awk 'BEGIN { printf "[%8.4i]\n", 42 }'
## stdout:
[    0042]
## status: 0

#### %.0e rounding
awk 'BEGIN { printf "%.0e %.1e\n", 15000, 0.000255 }'
## stdout:
2e+04 2.6e-04
## status: 0

#### sprintf result in concatenation
awk 'BEGIN { x = sprintf("%03d", 7) "-" sprintf("%x", 10); print x }'
## stdout:
007-a
## status: 0

#### printf uses the value of a strnum field as a number for %d
printf '3.7\n' | awk '{ printf "%d %s\n", $1, $1 }'
## stdout:
3 3.7
## status: 0

#### %u of a fraction
awk 'BEGIN { printf "%u %o\n", 7.9, 9.9 }'
## stdout:
7 11
## status: 0

#### %a hexadecimal float
awk 'BEGIN { printf "%a %A\n", 1, 0.5 }'
## stdout:
0x1p+0 0X1P-1
## status: 0
