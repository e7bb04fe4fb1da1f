# Paths as the Sandbox's MemoryFs resolves them (symbolic link loops, name
# and path length limits, `.`/`..`), directory builtins over it (cd, pwd,
# pushd, popd, dirs, source), and `find -execdir`/`-exec`/`-delete` with
# builtins. Expected output from bash 5.2 and GNU coreutils/findutils.

#### find -execdir runs in the file's directory
mkdir -p d/e; touch d/e/f d/g; find d -type f -execdir pwd \; | sed "s|^$PWD|P|" | sort
## stdout:
P/d
P/d/e
## status: 0

#### find -execdir passes ./name
mkdir -p d/e; touch d/e/f d/g; find d -type f -execdir echo {} \; | sort
## stdout:
./f
./g
## status: 0

#### find -execdir on the start points
mkdir d; find . d -maxdepth 0 -execdir echo {} \;
## stdout:
./.
./d
## status: 0

#### find -execdir with plus batches per directory
mkdir -p d/e; touch d/e/f1 d/e/f2 d/g; find d -type f -execdir echo {} + | sort
## stdout:
./f1 ./f2
./g
## status: 0

#### find -execdir builtin sees the relative name
mkdir -p d/e; echo hi > d/e/f; find d -name f -execdir cat {} \;
## stdout:
hi
## status: 0

#### find -execdir leaves the current directory alone
mkdir -p d/e; touch d/e/f; find d -name f -execdir true \; ; pwd | sed "s|^$PWD|P|"
## stdout:
P
## status: 0

#### find -exec with test and echo builtins
mkdir d; touch d/a; echo x > d/b; find d -type f -exec test -s {} \; -print
## stdout:
d/b
## status: 0

#### find -exec status false skips print
mkdir d; touch d/a d/b; find d -type f -exec false \; -print; echo $?
## stdout:
0
## status: 0

#### find -delete then list
mkdir -p d/e; touch d/e/f d/x.tmp; find d -name '*.tmp' -delete; find d | sort
## stdout:
d
d/e
d/e/f
## status: 0

#### find -delete depth first removes a tree
mkdir -p d/e/f; touch d/e/f/g; find d -delete; ls d 2>&1; echo $?
## stdout:
ls: cannot access 'd': No such file or directory
2
## status: 0

#### symbolic link loop in a path component
ln -s a b; ln -s b a; cat a/x 2>&1; echo $?
## stdout:
cat: a/x: Too many levels of symbolic links
1
## status: 0

#### symbolic link loop in a redirection
ln -s self self; echo hi > self; echo $?
## stdout:
1
## status: 0

#### symbolic link loop in test operators
ln -s l1 l2; ln -s l2 l1; [ -e l1 ]; echo $?; [ -L l1 ]; echo $?
## stdout:
1
0
## status: 0

#### cd into a symbolic link loop
ln -s x x; cd x; echo $?
## stdout:
1
## status: 0

#### a long symbolic link chain resolves
touch t; ln -s t l1; for i in 2 3 4 5 6 7 8 9 10; do ln -s l$((i-1)) l$i; done; cat l10; echo $?
## stdout:
0
## status: 0

#### name of 255 bytes is allowed
n=$(printf 'a%.0s' {1..255}); touch "$n"; echo $?; ls | wc -c
## stdout:
0
256
## status: 0

#### name of 256 bytes is too long
n=$(printf 'a%.0s' {1..256}); touch "$n" 2>&1 | sed 's/a\{256\}/NAME/'; ls | wc -l
## stdout:
touch: cannot touch 'NAME': File name too long
0
## status: 0

#### redirection to a name of 256 bytes
n=$(printf 'b%.0s' {1..256}); echo x > "$n"; echo $?; ls | wc -l
## stdout:
1
0
## status: 0

#### mkdir with a name of 256 bytes
n=$(printf 'c%.0s' {1..256}); mkdir "$n" 2>&1 | sed 's/c\{256\}/NAME/'; echo ${PIPESTATUS[0]}
## stdout:
mkdir: cannot create directory 'NAME': File name too long
1
## status: 0

#### path longer than 4096 bytes
p=$(printf 'dd/%.0s' {1..1400}); cat "${p}f" 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### dot and dot-dot in paths
mkdir -p a/b; echo hi > a/b/f; cat a/./b/../b/f; cd a/b/..; pwd | sed "s|^$OLDPWD|P|"
## stdout:
hi
P/a
## status: 0

#### cd and pwd with dot-dot at the root
cd /; cd ..; pwd; cd /..; pwd
## stdout:
/
/
## status: 0

#### cd - and OLDPWD
mkdir d; cd d; cd - > /dev/null; [ "$PWD" = "$OLDPWD" ] && echo same || echo differ; cd - | sed "s|^$OLDPWD|P|"
## stdout:
differ
P
## status: 0

#### cd to a file fails
touch f; cd f; echo $?
## stdout:
1
## status: 0

#### cd to a missing directory fails
cd nope; echo $?
## stdout:
1
## status: 0

#### pushd popd and dirs
mkdir a b; pushd a > /dev/null; pushd ../b > /dev/null; dirs | sed "s|$HOME|~|g; s|/[^ ]*/a|A|; s|/[^ ]*/b|B|; s|/[^ ]*|T|"; popd > /dev/null; basename "$PWD"; popd > /dev/null; dirs -c; dirs | wc -w
## stdout:
~T ~/a ~
a
1
## status: 0

#### popd on an empty stack
popd; echo $?
## stdout:
1
## status: 0

#### pushd with no other directory
pushd; echo $?
## stdout:
1
## status: 0

#### dirs -v and -p
mkdir a; pushd a > /dev/null; dirs -p | wc -l; dirs -v | sed 's|/.*||'
## stdout:
2
 0  ~
 1  ~
## status: 0

#### source a file with arguments
printf 'echo "src $1 $#"; x=set\n' > lib.sh; . ./lib.sh one two; echo $x
## stdout:
src one 2
set
## status: 0

#### source sees the caller's positional parameters without arguments
printf 'echo "args $*"\n' > lib.sh; set -- p q; source ./lib.sh
## stdout:
args p q
## status: 0

#### source return stops the file
printf 'echo a; return 3; echo b\n' > lib.sh; . ./lib.sh; echo $?
## stdout:
a
3
## status: 0

#### source a missing file
. ./nope.sh; echo $?
## stdout:
1
## status: 0

#### source a file with a syntax error
printf 'echo before\nif then\n' > bad.sh; . ./bad.sh; echo $?
## stdout:
before
2
## status: 0

#### test file operators over files
touch f; mkdir d; ln -s f l; echo x > s; for t in -e -f -d -s -L -r -w; do for p in f d l s nope; do [ $t $p ] && printf 1 || printf 0; done; echo " $t"; done
## stdout:
11110 -e
10110 -f
01000 -d
01010 -s
00100 -L
11110 -r
11110 -w
## status: 0

#### test -nt and -ot
touch -d '2020-01-01' old; touch -d '2021-01-01' new; [[ new -nt old ]] && echo nt; [[ old -ot new ]] && echo ot; [[ new -nt missing ]] && echo nt-missing; [[ missing -ot new ]] && echo ot-missing
## stdout:
nt
ot
nt-missing
ot-missing
## status: 0

#### redirection read-write and append
echo abc > f; exec 3<> f; read -n 1 c <&3; echo X >&3; exec 3>&-; cat f; echo $c
## stdout:
aX

a
## status: 0

#### append creates the file
echo a >> new; echo b >> new; cat new
## stdout:
a
b
## status: 0

#### noclobber refuses to overwrite
echo a > f; set -C; echo b > f; echo $?; echo c >| f; cat f
## stdout:
1
c
## status: 0

#### redirection into a directory fails
mkdir d; echo x > d; echo $?
## stdout:
1
## status: 0

#### redirection into a missing directory fails
echo x > nodir/f; echo $?
## stdout:
1
## status: 0
