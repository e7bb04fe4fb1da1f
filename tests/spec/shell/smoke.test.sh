# Smoke cases for the harness itself: one per stdout form.

#### echo a word
echo hello
## stdout:
hello
## status: 0

#### no trailing newline
printf 'a\nb'
## stdout-no-eol:
a
b
## status: 0

#### marker-like output
printf '## x\n\001\n'
exit 3
## stdout-json: "## x\n\u0001\n"
## status: 3

#### empty output and status
false
## stdout:
## status: 1
