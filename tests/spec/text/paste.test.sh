# paste: parallel and serial merging, delimiter lists.
# Expected values recorded from the real programs by `spec bless`.

#### serial with delimiter
seq 3 | paste -sd,
## stdout:
1,2,3
## status: 0

#### serial default tab
seq 3 | paste -s
## stdout:
1	2	3
## status: 0

#### stdin columns
seq 5 | paste - -
## stdout:
1	2
3	4
5	
## status: 0

#### three columns
seq 7 | paste - - -
## stdout:
1	2	3
4	5	6
7		
## status: 0

#### delimiter list cycles
seq 6 | paste -d ',;' - - -
## stdout:
1,2;3
4,5;6
## status: 0

#### two files
printf 'a\nb\n' > x; printf '1\n2\n3\n' > y; paste x y
## stdout:
a	1
b	2
	3
## status: 0

#### two files custom delimiter
printf 'a\nb\n' > x; printf '1\n2\n' > y; paste -d= x y
## stdout:
a=1
b=2
## status: 0

#### serial two files
printf 'a\nb\n' > x; printf '1\n2\n' > y; paste -s x y
## stdout:
a	b
1	2
## status: 0

#### empty delimiter
seq 4 | paste -d '\0' - -
## stdout:
12
34
## status: 0

#### newline delimiter
seq 4 | paste -sd '\n'
## stdout:
1
2
3
4
## status: 0

#### sum expression
seq 4 | paste -sd+
## stdout:
1+2+3+4
## status: 0

#### no trailing newline
printf 'a\nb' | paste -s
## stdout:
a	b
## status: 0
