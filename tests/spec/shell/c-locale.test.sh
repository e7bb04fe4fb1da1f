# The C locale (the corpus runs with LC_ALL=C): a character is a byte.

#### length of a multibyte string counts bytes
x=$'\303\251t\303\251'; echo ${#x}
## stdout:
5
## status: 0

#### length of an array element counts bytes
a=($'\303\251'); echo ${#a[0]} ${#a[@]}
## stdout:
2 1
## status: 0

#### echo -e unicode escapes outside ASCII are spelled back
echo -e '\u00e9 \u0041 \U0001F600 \u7f' | cat -A
## stdout:
\u00E9 A \U0001F600 ^?$
## status: 0

#### echo -e octal and hex give raw bytes
echo -e '\0377\xfe\x41' | cat -A
## stdout:
M-^?M-~A$
## status: 0

#### echo -e octal without digits is NUL
echo -e 'a\0b' | cat -A
## stdout:
a^@b$
## status: 0

#### printf unicode escape in the C locale
printf '\u00e9\n' | cat -A
## stdout:
\u00E9$
## status: 0
