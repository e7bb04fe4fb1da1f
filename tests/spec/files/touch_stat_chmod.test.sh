# touch, stat and chmod: timestamps from -d/-t/-r, stat -c directives,
# mode changes in octal and symbolic form.

#### touch creates an empty file
touch f; wc -c < f
## stdout:
0
## status: 0
#### touch does not truncate
echo data > f; touch f; cat f
## stdout:
data
## status: 0
#### touch -d date only
touch -d 2020-01-02 f; stat -c '%y' f
## stdout:
2020-01-02 00:00:00.000000000 +0000
## status: 0
#### touch -d date and time
touch -d '2020-01-02 03:04:05' f; stat -c '%y %Y' f
## stdout:
2020-01-02 03:04:05.000000000 +0000 1577934245
## status: 0
#### touch -d ISO with T and Z
touch -d '2021-12-31T23:59:59Z' f; stat -c '%Y' f
## stdout:
1640995199
## status: 0
#### touch -d epoch
touch -d @86400 f; stat -c '%y' f
## stdout:
1970-01-02 00:00:00.000000000 +0000
## status: 0
#### touch -t stamp
touch -t 202001020304.05 f; stat -c '%y' f
## stdout:
2020-01-02 03:04:05.000000000 +0000
## status: 0
#### touch -t without seconds
touch -t 199912312359 f; stat -c '%y' f
## stdout:
1999-12-31 23:59:00.000000000 +0000
## status: 0
#### touch -r copies a time
touch -d '2019-03-04 05:06:07' a; touch -r a b; stat -c '%y' b
## stdout:
2019-03-04 05:06:07.000000000 +0000
## status: 0
#### touch -c does not create
touch -c nope; ls
## stdout:
## status: 0
#### touch in a missing directory
touch d/f 2>&1; echo "status $?"
## stdout:
touch: cannot touch 'd/f': No such file or directory
status 1
## status: 0
#### touch invalid date
touch -d 'not a date' f 2>&1 | head -c 13; echo; touch -d 'not a date' f 2>/dev/null; echo "status $?"
## stdout:
touch: invali
status 1
## status: 0
#### touch several
touch a b c; ls
## stdout:
a
b
c
## status: 0
#### touch existing directory
mkdir d; touch -d 2020-05-05 d; stat -c '%y %F' d
## stdout:
2020-05-05 00:00:00.000000000 +0000 directory
## status: 0
#### touch no operand
touch 2>&1; echo "status $?"
## stdout:
touch: missing file operand
Try 'touch --help' for more information.
status 1
## status: 0
#### stat -c name and size
printf hello > f; stat -c '%n %s' f
## stdout:
f 5
## status: 0
#### stat -c type names
printf x > f; touch e; mkdir d; ln -s f l
stat -c '%F' f e d l
## stdout:
regular file
regular empty file
directory
symbolic link
## status: 0
#### stat -c permissions
touch f; chmod 640 f; stat -c '%a %A' f
## stdout:
640 -rw-r-----
## status: 0
#### stat -c octal with width
touch f; stat -c '%04a' f
## stdout:
0644
## status: 0
#### stat -c quoted name of a link
touch f; ln -s f l; stat -c '%N' l
## stdout:
'l' -> 'f'
## status: 0
#### stat -L follows
touch f; ln -s f l; stat -L -c '%F' l
## stdout:
regular empty file
## status: 0
#### stat -c blocks
printf '%5000s' x > f; stat -c '%s %b %B' f
## stdout:
5000 16 512
## status: 0
#### stat -c epoch seconds
touch -d '2000-01-01 00:00:00' f; stat -c '%Y' f
## stdout:
946684800
## status: 0
#### stat --printf has no newline
printf abc > f; stat --printf '%s|%n' f; echo
## stdout:
3|f
## status: 0
#### stat --printf escapes
touch f; stat --printf '%n\t%a\n' f
## stdout:
f	644
## status: 0
#### stat -c on a directory mode
mkdir d; stat -c '%a %A' d
## stdout:
755 drwxr-xr-x
## status: 0
#### stat missing file
stat nope 2>&1; echo "status $?"
## stdout:
stat: cannot statx 'nope': No such file or directory
status 1
## status: 0
#### stat several files
printf 1 > a; printf 22 > b; stat -c '%n=%s' a b
## stdout:
a=1
b=2
## status: 0
#### stat padded fields
printf 12 > f; stat -c '[%5s][%-5s]' f
## stdout:
[    2][2    ]
## status: 0
#### stat -c percent literal
touch f; stat -c '100%% %n' f
## stdout:
100% f
## status: 0
#### stat links of a directory
mkdir -p d/a d/b; stat -c '%h' d
## stdout:
4
## status: 0
#### chmod octal
touch f; chmod 600 f; stat -c '%a' f
## stdout:
600
## status: 0
#### chmod u+x
touch f; chmod u+x f; stat -c '%A' f
## stdout:
-rwxr--r--
## status: 0
#### chmod go-r
touch f; chmod go-r f; stat -c '%A' f
## stdout:
-rw-------
## status: 0
#### chmod a=r
touch f; chmod a=r f; stat -c '%a' f
## stdout:
444
## status: 0
#### chmod +x respects nothing but umask
touch f; chmod +x f; stat -c '%a' f
## stdout:
755
## status: 0
#### chmod -w form
touch f; chmod -w f; stat -c '%a' f
## stdout:
444
## status: 0
#### chmod comma list
touch f; chmod u=rwx,g=rx,o= f; stat -c '%a' f
## stdout:
750
## status: 0
#### chmod copy class
touch f; chmod 640 f; chmod o=g f; stat -c '%a' f
## stdout:
644
## status: 0
#### chmod X on directory and file
mkdir d; touch f; chmod a+X d f; stat -c '%n %a' d f
## stdout:
d 755
f 644
## status: 0
#### chmod sticky and setgid
mkdir d; chmod 1777 d; chmod g+s d; stat -c '%a %A' d
## stdout:
3777 drwxrwsrwt
## status: 0
#### chmod -R
mkdir -p d/s; touch d/s/f; chmod -R 700 d; stat -c '%n %a' d d/s d/s/f
## stdout:
d 700
d/s 700
d/s/f 700
## status: 0
#### chmod -v
touch f; chmod -v 755 f
## stdout:
mode of 'f' changed from 0644 (rw-r--r--) to 0755 (rwxr-xr-x)
## status: 0
#### chmod -c reports only changes
touch f; chmod -c 644 f; chmod -c 600 f
## stdout:
mode of 'f' changed from 0644 (rw-r--r--) to 0600 (rw-------)
## status: 0
#### chmod invalid mode
touch f; chmod 999 f 2>&1; echo "status $?"
## stdout:
chmod: invalid mode: '999'
Try 'chmod --help' for more information.
status 1
## status: 0
#### chmod missing file
chmod 644 nope 2>&1; echo "status $?"
## stdout:
chmod: cannot access 'nope': No such file or directory
status 1
## status: 0
#### chmod missing operand
chmod 644 2>&1; echo "status $?"
## stdout:
chmod: missing operand after '644'
Try 'chmod --help' for more information.
status 1
## status: 0
#### chmod through a symlink
touch f; ln -s f l; chmod 600 l; stat -c '%a' f
## stdout:
600
## status: 0
