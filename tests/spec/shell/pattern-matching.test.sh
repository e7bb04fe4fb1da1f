# Pattern matching (bash manual 3.5.8.1) through every construct that
# uses it: `[[ == ]]`, `case`, `${x#p}` `${x%p}` `${x/p/r}` `${x^^p}`,
# pathname expansion and `find -name`, with nested extended patterns on
# texts of a few hundred characters (bash itself backtracks, so the texts
# stay short enough for it).

#### nested repetition in [[ ]]
s=abababababababababab
[[ $s == *(a|b) ]]; echo $?
[[ $s == *(a|b)c ]]; echo $?
[[ ${s}c == *(*(a|b)c) ]]; echo $?
[[ ${s}cabc == *(*(a|b)c) ]]; echo $?
[[ ${s}cabd == *(*(a|b)c) ]]; echo $?
## stdout:
0
1
0
0
1
## status: 0

#### repetition of a pattern with a star
[[ xyxxyyxaay == +(x*y) ]]; echo $?
[[ xyxz == +(x*y) ]]; echo $?
[[ xy == +(x*y)+(x*y) ]]; echo $?
[[ xyxy == +(x*y)+(x*y) ]]; echo $?
## stdout:
0
1
1
0
## status: 0

#### negation next to repetition
[[ ab == !(*a)b ]]; echo $?
[[ ab == !(a)b ]]; echo $?
[[ aab == !(a)b ]]; echo $?
[[ yz == @(!(x)|y)z ]]; echo $?
[[ foo.txt == *.!(txt) ]]; echo $?
[[ foo.tx == *.!(txt) ]]; echo $?
## stdout:
1
1
0
0
1
0
## status: 0

#### case arms with globs and extended patterns
shopt -s extglob
for f in a.txt b.c README x.tar.gz 12 main.cpp abab abc; do
  case $f in
    *.txt) echo "$f text";;
    *.[ch]) echo "$f c";;
    *.[ch]pp) echo "$f c++";;
    README*) echo "$f readme";;
    *.tar.gz) echo "$f tarball";;
    +([0-9])) echo "$f number";;
    *(ab)) echo "$f abs";;
    *) echo "$f other";;
  esac
done
## stdout:
a.txt text
b.c c
README readme
x.tar.gz tarball
12 number
main.cpp c++
abab abs
abc other
## status: 0

#### remove prefix and suffix with nested patterns
shopt -s extglob
s=ababcababcabx
echo "${s#*(a|b)c}" "${s##*(*(a|b)c)}"
echo "${s%c*}" "${s%%c*}"
echo "${s%*(a|b)x}" "${s%%+(*(a|b)c)abx}"
echo "${s#x}" "${s%a}"
## stdout:
ababcabx abx
ababcabab abab
ababcababcab 
ababcababcabx ababcababcabx
## status: 0

#### replace first and all with nested patterns
shopt -s extglob
s=xaybzxaybzab
echo "${s/a*b/_}" "${s//a?b/_}" "${s//+(a|b)/_}"
echo "${s//*(a|y)b/_}" "${s/#x*(a|y)b/_}" "${s/%a*(b)/_}"
echo "${s//!(x)/-}" "${s//@(z|x)/}"
## stdout:
x_ x_zx_zab x_y_zx_y_z_
x_zx_z_ _zxaybzab xaybzxaybz_
- aybaybab
## status: 0

#### replace on a long value
shopt -s extglob
s=
for i in {1..200}; do s+=xaybz; done
t=${s//a*b/Q}; echo ${#t}
t=${s//a?b/Q}; echo ${#t}
t=${s//+(a|y)/Q}; echo ${#t} ${t:0:12}
t=${s%%y*}; echo ${#t}
t=${s%y*}; echo ${#t}
## stdout:
3
600
800 xQbzxQbzxQbz
2
997
## status: 0

#### case conversion with a pattern
s=abcabc
echo "${s^^[ab]}" "${s^^@(c)}" "${s^[a]}"
## stdout:
ABcABc abCabC Abcabc
## status: 0

#### pathname expansion with nested extended patterns
shopt -s extglob
touch abab abc ababc b.txt a.c
echo *(a|b)
echo *(*(a|b)c)
echo !(*.txt|*.c)
echo +(ab)c
## stdout:
abab
ababc abc
abab ababc abc
ababc abc
## status: 0

#### find -name with globs
touch a.txt b.txt c.log dd
find . -name '*.txt' | sort
find . -name '[a-c]*' | sort
find . -name '?' | sort
## stdout:
./a.txt
./b.txt
./a.txt
./b.txt
./c.log
.
## status: 0
