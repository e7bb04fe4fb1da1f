# Associative arrays: declare -A, keys, insertion order as bash 5.2
# prints it, unset, -p format, quoting of keys.

#### declare and read
declare -A m; m[a]=1; m[b]=2; echo ${m[a]} ${m[b]} ${#m[@]}
## stdout:
1 2 2
## status: 0

#### compound assignment
declare -A m=([x]=1 [y]=2); echo ${m[x]}${m[y]}
## stdout:
12
## status: 0

#### key order of small map
declare -A m=([one]=1 [two]=2 [three]=3); echo "${!m[@]}"
## stdout:
two three one
## status: 0

#### values follow key order
declare -A m=([one]=1 [two]=2 [three]=3); echo "${m[@]}"
## stdout:
2 3 1
## status: 0

#### key order after incremental inserts
declare -A m; for k in z y x w v; do m[$k]=.; done; echo "${!m[@]}"
## stdout:
z y x w v
## status: 0

#### key order with numeric-like keys
declare -A m; for k in 10 9 1 100 2; do m[$k]=$k; done; echo "${!m[@]}"
## stdout:
9 2 1 100 10
## status: 0

#### declare -p of assoc
declare -A m=([k]=v [a]='x y'); declare -p m
## stdout:
declare -A m=([k]="v" [a]="x y" )
## status: 0

#### keys with spaces
declare -A m; m['a b']=1; m["c d"]=2; for k in "${!m[@]}"; do echo "[$k]=${m[$k]}"; done | sort
## stdout:
[a b]=1
[c d]=2
## status: 0

#### key is not arithmetic
declare -A m; m[1+1]=x; echo "${!m[@]}"
## stdout:
1+1
## status: 0

#### variable as key
declare -A m; k=key; m[$k]=v; echo ${m[key]}
## stdout:
v
## status: 0

#### unset a key
declare -A m=([a]=1 [b]=2); unset 'm[a]'; echo ${#m[@]} ${!m[@]}
## stdout:
1 b
## status: 0

#### unset key with spaces
declare -A m=(['a b']=1 [c]=2); unset 'm[a b]'; echo ${!m[@]}
## stdout:
c
## status: 0

#### missing key is empty
declare -A m; echo "[${m[nope]}]"
## stdout:
[]
## status: 0

#### test key existence
declare -A m=([a]=); [[ -v m[a] ]] && echo a-set; [[ -v m[b] ]] || echo b-unset
## stdout:
a-set
b-unset
## status: 0

#### test key existence with set plus
declare -A m=([a]=); echo "${m[a]+set}" "${m[b]+set}"
## stdout:
set 
## status: 0

#### append to value
declare -A m=([a]=x); m[a]+=y; echo ${m[a]}
## stdout:
xy
## status: 0

#### append pairs
declare -A m=([a]=1); m+=([b]=2 [c]=3); echo ${#m[@]}
## stdout:
3
## status: 0

#### count words with assoc
declare -A c; for w in a b a c a b; do c[$w]=$(( ${c[$w]:-0} + 1 )); done; for k in a b c; do echo "$k ${c[$k]}"; done
## stdout:
a 3
b 2
c 1
## status: 0

#### increment in arithmetic
declare -A c; (( c[x]++ )); (( c[x]++ )); echo ${c[x]}
## stdout:
2
## status: 0

#### arithmetic with string keys
declare -A m=([n]=5); echo $(( m[n] * 2 ))
## stdout:
10
## status: 0

#### assoc without declare -A is indexed
m[a]=1; m[b]=2; declare -p m
## stdout:
declare -a m=([0]="2")
## status: 0

#### empty key is an error
declare -A m; (m[""]=1) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### local assoc in function
f() { local -A l=([k]=in); echo ${l[k]}; }; f; echo "[${l[k]}]"
## stdout:
in
[]
## status: 0

#### copy assoc via loop
declare -A a=([x]=1 [y]=2) b; for k in "${!a[@]}"; do b[$k]=${a[$k]}; done; echo ${b[x]} ${b[y]}
## stdout:
1 2
## status: 0

#### assoc with special chars in keys
declare -A m; m['$x']=1; m['a]b']=2 2>/dev/null; m['*']=3; echo "${m['$x']} ${m['*']}"
## stdout:
1 3
## status: 0

#### declare -p with special chars in values
declare -A m=([k]=$'a\nb' [q]='"'); declare -p m
## stdout:
declare -A m=([q]="\"" [k]=$'a\nb' )
## status: 0

#### keys quoted at
declare -A m=([a]=1); printf '<%s>\n' "${!m[@]}"
## stdout:
<a>
## status: 0

#### star of values joined with IFS
declare -A m=([a]=1); IFS=,; echo "${m[*]}"
## stdout:
1
## status: 0

#### converting indexed to assoc fails
a=(1); (declare -A a) 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### unset whole assoc
declare -A m=([a]=1); unset m; declare -A m; echo ${#m[@]}
## stdout:
0
## status: 0

#### compound assign replaces all
declare -A m=([a]=1); m=([b]=2); echo ${!m[@]}
## stdout:
b
## status: 0

#### element-wise operators on assoc values
declare -A m=([a]=foo); echo ${m[@]^^} ${m[@]/o/0}
## stdout:
FOO f0o
## status: 0

#### length of value
declare -A m=([a]=hello); echo ${#m[a]}
## stdout:
5
## status: 0

#### nested expansion as key
declare -A m=([xy]=1); p=x; echo ${m[${p}y]}
## stdout:
1
## status: 0

#### key with quotes inside subscript
declare -A m; m["it's"]=1; echo "${m["it's"]}"
## stdout:
1
## status: 0

#### declare -A with -p when empty
declare -A m; declare -p m
## stdout:
declare -A m
## status: 0

#### assoc key order with 20 keys
declare -A m; for i in {1..20}; do m[k$i]=$i; done; echo "${!m[@]}"
## stdout:
k20 k8 k9 k4 k5 k6 k7 k1 k2 k3 k17 k16 k15 k14 k13 k12 k11 k10 k19 k18
## status: 0

#### assoc key order after unset and reinsert
declare -A m=([a]=1 [b]=2 [c]=3); unset 'm[a]'; m[a]=4; echo "${!m[@]}"
## stdout:
c b a
## status: 0

#### typeset -A
typeset -A t=([q]=1); echo ${t[q]}
## stdout:
1
## status: 0

#### declare -A in function is local
f() { declare -A m=([a]=1); echo ${#m[@]}; }; f; echo "${#m[@]}"
## stdout:
1
0
## status: 0

#### declare -gA in function is global
f() { declare -gA m=([a]=1); }; f; echo "${m[a]}"
## stdout:
1
## status: 0

#### mixing subscripts and values in compound assign
declare -A m=([a]=1 [b]=); echo "${#m[@]} [${m[b]}]"
## stdout:
2 []
## status: 0

#### key with equals sign
declare -A m; m[a=b]=c; echo "${!m[@]}" "${m[a=b]}"
## stdout:
a=b c
## status: 0

#### keys expanded in for with sort
declare -A m=([b]=2 [a]=1 [c]=3); for k in "${!m[@]}"; do echo $k; done | sort
## stdout:
a
b
c
## status: 0

#### assoc in string context
declare -A m=([zero]=0); echo "$m" "${m}" "${m[0]}"
## stdout:
  
## status: 0
