# A negative index before an indexed array's first element ("bad array
# subscript", bash 5.2): reading `${x[-3]}` warns and expands to nothing
# with `$?` unchanged; `${#x[-3]}` and assigning `x[-3]=v` abandon the
# line with status 1; `unset` and `declare` fail with status 1.

#### reading a bad negative subscript expands to nothing
x=(1 2); echo "v=${x[-3]}"; echo "rc=$?"
## stdout:
v=
rc=0
## status: 0

#### bad negative subscript with a default value
x=(1 2); echo "${x[-3]:-d}"; echo "rc=$?"
## stdout:
d
rc=0
## status: 0

#### bad negative subscript in an assignment value
x=(1 2); y=${x[-3]}; echo "rc=$? y=$y"
## stdout:
rc=0 y=
## status: 0

#### bad negative subscript of an empty array and of a scalar
x=(); echo "v=${x[-1]}"; echo "rc=$?"
s=abc; echo "w=${s[-2]}"; echo "rc=$?"
## stdout:
v=
rc=0
w=
rc=0
## status: 0

#### a valid negative subscript still reads from the end
x=(1 2 3); echo "${x[-1]} ${x[-3]}"
## stdout:
3 1
## status: 0

#### assigning a bad negative subscript abandons the line
x=(1 2); x[-3]=1; echo "rc=$?"
echo "next $? ${x[@]}"
## stdout:
next 1 1 2
## status: 0

#### appending to a bad negative subscript abandons the line
x=(1 2); x[-3]+=1; echo "rc=$?"
echo "next $?"
## stdout:
next 1
## status: 0

#### length of a bad negative subscript abandons the line
x=(1 2); echo ${#x[-3]}; echo "rc=$?"
echo "next $?"
## stdout:
next 1
## status: 0

#### unset of a bad negative subscript fails and the line goes on
x=(1 2); unset "x[-3]"; echo "rc=$?"; echo "${x[@]}"
## stdout:
rc=1
1 2
## status: 0

#### declare with a bad negative subscript fails and the line goes on
x=(1 2); declare x[-3]=1; echo "rc=$?"; echo "${x[@]}"
## stdout:
rc=1
1 2
## status: 0

#### read and printf -v into a bad negative subscript fail and the line goes on
x=(1 2); read "x[-3]" <<< a; echo "read $?"; printf -v "x[-3]" a; echo "printf $?"; echo "${x[@]}"
## stdout:
read 1
printf 1
1 2
## status: 0
