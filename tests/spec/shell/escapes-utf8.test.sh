# Backslash escapes under a UTF-8 locale (the file runs with
# LC_ALL=C.UTF-8): \u and \U in printf formats, %b, echo -e and ${x@E};
# octal escapes past \377; printf -v with a name that cannot be assigned;
# printf %q of multibyte text.
## locale: C.UTF-8

#### printf format decodes \u and \U to UTF-8
printf '\u00e9|\U0001F600|\u41|\u263a\n'
printf '\ud800|\U110000\n' | od -An -tx1
## stdout:
é|😀|A|☺
 ed a0 80 7c f4 90 80 80 0a
## status: 0

#### code points past U+10FFFF as bash encodes them
printf '\U00200000|\U7FFFFFFF|\U80000000|\n' | od -An -tx1
## stdout:
 f8 88 80 80 80 7c fd bf bf bf bf bf 7c 7c 0a
## status: 0

#### \u without digits is kept, with a warning
printf '\u|\x|\n' 2>/dev/null
printf '\u\n' 2>&1 >/dev/null | sed 's/^.*printf/printf/'
## stdout:
\u|\x|
printf: missing unicode digit for \u
## status: 0

#### %b and echo -e decode \u
printf '%b\n' '\u00e9\U0001F600'
echo -e 'x\u263ay'
x='caf\u00e9'; echo "${x@E}"
## stdout:
é😀
x☺y
café
## status: 0

#### octal escapes past \377 keep the low byte
printf '\400\777\1234\n' | od -An -c
printf '%b\n' '\0101\101\400\777' | od -An -c
echo -e '\0400\0101' | od -An -c
## stdout:
  \0 377   S   4  \n
   A   A  \0 377  \n
  \0   A  \n
## status: 0

#### dialects: \c, \? and \" in formats, %b and echo
printf '\c|\?|\"\n'
printf '%b|' '\?' '\"' '\c' x; echo
echo -e 'a\101\cb'; echo
## stdout:
\c|?|"
\?|\"|
a\101
## status: 0

#### ${x@E} decodes \cX, octal and hex
x='a\cAb\101\x41\"\0101'; echo "${x@E}" | od -An -c
## stdout:
   a 001   b   A   A   "  \b   1  \n
## status: 0

#### \u in the C locale is spelled back
LC_ALL=C
printf '\u00e9|\U0001F600|\u41|%b\n' '\u263a'
echo -e '\u00e9'
## stdout:
\u00E9|\U0001F600|A|\u263A
\u00E9
## status: 0

#### printf -v with an invalid name is status 2
printf -v 1x hi; echo "st=$?"
printf -v 'a b' '%s' hi; echo "st=$?"
printf -v 'a[' x; echo "st=$?"
printf -v a[1] hi; echo "st=$? ${a[1]}"
## stdout:
st=2
st=2
st=2
st=0 hi
## status: 0

#### printf %q keeps printable multibyte characters
printf '%q\n' 'é☠' 'é b' $'a\tb' $'\u0085'
## stdout:
é☠
é\ b
$'a\tb'
$'\302\205'
## status: 0

#### printf %q in the C locale quotes every byte past ASCII
LC_ALL=C
printf '%q\n' "$(printf '\xc3\xa9')"
## stdout:
$'\303\251'
## status: 0

#### printf widths and %c count bytes, as bash's printf does
printf '[%5s][%-4s][%c]\n' é ☠ é | od -An -c | head -2
## stdout:
   [             303 251   ]   [ 342 230 240       ]   [ 303   ]
  \n
## status: 0
