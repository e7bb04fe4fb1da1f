# basename, dirname, realpath, readlink and ln -s.

#### basename plain
basename /usr/lib/file.txt
## stdout:
file.txt
## status: 0
#### basename with suffix
basename /usr/lib/file.txt .txt
## stdout:
file
## status: 0
#### basename suffix equal to name
basename .txt .txt
## stdout:
.txt
## status: 0
#### basename trailing slashes
basename a/b//
## stdout:
b
## status: 0
#### basename root
basename /
## stdout:
/
## status: 0
#### basename -a
basename -a x/a y/b
## stdout:
a
b
## status: 0
#### basename -s
basename -s .c a.c b/c.c d.h
## stdout:
a
c
d.h
## status: 0
#### basename no operand
basename 2>&1; echo "status $?"
## stdout:
basename: missing operand
Try 'basename --help' for more information.
status 1
## status: 0
#### basename extra operand
basename a b c 2>&1; echo "status $?"
## stdout:
basename: extra operand 'c'
Try 'basename --help' for more information.
status 1
## status: 0
#### basename -z
basename -z a/b | tr '\0' '|'; echo
## stdout:
b|
## status: 0
#### basename -s before -a, and -a with -s joined
basename -s .c -a a.c b.c
basename -as .c x/a.c y.h
## stdout:
a
b
a
y.h
## status: 0
#### basename long options and -a after --
basename --suffix=.c --multiple a.c b.c
basename --multiple -- -x/y z/
basename -a -s '' a/ /
## stdout:
a
b
y
z
a
/
## status: 0
#### basename -s with no operand or only the suffix
basename -s .c 2>&1; echo "status $?"
basename -s .c .c x.c
## stdout:
basename: missing operand
Try 'basename --help' for more information.
status 1
.c
x
## status: 0
#### basename -a -z
basename -az a/b c/ | tr '\0' '|'; echo
## stdout:
b|c|
## status: 0
#### dirname plain
dirname /usr/lib/file.txt
## stdout:
/usr/lib
## status: 0
#### dirname relative
dirname a/b
## stdout:
a
## status: 0
#### dirname no slash
dirname file
## stdout:
.
## status: 0
#### dirname root and double slash
dirname / //a a//b/
## stdout:
/
/
a
## status: 0
#### dirname several
dirname a/b c/d/e
## stdout:
a
c/d
## status: 0
#### dirname no operand
dirname 2>&1; echo "status $?"
## stdout:
dirname: missing operand
Try 'dirname --help' for more information.
status 1
## status: 0
#### realpath of a file
touch f; realpath f | sed "s|^$PWD|PWD|"
## stdout:
PWD/f
## status: 0
#### realpath through a symlink
mkdir d; ln -s d l; realpath l/x | sed "s|^$PWD|PWD|"
## stdout:
PWD/d/x
## status: 0
#### realpath dot and dot dot
mkdir -p a/b; cd a/b; realpath . .. | sed "s|^${PWD%/a/b}|ROOT|"
## stdout:
ROOT/a/b
ROOT/a
## status: 0
#### realpath missing parent
realpath a/b 2>&1 | sed "s|^$PWD|PWD|"; realpath a/b >/dev/null 2>&1; echo "status $?"
## stdout:
realpath: a/b: No such file or directory
status 1
## status: 0
#### realpath -m missing
realpath -m a/b/../c | sed "s|^$PWD|PWD|"
## stdout:
PWD/a/c
## status: 0
#### realpath -e missing last
realpath -e nope >/dev/null 2>&1; echo "status $?"
## stdout:
status 1
## status: 0
#### realpath -s keeps links
mkdir d; ln -s d l; realpath -s l | sed "s|^$PWD|PWD|"
## stdout:
PWD/l
## status: 0
#### realpath absolute root
realpath / /..
## stdout:
/
/
## status: 0
#### readlink a symlink
ln -s target l; readlink l
## stdout:
target
## status: 0
#### readlink a non-link
touch f; readlink f; echo "status $?"
## stdout:
status 1
## status: 0
#### readlink -f canonical
mkdir d; touch d/f; ln -s d/f l; readlink -f l | sed "s|^$PWD|PWD|"
## stdout:
PWD/d/f
## status: 0
#### readlink -f chain
touch f; ln -s f a; ln -s a b; readlink -f b | sed "s|^$PWD|PWD|"
## stdout:
PWD/f
## status: 0
#### readlink -f missing last component
mkdir d; ln -s d l; readlink -f l/new | sed "s|^$PWD|PWD|"
## stdout:
PWD/d/new
## status: 0
#### readlink -e missing
readlink -e nope; echo "status $?"
## stdout:
status 1
## status: 0
#### readlink -m anything
readlink -m x/y/../z | sed "s|^$PWD|PWD|"
## stdout:
PWD/x/z
## status: 0
#### readlink -n
ln -s t l; readlink -n l; echo "|"
## stdout:
t|
## status: 0
#### readlink dangling keeps text
ln -s /no/where l; readlink l
## stdout:
/no/where
## status: 0
#### ln -s creates a link
echo hi > f; ln -s f l; cat l; readlink l
## stdout:
hi
f
## status: 0
#### ln -s existing link fails
touch f; ln -s f l; ln -s f l 2>&1; echo "status $?"
## stdout:
ln: failed to create symbolic link 'l': File exists
status 1
## status: 0
#### ln -sf replaces
touch f g; ln -s f l; ln -sf g l; readlink l
## stdout:
g
## status: 0
#### ln -s into a directory
mkdir d; ln -s /some/target d; readlink d/target
## stdout:
/some/target
## status: 0
#### ln -s with one operand
ln -s /a/b/name; readlink name
## stdout:
/a/b/name
## status: 0
#### ln -s several into a directory
mkdir d; ln -s x y d; ls d
## stdout:
x
y
## status: 0
#### ln -sv
ln -sv f l
## stdout:
'l' -> 'f'
## status: 0
#### ln -s dangling then create target
ln -s f l; [ -e l ] || echo dangling; touch f; [ -e l ] && echo resolves
## stdout:
dangling
resolves
## status: 0
#### ln -sn replaces a link to a directory
mkdir a b; ln -s a l; ln -sfn b l; readlink l
## stdout:
b
## status: 0
#### ln -s relative target resolves from the link
mkdir d; echo in > d/f; ln -s f d/l; cat d/l
## stdout:
in
## status: 0
#### ln -s directory link traversal
mkdir -p d/e; echo x > d/e/f; ln -s d/e l; cat l/f; ls l
## stdout:
x
f
## status: 0
#### symlink loop
ln -s a b; ln -s b a; cat a 2>&1; echo "status $?"
## stdout:
cat: a: Too many levels of symbolic links
status 1
## status: 0
#### ln -s missing operand
ln -s 2>&1; echo "status $?"
## stdout:
ln: missing file operand
Try 'ln --help' for more information.
status 1
## status: 0
