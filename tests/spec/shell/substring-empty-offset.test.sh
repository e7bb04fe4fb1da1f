# ${x:} (an empty substring offset with no length) is a bad substitution
# when bash 5.2 expands it; an empty offset with a length, or a blank
# offset, is offset 0.

#### empty offset abandons the command line
x=abc
echo a
echo "[${x:}]"
echo "b $?"
## stdout:
a
b 1
## status: 0

#### empty offset of all elements
a=(a b c)
echo "[${a[@]:}]"
echo "after $?"
## stdout:
after 1
## status: 0

#### empty offset inside a function abandons the calling line
x=abc
f() { echo "${x:}"; echo c; }
f
echo "d $?"
## stdout:
d 1
## status: 0

#### empty offset not expanded is fine
x=abc
true || echo "${x:}"
echo ok
## stdout:
ok
## status: 0

#### empty offset with a length, blank offset, empty length
x=abc
e=
echo "[${x::2}] [${x: }] [${x:1:}] [${x:$e}] [${x:   :1}]"
## stdout:
[ab] [abc] [] [abc] [a]
## status: 0
