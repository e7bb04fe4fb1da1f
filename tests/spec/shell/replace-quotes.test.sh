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
