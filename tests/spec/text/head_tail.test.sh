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

#### tail: the last of -n and -c wins, with its own sign
printf 'l1\nl2\nl3\nl4\n' > f
tail -n +2 -c 3 f; echo ---; tail -c 3 -n +2 f; echo ---; tail -n 2 -c +3 f; echo ---
tail -c +3 -n 2 f; echo ---; tail -n -2 -c -3 f; echo ---; tail -c 3 -n 2 f
## stdout:

l2
l3
l4
---
l2
l3
l4
---

l2
l3
l4
---
l2
l3
l4
---
l4
---
l3
l4
## status: 0

#### tail: repeated -c and -n options
printf 'l1\nl2\nl3\nl4\n' > f
tail -c +3 -c 2 f; echo ---; tail -n +2 -n 3 f; echo ---; tail -c 3 -n +2 -c 5 f
## stdout:
1
l2
l3
l4
---
l3
l4
---
2
l3
l4
## status: 0

#### tail: attached signed counts and the obsolete forms
printf 'l1\nl2\nl3\nl4\n' > f
tail -n+2 f; echo ---; tail -c+3 f; echo ---; tail -3c f; echo ---; tail +2 f; echo ---; tail -2 f
## stdout:
l2
l3
l4
---

l2
l3
l4
---
l4
---
l2
l3
l4
---
l3
l4
## status: 0

#### tail: an obsolete count among other options is an error
printf 'l1\nl2\n' > f
tail -c 3 -2 f; echo "s=$?"; tail -n 2 -3c f; echo "s=$?"; tail -3c -n 2 f; echo "s=$?"
## stdout:
s=1
s=1
s=1
## status: 0

#### tail: zero counts with and without signs
printf 'l1\nl2\n' > f
tail -n +0 f; tail -c +0 f; tail -c -0 f; tail -n -0 f; tail -c 0 f; tail -n 2 -c 0 f; echo end
## stdout:
l1
l2
l1
l2
end
## status: 0

#### head: the last of -n and -c wins
printf 'l1\nl2\nl3\nl4\n' > f
head -n 2 -c 4 f; echo; echo ---; head -c 4 -n 1 f; echo ---; head -n -3 -c -9 f; echo ---; head -c -9 -n -3 f
## stdout:
l1
l
---
l1
---
l1
---
l1
## status: 0

#### tail: obsolete forms without a number
seq 12 > s
tail + s | tr '\n' ' '; echo; tail -l s | tr '\n' ' '; echo; tail -b s | tr '\n' ' '; echo
tail +c s | tr '\n' ' '; echo; tail +l s | tr '\n' ' '; echo; tail -5l s | tr '\n' ' '; echo
tail +5c s | tr '\n' ' '; echo; tail -0 s; tail +0 s | tr '\n' ' '; echo
## stdout:
10 11 12 
3 4 5 6 7 8 9 10 11 12 
1 2 3 4 5 6 7 8 9 10 11 12 
 6 7 8 9 10 11 12 
10 11 12 
8 9 10 11 12 
3 4 5 6 7 8 9 10 11 12 
1 2 3 4 5 6 7 8 9 10 11 12 
## status: 0

#### tail: malformed obsolete forms are options
seq 12 > s
tail -5x s; echo "s=$?"; tail -5cl s; echo "s=$?"; tail -c s; echo "s=$?"
## stdout:
s=1
s=1
s=1
## status: 0

#### tail: last lines of a long stream
seq 1 100000 | head -n 50000 | tail -n 3; seq 100000 | tail -n 1
## stdout:
49998
49999
50000
100000
## status: 0

#### tail: last bytes of a long stream
seq 100000 | tail -c 20; seq 100000 | tail -c 70000 | cksum
## stdout:

99998
99999
100000
2206541855 70000
## status: 0

#### tail: many lines kept
seq 100000 | tail -n 70000 | cksum; seq 20000 | tail -n 5000 | head -n 2
## stdout:
2597046092 420001
15001
15002
## status: 0

#### tail: last line without a newline
printf 'a\nb\nc' | tail -n 2; echo; (seq 3; printf x) | tail -n 1; echo; printf 'x' | tail -n 1; echo
## stdout:
b
c
x
x
## status: 0

#### tail: more lines asked than given
printf 'a\nb\n' | tail -n 5; printf '\n\n\n' | tail -n 2 | wc -c; printf '' | tail -n 3 | wc -c
## stdout:
a
b
2
0
## status: 0

#### tail: one line per write
for i in $(seq 600); do echo "line $i"; done | tail -n 3
## stdout:
line 598
line 599
line 600
## status: 0

#### tail: NUL-delimited records
printf 'a\0b\0c\0' | tail -z -n 2 | tr '\0' '|'; echo
## stdout:
b|c|
## status: 0

#### tail: from a line on, over a long stream
seq 100000 | tail -n +99998; seq 100000 | tail -n +2 | cksum
## stdout:
99998
99999
100000
2243145586 588893
## status: 0

#### head: first lines of a long stream
seq 100000 | head -n 70000 | cksum; yes | head -n 70000 | wc -l
## stdout:
554351089 408894
70000
## status: 0
