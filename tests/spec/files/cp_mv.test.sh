# cp and mv: files, directories, targets, -r/-p/-n/-v/-T/-t, errors.

#### cp a file
echo hi > a; cp a b; cat b
## stdout:
hi
## status: 0
#### cp overwrites
echo one > a; echo two > b; cp a b; cat b
## stdout:
one
## status: 0
#### cp into a directory
echo hi > a; mkdir d; cp a d; cat d/a
## stdout:
hi
## status: 0
#### cp several into a directory
touch a b; mkdir d; cp a b d; ls d
## stdout:
a
b
## status: 0
#### cp several to a non-directory
touch a b c; cp a b c 2>&1; echo "status $?"
## stdout:
cp: target 'c': Not a directory
status 1
## status: 0
#### cp missing source
cp nope x 2>&1; echo "status $?"
## stdout:
cp: cannot stat 'nope': No such file or directory
status 1
## status: 0
#### cp no operands
cp 2>&1; echo "status $?"
## stdout:
cp: missing file operand
Try 'cp --help' for more information.
status 1
## status: 0
#### cp one operand
touch a; cp a 2>&1; echo "status $?"
## stdout:
cp: missing destination file operand after 'a'
Try 'cp --help' for more information.
status 1
## status: 0
#### cp directory without -r
mkdir d; cp d e 2>&1; echo "status $?"
## stdout:
cp: -r not specified; omitting directory 'd'
status 1
## status: 0
#### cp -r a tree
mkdir -p d/s; echo x > d/s/f; echo y > d/g; cp -r d e; ls -R e; cat e/s/f
## stdout:
e:
g
s

e/s:
f
x
## status: 0
#### cp -r into an existing directory
mkdir -p d e; touch d/f; cp -r d e; ls -R e
## stdout:
e:
d

e/d:
f
## status: 0
#### cp -r into itself
mkdir d; cp -r d d/sub 2>&1; echo "status $?"
## stdout:
cp: cannot copy a directory, 'd', into itself, 'd/sub'
status 1
## status: 0
#### cp same file
touch a; cp a a 2>&1; echo "status $?"
## stdout:
cp: 'a' and 'a' are the same file
status 1
## status: 0
#### cp -n keeps the destination
echo old > b; echo new > a; cp -n a b; cat b
## stdout:
old
## status: 0
#### cp -v
touch a; cp -v a b
## stdout:
'a' -> 'b'
## status: 0
#### cp -p keeps mode and time
touch -d '2020-01-02 03:04:05' a; chmod 600 a; cp -p a b; stat -c '%a %y' b
## stdout:
600 2020-01-02 03:04:05.000000000 +0000
## status: 0
#### cp without -p sets the mode from the source
touch a; chmod 640 a; cp a b; stat -c '%a' b
## stdout:
640
## status: 0
#### cp keeps an existing destination mode
touch a b; chmod 600 b; cp a b; stat -c '%a' b
## stdout:
600
## status: 0
#### cp -a preserves symlinks
touch f; ln -s f l; mkdir d; cp -a l d; readlink d/l
## stdout:
f
## status: 0
#### cp -r copies symlinks as symlinks
mkdir d; touch d/f; ln -s f d/l; cp -r d e; readlink e/l
## stdout:
f
## status: 0
#### cp follows a symlink operand without -r
echo data > f; ln -s f l; cp l c; cat c; [ -L c ] || echo regular
## stdout:
data
regular
## status: 0
#### cp -t
touch a b; mkdir d; cp -t d a b; ls d
## stdout:
a
b
## status: 0
#### cp -T
mkdir d; touch a; cp -T a d 2>&1; echo "status $?"
## stdout:
cp: cannot overwrite directory 'd' with non-directory
status 1
## status: 0
#### cp directory onto file
mkdir d; touch f; cp -r d f 2>&1; echo "status $?"
## stdout:
cp: cannot overwrite non-directory 'f' with directory 'd'
status 1
## status: 0
#### cp file onto directory name with -T
mkdir d; echo x > a; cp a d/; ls d
## stdout:
a
## status: 0
#### cp empty file
touch e; cp e f; wc -c < f
## stdout:
0
## status: 0
#### cp binary-safe
printf 'a\0b' > a; cp a b; wc -c < b
## stdout:
3
## status: 0
#### mv renames
echo hi > a; mv a b; ls; cat b
## stdout:
b
hi
## status: 0
#### mv into a directory
touch a; mkdir d; mv a d; ls d; ls
## stdout:
a
d
## status: 0
#### mv several into a directory
touch a b; mkdir d; mv a b d; ls d
## stdout:
a
b
## status: 0
#### mv missing
mv nope x 2>&1; echo "status $?"
## stdout:
mv: cannot stat 'nope': No such file or directory
status 1
## status: 0
#### mv over an existing file
echo one > a; echo two > b; mv a b; cat b; ls
## stdout:
one
b
## status: 0
#### mv -n keeps the destination
echo one > a; echo two > b; mv -n a b; cat b; ls
## stdout:
two
a
b
## status: 0
#### mv -v
touch a; mv -v a b
## stdout:
renamed 'a' -> 'b'
## status: 0
#### mv a directory
mkdir -p d/s; touch d/s/f; mv d e; ls -R e
## stdout:
e:
s

e/s:
f
## status: 0
#### mv directory into itself
mkdir d; mv d d/x 2>&1; echo "status $?"
## stdout:
mv: cannot move 'd' to a subdirectory of itself, 'd/x'
status 1
## status: 0
#### mv directory onto a non-empty directory
mkdir -p a b/a; touch b/a/f; mv a b 2>&1; echo "status $?"
## stdout:
mv: cannot move 'a' to 'b/a': Directory not empty
status 1
## status: 0
#### mv directory into an empty same-name directory
mkdir -p a b/a; touch a/f; mv a b; ls -R b
## stdout:
b:
a

b/a:
f
## status: 0
#### mv file onto a directory with -T
touch f; mkdir d; mv -T f d 2>&1; echo "status $?"
## stdout:
mv: cannot overwrite directory 'd' with non-directory
status 1
## status: 0
#### mv same file
touch a; mv a a 2>&1; echo "status $?"
## stdout:
mv: 'a' and 'a' are the same file
status 1
## status: 0
#### mv -t
touch a b; mkdir d; mv -t d a b; ls d
## stdout:
a
b
## status: 0
#### mv a symlink moves the link
touch f; ln -s f l; mkdir d; mv l d; ls d; readlink d/l
## stdout:
l
f
## status: 0
#### mv no operand
mv 2>&1; echo "status $?"
## stdout:
mv: missing file operand
Try 'mv --help' for more information.
status 1
## status: 0
#### mv keeps contents and mtime
echo x > a; touch -d '2020-01-02' a; mv a b; stat -c '%Y' b; cat b
## stdout:
1577923200
x
## status: 0
