# printf as a builtin: conversions, argument reuse, escapes, errors.
# Expected values recorded from the real programs by `spec bless`.

#### format reuse
printf '%s=%d\n' a 1 b 2 c
## stdout:
a=1
b=2
c=0
## status: 0

#### missing arguments
printf '%s|%d|%f\n'
## stdout:
|0|0.000000
## status: 0

#### integer flags
printf '%+d % d %05d %-5d| %x %X %#x %o %#o\n' 5 5 -42 3 255 255 255 8 8
## stdout:
+5  5 -0042 3    | ff FF 0xff 10 010
## status: 0

#### precision on integers
printf '%.3d|%.0d|%5.2d|\n' 5 0 7
## stdout:
005||   07|
## status: 0

#### unsigned wrap
printf '%u %x\n' -1 -1
## stdout:
18446744073709551615 ffffffffffffffff
## status: 0

#### char constants
printf '%d %d\n' "'a" '"b'
## stdout:
97 98
## status: 0

#### hex and octal arguments
printf '%d %d %d\n' 0x1f 077 -0x10
## stdout:
31 63 -16
## status: 0

#### invalid number status
printf '%d\n' abc 2>/dev/null; echo $?
## stdout:
0
1
## status: 0

#### partial number
printf '%d\n' 12abc 2>/dev/null; echo $?
## stdout:
12
1
## status: 0

#### overflow clamps
printf '%d\n' 99999999999999999999 2>/dev/null; echo $?
## stdout:
9223372036854775807
0
## status: 0

#### floats
printf '%f %.2f %e %E %g %G\n' 3.14159 2.675 1234.5 0.00012 0.0001 1e-10
## stdout:
3.141590 2.67 1.234500e+03 1.200000E-04 0.0001 1E-10
## status: 0

#### float rounding half even
printf '%.0f %.0f %.0f %.1f\n' 0.5 1.5 2.5 0.25
## stdout:
0 2 2 0.2
## status: 0

#### general float forms
printf '%g %g %g %#g\n' 100000 1000000 123456789 1
## stdout:
100000 1e+06 1.23457e+08 1.00000
## status: 0

#### hex float
printf '%a %A\n' 1 0.5
## stdout:
0x8p-3 0X8P-4
## status: 0

#### inf and nan
printf '%f %F %e\n' inf -inf nan
## stdout:
inf -INF nan
## status: 0

#### float widths
printf '[%8.3f] [%-8.2f] [%08.2f]\n' 3.14159 2.5 -1.5
## stdout:
[   3.142] [2.50    ] [-0001.50]
## status: 0

#### strings width precision
printf '[%5s] [%-5s] [%.2s] [%5.1s]\n' ab cd efg hij
## stdout:
[   ab] [cd   ] [ef] [    h]
## status: 0

#### star width and precision
printf '[%*d] [%-*d] [%.*f]\n' 5 1 4 2 2 3.14159
## stdout:
[    1] [2   ] [3.14]
## status: 0

#### negative star width
printf '[%*s]\n' -4 x
## stdout:
[x   ]
## status: 0

#### char conversion
printf '%c|%c|%5c|\n' hello x y
## stdout:
h|x|    y|
## status: 0

#### b conversion escapes
printf '%b\n' 'a\tb' '\0101' '\x41'
## stdout:
a	b
A
A
## status: 0

#### b conversion stops at c
printf '%b|%s\n' 'a\cb' z; echo
## stdout:
a
## status: 0

#### q conversion
printf '%q\n' 'a b' "it's" '' '~x' 'x=~' \$HOME
## stdout:
a\ b
it\'s
''
\~x
x=\~
\$HOME
## status: 0

#### q conversion control characters
printf '%q\n' $'a\tb' $'\e'
## stdout:
$'a\tb'
$'\E'
## status: 0

#### format escapes
printf 'a\tb\\c\101\x42\n'
## stdout:
a	b\cAB
## status: 0

#### format octal with leading zero
printf '\0101|\1018\n'
## stdout-json: "\b1|A8\n"
## status: 0

#### percent literal
printf '100%%\n'
## stdout:
100%
## status: 0

#### invalid conversion
printf 'a%kb\n' 2>/dev/null; echo " $?"
## stdout:
a 1
## status: 0

#### missing conversion
printf 'ab%' 2>/dev/null; echo " $?"
## stdout:
ab 1
## status: 0

#### length modifiers ignored
printf '%ld %lld %hd %zu\n' 1 2 3 4
## stdout:
1 2 3 4
## status: 0

#### v option
printf -v out '%s-%s' a b; echo "$out"
## stdout:
a-b
## status: 0

#### v option reuse
printf -v out '%s,' a b c; echo "$out"
## stdout:
a,b,c,
## status: 0

#### time conversion
printf '%(%Y-%m-%d %H:%M:%S)T\n' 86399
## stdout:
1970-01-01 23:59:59
## status: 0

#### time conversion width
printf '[%12(%H:%M)T]\n' 3600
## stdout:
[       01:00]
## status: 0

#### dash dash
printf -- '%s\n' -x
## stdout:
-x
## status: 0

#### usage status
printf 2>/dev/null; echo $?
## stdout:
2
## status: 0

#### unicode escape in C locale
printf '\u0041\u00e9\n'
## stdout:
A\u00E9
## status: 0

#### no format reuse without conversions
printf 'x\n' a b
## stdout:
x
## status: 0

#### float from integer and char
printf '%.1f %.1f\n' 3 "'A"
## stdout:
3.0 65.0
## status: 0
