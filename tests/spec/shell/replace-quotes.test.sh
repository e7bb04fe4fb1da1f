# Quoting inside `${x/pattern/replacement}` and `${x#pattern}` within
# double quotes (bash 5.2: single quotes quote in both; `\'` escapes one).

#### single quotes in the replacement inside double quotes
x=abc; echo "${x/b/'q'}" "${x//[ac]/'-'}"
## stdout:
aqc -b-
## status: 0

#### escaped single quote in the replacement
x=abc; echo "${x/b/\'}"
## stdout:
a'c
## status: 0

#### quoted ampersand stays literal
x=abc; echo "${x/b/'&'}" "${x/b/[&]}" "${x/b/\&}"
## stdout:
a&c a[b]c a&c
## status: 0

#### double quotes inside the replacement
x=abc; echo "${x/b/"q r"}"
## stdout:
aq rc
## status: 0

#### escaped single quote in a pattern
x="a'b"; echo "${x#a\'}" "${x/\'/Q}"
## stdout:
b aQb
## status: 0

#### single quotes in a default value stay literal
echo "${unset_v:-'d'}" ${unset_v:-'d'}
## stdout:
'd' d
## status: 0

#### unquoted replacement with quotes
x=abc; echo ${x/b/'q r'} ${x/b/"q"}
## stdout:
aq rc aqc
## status: 0

#### escaped slash in the pattern inside double quotes
p=/a/b; echo "${p//\//_}" "${p/#\/a/X}" "${p/a\/b/X}"
## stdout:
_a_b X/b /X
## status: 0

#### backslash escapes any character in the replacement inside double quotes
p=a.b; echo "${p/./\/}" "${p/./\x}" "${p/./\\}" "${p/./\n}"
## stdout:
a/b axb a\b anb
## status: 0

#### backslash in a default word inside double quotes stays
p=a/b; echo "${u:-\/}" "${u:-a\/b}" "${p#*\/}" "${p%\/*}"
## stdout:
\/ a\/b b a
## status: 0
