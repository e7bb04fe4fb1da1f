# sed: addresses and ranges (GNU sed 4.9).

#### line number
printf '1\n2\n3\n' | sed -n 2p
## stdout:
2
## status: 0

#### last line
printf '1\n2\n3\n' | sed -n '$p'
## stdout:
3
## status: 0

#### range of lines
seq 1 6 | sed -n '2,4p'
## stdout:
2
3
4
## status: 0

#### range to end
seq 1 5 | sed -n '3,$p'
## stdout:
3
4
5
## status: 0

#### range end before start
seq 1 5 | sed -n '4,2p'
## stdout:
4
## status: 0

#### regex address
printf 'apple\nbanana\ncherry\n' | sed -n '/an/p'
## stdout:
banana
## status: 0

#### regex range
printf 'a\nstart\nb\nend\nc\n' | sed -n '/start/,/end/p'
## stdout:
start
b
end
## status: 0

#### regex range restarts
printf 's\n1\ne\n2\ns\n3\ne\n' | sed -n '/s/,/e/p'
## stdout:
s
1
e
s
3
e
## status: 0

#### regex range unterminated
printf 'a\ns\nb\nc\n' | sed -n '/s/,/zzz/p'
## stdout:
s
b
c
## status: 0

#### line to regex
printf 'a\nb\nc\nb\n' | sed -n '1,/b/p'
## stdout:
a
b
## status: 0

#### zero to regex
printf 'b\nb\nc\n' | sed -n '0,/b/p'
## stdout:
b
## status: 0

#### one to regex matches past first
printf 'b\nb\nc\n' | sed -n '1,/b/p'
## stdout:
b
b
## status: 0

#### step address
seq 1 10 | sed -n '1~3p'
## stdout:
1
4
7
10
## status: 0

#### step from zero
seq 1 10 | sed -n '0~4p'
## stdout:
4
8
## status: 0

#### plus address
seq 1 10 | sed -n '/4/,+2p'
## stdout:
4
5
6
## status: 0

#### multiple address
seq 1 10 | sed -n '5,~4p'
## stdout:
5
6
7
8
## status: 0

#### multiple address at multiple
seq 1 10 | sed -n '4,~4p'
## stdout:
4
5
6
7
8
## status: 0

#### negation
seq 1 5 | sed -n '2,4!p'
## stdout:
1
5
## status: 0

#### negation with space
seq 1 3 | sed -n '2 ! p'
## stdout:
1
3
## status: 0

#### custom delimiter address
printf '/a/\nb\n' | sed -n '\,/a/,p'
## stdout:
/a/
## status: 0

#### address I flag
printf 'Foo\nbar\n' | sed -n '/foo/Ip'
## stdout:
Foo
## status: 0

#### address on last line of several files
printf 'a\nb\n' > f1
printf 'c\n' > f2
sed -n '$p' f1 f2
## stdout:
c
## status: 0

#### address with -s per file
printf 'a\nb\n' > f1
printf 'c\nd\n' > f2
sed -s -n '$p' f1 f2
## stdout:
b
d
## status: 0

#### line numbers continue across files
printf 'a\nb\n' > f1
printf 'c\n' > f2
sed -n '3p' f1 f2
## stdout:
c
## status: 0

#### dollar with missing final newline
printf 'a\nb' | sed -n '$p'
## stdout-no-eol:
b
## status: 0

#### range with dollar start
seq 1 3 | sed -n '$,1p'
## stdout:
3
## status: 0

#### nested blocks with addresses
seq 1 6 | sed -n '2,5{/[35]/!p}'
## stdout:
2
4
## status: 0

#### regex range same line end
printf 'ab\nc\nb\n' | sed -n '/a/,/b/p'
## stdout:
ab
c
b
## status: 0
