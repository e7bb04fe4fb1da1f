# Quoting: single, double, $'...', backslashes, quote removal and quotes
# inside expansions inside substitutions.

#### single quotes keep everything literal
echo 'a $b `c` \d "e"'
## stdout:
a $b `c` \d "e"
## status: 0

#### double quotes expand parameters
x=world; echo "hello $x"
## stdout:
hello world
## status: 0

#### backslash in double quotes before special chars
echo "a\$b \`c\` \\d \"e\" \f"
## stdout:
a$b `c` \d "e" \f
## status: 0

#### backslash newline in double quotes is removed
echo "a\
b"
## stdout:
ab
## status: 0

#### backslash newline unquoted is a line continuation
echo a\
b
## stdout:
ab
## status: 0

#### unquoted backslash escapes any char
echo \a\b\ \c
## stdout:
ab c
## status: 0

#### adjacent quoted parts join into one word
printf '<%s>\n' 'a'"b"c$'d'
## stdout:
<abcd>
## status: 0

#### empty quotes make an empty argument
printf '<%s>\n' '' "" a
## stdout:
<>
<>
<a>
## status: 0

#### dollar single quote escapes
printf '<%s>\n' $'a\tb' $'c\nd' $'\x41\101\u00e9'
## stdout:
<a	b>
<c
d>
<AA\u00E9>
## status: 0

#### dollar single quote with escaped quote
echo $'it\'s'
## stdout:
it's
## status: 0

#### dollar single quote backslash c
printf '%q\n' $'a\cAb'
## stdout:
$'a\001b'
## status: 0

#### dollar double quote is a plain double quote in C locale
echo $"hello"
## stdout:
hello
## status: 0

#### single quote inside double quotes
echo "it's"
## stdout:
it's
## status: 0

#### double quote inside single quotes
echo 'say "hi"'
## stdout:
say "hi"
## status: 0

#### quoted glob characters are literal
echo '*' "?" \[
## stdout:
* ? [
## status: 0

#### quotes inside command substitution inside double quotes
x=$(echo "a  b"); echo "[$x]"
## stdout:
[a  b]
## status: 0

#### nested double quotes in command substitution
echo "outer $(echo "inner $(echo "deep")")"
## stdout:
outer inner deep
## status: 0

#### single quotes inside command substitution in double quotes
echo "$(echo 'a   b')"
## stdout:
a   b
## status: 0

#### backticks with escaped dollar
x=1; echo `echo \$x`
## stdout:
1
## status: 0

#### backticks nested with escaped backticks
echo `echo \`echo nested\``
## stdout:
nested
## status: 0

#### quoting inside parameter default inside double quotes
unset v; echo "${v:-"a  b"}"
## stdout:
a  b
## status: 0

#### single quotes in parameter default in double quotes are literal
unset v; echo "${v:-'x'}"
## stdout:
'x'
## status: 0

#### single quotes in parameter default unquoted are removed
unset v; echo ${v:-'x  y'}
## stdout:
x  y
## status: 0

#### pattern removal with quoted pattern
x='a*b*c'; echo "${x#"a*"}" "${x#a*}"
## stdout:
b*c *b*c
## status: 0

#### quoted star in replacement pattern
x='a*b'; echo "${x/\*/-}" "${x/'*'/+}"
## stdout:
a-b a+b
## status: 0

#### double quoted dollar at in a word
set -- a b; printf '<%s>\n' "x$@y"
## stdout:
<xa>
<by>
## status: 0

#### backslash before newline inside single quotes is kept
echo 'a\
b'
## stdout:
a\
b
## status: 0

#### escaped single quote idiom
echo 'it'\''s'
## stdout:
it's
## status: 0

#### hash inside a word is not a comment
echo a#b '#c' #comment
## stdout:
a#b #c
## status: 0

#### hash after space starts a comment
echo a # b c
## stdout:
a
## status: 0

#### quoted empty variable keeps an argument
e=; printf '<%s>\n' "$e" $e x
## stdout:
<>
<x>
## status: 0

#### dollar at end of word is literal
echo a$ "b$"
## stdout:
a$ b$
## status: 0

#### dollar before quote is removed before single quote
echo $'x'y
## stdout:
xy
## status: 0

#### quotes around tilde prevent expansion
HOME=/h; echo "~" '~' ~
## stdout:
~ ~ /h
## status: 0

#### backslash in single-quoted string printf
printf '%s\n' 'a\nb'
## stdout:
a\nb
## status: 0

#### ANSI-C octal and hex limits
printf '%s\n' $'\0101' $'\x4142'
## stdout-json: "\b1\nA42\n"
## status: 0

#### ANSI-C escape e and E
printf '%q\n' $'\e' $'\E'
## stdout:
$'\E'
$'\E'
## status: 0

#### quoted variable with newlines is preserved
x=$'l1\nl2'; echo "$x"
## stdout:
l1
l2
## status: 0

#### unquoted variable with newlines is split
x=$'l1\nl2'; echo $x
## stdout:
l1 l2
## status: 0

#### quotes in arithmetic
echo $(( "1" + 2 ))
## stdout:
3
## status: 0

#### quoted command name
'echo' hi; "ech"o there
## stdout:
hi
there
## status: 0

#### backslash space in assignment
x=a\ b; echo "$x"
## stdout:
a b
## status: 0

#### assignment value is not word split
x="a    b"; y=$x; echo "$y"
## stdout:
a    b
## status: 0

#### escaped dollar brace
echo \${x}
## stdout:
${x}
## status: 0

#### double backslash
echo \\ "\\" '\\'
## stdout:
\ \ \\
## status: 0

#### quoting a brace expansion
echo "{a,b}" {a,b} '{a,b}'
## stdout:
{a,b} a b {a,b}
## status: 0

#### quote removal in case patterns
case 'a*' in "a*") echo quoted ;; *) echo other ;; esac
## stdout:
quoted
## status: 0

#### quoted pattern in case is literal
case abc in "a*") echo quoted ;; a*) echo glob ;; esac
## stdout:
glob
## status: 0

#### here-string with quotes
cat <<< "a  'b'  \"c\""
## stdout:
a  'b'  "c"
## status: 0

#### quoting in eval
eval 'echo "a  b"'; eval "echo 'c  d'"
## stdout:
a  b
c  d
## status: 0

#### printf q output round trips
x=$'a b\t\'c'; printf -v q '%q' "$x"; eval "y=$q"; [ "$x" = "$y" ] && echo same
## stdout:
same
## status: 0

#### unicode is passed through
echo 'héllo' "wörld"
## stdout:
héllo wörld
## status: 0

#### dollar single quote inside double quotes is literal
echo "$'a'"
## stdout:
$'a'
## status: 0

#### escaped double quote in single quotes in double quotes
echo "'\"'"
## stdout:
'"'
## status: 0

#### backslash before ordinary char in double quotes is kept
echo "\a\b\c"
## stdout:
\a\b\c
## status: 0

#### double quotes around command substitution keep trailing spaces
echo "[$(printf 'a  ')]"
## stdout:
[a  ]
## status: 0

#### command substitution strips all trailing newlines
x=$(printf 'a\n\n\n'); echo "[$x]"
## stdout:
[a]
## status: 0

#### command substitution keeps leading newlines
x=$(printf '\n\na'); echo "[$x]"
## stdout:
[

a]
## status: 0
