# ${x~} and ${x~~}: toggle case (bash 5.2 accepts them; the manual lists
# only ^ ^^ , ,,), with and without a pattern, on arrays and positionals.

#### toggle the first character
x=aBc
echo "${x~}" "${x~~}"
## stdout:
ABc AbC
## status: 0

#### toggle with a pattern
x=abcABC
echo "${x~~[aB]}" "${x~[a]}" "${x~[b]}"
## stdout:
AbcAbC AbcABC abcABC
## status: 0

#### toggle every element of an array
a=(aB cD eF)
echo "${a[@]~~}"
echo "${a[@]~}"
## stdout:
Ab Cd Ef
AB CD EF
## status: 0

#### toggle positional parameters
set -- hello World
echo "${@~}"
echo "${*~~}"
## stdout:
Hello world
HELLO wORLD
## status: 0

#### toggle an empty and an unset value
e=
echo "[${e~~}]" "[${unset_var~}]"
## stdout:
[] []
## status: 0

#### toggle in a round trip with ^^ and ,,
x=MiXeD
y=${x~~}
echo "$y" "${y^^}" "${y,,}"
## stdout:
mIxEd MIXED mixed
## status: 0
