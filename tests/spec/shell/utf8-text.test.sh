# Text under a UTF-8 locale (the file runs with LC_ALL=C.UTF-8): bash
# counts and slices characters, decodes \u and \U escapes to characters,
# and a script that sets LC_ALL=C (or LC_CTYPE, LANG) switches to bytes.
## locale: C.UTF-8

#### length counts characters
x="café ☠"; echo ${#x}
y=日本語; echo ${#y}
## stdout:
6
3
## status: 0

#### length of array elements counts characters
a=(é ☠☠ abc); echo ${#a[0]} ${#a[1]} ${#a[@]}
declare -A m=([k]=ñandú); echo ${#m[k]}
## stdout:
1 2 3
5
## status: 0

#### length of positional parameters counts characters
set -- héllo wörld; echo ${#1} ${#2}
## stdout:
5 5
## status: 0

#### substring counts characters
x="café ☠ ok"; echo "${x:3:3}|${x: -2}|${x:5:1}"
## stdout:
é ☠|ok|☠
## status: 0

#### ? and * in patterns match characters
x=é; [[ $x == ? ]] && echo one
x=日本; [[ $x == ?? ]] && echo two
x="naïve"; echo "${x#??}" "${x%?}"
## stdout:
one
two
ïve naïv
## status: 0

#### replacement of single characters
x="añb"; echo "${x//?/X}"
echo "${x/ñ/n}"
## stdout:
XXX
anb
## status: 0

#### case conversion of non-ASCII letters
x="café ñandú"; echo "${x^^}" "${x^}"
y="ÉCOLE"; echo "${y,,}" "${y,}"
## stdout:
CAFÉ ÑANDÚ Café ñandú
école éCOLE
## status: 0

#### character classes match non-ASCII letters
for c in é Ω 1 ' ' ☠; do [[ $c == [[:alpha:]] ]] && echo "$c alpha" || echo "$c not"; done
## stdout:
é alpha
Ω alpha
1 not
  not
☠ not
## status: 0

#### $'\u' and $'\U' escapes decode to characters
echo $'\u00e9|\u263a|\U0001F600|\u41'
## stdout:
é|☺|😀|A
## status: 0

#### $'\u' escapes combine with text
x=$'caf\u00e9'; echo "$x ${#x}"
## stdout:
café 4
## status: 0

#### echo -e decodes \u and \U
echo -e '\u00e9 \u0041 \U0001F600 \u7f' | od -An -c
## stdout:
 303 251       A     360 237 230 200     177  \n
## status: 0

#### echo -e \u with no digits stays
echo -e 'a\ub \Uz'
## stdout-json: "a\u000b \\Uz\n"
## status: 0

#### printf format decodes \u
printf '\u00e9\u263a\n'
printf 'x\U0001F600y\n'
## stdout:
é☺
x😀y
## status: 0

#### printf %b decodes \u
printf '%b\n' '\u00e9' 'a\U0001F600b'
## stdout:
é
a😀b
## status: 0

#### printf width counts bytes in bash
printf '[%5s][%-5s]\n' é ab
## stdout:
[   é][ab   ]
## status: 0

#### printf precision of a multibyte string
printf '[%.1s][%.2s]\n' éa éa | od -An -c
## stdout:
   [ 303   ]   [ 303 251   ]  \n
## status: 0

#### printf %c of a multibyte character
printf '%c|\n' é | od -An -c
## stdout:
 303   |  \n
## status: 0

#### read -n counts characters
read -n 2 x <<< 'éàb'; echo "$x"
read -N 3 x <<< 'ñañ'; echo "$x"
## stdout:
éà
ñañ
## status: 0

#### a script that sets LC_ALL=C counts bytes
x="café"
echo ${#x}
LC_ALL=C
echo ${#x}
LC_ALL=C.UTF-8
echo ${#x}
## stdout:
4
5
4
## status: 0

#### LC_ALL=C in a function with local
f() { local LC_ALL=C; echo ${#1}; }
f é; x=é; echo ${#x}
## stdout:
2
1
## status: 0

#### LC_ALL=C makes ? match one byte
x=é
LC_ALL=C
[[ $x == ?? ]] && echo two-bytes
## stdout:
two-bytes
## status: 0

#### LC_ALL=C keeps \u escapes in echo -e and printf
LC_ALL=C
echo -e '\u00e9'
printf '\u00e9\n'
## stdout:
\u00E9
\u00E9
## status: 0

#### LC_ALL wins over LC_CTYPE and LANG
LANG=C.UTF-8
LC_CTYPE=C.UTF-8
x=é
echo ${#x}
LC_ALL=C
echo ${#x}
unset LC_ALL
echo ${#x}
## stdout:
1
2
1
## status: 0

#### unset LC_ALL with LC_CTYPE=C counts bytes
x=é
unset LC_ALL
LC_CTYPE=C
echo ${#x}
LC_CTYPE=C.UTF-8
echo ${#x}
## stdout:
2
1
## status: 0

#### an invalid byte counts as one character
x=$'a\xffb'; echo ${#x}
## stdout:
3
## status: 0

#### substring of a string mixing ASCII and multibyte
s="ab☠cd☠ef"; for i in 0 2 3 5; do printf '%s ' "${s:i:2}"; done; echo
## stdout:
ab ☠c cd ☠e 
## status: 0

#### ${x:offset} beyond the length in characters
x=ñ; echo "[${x:1}] [${x:2}]"
## stdout:
[] []
## status: 0

#### the length of $* and $@ joined
set -- é ñ; x="$*"; echo ${#x}
## stdout:
3
## status: 0

#### sorting comparisons in [[ ]] with multibyte text
[[ é > e ]] && echo greater
[[ a < é ]] && echo less
## stdout:
greater
less
## status: 0
