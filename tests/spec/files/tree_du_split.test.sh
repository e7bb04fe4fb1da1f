# tree (C locale drawing), du (ext4-like block counts) and split.

#### tree of the current directory
mkdir -p a/b; touch a/b/f c
tree
## stdout:
.
|-- a
|   `-- b
|       `-- f
`-- c

3 directories, 2 files
## status: 0
#### tree of a named directory
mkdir -p d/e; touch d/e/f d/g
tree d
## stdout:
d
|-- e
|   `-- f
`-- g

2 directories, 2 files
## status: 0
#### tree -a shows hidden
mkdir d; touch d/.h d/v
tree -a d
## stdout:
d
|-- .h
`-- v

1 directory, 2 files
## status: 0
#### tree -d directories only
mkdir -p d/a/b d/c; touch d/f
tree -d d
## stdout:
d
|-- a
|   `-- b
`-- c

4 directories
## status: 0
#### tree -L limits depth
mkdir -p d/a/b/c; touch d/a/b/c/f
tree -L 2 d
## stdout:
d
`-- a
    `-- b

3 directories, 0 files
## status: 0
#### tree -F marks
mkdir -p d/s; touch d/f; ln -s s d/l
tree -F d
## stdout:
d/
|-- f
|-- l -> s/
`-- s/

3 directories, 1 file
## status: 0
#### tree symlink arrow
mkdir d; touch d/f; ln -s f d/l
tree d
## stdout:
d
|-- f
`-- l -> f

1 directory, 2 files
## status: 0
#### tree -f full paths
mkdir -p d/e; touch d/e/f
tree -f d
## stdout:
d
`-- d/e
    `-- d/e/f

2 directories, 1 file
## status: 0
#### tree -i no indentation
mkdir -p d/e; touch d/e/f
tree -i d
## stdout:
d
e
f

2 directories, 1 file
## status: 0
#### tree --noreport
mkdir d; touch d/f
tree --noreport d
## stdout:
d
`-- f
## status: 0
#### tree empty directory
mkdir d
tree d
## stdout:
d

0 directories, 0 files
## status: 0
#### tree several roots
mkdir a b; touch a/x
tree a b
## stdout:
a
`-- x
b

1 directory, 1 file
## status: 0
#### tree missing directory
tree nope; echo "status $?"
## stdout:
nope  [error opening dir]

0 directories, 0 files
status 2
## status: 0
#### tree singular counts
mkdir -p d/e; touch d/e/f
tree d | tail -1
## stdout:
2 directories, 1 file
## status: 0
#### du of a tree
mkdir -p d/s; printf '%5000s' x > d/a; printf 1 > d/s/b
du d
## stdout:
8	d/s
20	d
## status: 0
#### du -s
mkdir -p d/s; printf '%5000s' x > d/a; printf 1 > d/s/b
du -s d
## stdout:
20	d
## status: 0
#### du -a
mkdir -p d/s; printf '%5000s' x > d/a; printf 1 > d/s/b
du -a d | sort -k2
## stdout:
20	d
8	d/a
8	d/s
4	d/s/b
## status: 0
#### du -h
mkdir d; printf '%9000s' x > d/a
du -sh d
## stdout:
16K	d
## status: 0
#### du -c
printf 1 > a; printf '%5000s' x > b
du -c a b
## stdout:
4	a
8	b
12	total
## status: 0
#### du -b apparent bytes
printf 12345 > f
du -b f
## stdout:
5	f
## status: 0
#### du of an empty file
touch e
du e
## stdout:
0	e
## status: 0
#### du --max-depth
mkdir -p d/a/b; touch d/a/b/f
du --max-depth=1 d
## stdout:
8	d/a
12	d
## status: 0
#### du missing
du nope 2>&1; echo "status $?"
## stdout:
du: cannot access 'nope': No such file or directory
status 1
## status: 0
#### du -sk
mkdir d; printf '%10000s' x > d/f
du -sk d
## stdout:
16	d
## status: 0
#### split by lines
printf '1\n2\n3\n4\n5\n' > in; split -l 2 in; ls x*; cat xac
## stdout:
xaa
xab
xac
5
## status: 0
#### split default 1000 lines
i=0; while [ $i -lt 2500 ]; do echo $i; i=$((i+1)); done > in; split in; wc -l xa*
## stdout:
 1000 xaa
 1000 xab
  500 xac
 2500 total
## status: 0
#### split with prefix
printf 'a\nb\nc\n' > in; split -l 1 in part_; ls part_*
## stdout:
part_aa
part_ab
part_ac
## status: 0
#### split numeric suffixes
printf 'a\nb\nc\n' > in; split -d -l 1 in p; ls p*
## stdout:
p00
p01
p02
## status: 0
#### split suffix length
printf 'a\nb\n' > in; split -a 3 -l 1 in q; ls q*
## stdout:
qaaa
qaab
## status: 0
#### split additional suffix
printf 'a\nb\n' > in; split -l 1 --additional-suffix=.txt in r; ls r*
## stdout:
raa.txt
rab.txt
## status: 0
#### split by bytes
printf 0123456789 > in; split -b 4 in; cat xaa; echo; cat xac; echo
## stdout:
0123
89
## status: 0
#### split by size suffix
printf '%2500s' x > in; split -b 1K in; wc -c xa*
## stdout:
1024 xaa
1024 xab
 452 xac
2500 total
## status: 0
#### split into chunks
printf '%21s' x > in; split -n 3 in; wc -c xa*
## stdout:
 7 xaa
 7 xab
 7 xac
21 total
## status: 0
#### split line chunks
seq 1 10 > in; split -n l/3 in; wc -c xa*
## stdout:
 8 xaa
 6 xab
 7 xac
21 total
## status: 0
#### split from stdin
printf 'a\nb\nc\n' | split -l 2 - s; cat sab
## stdout:
c
## status: 0
#### split empty input makes nothing
: > in; split in; ls
## stdout:
in
## status: 0
#### split verbose
printf 'a\nb\n' > in; split -l 1 --verbose in v
## stdout:
creating file 'vaa'
creating file 'vab'
## status: 0
#### split invalid line count
printf 'a\n' > in; split -l 0 in 2>&1; echo "status $?"
## stdout:
split: invalid number of lines: '0': Numerical result out of range
status 1
## status: 0
