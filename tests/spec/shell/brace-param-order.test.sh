# Brace expansion happens first, on the text: `$a{1,2}` names `$a1` and
# `$a2` (bash manual 3.5.1); `$*` joins with IFS's first character where
# words are not split (assignments, case, [[ ]], here-strings).

#### unbraced name followed by a brace list
a=A; a1=one; a2=two; echo $a{1,2}
## stdout:
one two
## status: 0

#### braced name is not extended
a=A; a1=one; echo ${a}{1,2}
## stdout:
A1 A2
## status: 0

#### sequence after a name
x=X; x3=three; echo $x{3..4}end
## stdout:

## status: 0

#### the name continues through the following text
a1z=Q; echo $a{,1}z.
## stdout:
. Q.
## status: 0

#### punctuation after the brace ends the name
a=A; echo $a{-,+}
## stdout:
A- A+
## status: 0

#### quoted name is not extended
a=A; a1=one; echo "$a"{1,2}
## stdout:
A1 A2
## status: 0

#### dollar star in an assignment joins with IFS
set -- a b c; IFS=-; s=$*; echo "$s"
## stdout:
a-b-c
## status: 0

#### dollar at in an assignment joins with spaces
set -- a b c; IFS=-; s=$@; echo "$s"
## stdout:
a b c
## status: 0

#### array star in an assignment joins with IFS
a=(x y); IFS=:; s=${a[*]}; echo "$s"
## stdout:
x:y
## status: 0

#### dollar star with an empty IFS
set -- a b; IFS=; s=$*; echo "$s"
## stdout:
ab
## status: 0

#### dollar star in case and [[
set -- a b; IFS=,; case $* in a,b) echo case;; esac; [[ $* == a,b ]] && echo cond
## stdout:
case
cond
## status: 0

#### dollar star in a here-string
set -- a b; IFS=/; cat <<< $*
## stdout:
a/b
## status: 0
