# $(< file): a command substitution that reads a file instead of running a
# command (bash manual 3.5.4 "Command Substitution").

#### $(<file) expands to the file's contents
echo hi > f
echo "[$(<f)]"
## stdout:
[hi]
## status: 0

#### spaces and newlines around the redirection
printf 'one\ntwo\n' > f
echo "[$( < f )]"
echo "[$(
< f
)]"
x=$(<f;)
echo "[$x]"
## stdout:
[one
two]
[one
two]
[one
two]
## status: 0

#### trailing newlines are stripped, inner ones kept
printf 'a\n\nb\n\n\n' > f
x=$(<f)
echo "[$x]"
printf '\n\n' > g
echo "[$(<g)]"
## stdout:
[a

b]
[]
## status: 0

#### the backquote form
echo hi > f
echo "[`<f`]"
echo "[`< f`]"
## stdout:
[hi]
[hi]
## status: 0

#### unquoted, the contents are split into words
printf 'a  b\nc\n' > f
printf '<%s>' $(<f)
echo
## stdout:
<a><b><c>
## status: 0

#### a missing file: an error, empty expansion, status 1
x=$(<nofile)
echo "st=$? [$x]"
echo "[$(<nofile)]" $?
echo after
## stdout:
st=1 []
[] 1
after
## status: 0

#### the status after a successful read is 0
echo hi > f
false
x=$(<f)
echo "st=$?"
x=$(<f) y=$?
echo "y=$y"
## stdout:
st=0
y=0
## status: 0

#### /dev/stdin reads the piped input
printf 'piped\nlines\n' | { x=$(</dev/stdin); echo "[$x]"; }
echo in | { x=$(< /dev/fd/0); echo "[$x]"; }
## stdout:
[piped
lines]
[in]
## status: 0

#### /dev/null reads nothing
x=$(</dev/null)
echo "st=$? [$x]"
## stdout:
st=0 []
## status: 0

#### the file name is expanded: variables, quotes, a glob matching one file
echo hi > 'my file'
n='my file'
echo "[$(<"$n")]"
echo "[$(<my\ file)]"
echo "[$(<my*)]"
## stdout:
[hi]
[hi]
[hi]
## status: 0

#### an ambiguous file name is an error with status 1
x=$(<$nothing)
echo "st=$? [$x]"
echo a > f1; echo b > f2
x=$(<f*)
echo "st=$? [$x]"
## stdout:
st=1 []
st=1 []
## status: 0

#### explicit descriptor 0 is the same form, another descriptor is not
echo hi > f
echo "[$(0<f)]"
echo "[$(3<f)]"
## stdout:
[hi]
[]
## status: 0

#### other redirections mixed in make an ordinary command with no words
echo hi > f
echo "[$(<f 2>/dev/null)]"
echo "[$(<f <f)]"
echo "[$(<f >/dev/null)]"
x=$(<nofile 2>/dev/null)
echo "st=$? [$x]"
## stdout:
[]
[]
[]
st=1 []
## status: 0

#### a here-string or here-document alone expands to nothing
echo "[$(<<<hi)]"
x=$(<<END
body
END
)
echo "[$x]"
## stdout:
[]
[]
## status: 0

#### assignments, a second command, a pipeline or & are ordinary commands
echo hi > f
echo "[$(x=1 <f)]"
echo "[$(<f; <f)]"
echo "[$(<f | cat)]"
echo "[$(<f &)]"
echo "[$(<f && echo yes)]"
## stdout:
[]
[]
[]
[]
[yes]
## status: 0

#### NUL bytes are dropped with a warning
printf 'a\0b\n' > z
x=$(<z)
echo "[$x]"
## stdout:
[ab]
## status: 0

#### inside a double-quoted word with other text and in an array
printf '1 2 3\n' > f
a=($(<f))
echo "${#a[@]} ${a[2]}"
echo "pre-$(<f)-post"
## stdout:
3 3
pre-1 2 3-post
## status: 0

#### the read happens in a subshell: the redirection does not stay
echo hi > f
x=$(<f)
read -r y || echo "stdin still empty"
## stdout:
stdin still empty
## status: 0
