# head and tail: lines, bytes, negative and +N counts, headers.
# Expected values recorded from the real programs by `spec bless`.

#### head default 10
seq 20 | head
## stdout:
1
2
3
4
5
6
7
8
9
10
## status: 0

#### head -n
seq 5 | head -n 2
## stdout:
1
2
## status: 0

#### head obsolete count
seq 5 | head -3
## stdout:
1
2
3
## status: 0

#### head all but last
seq 5 | head -n -2
## stdout:
1
2
3
## status: 0

#### head bytes
printf 'abcdef' | head -c 3
## stdout-no-eol:
abc
## status: 0

#### head all but last bytes
printf 'abcdef' | head -c -2
## stdout-no-eol:
abcd
## status: 0

#### head more than input
seq 2 | head -n 10
## stdout:
1
2
## status: 0

#### head zero
seq 3 | head -n 0; echo end
## stdout:
end
## status: 0

#### head two files headers
seq 2 > a; seq 3 > b; head -n 1 a b
## stdout:
==> a <==
1

==> b <==
1
## status: 0

#### head verbose
seq 2 | head -v -n 1
## stdout:
==> standard input <==
1
## status: 0

#### head quiet
seq 2 > a; seq 3 > b; head -q -n 1 a b
## stdout:
1
1
## status: 0

#### head size suffix
seq 1000 | head -c 1K | wc -c
## stdout:
1024
## status: 0

#### head invalid count status
seq 3 | head -n x 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### head missing file
head nosuch 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### head stops infinite input
yes | head -n 2
## stdout:
y
y
## status: 0

#### head no trailing newline
printf 'a\nb' | head -n 5
## stdout-no-eol:
a
b
## status: 0

#### head zero terminated
printf 'a\0b\0c\0' | head -z -n 2 | tr '\0' '\n'
## stdout:
a
b
## status: 0

#### tail default 10
seq 20 | tail
## stdout:
11
12
13
14
15
16
17
18
19
20
## status: 0

#### tail -n
seq 5 | tail -n 2
## stdout:
4
5
## status: 0

#### tail obsolete
seq 5 | tail -2
## stdout:
4
5
## status: 0

#### tail from line
seq 5 | tail -n +3
## stdout:
3
4
5
## status: 0

#### tail obsolete plus
seq 5 | tail +4
## stdout:
4
5
## status: 0

#### tail bytes
printf 'abcdef' | tail -c 3
## stdout-no-eol:
def
## status: 0

#### tail bytes from
printf 'abcdef' | tail -c +3
## stdout-no-eol:
cdef
## status: 0

#### tail zero
seq 3 | tail -n 0; echo end
## stdout:
end
## status: 0

#### tail no trailing newline
printf 'a\nb' | tail -n 1
## stdout-no-eol:
b
## status: 0

#### tail two files
seq 2 > a; seq 3 > b; tail -n 1 a b
## stdout:
==> a <==
2

==> b <==
3
## status: 0

#### tail more than input
seq 2 | tail -n 5
## stdout:
1
2
## status: 0

#### tail skip header
printf 'h\n1\n2\n' | tail -n +2
## stdout:
1
2
## status: 0

#### tail invalid status
tail -n q </dev/null 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### head and tail middle
seq 10 | head -n 6 | tail -n 2
## stdout:
5
6
## status: 0

#### tail zero terminated
printf 'a\0b\0c\0' | tail -z -n 1 | tr '\0' '\n'
## stdout:
c
## status: 0
