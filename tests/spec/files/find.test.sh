# find: tests, operators, depth options, actions. Output goes through
# `sort` where more than one directory entry prints, because GNU find
# visits entries in on-disk order.

#### find lists everything
mkdir -p d/s; touch d/a d/s/b
find d | sort
## stdout:
d
d/a
d/s
d/s/b
## status: 0
#### find default path is dot
mkdir s; touch a s/b
find | sort
## stdout:
.
./a
./s
./s/b
## status: 0
#### find -name glob
mkdir s; touch a.txt b.md s/c.txt
find . -name '*.txt' | sort
## stdout:
./a.txt
./s/c.txt
## status: 0
#### find -name matches hidden files with star
touch .hidden vis
find . -name '*' -type f | sort
## stdout:
./.hidden
./vis
## status: 0
#### find -iname
touch README readme Other
find . -iname 'readme' | sort
## stdout:
./README
./readme
## status: 0
#### find -name with brackets
touch a1 a2 b1
find . -name 'a[0-9]' | sort
## stdout:
./a1
./a2
## status: 0
#### find -path
mkdir -p x/y; touch x/y/f x/g
find . -path './x/y/*'
## stdout:
./x/y/f
## status: 0
#### find -type f
mkdir d; touch d/f; ln -s f d/l
find d -type f
## stdout:
d/f
## status: 0
#### find -type d
mkdir -p d/e/f; touch d/x
find d -type d | sort
## stdout:
d
d/e
d/e/f
## status: 0
#### find -type l
touch f; ln -s f l
find . -type l
## stdout:
./l
## status: 0
#### find -type list
mkdir d; touch f; ln -s f l
find . -type l,d | sort
## stdout:
.
./d
./l
## status: 0
#### find -maxdepth
mkdir -p a/b/c; touch a/b/c/f
find a -maxdepth 1 | sort; echo --; find a -maxdepth 0
## stdout:
a
a/b
--
a
## status: 0
#### find -mindepth
mkdir -p a/b/c
find a -mindepth 2 | sort
## stdout:
a/b/c
## status: 0
#### find -empty
mkdir e f; touch f/x empty; printf 1 > full
find . -empty | sort
## stdout:
./e
./empty
./f/x
## status: 0
#### find -size in bytes
printf 12345 > five; printf 1 > one; touch zero
find . -type f -size -3c | sort; echo --; find . -size 5c
## stdout:
./one
./zero
--
./five
## status: 0
#### find -size default blocks
printf '%600s' x > big; printf 1 > small
find . -type f -size +1 | sort; echo --; find . -type f -size 1 | sort
## stdout:
./big
--
./small
## status: 0
#### find -size k
printf '%3000s' x > f3k; printf '%100s' x > small
find . -type f -size +2k
## stdout:
./f3k
## status: 0
#### find -newer
touch -d 2020-01-01 old; touch -d 2020-06-01 ref; touch -d 2021-01-01 new
find . -type f -newer ref
## stdout:
./new
## status: 0
#### find -mtime on old files
touch -d 2001-01-01 ancient; touch recent
find . -type f -mtime +30
## stdout:
./ancient
## status: 0
#### find -mtime recent
touch -d 2001-01-01 ancient; touch recent
find . -type f -mtime -1
## stdout:
./recent
## status: 0
#### find not
touch a.txt b.md
find . -type f ! -name '*.txt'
## stdout:
./b.md
## status: 0
#### find -not
touch a.txt b.md
find . -type f -not -name '*.md'
## stdout:
./a.txt
## status: 0
#### find or
touch a.txt b.md c.sh
find . -name '*.txt' -o -name '*.sh' | sort
## stdout:
./a.txt
./c.sh
## status: 0
#### find parentheses
touch a.txt b.md; mkdir c.txt
find . \( -name '*.txt' -o -name '*.md' \) -type f | sort
## stdout:
./a.txt
./b.md
## status: 0
#### find explicit and
touch a.txt; mkdir b.txt
find . -name '*.txt' -a -type d
## stdout:
./b.txt
## status: 0
#### find or binds looser than and
touch a.txt; mkdir b.txt
find . -type d -name '*.txt' -o -name 'a*'  | sort
## stdout:
./a.txt
./b.txt
## status: 0
#### find -prune
mkdir -p skip/x keep; touch skip/x/f keep/g
find . -name skip -prune -o -type f -print | sort
## stdout:
./keep/g
## status: 0
#### find -print0
touch a b
find . -type f -print0 | tr '\0' '\n' | sort
## stdout:
./a
./b
## status: 0
#### find -exec with semicolon
echo hello > f
find . -type f -exec cat {} \;
## stdout:
hello
## status: 0
#### find -exec with plus
touch a b c
find . -type f -exec echo {} + | tr ' ' '\n' | sort
## stdout:
./a
./b
./c
## status: 0
#### find -exec braces inside a word
touch f
find . -name f -exec echo 'file:{}' \;
## stdout:
file:./f
## status: 0
#### find -exec false filters
touch a b
find . -type f -exec test {} = ./a \; -print
## stdout:
./a
## status: 0
#### find -exec a shell function
greet() { echo "hi $1"; }
touch x
find . -name x -exec greet {} \;
## stdout:
## status: 0
## divergence: toolsh's find -exec runs shell functions, builtins and tools (there are no processes); GNU find can only run programs
#### find -delete
mkdir -p d/e; touch d/e/f d/g.tmp d/h.tmp
find d -name '*.tmp' -delete; find d | sort
## stdout:
d
d/e
d/e/f
## status: 0
#### find -delete a tree
mkdir -p d/e/f; touch d/e/f/x
find d -delete; ls
## stdout:
## status: 0
#### find -depth order
mkdir -p a/b
find a -depth
## stdout:
a/b
a
## status: 0
#### find -quit
mkdir d; touch d/x
find d -type f -print -quit
## stdout:
d/x
## status: 0
#### find missing start
find nope 2>&1; echo "status $?"
## stdout:
find: 'nope': No such file or directory
status 1
## status: 0
#### find one start missing
touch a
find a nope 2>/dev/null; echo "status $?"
## stdout:
a
status 1
## status: 0
#### find unknown predicate
find . -bogus 2>&1; echo "status $?"
## stdout:
find: unknown predicate `-bogus'
status 1
## status: 0
#### find missing argument
find . -name 2>&1; echo "status $?"
## stdout:
find: missing argument to `-name'
status 1
## status: 0
#### find -printf basics
mkdir d; printf hello > d/f
find d -type f -printf '%p %f %h %s %d\n'
## stdout:
d/f f d 5 1
## status: 0
#### find -printf escapes: octal, NUL and the letter escapes
mkdir d; touch d/f
find d -type f -printf 'a\101|\60\1234|\08|\777|\a\b\f\r\t\v|\\|%f\n' | od -An -c
## stdout:
   a   A   |   0   S   4   |  \0   8   | 377   |  \a  \b  \f  \r
  \t  \v   |   \   |   f  \n
## status: 0
#### find -printf unknown escapes keep their backslash, with a warning first
mkdir d; touch d/f d/g
find d -type f -printf '\q\e\x41\u00e9\"%f\n' 2>&1 | sort
## stdout:
\q\e\x41\u00e9\"f
\q\e\x41\u00e9\"g
find: warning: unrecognized escape `\"'
find: warning: unrecognized escape `\e'
find: warning: unrecognized escape `\q'
find: warning: unrecognized escape `\u'
find: warning: unrecognized escape `\x'
## status: 0
#### find -printf \c stops each file's output, and escapes after it are not checked
mkdir d; touch d/f d/g
find d -type f -printf '%f\c\q-' -printf '|\n' 2>&1 | sort
## stdout:
f|
g|
## status: 0
#### find -printf a trailing backslash
mkdir d; touch d/f
find d -type f -printf '%f\' 2>&1; echo "|$?"
## stdout:
find: warning: escape `\' followed by nothing at all
f\|0
## status: 0
#### find -printf % at the end of the format is an error before any output
mkdir d; touch d/f
find d -printf 'x%f%' 2>&1; echo "|$?"
## stdout:
find: error: % at end of format string
|1
## status: 0
#### find -printf %% and a width on a literal
mkdir d; touch d/f
find d -type f -printf '%%|%5f|%-4f|\045f\n'
## stdout:
%|    f|f   |%f
## status: 0
#### find -printf relative path and depth
mkdir -p d/e; touch d/e/f
find d -printf '%P|%d\n' | sort
## stdout:
e/f|2
e|1
|0
## status: 0
#### find -printf mode and type
touch f; chmod 640 f; mkdir d
find . -mindepth 1 -printf '%y %m %M %f\n' | sort
## stdout:
d 755 drwxr-xr-x d
f 640 -rw-r----- f
## status: 0
#### find -printf time
touch -d '2020-01-02 03:04:05' f
find f -printf '%TY-%Tm-%Td %TH:%TM %t\n'
## stdout:
2020-01-02 03:04 Thu Jan  2 03:04:05.0000000000 2020
## status: 0
#### find -printf width
printf 12 > f
find f -printf '[%5s][%-3s]\n'
## stdout:
[    2][2  ]
## status: 0
#### find -perm exact
touch a b; chmod 600 a; chmod 644 b
find . -type f -perm 600
## stdout:
./a
## status: 0
#### find -perm any bits
touch a b; chmod 700 a; chmod 644 b
find . -type f -perm /111
## stdout:
./a
## status: 0
#### find -perm all bits
touch a b; chmod 755 a; chmod 711 b
find . -type f -perm -055
## stdout:
./a
## status: 0
#### find -executable
touch a b; chmod +x a
find . -type f -executable
## stdout:
./a
## status: 0
#### find multiple starts
mkdir a b; touch a/x b/y
find a b -type f
## stdout:
a/x
b/y
## status: 0
#### find start with trailing slash
mkdir d; touch d/f
find d/ | sort
## stdout:
d/
d/f
## status: 0
#### find absolute start shows absolute paths
mkdir d; touch d/f
find "$PWD/d" -type f | sed "s|^$PWD|PWD|"
## stdout:
PWD/d/f
## status: 0
#### find through a symlink start
mkdir d; touch d/f; ln -s d l
find l | sort; echo --; find -L l | sort
## stdout:
l
--
l
l/f
## status: 0
#### find does not follow symlinked directories
mkdir d; touch d/f; ln -s d l
find . -name f | sort
## stdout:
./d/f
## status: 0
#### find -L follows
mkdir d; touch d/f; ln -s d l
find -L . -name f | sort
## stdout:
./d/f
./l/f
## status: 0
#### find piped into wc
mkdir -p a/b; touch a/1 a/2 a/b/3
find a -type f | wc -l
## stdout:
3
## status: 0
#### find -name exact literal
touch 'a b' ab
find . -name 'a b'
## stdout:
./a b
## status: 0
#### find -maxdepth after test
mkdir -p a/b; touch a/b/c
find a -maxdepth 1 -type d 2>/dev/null | sort
## stdout:
a
a/b
## status: 0
#### find with xargs style exec plus and count
touch a b c
find . -type f -exec wc -c {} + | tail -1
## stdout:
0 total
## status: 0
