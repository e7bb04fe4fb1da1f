# ls: listing order, hidden files, -a/-A, -1, -R, -d, -F/-p, sorting by
# time and size, -r, and the long format (owner columns cut away: the
# oracle runs as root, the sandbox as `user`).

#### empty directory lists nothing
ls
## stdout:
## status: 0

#### names in byte order
touch b a C _x 10 9
ls
## stdout:
10
9
C
_x
a
b
## status: 0
#### hidden files need -a or -A
touch .h v
ls; echo --; ls -A; echo --; ls -a
## stdout:
v
--
.h
v
--
.
..
.h
v
## status: 0
#### operand that is a file
touch f
ls f
## stdout:
f
## status: 0
#### missing operand status 2
ls nope 2>&1; echo "status $?"
## stdout:
ls: cannot access 'nope': No such file or directory
status 2
## status: 0
#### some operands missing
touch a
ls a nope 2>&1; echo "status $?"
## stdout:
ls: cannot access 'nope': No such file or directory
a
status 2
## status: 0
#### directory operand lists its contents
mkdir d; touch d/x d/y
ls d
## stdout:
x
y
## status: 0
#### several directories get headers
mkdir d e; touch d/1 e/2
ls d e
## stdout:
d:
1

e:
2
## status: 0
#### files first then directories
mkdir d; touch d/in f
ls d f
## stdout:
f

d:
in
## status: 0
#### -d lists the directory itself
mkdir d; touch d/x
ls -d d
## stdout:
d
## status: 0
#### -1 one per line
touch a b
ls -1
## stdout:
a
b
## status: 0
#### -R recursive
mkdir -p d/s/t; touch d/a d/s/b d/s/t/c
ls -R d
## stdout:
d:
a
s

d/s:
b
t

d/s/t:
c
## status: 0
#### -R on the current directory
mkdir s; touch a s/b
ls -R
## stdout:
.:
a
s

./s:
b
## status: 0
#### -F classifies
mkdir d; touch f x; chmod +x x; ln -s f l
ls -F
## stdout:
d/
f
l@
x*
## status: 0
#### -p marks directories
mkdir d; touch f
ls -p
## stdout:
d/
f
## status: 0
#### -t sorts newest first
touch -d '2020-01-01' old; touch -d '2021-01-01' new; touch -d '2020-06-01' mid
ls -t
## stdout:
new
mid
old
## status: 0
#### -tr oldest first
touch -d '2020-01-01' old; touch -d '2021-01-01' new; touch -d '2020-06-01' mid
ls -tr
## stdout:
old
mid
new
## status: 0
#### -S sorts by size
printf 1 > small; printf 12345 > big; printf 123 > mid
ls -S
## stdout:
big
mid
small
## status: 0
#### -S ties by name
printf 12 > b; printf 12 > a; printf 1 > c
ls -S
## stdout:
a
b
c
## status: 0
#### -r reverses names
touch a b c
ls -r
## stdout:
c
b
a
## status: 0
#### long format columns
printf hello > f; touch -d '2020-01-02 03:04:05' f
ls -l f | cut -d' ' -f1,2,5-
## stdout:
-rw-r--r-- 1 5 Jan  2  2020 f
## status: 0
#### long format of a directory has a total
mkdir d; printf hello > d/a; printf '%5000s' x > d/b; touch -d '2020-01-02' d/a d/b
ls -l d | cut -d' ' -f1,2,5-
## stdout:
total 12
-rw-r--r-- 1    5 Jan  2  2020 a
-rw-r--r-- 1 5000 Jan  2  2020 b
## status: 0
#### long format symlink arrow
touch -d '2020-01-02' f; ln -s f l
ls -l l | cut -d' ' -f1,2 ; ls -l l | sed 's/.* l ->/l ->/'
## stdout:
lrwxrwxrwx 1
l -> f
## status: 0
#### long format size column right aligned
printf 1 > a; printf '%100s' x > b
touch -d '2019-05-06 07:08' a b
ls -l | cut -c1-10,24-
## stdout:
total 8
-rw-r--r--  1 May  6  2019 a
-rw-r--r--100 May  6  2019 b
## status: 0
#### -h sizes
printf '%2000s' x > k; yes | head -c 3000000 > m; printf 12 > s
ls -lh k m s | awk '{print $5, $9}'
## stdout:
2.0K k
2.9M m
2 s
## status: 0
#### -la shows dot entries
mkdir d
ls -la d | awk '$NF == "." {print $1, $2, $NF}'
## stdout:
drwxr-xr-x 2 .
## status: 0
#### -n numeric ids column count
touch f
ls -ln f | awk '{print NF}'
## stdout:
9
## status: 0
#### directory nlink counts subdirectories
mkdir -p d/a d/b d/c; touch d/f
ls -ld d | awk '{print $2}'
## stdout:
5
## status: 0
#### --full-time
touch -d '2020-01-02 03:04:05' f
ls -l --full-time f | awk '{print $6, $7, $8}'
## stdout:
2020-01-02 03:04:05.000000000 +0000
## status: 0
#### ls of an old file shows the year
touch -d '2001-02-03 04:05' f
ls -l f | awk '{print $6, $7, $8}'
## stdout:
Feb 3 2001
## status: 0
#### glob operands
touch a.txt b.txt c.md
ls *.txt
## stdout:
a.txt
b.txt
## status: 0
#### -A with -R
mkdir -p d/.h; touch d/.h/x
ls -AR d
## stdout:
d:
.h

d/.h:
x
## status: 0
#### trailing slash operand
mkdir d; touch d/x
ls d/
## stdout:
x
## status: 0
#### dot dot operand
mkdir d; touch x
cd d && ls ..
## stdout:
d
x
## status: 0
#### unknown option
ls --bogus 2>&1; echo "status $?"
## stdout:
ls: unrecognized option '--bogus'
Try 'ls --help' for more information.
status 2
## status: 0
#### invalid short option
ls -y 2>&1; echo "status $?"
## stdout:
ls: invalid option -- 'y'
Try 'ls --help' for more information.
status 2
## status: 0
#### -1 with many operands sorted
touch z y x
ls -1 z x y
## stdout:
x
y
z
## status: 0
#### symlink to directory operand lists target
mkdir d; touch d/in; ln -s d l
ls l
## stdout:
in
## status: 0
#### -l on symlink operand does not follow
mkdir d; ln -s d l
ls -l l | cut -c1
## stdout:
l
## status: 0
#### -L follows
mkdir d; ln -s d l
ls -lLd l | cut -c1
## stdout:
d
## status: 0
#### group directories first
mkdir b; touch a c
ls --group-directories-first
## stdout:
b
a
c
## status: 0
