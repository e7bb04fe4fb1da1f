# mkdir, rmdir and rm: creation with and without parents, modes,
# verbose messages, errors and exit statuses.

#### mkdir creates a directory
mkdir d && [ -d d ] && echo yes
## stdout:
yes
## status: 0
#### mkdir several
mkdir a b c; ls
## stdout:
a
b
c
## status: 0
#### mkdir existing fails
mkdir d; mkdir d 2>&1; echo "status $?"
## stdout:
mkdir: cannot create directory 'd': File exists
status 1
## status: 0
#### mkdir missing parent fails
mkdir a/b 2>&1; echo "status $?"
## stdout:
mkdir: cannot create directory 'a/b': No such file or directory
status 1
## status: 0
#### mkdir -p creates parents
mkdir -p a/b/c; ls -R a
## stdout:
a:
b

a/b:
c

a/b/c:
## status: 0
#### mkdir -p existing is fine
mkdir -p a/b; mkdir -p a/b; echo "status $?"
## stdout:
status 0
## status: 0
#### mkdir -p over a file
touch f; mkdir -p f/x 2>&1; echo "status $?"
## stdout:
mkdir: cannot create directory 'f': Not a directory
status 1
## status: 0
#### mkdir -p the file itself
touch f; mkdir -p f 2>&1; echo "status $?"
## stdout:
mkdir: cannot create directory 'f': File exists
status 1
## status: 0
#### mkdir -v
mkdir -v d
## stdout:
mkdir: created directory 'd'
## status: 0
#### mkdir -pv reports each level
mkdir -pv x/y/z
## stdout:
mkdir: created directory 'x'
mkdir: created directory 'x/y'
mkdir: created directory 'x/y/z'
## status: 0
#### mkdir -m sets the mode
mkdir -m 700 d; stat -c '%a' d
## stdout:
700
## status: 0
#### mkdir -m symbolic
mkdir -m u=rwx,go= d; stat -c '%A' d
## stdout:
drwx------
## status: 0
#### mkdir default mode
mkdir d; stat -c '%a' d
## stdout:
755
## status: 0
#### mkdir no operand
mkdir 2>&1; echo "status $?"
## stdout:
mkdir: missing operand
Try 'mkdir --help' for more information.
status 1
## status: 0
#### mkdir with dot dot
mkdir -p a/b; mkdir a/b/../c; ls a
## stdout:
b
c
## status: 0
#### mkdir partial failure continues
mkdir a; mkdir a b 2>&1; echo "status $?"; ls
## stdout:
mkdir: cannot create directory 'a': File exists
status 1
a
b
## status: 0
#### rmdir removes empty
mkdir d; rmdir d; ls
## stdout:
## status: 0
#### rmdir non-empty fails
mkdir d; touch d/f; rmdir d 2>&1; echo "status $?"
## stdout:
rmdir: failed to remove 'd': Directory not empty
status 1
## status: 0
#### rmdir a file fails
touch f; rmdir f 2>&1; echo "status $?"
## stdout:
rmdir: failed to remove 'f': Not a directory
status 1
## status: 0
#### rmdir missing
rmdir nope 2>&1; echo "status $?"
## stdout:
rmdir: failed to remove 'nope': No such file or directory
status 1
## status: 0
#### rmdir -p removes parents
mkdir -p a/b/c; rmdir -p a/b/c; ls
## stdout:
## status: 0
#### rmdir -p stops at non-empty parent
mkdir -p a/b; touch a/f; rmdir -p a/b 2>&1; echo "status $?"; ls a
## stdout:
rmdir: failed to remove directory 'a': Directory not empty
status 1
f
## status: 0
#### rmdir -v
mkdir d; rmdir -v d
## stdout:
rmdir: removing directory, 'd'
## status: 0
#### rmdir ignore fail on non-empty
mkdir d; touch d/f; rmdir --ignore-fail-on-non-empty d; echo "status $?"
## stdout:
status 0
## status: 0
#### rm a file
touch f; rm f; ls
## stdout:
## status: 0
#### rm missing file
rm nope 2>&1; echo "status $?"
## stdout:
rm: cannot remove 'nope': No such file or directory
status 1
## status: 0
#### rm -f missing file
rm -f nope; echo "status $?"
## stdout:
status 0
## status: 0
#### rm -f with no operand
rm -f; echo "status $?"
## stdout:
status 0
## status: 0
#### rm no operand
rm 2>&1; echo "status $?"
## stdout:
rm: missing operand
Try 'rm --help' for more information.
status 1
## status: 0
#### rm a directory without -r
mkdir d; rm d 2>&1; echo "status $?"
## stdout:
rm: cannot remove 'd': Is a directory
status 1
## status: 0
#### rm -r a tree
mkdir -p d/a/b; touch d/a/b/f d/g; rm -r d; ls
## stdout:
## status: 0
#### rm -rf a tree and missing
mkdir -p d/x; rm -rf d nope; echo "status $?"; ls
## stdout:
status 0
## status: 0
#### rm -d empty directory
mkdir d; rm -d d; ls
## stdout:
## status: 0
#### rm -d non-empty
mkdir d; touch d/f; rm -d d 2>&1; echo "status $?"
## stdout:
rm: cannot remove 'd': Directory not empty
status 1
## status: 0
#### rm -v
touch a b; rm -v a b
## stdout:
removed 'a'
removed 'b'
## status: 0
#### rm -rv a nested tree
mkdir -p d/e; touch d/e/f; rm -rv d
## stdout:
removed 'd/e/f'
removed directory 'd/e'
removed directory 'd'
## status: 0
#### rm refuses dot
mkdir d; cd d; rm -r . 2>&1; echo "status $?"
## stdout:
rm: refusing to remove '.' or '..' directory: skipping '.'
status 1
## status: 0
#### rm refuses dot dot
mkdir d; rm -rf d/.. 2>&1; echo "status $?"; ls
## stdout:
rm: refusing to remove '.' or '..' directory: skipping 'd/..'
status 1
d
## status: 0
#### rm removes a symlink not its target
touch f; ln -s f l; rm l; ls
## stdout:
f
## status: 0
#### rm -r symlink to directory keeps target
mkdir d; touch d/x; ln -s d l; rm -r l; ls; ls d
## stdout:
d
x
## status: 0
#### rm several with one missing
touch a c; rm a b c 2>&1; echo "status $?"; ls
## stdout:
rm: cannot remove 'b': No such file or directory
status 1
## status: 0
#### rm double dash
touch -- -x; rm -- -x; ls
## stdout:
## status: 0
#### rm glob
touch a.log b.log keep.txt; rm *.log; ls
## stdout:
keep.txt
## status: 0
#### rm -R capital
mkdir -p d/e; rm -R d; ls
## stdout:
## status: 0
