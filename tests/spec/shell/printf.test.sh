# printf: every conversion, flags, width and precision, %b %q %(fmt)T,
# -v, format reuse, numeric argument parsing and its warnings.

#### string and integer
printf '%s is %d\n' answer 42
## stdout:
answer is 42
## status: 0

#### no trailing newline added
printf 'x'; printf 'y\n'
## stdout:
xy
## status: 0

#### format reuse for extra arguments
printf '%s-%s\n' a b c d e
## stdout:
a-b
c-d
e-
## status: 0

#### missing arguments are empty or zero
printf '[%s] [%d] [%f]\n'
## stdout:
[] [0] [0.000000]
## status: 0

#### width and left justify
printf '[%5s] [%-5s] [%05d] [%-5d]\n' ab ab 42 42
## stdout:
[   ab] [ab   ] [00042] [42   ]
## status: 0

#### precision for strings
printf '[%.2s] [%5.1s]\n' abcdef xyz
## stdout:
[ab] [    x]
## status: 0

#### star width and precision
printf '[%*s] [%-*s] [%.*s]\n' 4 a 4 b 2 abcdef
## stdout:
[   a] [b   ] [ab]
## status: 0

#### integer conversions
printf '%d %i %o %x %X %u\n' 255 255 255 255 255 255
## stdout:
255 255 377 ff FF 255
## status: 0

#### alternate forms
printf '%#o %#x %#X\n' 8 255 255
## stdout:
010 0xff 0XFF
## status: 0

#### plus and space flags
printf '[%+d] [% d] [%+d]\n' 5 5 -5
## stdout:
[+5] [ 5] [-5]
## status: 0

#### char conversion takes first char
printf '%c%c%c\n' hello w 1
## stdout:
hw1
## status: 0

#### floating point
printf '%f %.2f %e %.3E %g %G\n' 3.14159 2.5 12345.678 0.00012 0.0001 1e20
## stdout:
3.141590 2.50 1.234568e+04 1.200E-04 0.0001 1E+20
## status: 0

#### float rounding
printf '%.0f %.0f %.0f %.1f\n' 0.5 1.5 2.5 0.25
## stdout:
0 2 2 0.2
## status: 0

#### g conversion trims zeros
printf '%g %g %g %g\n' 100000 1000000 0.5 123.456
## stdout:
100000 1e+06 0.5 123.456
## status: 0

#### hex float a conversion
printf '%a %a\n' 1 0.5
## stdout:
0x8p-3 0x8p-4
## status: 0

#### percent literal
printf '100%%\n'
## stdout:
100%
## status: 0

#### escapes in format
printf 'a\tb\\c\x41\101\n'
## stdout:
a	b\cAA
## status: 0

#### b conversion interprets escapes
printf '%b\n' 'a\nb' 'c\td'
## stdout:
a
b
c	d
## status: 0

#### b conversion with octal and c stop
printf '%b|\n' '\0101' 'stop\chere'; echo
## stdout:
A|
stop
## status: 0

#### q conversion quotes
printf '%q\n' 'simple' 'with space' "it's" $'tab\there' '' '*'
## stdout:
simple
with\ space
it\'s
$'tab\there'
''
\*
## status: 0

#### q of special characters
printf '%q\n' '$x' 'a"b' 'a\b' '~user' '#hash' 'a=b'
## stdout:
\$x
a\"b
a\\b
\~user
\#hash
a=b
## status: 0

#### numeric argument forms
printf '%d %d %d %d\n' 0x10 010 -5 +3
## stdout:
16 8 -5 3
## status: 0

#### character value argument
printf '%d %d\n' "'A" '"a'
## stdout:
65 97
## status: 0

#### invalid number warns and prints partial
printf '%d\n' 12abc 2>/dev/null; echo "status $?"
## stdout:
12
status 1
## status: 0

#### invalid number status
printf '%d\n' abc 2>/dev/null; echo "status $?"
## stdout:
0
status 1
## status: 0

#### float argument to d is an error
printf '%d\n' 1.5 2>/dev/null; echo "status $?"
## stdout:
1
status 1
## status: 0

#### large numbers
printf '%d %u\n' 9223372036854775807 -1
## stdout:
9223372036854775807 18446744073709551615
## status: 0

#### overflow clamps with error
printf '%d\n' 99999999999999999999 2>/dev/null; echo "status $?"
## stdout:
9223372036854775807
status 0
## status: 0

#### printf -v assigns
printf -v out '%s=%d' x 5; echo "[$out]"
## stdout:
[x=5]
## status: 0

#### printf -v with array element
printf -v 'arr[1]' '%s' val; declare -p arr
## stdout:
declare -a arr=([1]="val")
## status: 0

#### printf -v with reuse concatenates
printf -v out '%s,' a b c; echo "$out"
## stdout:
a,b,c,
## status: 0

#### format with no conversions and args
printf 'fixed\n' a b
## stdout:
fixed
## status: 0

#### empty format
printf ''; echo "status $?"
## stdout:
status 0
## status: 0

#### printf with no args is usage error
printf 2>/dev/null; echo "status $?"
## stdout:
status 2
## status: 0

#### dash dash before format
printf -- '-%s\n' x
## stdout:
-x
## status: 0

#### format beginning with dash needs dash dash
printf -- '--\n'
## stdout:
--
## status: 0

#### time format with explicit epoch
printf '%(%Y-%m-%d %H:%M:%S)T\n' 0
## stdout:
1970-01-01 00:00:00
## status: 0

#### time format with epoch and width
printf '[%(%H:%M)T] [%20(%Y)T]\n' 3600 86400
## stdout:
[01:00] [                1970]
## status: 0

#### time format with more specifiers
printf '%(%a %b %e %j %u %Z)T\n' 1700000000
## stdout:
Tue Nov 14 318 2 UTC
## status: 0

#### unknown conversion is an error
printf '%z\n' 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### percent at end of format
printf 'abc%' 2>/dev/null; echo; echo "status $?"
## stdout:
abc
status 0
## status: 0

#### escape sequences in arguments are not interpreted by s
printf '%s\n' 'a\nb'
## stdout:
a\nb
## status: 0

#### unicode escape in format
printf '\u00e9\n'
## stdout:
\u00E9
## status: 0

#### octal escape with leading zero in b
printf '%b\n' '\01010'
## stdout:
A0
## status: 0

#### width with multibyte string counts bytes in C locale
printf '[%5s]\n' 'é'
## stdout:
[   é]
## status: 0

#### negative width via star
printf '[%*d]\n' -4 7
## stdout:
[7   ]
## status: 0

#### precision for integers
printf '[%.3d] [%5.3d] [%-6.2x]\n' 7 7 255
## stdout:
[007] [  007] [ff    ]
## status: 0

#### zero flag ignored with precision
printf '[%08.3d]\n' 5
## stdout:
[     005]
## status: 0

#### float with width and flags
printf '[%8.3f] [%-8.2f] [%+.1f] [%08.2f]\n' 3.14159 2.5 1 -1.5
## stdout:
[   3.142] [2.50    ] [+1.0] [-0001.50]
## status: 0

#### many arguments reuse with partial last round
printf '%s %s\n' 1 2 3
## stdout:
1 2
3 
## status: 0

#### format only percent s with no args prints once
printf '<%s>\n'
## stdout:
<>
## status: 0

#### printf to stderr redirect
printf 'err\n' >&2 2>/dev/null; printf 'out\n'
## stdout:
out
## status: 0

#### printf with backslash c stops output in format
printf 'a\cb\n'; echo
## stdout:
a\cb

## status: 0

#### printf s with number
printf '%s %s\n' 007 -0
## stdout:
007 -0
## status: 0

#### printf x with negative
printf '%x\n' -1
## stdout:
ffffffffffffffff
## status: 0

#### printf o with negative
printf '%o\n' -8
## stdout:
1777777777777777777770
## status: 0

#### printf e with zero
printf '%e %g\n' 0 0
## stdout:
0.000000e+00 0
## status: 0

#### printf large float
printf '%.2f\n' 1e10
## stdout:
10000000000.00
## status: 0

#### printf inf and nan
printf '%f %f\n' inf nan
## stdout:
inf nan
## status: 0

#### printf b with backslash escapes of quotes
printf '%b\n' "\\'" '\"'
## stdout:
\'
\"
## status: 0

#### printf q round trip through eval
v=$'multi\nline "q" $x'; printf -v s '%q' "$v"; eval "w=$s"; [ "$v" = "$w" ] && echo roundtrip
## stdout:
roundtrip
## status: 0

#### printf with format in variable
fmt='%s:%s\n'; printf "$fmt" k v
## stdout:
k:v
## status: 0

#### printf c with empty argument
printf '[%c]\n' ''
## stdout-json: "[\u0000]\n"
## status: 0

#### printf hex escape with one digit
printf '\x9|\n' | wc -c
## stdout:
3
## status: 0

#### printf reuse stops when no conversion consumed
printf 'no-conv %%\n' x y
## stdout:
no-conv %
## status: 0
