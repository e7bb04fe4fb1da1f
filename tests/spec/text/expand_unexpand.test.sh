# expand and unexpand: tab stops (-t N, lists, /N, +N), -i, -a,
# --first-only, obsolete -N, streams across files, errors.
# Expected values recorded from GNU coreutils by `spec bless`.

#### expand default stops
printf 'a\tb\tc\n\tx\n' | expand
## stdout:
a       b       c
        x
## status: 0
#### expand -t 4
printf 'ab\tc\td\n' | expand -t 4
## stdout:
ab  c   d
## status: 0
#### expand -t list
printf 'a\tb\tc\td\te\n' | expand -t 2,5,9
## stdout:
a b  c   d e
## status: 0
#### expand list with blanks
printf 'a\tb\tc\n' | expand -t '4 8'
## stdout:
a   b   c
## status: 0
#### expand past the last stop gives one space
printf 'a\tb\tc\td\n' | expand -t 3,6
## stdout:
a  b  c d
## status: 0
#### expand list with /N repeat
printf '\ta\tb\tc\td\n' | expand -t 2,4,/3
## stdout:
  a b c  d
## status: 0
#### expand list with +N increment
printf '\ta\tb\tc\td\n' | expand -t 2,+3
## stdout:
  a  b  c  d
## status: 0
#### expand several -t options
printf 'a\tb\tc\n' | expand -t 2 -t 6
## stdout:
a b   c
## status: 0
#### expand obsolete -N form
printf 'a\tb\n' | expand -3
## stdout:
a  b
## status: 0
#### expand --tabs=N
printf 'a\tb\n' | expand --tabs=5
## stdout:
a    b
## status: 0
#### expand -i leading only
printf ' \t x\ty\n\t\tz\tw\n' | expand -i -t 2
## stdout:
   x	y
    z	w
## status: 0
#### expand backspace moves back a column
printf 'ab\b\tc\n' | expand -t 4
## stdout-json: "ab\b   c\n"
## status: 0
#### expand file operands stream as one
printf 'a\tb' > f1; printf 'c\td\n' > f2; expand f1 f2
## stdout:
a       bc      d
## status: 0
#### expand stdin dash
printf 'x\ty\n' > f; printf 'p\tq\n' | expand f - f
## stdout:
x       y
p       q
x       y
## status: 0
#### expand no trailing newline
printf 'a\tb' | expand -t 3
## stdout-no-eol:
a  b
## status: 0
#### expand empty input
printf '' | expand; echo "status $?"
## stdout:
status 0
## status: 0
#### expand missing file
printf 'a\tb\n' > f; expand f nope f 2>&1; echo "status $?"
## stdout:
a       b
expand: nope: No such file or directory
a       b
status 1
## status: 0
#### expand bad option
expand -x 2>&1; echo "status $?"
## stdout:
expand: invalid option -- 'x'
Try 'expand --help' for more information.
status 1
## status: 0
#### expand bad long option
expand --bogus 2>&1; echo "status $?"
## stdout:
expand: unrecognized option '--bogus'
Try 'expand --help' for more information.
status 1
## status: 0
#### expand -t missing argument
expand -t 2>&1; echo "status $?"
## stdout:
expand: option requires an argument -- 't'
Try 'expand --help' for more information.
status 1
## status: 0
#### expand tab size zero
echo a | expand -t 0 2>&1; echo "status $?"
## stdout:
expand: tab size cannot be 0
status 1
## status: 0
#### expand tabs not ascending
echo a | expand -t 4,2 2>&1; echo "status $?"
## stdout:
expand: tab sizes must be ascending
status 1
## status: 0
#### expand invalid tab character
echo a | expand -t 4a5 2>&1; echo "status $?"
## stdout:
expand: tab size contains invalid character(s): 'a5'
status 1
## status: 0
#### expand slash not at start
echo a | expand -t 4/8 2>&1; echo "status $?"
## stdout:
expand: '/' specifier not at start of number: '/8'
status 1
## status: 0
#### expand slash not last
echo a | expand -t /8,4 2>&1; echo "status $?"
## stdout:
expand: '/' specifier only allowed with the last value
status 1
## status: 0
#### expand slash and plus
echo a | expand -t /8,+4 2>&1; echo "status $?"
## stdout:
expand: '/' specifier is mutually exclusive with '+'
status 1
## status: 0
#### expand tab stop too large
echo a | expand -t 99999999999999999999999 2>&1; echo "status $?"
## stdout:
expand: tab stop is too large '99999999999999999999999'
status 1
## status: 0
#### unexpand leading blanks by default
printf '        a       b\n    c\n' | unexpand | od -c
## stdout:
0000000  \t   a                               b  \n                   c
0000020  \n
0000021
## status: 0
#### unexpand -a
printf 'a       b       c\n' | unexpand -a | od -c
## stdout:
0000000   a  \t   b  \t   c  \n
0000006
## status: 0
#### unexpand -t implies -a
printf '    a   b       c\n' | unexpand -t 4 | od -c
## stdout:
0000000  \t   a  \t   b  \t  \t   c  \n
0000010
## status: 0
#### unexpand --first-only overrides -t
printf '    a    b\n' | unexpand --first-only -t 4 | od -c
## stdout:
0000000  \t   a                   b  \n
0000010
## status: 0
#### unexpand single space before a stop stays
printf 'abcdefg h\nabcdefg  h\n' | unexpand -a | od -c
## stdout:
0000000   a   b   c   d   e   f   g       h  \n   a   b   c   d   e   f
0000020   g  \t       h  \n
0000025
## status: 0
#### unexpand blanks then tab
printf 'a \tb\n' | unexpand -t 2 | od -c
## stdout:
0000000   a  \t  \t   b  \n
0000005
## status: 0
#### unexpand -t 1
printf ' a  b\n' | unexpand -t1 | od -c
## stdout:
0000000  \t   a  \t  \t   b  \n
0000006
## status: 0
#### unexpand tab list
printf '  a    b        c\n' | unexpand -t 2,7 | od -c
## stdout:
0000000  \t   a  \t   b                                   c  \n
0000016
## status: 0
#### unexpand mixed leading tabs and spaces
printf ' \t  \t x\n' | unexpand | od -c
## stdout:
0000000  \t  \t       x  \n
0000005
## status: 0
#### unexpand trailing blanks without newline
printf 'a   ' | unexpand -a -t 2 | od -c
## stdout:
0000000   a  \t  \t
0000003
## status: 0
#### unexpand blanks across files
printf '   ' > s; unexpand -a -t 2 s s | od -c
## stdout:
0000000  \t  \t  \t
0000003
## status: 0
#### unexpand obsolete -N
printf '    a\n' | unexpand -4 | od -c
## stdout:
0000000  \t   a  \n
0000003
## status: 0
#### unexpand missing file
unexpand nope 2>&1; echo "status $?"
## stdout:
unexpand: nope: No such file or directory
status 1
## status: 0
#### unexpand bad option
unexpand -x 2>&1; echo "status $?"
## stdout:
unexpand: invalid option -- 'x'
Try 'unexpand --help' for more information.
status 1
## status: 0
#### unexpand tab size zero
echo a | unexpand -t 0 2>&1; echo "status $?"
## stdout:
unexpand: tab size cannot be 0
status 1
## status: 0
#### expand then unexpand round trip
printf '\tif x:\n\t\treturn 1\n' | expand | unexpand | od -c
## stdout:
0000000  \t   i   f       x   :  \n  \t  \t   r   e   t   u   r   n    
0000020   1  \n
0000022
## status: 0
#### expand two slash values
echo a | expand -t /8,/4 2>&1; echo "status $?"
## stdout:
expand: '/' specifier only allowed with the last value
status 1
## status: 0
#### expand plus then plain value
echo a | expand -t +8,4 2>&1; echo "status $?"
## stdout:
expand: '+' specifier only allowed with the last value
status 1
## status: 0
