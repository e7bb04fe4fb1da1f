# echo: -n -e -E, escape handling, option parsing quirks.

#### plain echo
echo a b  c
## stdout:
a b c
## status: 0

#### echo with no args prints newline
echo
## stdout:

## status: 0

#### echo -n
echo -n abc; echo
## stdout:
abc
## status: 0

#### echo -e escapes
echo -e 'a\tb\nc'
## stdout:
a	b
c
## status: 0

#### echo without -e leaves backslashes
echo 'a\tb'
## stdout:
a\tb
## status: 0

#### echo -E disables escapes
echo -E 'a\tb'
## stdout:
a\tb
## status: 0

#### echo -e with backslash c stops
echo -e 'one\ctwo'; echo
## stdout:
one
## status: 0

#### echo -e octal needs leading zero
echo -e '\0101 \101'
## stdout:
A \101
## status: 0

#### echo -e hex
echo -e '\x41\x4a'
## stdout:
AJ
## status: 0

#### echo -e unicode
echo -e '\u00e9'
## stdout:
\u00E9
## status: 0

#### echo -e escape e
echo -e '\e' | cat -A
## stdout:
^[$
## status: 0

#### combined flags
echo -ne 'x\ty'; echo
## stdout:
x	y
## status: 0

#### unknown option is printed
echo -x hello
## stdout:
-x hello
## status: 0

#### double dash is printed
echo -- hi
## stdout:
-- hi
## status: 0

#### dash n in later position is printed
echo a -n
## stdout:
a -n
## status: 0

#### flags cluster with invalid letter printed
echo -nz hi
## stdout:
-nz hi
## status: 0

#### just dash
echo -
## stdout:
-
## status: 0

#### echo -e with double backslash
echo -e 'a\\b'
## stdout:
a\b
## status: 0

#### echo -e trailing backslash
echo -e 'end\'
## stdout:
end\
## status: 0

#### xpg_echo shopt
shopt -s xpg_echo; echo 'a\tb'
## stdout:
a	b
## status: 0

#### echo with many spaces quoted
echo "  lead and trail  "
## stdout:
  lead and trail  
## status: 0

#### echo to closed stdout fails
(echo hi >&-) 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### echo -e with backslash zero alone
echo -e 'a\0b' | cat -A
## stdout:
a^@b$
## status: 0

#### echo -e of backslash a b f v
echo -e '\a\b\f\v' | cat -A
## stdout:
^G^H^L^K$
## status: 0

#### echo -n with empty string
echo -n ''; echo done
## stdout:
done
## status: 0

#### echo -e with octal three digits after zero
echo -e '\0377' | cat -A
## stdout:
M-^?$
## status: 0

#### echo multiple -n flags
echo -n -n -e 'x\n'
## stdout:
x
## status: 0

#### echo arguments with embedded newlines
echo "a
b"
## stdout:
a
b
## status: 0

#### echo -e with unknown escape keeps backslash
echo -e '\q\w'
## stdout:
\q\w
## status: 0

#### echo -E after -e wins
echo -e -E 'a\nb'
## stdout:
a\nb
## status: 0
