# `read` drops NUL bytes silently (bash 5.2); they do not count toward
# -n/-N, and with -d '' a NUL ends the record; mapfile keeps a line up to
# its first NUL byte.

#### read drops NUL bytes from a line
printf 'a\0b c\n' | { read x y; echo "[$x][$y] ${#x}"; }
## stdout:
[ab][c] 2
## status: 0

#### read -r drops every NUL byte
printf 'a\0b\0c\n' | { read -r x; echo "[$x] ${#x}"; printf %s "$x" | od -An -c; }
## stdout:
[abc] 3
   a   b   c
## status: 0

#### IFS= read keeps the rest of the line without NULs
printf 'x\0y\n' | { IFS= read -r line; echo "${#line} $line"; }
## stdout:
2 xy
## status: 0

#### read -d '' splits at NUL bytes
printf 'a\0b\0c' | { read -d '' x; echo "[$x] $?"; read -d '' x; echo "[$x] $?"; read -d '' x; echo "[$x] $?"; }
## stdout:
[a] 0
[b] 0
[c] 1
## status: 0

#### read -n and -N do not count NUL bytes
printf 'ab\0cd\n' | { read -n 3 x; echo "[$x]"; }
printf 'ab\0cd\n' | { read -N 3 x; echo "[$x]"; }
printf 'ab\0\0cd' | { read -n 2 x; read -N 1 y; echo "[$x][$y]"; }
printf 'a\0bc' | { read -d '' -n 3 x; echo "[$x]"; }
## stdout:
[abc]
[abc]
[ab][c]
[a]
## status: 0

#### read -a drops NUL bytes
printf 'a\0b c\0d\n' | { read -a arr; echo "${#arr[@]} ${arr[0]} ${arr[1]}"; }
## stdout:
2 ab cd
## status: 0

#### read of only NUL bytes at end of input
printf '\0\0' | { read x; echo "st=$? [$x]"; }
printf 'a\0' | { read x; echo "st=$? [$x]"; }
## stdout:
st=1 []
st=1 [a]
## status: 0

#### read with a backslash continuation and NUL bytes
printf 'a\0\\\nb\n' | { read x; echo "st=$? [$x]"; }
## stdout:
st=0 [ab]
## status: 0

#### mapfile keeps each line up to its first NUL byte
printf 'a\0b\nc\n' | { mapfile -t arr; declare -p arr; }
printf 'a\0b\0' | { mapfile -d '' arr; declare -p arr; }
printf '\0x\ny\0\n' | { mapfile arr; echo "${#arr[@]} ${#arr[0]} ${#arr[1]}"; }
## stdout:
declare -a arr=([0]="a" [1]="c")
declare -a arr=([0]="a" [1]="b")
2 0 1
## status: 0
