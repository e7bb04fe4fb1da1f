# column (util-linux 2.38): tables and filled columns.
# Expected values recorded from the real programs by `spec bless`.

#### table
printf 'a b c\nlong x\n' | column -t
## stdout:
a     b  c
long  x  
## status: 0

#### table separator
printf 'a:b\ncc:d\n' | column -t -s:
## stdout:
a   b
cc  d
## status: 0

#### table output separator
printf 'a:b\ncc:d\n' | column -t -s: -o '|'
## stdout:
a |b
cc|d
## status: 0

#### table skips empty lines
printf 'a b\n\nc d\n' | column -t
## stdout:
a  b
c  d
## status: 0

#### table uneven rows
printf 'a b c\nd\n' | column -t
## stdout:
a  b  c
d     
## status: 0

#### fill columns
seq 1 30 | column
## stdout:
1	4	7	10	13	16	19	22	25	28
2	5	8	11	14	17	20	23	26	29
3	6	9	12	15	18	21	24	27	30
## status: 0

#### fill rows
seq 1 12 | column -x -c 40
## stdout:
1	2	3	4	5
6	7	8	9	10
11	12
## status: 0

#### narrow width
printf 'alpha\nbeta\ngamma\n' | column -c 10
## stdout:
alpha
beta
gamma
## status: 0

#### key value table
printf 'name=ann\nage=31\n' | column -t -s=
## stdout:
name  ann
age   31
## status: 0

#### csv table
printf 'id,name\n1,ann\n22,bo\n' | column -t -s,
## stdout:
id  name
1   ann
22  bo
## status: 0
