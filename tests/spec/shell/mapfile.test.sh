# mapfile / readarray: -t, -n, -O, -s, -d, -u, callbacks, existing arrays.

#### mapfile basic keeps newlines
mapfile arr <<< $'a\nb'; declare -p arr
## stdout:
declare -a arr=([0]=$'a\n' [1]=$'b\n')
## status: 0

#### mapfile -t strips newlines
mapfile -t arr <<< $'a\nb'; declare -p arr
## stdout:
declare -a arr=([0]="a" [1]="b")
## status: 0

#### readarray synonym
readarray -t lines <<< $'1\n2\n3'; echo ${#lines[@]}
## stdout:
3
## status: 0

#### mapfile default array MAPFILE
mapfile -t <<< $'x\ny'; echo "${MAPFILE[@]}"
## stdout:
x y
## status: 0

#### mapfile -n limits count
mapfile -t -n 2 arr <<< $'1\n2\n3'; echo ${arr[@]}
## stdout:
1 2
## status: 0

#### mapfile -s skips lines
mapfile -t -s 1 arr <<< $'1\n2\n3'; echo ${arr[@]}
## stdout:
2 3
## status: 0

#### mapfile -O origin
arr=(a b c); mapfile -t -O 1 arr <<< $'X\nY'; declare -p arr
## stdout:
declare -a arr=([0]="a" [1]="X" [2]="Y")
## status: 0

#### mapfile without -O clears array
arr=(a b c d); mapfile -t arr <<< 'only'; declare -p arr
## stdout:
declare -a arr=([0]="only")
## status: 0

#### mapfile -d delimiter
mapfile -t -d , arr <<< 'a,b,c'; declare -p arr
## stdout:
declare -a arr=([0]="a" [1]="b" [2]=$'c\n')
## status: 0

#### mapfile -d empty for NUL
printf 'a\0b\0' | { mapfile -t -d '' arr; declare -p arr; }
## stdout:
declare -a arr=([0]="a" [1]="b")
## status: 0

#### mapfile from empty input
mapfile -t arr < /dev/null; echo ${#arr[@]}
## stdout:
0
## status: 0

#### mapfile keeps empty lines
mapfile -t arr <<< $'a\n\nb'; echo ${#arr[@]}; declare -p arr
## stdout:
3
declare -a arr=([0]="a" [1]="" [2]="b")
## status: 0

#### mapfile last line without newline
printf 'a\nb' | { mapfile -t arr; declare -p arr; }
## stdout:
declare -a arr=([0]="a" [1]="b")
## status: 0

#### mapfile -u fd
exec 3<<< $'p\nq'; mapfile -t -u 3 arr; exec 3<&-; echo ${arr[@]}
## stdout:
p q
## status: 0

#### mapfile callback
mapfile -t -C 'echo cb' -c 2 arr <<< $'a\nb\nc\nd'; echo ${#arr[@]}
## stdout:
cb 1 b
cb 3 d
4
## status: 0

#### mapfile in pipeline is in subshell
printf 'a\n' | mapfile -t arr; echo ${#arr[@]}
## stdout:
0
## status: 0

#### mapfile with lastpipe
shopt -s lastpipe; printf 'a\nb\n' | mapfile -t arr; echo ${#arr[@]}
## stdout:
2
## status: 0

#### mapfile invalid array name
mapfile -t 'bad-name' <<< x 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### mapfile -n 0 reads all
mapfile -t -n 0 arr <<< $'1\n2\n3'; echo ${#arr[@]}
## stdout:
3
## status: 0

#### mapfile lines with spaces are not split
mapfile -t arr <<< $'a b\nc  d'; echo ${#arr[@]} "${arr[1]}"
## stdout:
2 c  d
## status: 0

#### mapfile then iterate
mapfile -t arr <<< $'x\ny'; for l in "${arr[@]}"; do echo "<$l>"; done
## stdout:
<x>
<y>
## status: 0

#### mapfile from here-doc
mapfile -t arr <<END
one
two
END
echo ${arr[1]}
## stdout:
two
## status: 0

#### mapfile -t with CRLF keeps CR
mapfile -t arr <<< $'a\r'; printf '%q\n' "${arr[0]}"
## stdout:
$'a\r'
## status: 0

#### mapfile skip more than available
mapfile -t -s 10 arr <<< $'1\n2'; echo ${#arr[@]}
## stdout:
0
## status: 0

#### readarray -d newline explicit
readarray -d $'\n' -t arr <<< $'1\n2'; echo ${#arr[@]}
## stdout:
2
## status: 0

#### mapfile refuses a negative or non-numeric line count
mapfile -n -1 a <<< x; echo "rc $? ${#a[@]}"
mapfile -n abc a <<< x; echo "rc $? ${#a[@]}"
mapfile -n '' a <<< x; echo "rc $? ${#a[@]}"
## stdout:
rc 1 0
rc 1 0
rc 1 0
## status: 0

#### mapfile counts past 32 bits are refused, blanks around a count are not
mapfile -s 99999999999 a <<< x; echo "rc $? ${#a[@]}"
mapfile -n 4294967296 a <<< x; echo "rc $? ${#a[@]}"
mapfile -n 4294967295 a <<< x; echo "rc $? ${#a[@]}"
mapfile -n ' 3' a <<< x; echo "rc $? ${#a[@]}"
mapfile -n 010 a < <(seq 20); echo "rc $? ${#a[@]}"
## stdout:
rc 1 0
rc 1 0
rc 0 1
rc 0 1
rc 0 10
## status: 0

#### mapfile bad origin, quantum and descriptor, the array is left alone
a=(1 2)
mapfile -O -1 a <<< x; echo "rc $? ${a[*]}"
mapfile -O x a <<< x; echo "rc $? ${a[*]}"
mapfile -c 0 -C : a <<< x; echo "rc $? ${a[*]}"
mapfile -u x a <<< x; echo "rc $? ${a[*]}"
mapfile -u 7 a <<< x; echo "rc $? ${a[*]}"
## stdout:
rc 1 1 2
rc 1 1 2
rc 1 1 2
rc 1 1 2
rc 1 1 2
## status: 0

#### mapfile of many lines
mapfile -t a <<<"$(seq 1 50000)"; echo "${#a[@]} ${a[0]} ${a[4095]} ${a[4096]} ${a[49999]}"
## stdout:
50000 1 4096 4097 50000
## status: 0

#### mapfile of many lines with skip, count and origin
mapfile -t -s 3 -n 9000 -O 2 a < <(seq 100000); echo "${#a[@]} ${a[2]} ${a[9001]}"; declare -p a | cut -c1-40
## stdout:
9000 4 9003
declare -a a=([2]="4" [3]="5" [4]="6" [5
## status: 0

#### mapfile over an existing array keeps elements before the origin
a=(x y z w); mapfile -t -O 2 a < <(seq 5000); echo "${#a[@]} ${a[0]} ${a[1]} ${a[2]} ${a[5001]}"
## stdout:
5002 x y 1 5000
## status: 0

#### mapfile into an uppercasing array
declare -u a; mapfile -t a <<< $'ab\ncd'; declare -p a
## stdout:
declare -au a=([0]="AB" [1]="CD")
## status: 0

#### mapfile into an integer array
declare -ai a; mapfile -t a <<< $'1+2\n3*4'; declare -p a
## stdout:
declare -ai a=([0]="3" [1]="12")
## status: 0

#### mapfile into a readonly array
readonly -a a=(1); mapfile -t a <<< $'x'; echo "s=$? ${a[@]}"
## stdout:
s=1 1
## status: 0

#### mapfile through a nameref
declare -n r=target; mapfile -t r <<< $'p\nq'; declare -p target
## stdout:
declare -a target=([0]="p" [1]="q")
## status: 0

#### mapfile with a delimiter over many records
mapfile -t -d , a < <(seq -s, 10000); echo "${#a[@]} ${a[9999]}"
## stdout:
10000 10000

## status: 0

#### mapfile of long lines
mapfile -t a < <(for i in 1 2 3; do printf "%070000d\n" $i; done); echo "${#a[@]} ${#a[0]} ${a[2]: -3}"
## stdout:
3 70000 003
## status: 0
