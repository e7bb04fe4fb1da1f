# A here-document whose delimiter never comes: bash 5.2 warns `here-document
# at line N delimited by end-of-file (wanted `EOF')` on stderr (not
# compared) and runs the command with the rest of the script as the body.

#### the body runs to the end of the script
echo one
cat <<EOF
hello $((1 + 1))
world
## stdout:
one
hello 2
world
## status: 0

#### the rest of the line still runs
cat <<EOF; echo "after $?"
x
## stdout:
x
after 0
## status: 0

#### a quoted delimiter keeps the body literal
x=1
cat <<'END'
$x `no`
## stdout:
$x `no`
## status: 0

#### tabs stripped with <<-
cat <<-EOF
		a
	b
## stdout:
a
b
## status: 0

#### a body in a loop runs on each pass
for i in 1 2; do cat <<EOF; done
body $i
## stdout:
body 1
body 2
## status: 0

#### a near miss of the delimiter is body text
cat <<EOF
x
EOF 
 EOF
EO
## stdout:
x
EOF 
 EOF
EO
## status: 0

#### an empty body at the end of the script
echo before
cat <<EOF
## stdout:
before
## status: 0

#### the status is the command's
grep -c b <<EOF
a
c
## stdout:
0
## status: 1
