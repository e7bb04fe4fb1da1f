# Word splitting: IFS whitespace and non-whitespace rules, empty fields,
# "$@" vs $* vs "$*".

#### default IFS splits on runs of blanks
x='  a   b	c  '; printf '<%s>\n' $x
## stdout:
<a>
<b>
<c>
## status: 0

#### IFS non-whitespace delimits empty fields
IFS=:; x='a::b:'; printf '<%s>\n' $x
## stdout:
<a>
<>
<b>
## status: 0

#### leading non-whitespace IFS gives an empty first field
IFS=:; x=':a'; printf '<%s>\n' $x
## stdout:
<>
<a>
## status: 0

#### trailing non-whitespace IFS does not add an empty field
IFS=:; x='a:'; printf '<%s>\n' $x
## stdout:
<a>
## status: 0

#### mixed whitespace and non-whitespace IFS
IFS=' :'; x=' a : b  :: c '; printf '<%s>\n' $x
## stdout:
<a>
<b>
<>
<c>
## status: 0

#### whitespace around a non-whitespace delimiter is absorbed
IFS=' ,'; x='a , b,c ,, d'; printf '<%s>\n' $x
## stdout:
<a>
<b>
<c>
<>
<d>
## status: 0

#### empty IFS disables splitting
IFS=; x='a b c'; printf '<%s>\n' $x
## stdout:
<a b c>
## status: 0

#### unset IFS behaves like default
unset IFS; x=' a  b '; printf '<%s>\n' $x
## stdout:
<a>
<b>
## status: 0

#### IFS with only a tab
IFS=$'\t'; x=$'a b\tc\t\td'; printf '<%s>\n' $x
## stdout:
<a b>
<c>
<d>
## status: 0

#### newline-only IFS splits lines
IFS=$'\n'; x=$'one two\nthree\n\nfour'; printf '<%s>\n' $x
## stdout:
<one two>
<three>
<four>
## status: 0

#### empty variable unquoted vanishes
e=''; printf '<%s>\n' a $e b
## stdout:
<a>
<b>
## status: 0

#### whitespace-only variable unquoted vanishes
w='   '; printf '<%s>\n' a $w b
## stdout:
<a>
<b>
## status: 0

#### splitting result of command substitution
printf '<%s>\n' $(echo ' x  y ')
## stdout:
<x>
<y>
## status: 0

#### no splitting in double quotes
x='a  b'; printf '<%s>\n' "$x"
## stdout:
<a  b>
## status: 0

#### no splitting in assignment
x='a  b'; y=$x; printf '<%s>\n' "$y"
## stdout:
<a  b>
## status: 0

#### splitting of partially quoted word
x='a b'; printf '<%s>\n' pre$x"post"
## stdout:
<prea>
<bpost>
## status: 0

#### quoted empty string joined to split word
x='a b'; printf '<%s>\n' ""$x
## stdout:
<a>
<b>
## status: 0

#### dollar star unquoted splits each parameter
set -- 'a b' c; printf '<%s>\n' $*
## stdout:
<a>
<b>
<c>
## status: 0

#### dollar at unquoted splits each parameter
set -- 'a b' c; printf '<%s>\n' $@
## stdout:
<a>
<b>
<c>
## status: 0

#### quoted dollar at keeps parameters
set -- 'a b' c ''; printf '<%s>\n' "$@"
## stdout:
<a b>
<c>
<>
## status: 0

#### quoted dollar star joins with first IFS char
set -- a b c; IFS=:; echo "$*"
## stdout:
a:b:c
## status: 0

#### quoted dollar star with empty IFS
set -- a b c; IFS=; echo "$*"
## stdout:
abc
## status: 0

#### quoted dollar star with unset IFS joins with space
set -- a b c; unset IFS; echo "$*"
## stdout:
a b c
## status: 0

#### quoted dollar at with no parameters is no word
set --; printf '<%s>\n' "$@" end
## stdout:
<end>
## status: 0

#### quoted dollar star with no parameters is an empty word
set --; printf '<%s>\n' "$*" end
## stdout:
<>
<end>
## status: 0

#### dollar at with prefix and suffix
set -- a b; printf '<%s>\n' "[$@]"
## stdout:
<[a>
<b]>
## status: 0

#### empty positional params with dollar at in middle
set -- '' ''; printf '<%s>\n' "$@"; echo "$#"
## stdout:
<>
<>
2
## status: 0

#### unquoted dollar at drops empty params
set -- '' a ''; printf '<%s>\n' $@ end
## stdout:
<a>
<end>
## status: 0

#### IFS change affects later expansions only
x='a:b'; IFS=:; printf '<%s>\n' $x; IFS=' '; printf '<%s>\n' $x
## stdout:
<a>
<b>
<a:b>
## status: 0

#### IFS set as prefix to a builtin does not affect splitting of its args
x='a:b'; IFS=: printf '<%s>\n' $x
## stdout:
<a:b>
## status: 0

#### splitting array elements
a=('a b' c); printf '<%s>\n' ${a[@]}
## stdout:
<a>
<b>
<c>
## status: 0

#### quoted array at keeps elements
a=('a b' '' c); printf '<%s>\n' "${a[@]}"
## stdout:
<a b>
<>
<c>
## status: 0

#### quoted array star joins with IFS
a=(a b c); IFS=-; echo "${a[*]}"
## stdout:
a-b-c
## status: 0

#### splitting of arithmetic result
IFS=1; echo $((212))
## stdout:
2 2
## status: 0

#### split on digits IFS
IFS=0; x=10203; printf '<%s>\n' $x
## stdout:
<1>
<2>
<3>
## status: 0

#### read uses IFS for fields
IFS=: read -r a b c <<< 'x:y:z:w'; printf '<%s>\n' "$a" "$b" "$c"
## stdout:
<x>
<y>
<z:w>
## status: 0

#### for loop over unquoted variable
x='1 2  3'; for i in $x; do echo "[$i]"; done
## stdout:
[1]
[2]
[3]
## status: 0

#### for loop over quoted variable
x='1 2  3'; for i in "$x"; do echo "[$i]"; done
## stdout:
[1 2  3]
## status: 0

#### glob chars after splitting with no match stay literal
x='no*match?'; printf '<%s>\n' $x
## stdout:
<no*match?>
## status: 0

#### set -f disables globbing of split words
set -f; x='*'; printf '<%s>\n' $x
## stdout:
<*>
## status: 0

#### backslash in unquoted variable is not an escape
x='a\ b'; printf '<%s>\n' $x
## stdout:
<a\>
<b>
## status: 0

#### IFS whitespace characters collapse but non-whitespace do not
IFS=' x'; v='axxb  c'; printf '<%s>\n' $v
## stdout:
<a>
<>
<b>
<c>
## status: 0

#### splitting with IFS containing a glob char
IFS='*'; v='a*b'; printf '<%s>\n' $v
## stdout:
<a>
<b>
## status: 0

#### dollar star in double quotes with multichar IFS uses first char
set -- 1 2 3; IFS='+-'; echo "$*"
## stdout:
1+2+3
## status: 0

#### unquoted dollar star with custom IFS
set -- 'a:b' c; IFS=:; printf '<%s>\n' $*
## stdout:
<a>
<b>
<c>
## status: 0

#### splitting inside array assignment
x='p q'; a=($x "$x"); echo "${#a[@]}"
## stdout:
3
## status: 0

#### empty string from command substitution unquoted is no word
printf '<%s>\n' $(true) x
## stdout:
<x>
## status: 0

#### quoted command substitution keeps empty word
printf '<%s>\n' "$(true)" x
## stdout:
<>
<x>
## status: 0

#### local IFS in function
f() { local IFS=,; x='1,2'; printf '<%s>\n' $x; }; f; x='1,2'; printf '<%s>\n' $x
## stdout:
<1>
<2>
<1,2>
## status: 0

#### dollar at in array assignment
set -- 'a b' c; arr=("$@"); echo "${#arr[@]} ${arr[0]}"
## stdout:
2 a b
## status: 0

#### dollar star in array assignment unquoted
set -- 'a b' c; arr=($*); echo "${#arr[@]}"
## stdout:
3
## status: 0

#### words from parameter default with spaces unquoted
unset v; printf '<%s>\n' ${v:-a b}
## stdout:
<a>
<b>
## status: 0

#### quoted default inside unquoted expansion
unset v; printf '<%s>\n' ${v:-"a b"} c
## stdout:
<a b>
<c>
## status: 0

#### ifs-split then empty-field handling with nonwhitespace
IFS=,; x=',,'; printf '<%s>\n' $x; echo done
## stdout:
<>
<>
done
## status: 0

#### single non-whitespace IFS char alone
IFS=,; x=','; set -- $x; echo $#
## stdout:
1
## status: 0

#### dollar at joined with text in the middle
set -- a b c; printf '<%s>\n' x"$@"y
## stdout:
<xa>
<b>
<cy>
## status: 0

#### dollar at slice quoted
set -- a 'b c' d; printf '<%s>\n' "${@:2}"
## stdout:
<b c>
<d>
## status: 0

#### IFS default value
printf '%q\n' "$IFS"
## stdout:
$' \t\n'
## status: 0
