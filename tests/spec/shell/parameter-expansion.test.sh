# Parameter expansion operators: defaults, alternatives, errors, length,
# substrings, pattern removal, replacement, case modification.

#### default with colon for unset and empty
unset u; e=; echo "${u:-d1} ${e:-d2}"
## stdout:
d1 d2
## status: 0

#### default without colon only for unset
unset u; e=; echo "[${u-d1}] [${e-d2}]"
## stdout:
[d1] []
## status: 0

#### assign default
unset u; echo "${u:=new}"; echo "$u"
## stdout:
new
new
## status: 0

#### assign default without colon keeps empty
e=; echo "[${e=new}]"; echo "[$e]"
## stdout:
[]
[]
## status: 0

#### alternative value
x=1; e=; unset u; echo "[${x:+alt}] [${e:+alt}] [${e+alt}] [${u+alt}]"
## stdout:
[alt] [] [alt] []
## status: 0

#### error if unset prints and exits
unset u; (echo "${u:?missing}"; echo not reached); echo "status $?"
## stdout:
status 1
## status: 0

#### error if empty with colon
e=; (: "${e:?is empty}"); echo "status $?"
## stdout:
status 1
## status: 0

#### error without colon allows empty
e=; (echo "[${e?x}]"); echo "status $?"
## stdout:
[]
status 0
## status: 0

#### length of a string
x=hello; echo ${#x}
## stdout:
5
## status: 0

#### length of unset is zero
unset u; echo ${#u}
## stdout:
0
## status: 0

#### length of multibyte in C locale counts bytes
x='é'; echo ${#x}
## stdout:
2
## status: 0

#### length of positional parameters
set -- a b c; echo ${#} ${#@} ${#*}
## stdout:
3 3 3
## status: 0

#### substring offset
x=abcdef; echo ${x:2}
## stdout:
cdef
## status: 0

#### substring offset and length
x=abcdef; echo ${x:1:3}
## stdout:
bcd
## status: 0

#### negative offset needs a space
x=abcdef; echo ${x: -2} ${x:(-3):2}
## stdout:
ef de
## status: 0

#### negative length counts from end
x=abcdef; echo ${x:1:-2}
## stdout:
bcd
## status: 0

#### offset beyond length is empty
x=abc; echo "[${x:5}]"
## stdout:
[]
## status: 0

#### arithmetic in offset and length
x=abcdef; i=1; echo ${x:i+1:i*2}
## stdout:
cd
## status: 0

#### substring of positional parameters
set -- a b c d e; echo ${@:2:2}
## stdout:
b c
## status: 0

#### substring of dollar at from zero includes dollar zero count
set -- a b c; echo ${#@} "${@:1}"
## stdout:
3 a b c
## status: 0

#### negative length error for positional parameters
set -- a b c; (echo ${@:1:-1}); echo "status $?"
## stdout:
status 1
## status: 0

#### remove shortest prefix
x=a/b/c; echo ${x#*/}
## stdout:
b/c
## status: 0

#### remove longest prefix
x=a/b/c; echo ${x##*/}
## stdout:
c
## status: 0

#### remove shortest suffix
x=a/b/c; echo ${x%/*}
## stdout:
a/b
## status: 0

#### remove longest suffix
x=a/b/c; echo ${x%%/*}
## stdout:
a
## status: 0

#### remove with no match leaves value
x=abc; echo ${x#z} ${x%z}
## stdout:
abc abc
## status: 0

#### remove with bracket expression
x=123abc; echo ${x##+([0-9])} ${x#[0-9]}
## stdout:
123abc 23abc
## status: 0

#### remove suffix with character class
x=file.tar.gz; echo ${x%.*} ${x%%.*}
## stdout:
file.tar file
## status: 0

#### replace first
x=aaa; echo ${x/a/b}
## stdout:
baa
## status: 0

#### replace all
x=aaa; echo ${x//a/b}
## stdout:
bbb
## status: 0

#### replace anchored at start
x=abab; echo ${x/#a/X} ${x/#b/X}
## stdout:
Xbab abab
## status: 0

#### replace anchored at end
x=abab; echo ${x/%b/X} ${x/%a/X}
## stdout:
abaX abab
## status: 0

#### replace with empty
x=a-b-c; echo ${x//-}
## stdout:
abc
## status: 0

#### replace with glob pattern
x='hello world'; echo ${x/o*/0}
## stdout:
hell0
## status: 0

#### replace using variables in pattern and string
x=abc; p=b; r=X; echo ${x/$p/$r}
## stdout:
aXc
## status: 0

#### replace with ampersand is literal in bash 5.2 default
x=abc; echo "${x/b/&&}"
## stdout:
abbc
## status: 0

#### replace question mark pattern
x=abc; echo ${x//?/.}
## stdout:
...
## status: 0

#### uppercase first
x=hello; echo ${x^}
## stdout:
Hello
## status: 0

#### uppercase all
x=hello; echo ${x^^}
## stdout:
HELLO
## status: 0

#### lowercase first and all
x=HELLO; echo ${x,} ${x,,}
## stdout:
hELLO hello
## status: 0

#### case modification with pattern
x=hello; echo ${x^^[lo]}
## stdout:
heLLO
## status: 0

#### toggle case
x=HeLLo; echo ${x~~} ${x~}
## stdout:
hEllO heLLo
## status: 0

#### indirection
x=y; y=value; echo ${!x}
## stdout:
value
## status: 0

#### indirection to positional parameter
set -- one two; n=2; echo ${!n}
## stdout:
two
## status: 0

#### names matching prefix
aa1=1; aa2=2; ab=3; echo ${!aa*}; echo "${!aa@}"
## stdout:
aa1 aa2
aa1 aa2
## status: 0

#### transformation Q quotes
x="a'b c"; echo ${x@Q}
## stdout:
'a'\''b c'
## status: 0

#### transformation E expands escapes
x='a\tb'; echo "${x@E}"
## stdout:
a	b
## status: 0

#### transformation U u L
x='hello World'; echo "${x@U}" "${x@u}" "${x@L}"
## stdout:
HELLO WORLD Hello World hello world
## status: 0

#### transformation A produces assignment
x='a b'; echo "${x@A}"
## stdout:
x='a b'
## status: 0

#### transformation a gives attributes
declare -i n=1; declare -a arr=(1); declare -A m=([k]=v); readonly r=1; echo "[${n@a}] [${arr@a}] [${m@a}] [${r@a}] [${x@a}]"
## stdout:
[i] [a] [A] [r] []
## status: 0

#### transformation P prompt expansion of plain text
x='plain'; echo "${x@P}"
## stdout:
plain
## status: 0

#### transformation K on array
a=(x 'y z'); echo "${a[@]@K}"
## stdout:
0 "x" 1 "y z"
## status: 0

#### transformation Q on array elements
a=('a b' c); echo "${a[@]@Q}"
## stdout:
'a b' 'c'
## status: 0

#### nested expansion in default
unset u; d=def; echo ${u:-${d}x}
## stdout:
defx
## status: 0

#### default with command substitution
unset u; echo ${u:-$(echo sub)}
## stdout:
sub
## status: 0

#### default word not evaluated when set
x=1; echo ${x:-$(echo side >&2; echo no)}
## stdout:
1
## status: 0

#### assignment default in arithmetic context
unset n; echo $(( ${n:=5} + 1 )) $n
## stdout:
6 5
## status: 0

#### braces required for multi-digit positional
set -- a b c d e f g h i j; echo $10 ${10}
## stdout:
a0 j
## status: 0

#### length of array element
a=(abc de); echo ${#a[0]} ${#a[1]} ${#a[@]}
## stdout:
3 2 2
## status: 0

#### pattern removal on array elements
a=(x.txt y.txt); echo ${a[@]%.txt}
## stdout:
x y
## status: 0

#### replacement on array elements
a=(aa ba); echo "${a[@]/a/_}"
## stdout:
_a b_
## status: 0

#### case modification on array elements
a=(ab cd); echo ${a[@]^}
## stdout:
Ab Cd
## status: 0

#### pattern removal on positional parameters
set -- a.c b.c; echo ${@%.c}
## stdout:
a b
## status: 0

#### substring of array
a=(a b c d e); echo ${a[@]:1:3}
## stdout:
b c d
## status: 0

#### substring of array with negative offset
a=(a b c d e); echo ${a[@]: -2}
## stdout:
d e
## status: 0

#### default on array
a=(); echo ${a[@]:-empty}
## stdout:
empty
## status: 0

#### pattern with quoted special chars in removal
x='a*b'; echo ${x%\*b} ${x%'*b'}
## stdout:
a a
## status: 0

#### anchored replace with empty pattern
x=abc; echo ${x/#/pre} ${x/%/post}
## stdout:
preabc abcpost
## status: 0

#### replace with slash in replacement
x=a-b; echo ${x//-//}
## stdout:
a/b
## status: 0

#### replacement string with escaped slash in pattern
x=a/b/c; echo ${x//\//:}
## stdout:
a:b:c
## status: 0

#### colon in substring with spaces
x=abcdef; echo ${x:1 : 2}
## stdout:
bc
## status: 0

#### substring with offset equal to length
x=abc; echo "[${x:3}]"
## stdout:
[]
## status: 0

#### dollar at star element-wise removal quoted
set -- 'a x' 'b x'; printf '<%s>\n' "${@% x}"
## stdout:
<a>
<b>
## status: 0

#### unset variable in pattern acts as empty
x=abc; unset p; echo ${x#$p}
## stdout:
abc
## status: 0

#### parameter expansion in pattern is a glob
x=abc; p='?'; echo ${x#$p} ${x#"$p"}
## stdout:
bc abc
## status: 0

#### length of special parameters
set -- a b c; x=$#; echo ${##} ${#x}
## stdout:
1 1
## status: 0

#### nested default with assignment
unset a b; echo ${a:=${b:=inner}}; echo $a $b
## stdout:
inner
inner inner
## status: 0

#### indirect with array subscript
a=(x y z); r='a[1]'; echo ${!r}
## stdout:
y
## status: 0

#### indirect with array at
a=(x y z); r='a[@]'; echo ${!r}
## stdout:
x y z
## status: 0

#### keys of array with bang
a=([2]=x [5]=y); echo ${!a[@]}
## stdout:
2 5
## status: 0

#### error on bad substitution
(x=1; echo ${x:bad}) 2>/dev/null; echo "status $?"
## stdout:
1
status 0
## status: 0

#### bad substitution in eval
eval 'echo ${x!}' 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### global replace over a long value with fixed-length patterns
s=; for ((i = 0; i < 200; i++)); do s+="the fox "; done
t=${s//o/0}; u=${s//t?e/THE}; v=${s//[fx]o[xy]/BOX}; w=${s// t/}
echo ${#t} ${#u} ${#v} ${#w} "${t: -8}" "${u:0:8}" "${v:0:8}" "${w: -6}"
x=abab; echo ${x//ab/X} ${x/b?b/Y} ${x//ba?/Z} ${x//b?/-}
## stdout:
1600 1600 1600 1202 the f0x  THE fox  the BOX  e fox 
XX aY aZ a-b
## status: 0

#### literal pattern substitution: first, all, overlapping runs, & and \&, multibyte
s="aXbXXc"; echo "${s//X/-} ${s/X/-} ${s//XX/=} ${s//X/[&]} ${s//X/\&}"
t="ééaéé"; echo "${t//é/e} ${t/é/E}"
shopt -u patsub_replacement; echo "${s//X/[&]}"
## stdout:
a-b--c a-bXXc aXb=c a[X]b[X][X]c a&b&&c
eeaee Eéaéé
a[&]b[&][&]c
## status: 0
