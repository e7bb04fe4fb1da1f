# Where GNU sed 4.9 ends a label of :, b, t, T: at a newline, `;`,
# whitespace or `}` (the `}` then closes the block).

#### branch label directly followed by a closing brace
seq 5 | sed '3{:a;n;ba}'
echo "status $?"
## stdout:
1
2
3
4
5
status 0
## status: 0

#### label definition directly followed by a closing brace
seq 5 | sed -n '3{:a};p'
## stdout:
1
2
3
4
5
## status: 0

#### branch out of a block to a later label
seq 5 | sed -n '3{bx};p;:x'
## stdout:
1
2
4
5
## status: 0

#### empty branch label before a closing brace
seq 5 | sed -n '2{b};p'
## stdout:
1
3
4
5
## status: 0

#### collect lines up to a match in a block loop
seq 6 | sed -n '/2/{:l;N;/4/!bl;s/\n/+/g};p'
## stdout:
1
2+3+4
5
6
## status: 0

#### whitespace ends a label and the next command follows
seq 3 | sed -n ':x p'
## stdout:
1
2
3
## status: 0

#### branch label followed by a blank and a brace
seq 4 | sed -n '2{:a;n;ba };p'
## stdout:
1
## status: 0

#### closing brace after a top-level label is unexpected
seq 2 | sed ':a}'
echo "status $?"
## stdout:
status 1
## status: 0

#### a label may hold a hash
seq 2 | sed -n ':a#c
p'
## stdout:
1
2
## status: 0
