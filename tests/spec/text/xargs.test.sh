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
