# sed: script errors and exit statuses (GNU sed 4.9).

#### no script
sed; echo $?
## stdout:
1
## status: 0

#### unknown option
sed -k p; echo $?
## stdout:
1
## status: 0

#### unknown command
echo x | sed k; echo $?
## stdout:
1
## status: 0

#### unterminated s
echo x | sed 's/a/b'; echo $?
## stdout:
1
## status: 0

#### unknown s option
echo x | sed 's/a/b/k'; echo $?
## stdout:
1
## status: 0

#### y lengths differ
echo x | sed 'y/abc/de/'; echo $?
## stdout:
1
## status: 0

#### missing label
echo x | sed 'b nowhere'; echo $?
## stdout:
4
## status: 0

#### unmatched brace
echo x | sed '{p'; echo $?
## stdout:
1
## status: 0

#### unexpected brace
echo x | sed 'p}'; echo $?
## stdout:
1
## status: 0

#### extra characters
echo x | sed 'pq'; echo $?
## stdout:
1
## status: 0

#### line address zero
echo x | sed 0p; echo $?
## stdout:
1
## status: 0

#### no previous regex
echo x | sed '//p'; echo $?
## stdout:
1
## status: 0

#### invalid reference
echo x | sed 's/x/\1/'; echo $?
## stdout:
1
## status: 0

#### zero number option
echo x | sed 's/x/y/0'; echo $?
## stdout:
1
## status: 0

#### q takes one address
seq 3 | sed '1,2q'; echo $?
## stdout:
1
## status: 0

#### bad regex
echo x | sed 's/\(/y/'; echo $?
## stdout:
1
## status: 0

#### missing command
echo x | sed 1; echo $?
## stdout:
1
## status: 0

#### a without text
echo x | sed a; echo $?
## stdout:
1
## status: 0

#### error message text
echo x | sed 'k' 2>&1
## stdout:
sed: -e expression #1, char 1: unknown command: `k'
## status: 1

#### class syntax error status
echo x | sed 's/[:alpha:]/y/'; echo $?
## stdout:
4
## status: 0
