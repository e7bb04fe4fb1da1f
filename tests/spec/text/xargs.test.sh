# xargs: splitting input into command lines.
# Expected values recorded from the real programs by `spec bless`.

#### default echo
printf 'a b\nc\n' | xargs
## stdout:
a b c
## status: 0

#### max args
printf 'a b c d e\n' | xargs -n 2
## stdout:
a b
c d
e
## status: 0

#### max args echo explicit
seq 5 | xargs -n 2 echo n:
## stdout:
n: 1 2
n: 3 4
n: 5
## status: 0

#### replace string
printf 'a\nb\n' | xargs -I{} echo 'item {} done'
## stdout:
item a done
item b done
## status: 0

#### replace custom
printf 'x\ny\n' | xargs -I % echo %-%
## stdout:
x-x
y-y
## status: 0

#### null separated
printf 'a b\0c\0' | xargs -0 -n 1 echo
## stdout:
a b
c
## status: 0

#### delimiter
printf 'a,b,c' | xargs -d, -n1 echo
## stdout:
a
b
c
## status: 0

#### quotes
printf '"a b" c\n' | xargs -n 1 echo
## stdout:
a b
c
## status: 0

#### backslash
printf 'a\\ b c\n' | xargs -n 1 echo
## stdout:
a b
c
## status: 0

#### empty input runs once
xargs echo start < /dev/null
## stdout:
start
## status: 0

#### no run if empty
xargs -r echo start < /dev/null; echo done
## stdout:
done
## status: 0

#### max lines
printf 'a b\nc\nd e\n' | xargs -L 2 echo
## stdout:
a b c
d e
## status: 0

#### runs a function
f() { echo "f:$*"; }; printf '1 2\n' | xargs -n 1 f 2>/dev/null || echo 'no function'
## stdout:
no function
## status: 0
## divergence: toolsh's xargs runs shell functions and builtins (there are no processes); GNU xargs can only run programs

#### exit status 123
echo a | xargs false; echo $?
## stdout:
123
## status: 0

#### exit status 127
echo a | xargs nosuchcommand 2>/dev/null; echo $?
## stdout:
127
## status: 0

#### with sort
printf '3\n1\n2\n' | sort | xargs
## stdout:
1 2 3
## status: 0

#### unmatched quote status
echo "'a" | xargs 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### default command line is 128 KiB: many items make several invocations
yes | head -c 300000 | xargs | awk '{print NF}'
yes | head -c 300000 | xargs echo abc | awk '{print NF}'
## stdout:
65533
65533
18934
65532
65532
18939
## status: 0

#### -s bounds each invocation, command included
printf 'a b c d e\n' | xargs -s 12 echo
printf 'a\nb c\nd\n' | xargs -L 1 -s 9 echo
## stdout:
a b c
d e
a
b c
d
## status: 0

#### an item that cannot fit in -s is an error
printf 'aaaaaaaaaa b\n' | xargs -s 12 echo 2>/dev/null; echo "rc=$?"
## stdout:
rc=1
## status: 0

#### unmatched quote after complete items runs them first
printf 'a b\n"c\n' | xargs echo 2>/dev/null; echo "rc=$?"
## stdout:
a b
rc=1
## status: 0

#### a backslash at the end of the input is dropped
printf 'a\\\nb c\\' | xargs -n 1 echo
## stdout:
a
b
c
## status: 0

#### blank lines and -L, delimiter with empty items
printf '  \n\n a  b\n' | xargs -L 1 echo
printf 'a:b::' | xargs -d : -n 1 echo
## stdout:
a b
a
b

## status: 0

#### endless input: xargs reads as it goes
yes abc | xargs echo | head -n 1 | wc -c
## stdout:
131064
## status: 0

#### -P runs invocations side by side, every one runs
seq 6 | xargs -P 3 -n 1 echo | sort -n
## stdout:
1
2
3
4
5
6
## status: 0

#### -P with failing invocations gives 123
printf '1\n2\n3\n' | xargs -P 2 -n 1 false; echo "status $?"
## stdout:
status 123
## status: 0

#### -P 0 is as many as possible
seq 5 | xargs -P 0 -n 2 echo | sort
## stdout:
1 2
3 4
5
## status: 0

#### -P with -I, one line each
printf 'a\nb\nc\n' | xargs -P 2 -I{} echo 'got {}' | sort
## stdout:
got a
got b
got c
## status: 0

#### -P with -t traces each command line
printf 'x\ny\n' | xargs -P 2 -t -n 1 echo 2>&1 | sort
## stdout:
echo x
echo y
x
y
## status: 0

#### -P needs a number
echo a | xargs -P x echo; echo "status $?"
## stdout:
status 1
## status: 0

#### -P with a command that is not found
echo a | xargs -P 2 no-such-command-here; echo "status $?"
## stdout:
status 127
## status: 0
