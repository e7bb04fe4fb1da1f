# sed: command-line options, files, -i, r/R/w (GNU sed 4.9; files need the Sandbox profile).

#### quiet long option
seq 1 3 | sed --quiet 2p
## stdout:
2
## status: 0

#### silent long option
seq 1 3 | sed --silent 2p
## stdout:
2
## status: 0

#### expression long option
seq 1 3 | sed --expression=2d
## stdout:
1
3
## status: 0

#### script file
printf '2d\ns/1/one/\n' > script.sed
seq 1 3 | sed -f script.sed
## stdout:
one
3
## status: 0

#### script file and expression
printf 's/1/one/\n' > s.sed
seq 1 3 | sed -f s.sed -e 3d
## stdout:
one
2
## status: 0

#### null data
printf 'a\0b\0' | sed -z 's/^/>/' | tr '\0' '\n'
## stdout:
>a
>b
## status: 0

#### separate files
printf 'a\nb\n' > f1
printf 'c\nd\n' > f2
sed -s 1d f1 f2
## stdout:
b
d
## status: 0

#### in place
printf 'a\nb\n' > f
sed -i 's/a/A/' f
cat f
## stdout:
A
b
## status: 0

#### in place with backup
printf 'a\nb\n' > f
sed -i.bak 's/a/A/' f
cat f f.bak
## stdout:
A
b
a
b
## status: 0

#### in place several files
printf 'a\n' > f1
printf 'a\n' > f2
sed -i 's/a/x/;$a end' f1 f2
cat f1 f2
## stdout:
x
end
x
end
## status: 0

#### in place prints nothing
printf 'a\n' > f
sed -i p f
cat f
## stdout:
a
a
## status: 0

#### in place quit truncates
seq 1 5 > f
sed -i 2q f
cat f
## stdout:
1
2
## status: 0

#### in place long option with suffix
printf 'a\n' > f
sed --in-place=.orig 's/a/b/' f
cat f f.orig
## stdout:
b
a
## status: 0

#### in place without files
sed -i p; echo $?
## stdout:
4
## status: 0

#### write file
seq 1 3 | sed -n '2w out'
cat out
## stdout:
2
## status: 0

#### write file s flag
seq 1 3 | sed 's/2/X/w out'
cat out
## stdout:
1
X
3
X
## status: 0

#### write file truncated even unused
echo old > out
seq 1 2 | sed '5w out'
cat out; echo end
## stdout:
1
2
end
## status: 0

#### read file
printf 'inserted\n' > ins
seq 1 2 | sed '1r ins'
## stdout:
1
inserted
2
## status: 0

#### read missing file ignored
seq 1 2 | sed '1r nope'
## stdout:
1
2
## status: 0

#### read lines one by one
printf 'x\ny\n' > l
seq 1 3 | sed 'R l'
## stdout:
1
x
2
y
3
## status: 0

#### stdin dash operand
printf 'f\n' > f
echo s | sed p f -
## stdout:
f
f
s
s
## status: 0

#### missing input file
printf 'a\n' > f
sed p nope f; echo $?
## stdout:
a
a
2
## status: 0

#### help exits 0
sed --help >/dev/null; echo $?
## stdout:
0
## status: 0

#### streams: stops with head
yes | sed 's/y/n/' | head -n 2
## stdout:
n
n
## status: 0

#### streams: q on endless input
yes | sed 3q
## stdout:
y
y
y
## status: 0

#### posix option accepted
echo a | sed --posix 's/a/b/'
## stdout:
b
## status: 0

#### unbuffered accepted
echo a | sed -u 's/a/b/'
## stdout:
b
## status: 0
