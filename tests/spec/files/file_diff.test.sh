# file (content sniffing) and diff (normal, unified, brief, recursive).

#### file ASCII text
echo hello > t; file t
## stdout:
t: ASCII text
## status: 0
#### file empty
touch e; file e
## stdout:
e: empty
## status: 0
#### file no line terminators
printf abc > a; file a
## stdout:
a: ASCII text, with no line terminators
## status: 0
#### file CRLF
printf 'a\r\nb\r\n' > c; file c
## stdout:
c: ASCII text, with CRLF line terminators
## status: 0
#### file JSON
echo '{"a": [1, 2]}' > j; file j
## stdout:
j: JSON text data
## status: 0
#### file JSON array
echo '[1,2,3]' > j; file -b j
## stdout:
JSON text data
## status: 0
#### file shell script
printf '#!/bin/bash\necho hi\n' > s; file s
## stdout:
s: Bourne-Again shell script, ASCII text executable
## status: 0
#### file POSIX shell script
printf '#!/bin/sh\necho hi\n' > s; file -b s
## stdout:
POSIX shell script, ASCII text executable
## status: 0
#### file python via env
printf '#!/usr/bin/env python3\nprint(1)\n' > p; file -b p
## stdout:
Python script, ASCII text executable
## status: 0
#### file UTF-8
printf 'caf\303\251\n' > u; file -b u
## stdout:
Unicode text, UTF-8 text
## status: 0
#### file binary data
printf 'a\000b\001' > b; file -b b
## stdout:
data
## status: 0
#### file directory
mkdir d; file d
## stdout:
d: directory
## status: 0
#### file symlink
touch f; ln -s f l; file l
## stdout:
l: symbolic link to f
## status: 0
#### file broken symlink
ln -s nowhere l; file l
## stdout:
l: broken symbolic link to nowhere
## status: 0
#### file HTML
echo '<html><body>x</body></html>' > h; file -b h
## stdout:
HTML document, ASCII text
## status: 0
#### file XML
printf '<?xml version="1.0"?>\n<a/>\n' > x; file -b x
## stdout:
XML 1.0 document, ASCII text
## status: 0
#### file mime type
echo hello > t; mkdir d; file -i t d
## stdout:
t: text/plain; charset=us-ascii
d: inode/directory; charset=binary
## status: 0
#### file PDF header
printf '%%PDF-1.7\nrest\n' > doc; file -b doc
## stdout:
PDF document, version 1.7
## status: 0
#### file names aligned
touch a; echo x > longer_name; file a longer_name
## stdout:
a:           empty
longer_name: ASCII text
## status: 0
#### file very short
printf x > v; file -b v
## stdout:
very short file (no magic)
## status: 0
#### file missing
file nope; echo "status $?"
## stdout:
nope: cannot open `nope' (No such file or directory)
status 0
## status: 0
#### file -L follows links
echo hi > f; ln -s f l; file -L l
## stdout:
l: ASCII text
## status: 0
#### diff identical
echo a > x; echo a > y; diff x y; echo "status $?"
## stdout:
status 0
## status: 0
#### diff normal change
printf 'a\nb\nc\n' > x; printf 'a\nB\nc\n' > y; diff x y; echo "status $?"
## stdout:
2c2
< b
---
> B
status 1
## status: 0
#### diff normal add and delete
printf 'a\nb\nc\n' > x; printf 'b\nc\nd\n' > y; diff x y
## stdout:
1d0
< a
3a3
> d
## status: 1
#### diff multi-line ranges
printf '1\n2\n3\n4\n5\n' > x; printf '1\n5\n' > y; diff x y
## stdout:
2,4d1
< 2
< 3
< 4
## status: 1
#### diff unified
printf 'a\nb\nc\nd\n' > x; printf 'a\nB\nc\nd\ne\n' > y; diff -u x y | tail -n +3
## stdout:
@@ -1,4 +1,5 @@
 a
-b
+B
 c
 d
+e
## status: 0
#### diff unified headers with labels
echo a > x; echo b > y; diff -u --label old --label new x y
## stdout:
--- old
+++ new
@@ -1 +1 @@
-a
+b
## status: 1
#### diff unified headers with times
echo a > x; echo b > y; touch -d '2020-01-02 03:04:05' x y; diff -u x y | head -2
## stdout:
--- x	2020-01-02 03:04:05.000000000 +0000
+++ y	2020-01-02 03:04:05.000000000 +0000
## status: 0
#### diff unified context size
seq 1 20 > x; seq 1 20 | sed 's/^10$/ten/' > y; diff -U 1 x y | tail -n +3
## stdout:
@@ -9,3 +9,3 @@
 9
-10
+ten
 11
## status: 0
#### diff unified separate hunks
seq 1 30 > x; seq 1 30 | sed -e 's/^3$/three/' -e 's/^25$/xxv/' > y; diff -u x y | tail -n +3
## stdout:
@@ -1,6 +1,6 @@
 1
 2
-3
+three
 4
 5
 6
@@ -22,7 +22,7 @@
 22
 23
 24
-25
+xxv
 26
 27
 28
## status: 0
#### diff unified nearby hunks merge
seq 1 20 > x; seq 1 20 | sed -e 's/^5$/five/' -e 's/^10$/ten/' > y; diff -u x y | tail -n +3
## stdout:
@@ -2,12 +2,12 @@
 2
 3
 4
-5
+five
 6
 7
 8
 9
-10
+ten
 11
 12
 13
## status: 0
#### diff missing newline
printf 'a\nb' > x; printf 'a\nb\n' > y; diff x y
## stdout:
2c2
< b
\ No newline at end of file
---
> b
## status: 1
#### diff unified missing newline
printf 'a\nb' > x; printf 'a\nc' > y; diff -u x y | tail -n +3
## stdout:
@@ -1,2 +1,2 @@
 a
-b
\ No newline at end of file
+c
\ No newline at end of file
## status: 0
#### diff brief
echo a > x; echo b > y; diff -q x y; echo "status $?"
## stdout:
Files x and y differ
status 1
## status: 0
#### diff report identical
echo a > x; cp x y; diff -s x y
## stdout:
Files x and y are identical
## status: 0
#### diff missing file
echo a > x; diff x nope 2>&1; echo "status $?"
## stdout:
diff: nope: No such file or directory
status 2
## status: 0
#### diff ignore case
echo Hello > x; echo hello > y; diff -i x y; echo "status $?"
## stdout:
status 0
## status: 0
#### diff ignore all space
echo 'a b  c' > x; echo 'abc' > y; diff -w x y; echo "status $?"
## stdout:
status 0
## status: 0
#### diff ignore space change
echo 'a  b ' > x; echo 'a b' > y; diff -b x y; echo "status $?"
## stdout:
status 0
## status: 0
#### diff empty versus content
touch x; printf 'a\nb\n' > y; diff x y
## stdout:
0a1,2
> a
> b
## status: 1
#### diff unified against empty
touch x; printf 'a\n' > y; diff -u x y | tail -n +3
## stdout:
@@ -0,0 +1 @@
+a
## status: 0
#### diff stdin
printf 'a\nb\n' > x; printf 'a\nc\n' | diff x -
## stdout:
2c2
< b
---
> c
## status: 1
#### diff directories brief
mkdir a b; echo 1 > a/f; echo 2 > b/f; echo s > a/same; echo s > b/same; touch a/only; diff a b
## stdout:
diff a/f b/f
1c1
< 1
---
> 2
Only in a: only
## status: 1
#### diff recursive
mkdir -p a/s b/s; echo 1 > a/s/f; echo 2 > b/s/f; diff -r a b
## stdout:
diff -r a/s/f b/s/f
1c1
< 1
---
> 2
## status: 1
#### diff file against directory
mkdir d; echo a > d/f; echo b > f; diff f d
## stdout:
1c1
< b
---
> a
## status: 1
#### diff binary files
printf 'a\0' > x; printf 'b\0' > y; diff x y; echo "status $?"
## stdout:
Binary files x and y differ
status 1
## status: 0
