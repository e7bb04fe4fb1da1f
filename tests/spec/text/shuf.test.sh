# shuf: -e, -i, -n, -r, -z, -o, file input, errors. The order is random
# (toolsh uses the shell's seeded generator), so cases sort the output or
# count it. Expected values recorded from GNU coreutils by `spec bless`.

#### shuf -e sorted back
shuf -e a b c | sort
## stdout:
a
b
c
## status: 0
#### shuf -e counts lines
shuf -e a b c d e | wc -l
## stdout:
5
## status: 0
#### shuf -i sorted back
shuf -i 1-5 -n 5 | sort -n
## stdout:
1
2
3
4
5
## status: 0
#### shuf -i whole range
shuf -i 10-20 | sort -n | tr '\n' ' '; echo
## stdout:
10 11 12 13 14 15 16 17 18 19 20 
## status: 0
#### shuf -i single value
shuf -i 5-5
## stdout:
5
## status: 0
#### shuf -i empty range
shuf -i 3-2; echo "status $?"
## stdout:
status 0
## status: 0
#### shuf -i large range with -n
shuf -i 1-1000000000000 -n 3 | wc -l
## stdout:
3
## status: 0
#### shuf -i large range values in range
shuf -i 1000-1000000000 -n 50 | while read -r n; do [ "$n" -ge 1000 ] && [ "$n" -le 1000000000 ] || echo "bad $n"; done; echo done
## stdout:
done
## status: 0
#### shuf -n fewer than input
seq 1 100 | shuf -n 7 | wc -l
## stdout:
7
## status: 0
#### shuf -n picks distinct lines
seq 1 100 | shuf -n 30 | sort -n | uniq | wc -l
## stdout:
30
## status: 0
#### shuf -n more than input
printf 'a\nb\n' | shuf -n 5 | sort
## stdout:
a
b
## status: 0
#### shuf -n 0
shuf -n 0 -e a b; echo "status $?"
## stdout:
status 0
## status: 0
#### shuf smallest -n wins
shuf -n 3 -n 1 -e a b c | wc -l
## stdout:
1
## status: 0
#### shuf file input keeps every line
seq 1 50 > f; shuf f | sort -n | cksum
## stdout:
420986932 141
## status: 0
#### shuf stdin without final newline
printf 'x\ny' | shuf | sort
## stdout:
x
y
## status: 0
#### shuf empty input
printf '' | shuf; echo "status $?"
## stdout:
status 0
## status: 0
#### shuf -e without arguments
shuf -e; echo "status $?"
## stdout:
status 0
## status: 0
#### shuf -r -n
shuf -r -n 20 -e a | uniq -c
## stdout:
     20 a
## status: 0
#### shuf -r -n picks from the set
shuf -r -n 100 -e x y z | sort -u
## stdout:
x
y
z
## status: 0
#### shuf -r -i
shuf -r -n 10 -i 7-7 | sort | uniq -c
## stdout:
     10 7
## status: 0
#### shuf -r endless with head
shuf -r -e a b | head -n 5 | wc -l
## stdout:
5
## status: 0
#### shuf -z
printf 'a\0b\0c\0' | shuf -z | sort -z | od -c
## stdout:
0000000   a  \0   b  \0   c  \0
0000006
## status: 0
#### shuf -z -e
shuf -z -e p q | tr '\0' '\n' | sort
## stdout:
p
q
## status: 0
#### shuf -o file
shuf -o out -e a b c; sort out
## stdout:
a
b
c
## status: 0
#### shuf -o onto its input
seq 1 5 > f; shuf -o f f; sort -n f
## stdout:
1
2
3
4
5
## status: 0
#### shuf --output long form
shuf --output=o2 -i 1-3; sort o2
## stdout:
1
2
3
## status: 0
#### shuf -o directory
mkdir d; shuf -e a -o d 2>&1; echo "status $?"
## stdout:
shuf: d: Is a directory
status 1
## status: 0
#### shuf extra operand
shuf a b 2>&1; echo "status $?"
## stdout:
shuf: extra operand 'b'
Try 'shuf --help' for more information.
status 1
## status: 0
#### shuf -i with operand
shuf -i 1-3 x 2>&1; echo "status $?"
## stdout:
shuf: extra operand 'x'
Try 'shuf --help' for more information.
status 1
## status: 0
#### shuf -e and -i together
shuf -e -i 1-3 2>&1; echo "status $?"
## stdout:
shuf: cannot combine -e and -i options
Try 'shuf --help' for more information.
status 1
## status: 0
#### shuf multiple -i
shuf -i 1-3 -i 1-3 2>&1; echo "status $?"
## stdout:
shuf: multiple -i options specified
status 1
## status: 0
#### shuf bad range reversed
shuf -i 3-1 2>&1; echo "status $?"
## stdout:
shuf: invalid input range: '3-1'
status 1
## status: 0
#### shuf bad range text
shuf -i x 2>&1; echo "status $?"
## stdout:
shuf: invalid input range: 'x'
status 1
## status: 0
#### shuf bad range missing high
shuf -i 1- 2>&1; echo "status $?"
## stdout:
shuf: invalid input range: ''
status 1
## status: 0
#### shuf range too large
shuf -i 1-99999999999999999999 2>&1; echo "status $?"
## stdout:
shuf: invalid input range: '99999999999999999999': Value too large for defined data type
status 1
## status: 0
#### shuf bad count
shuf -n x -e a 2>&1; echo "status $?"
## stdout:
shuf: invalid line count: 'x'
status 1
## status: 0
#### shuf negative count
shuf -n -1 -e a 2>&1; echo "status $?"
## stdout:
shuf: invalid line count: '-1'
status 1
## status: 0
#### shuf -r without lines
shuf -r -e 2>&1; echo "status $?"
## stdout:
shuf: no lines to repeat
status 1
## status: 0
#### shuf -r empty stdin
printf '' | shuf -r 2>&1; echo "status $?"
## stdout:
shuf: no lines to repeat
status 1
## status: 0
#### shuf missing file
shuf nope 2>&1; echo "status $?"
## stdout:
shuf: nope: No such file or directory
status 1
## status: 0
#### shuf bad option
shuf -x 2>&1; echo "status $?"
## stdout:
shuf: invalid option -- 'x'
Try 'shuf --help' for more information.
status 1
## status: 0
#### shuf -o missing argument
shuf -o 2>&1; echo "status $?"
## stdout:
shuf: option requires an argument -- 'o'
Try 'shuf --help' for more information.
status 1
## status: 0
#### shuf -o /dev/stdout
shuf -i 1-4 -o /dev/stdout | sort -n
## stdout:
1
2
3
4
## status: 0
#### shuf -o /dev/stderr
shuf -e a b -o /dev/stderr 2>&1 | sort
## stdout:
a
b
## status: 0
#### shuf -n 0 does not open the file
shuf -n 0 nope 2>&1; echo "status $?"
## stdout:
status 0
## status: 0
#### shuf -n 0 -r without lines
shuf -n 0 -r -e 2>&1; echo "status $?"
## stdout:
status 0
## status: 0
#### shuf -n 0 with a bad range
shuf -n 0 -i 3-1 2>&1; echo "status $?"
## stdout:
shuf: invalid input range: '3-1'
status 1
## status: 0
