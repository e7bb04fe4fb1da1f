# truncate (GNU coreutils 9.1): -s with suffixes and + - < > / % modifiers,
# -c, -r, -o, errors. Sizes are read back with wc -c; contents with od.
# Expected values recorded from GNU coreutils by `spec bless`.

#### truncate creates a file of the size
truncate -s 10 f; wc -c < f; od -c f
## stdout:
10
0000000  \0  \0  \0  \0  \0  \0  \0  \0  \0  \0
0000012
## status: 0
#### truncate shrinks keeping the start
echo hello > f; truncate -s 3 f; od -c f
## stdout:
0000000   h   e   l
0000003
## status: 0
#### truncate extends with NUL bytes
printf abc > f; truncate -s 6 f; od -c f
## stdout:
0000000   a   b   c  \0  \0  \0
0000006
## status: 0
#### truncate to zero
echo hello > f; truncate -s 0 f; wc -c < f
## stdout:
0
## status: 0
#### truncate relative plus
printf 0123456789 > f; truncate -s +5 f; wc -c < f
## stdout:
15
## status: 0
#### truncate relative minus
printf 0123456789 > f; truncate -s -3 f; wc -c < f; cat f; echo
## stdout:
7
0123456
## status: 0
#### truncate minus below zero gives zero
printf abc > f; truncate -s -100 f; wc -c < f
## stdout:
0
## status: 0
#### truncate at most
seq 1 100 > f; truncate -s '<5' f; wc -c < f; truncate -s '<50' f; wc -c < f
## stdout:
5
5
## status: 0
#### truncate at least
printf abc > f; truncate -s '>20' f; wc -c < f; truncate -s '>5' f; wc -c < f
## stdout:
20
20
## status: 0
#### truncate round down
truncate -s 20 f; truncate -s /7 f; wc -c < f
## stdout:
14
## status: 0
#### truncate round up
truncate -s 14 f; truncate -s %8 f; wc -c < f; truncate -s %8 f; wc -c < f
## stdout:
16
16
## status: 0
#### truncate K suffix
truncate -s 1K f; wc -c < f
## stdout:
1024
## status: 0
#### truncate lowercase k suffix
truncate -s 1k f; wc -c < f
## stdout:
1024
## status: 0
#### truncate KB suffix
truncate -s 1KB f; wc -c < f
## stdout:
1000
## status: 0
#### truncate KiB suffix
truncate -s 2KiB f; wc -c < f
## stdout:
2048
## status: 0
#### truncate M suffix
truncate -s 1M f; wc -c < f
## stdout:
1048576
## status: 0
#### truncate MB suffix
truncate -s 2MB f; wc -c < f
## stdout:
2000000
## status: 0
#### truncate relative K
truncate -s 100 f; truncate -s +1K f; wc -c < f
## stdout:
1124
## status: 0
#### truncate leading blanks and zeros
truncate -s ' 010' f; wc -c < f
## stdout:
10
## status: 0
#### truncate several files
printf abcdef > a; truncate -s 2 a b; wc -c a b
## stdout:
2 a
2 b
4 total
## status: 0
#### truncate long options
truncate --size=7 f; wc -c < f; truncate --no-create --size=3 f; wc -c < f
## stdout:
7
3
## status: 0
#### truncate -c does not create
truncate -c -s 5 nope; echo "status $?"; ls nope 2>&1
## stdout:
status 0
ls: cannot access 'nope': No such file or directory
## status: 2
#### truncate -r copies the size
seq 1 100 > ref; truncate -r ref f; wc -c < f
## stdout:
292
## status: 0
#### truncate -r with relative size
printf abcdef > ref; truncate -r ref -s +1 f; wc -c < f
## stdout:
7
## status: 0
#### truncate -r with round up
printf abcdef > ref; truncate -r ref -s %4 f; wc -c < f
## stdout:
8
## status: 0
#### truncate -o io blocks
truncate -o -s 1 f; wc -c < f
## stdout:
4096
## status: 0
#### truncate in a subdirectory
mkdir d; truncate -s 4 d/x; wc -c < d/x
## stdout:
4
## status: 0
#### truncate through the file it names twice
printf abcdef > f; truncate -s -1 f f; cat f; echo
## stdout:
abcd
## status: 0
#### truncate invalid number
truncate -s x f 2>&1; echo "status $?"; ls f 2>&1
## stdout:
truncate: Invalid number: 'x'
status 1
ls: cannot access 'f': No such file or directory
## status: 2
#### truncate invalid suffix b
truncate -s 1b f 2>&1; echo "status $?"
## stdout:
truncate: Invalid number: '1b'
status 1
## status: 0
#### truncate trailing junk
truncate -s 2G0 f 2>&1; echo "status $?"
## stdout:
truncate: Invalid number: '2G0'
status 1
## status: 0
#### truncate hex is invalid
truncate -s 0x10 f 2>&1; echo "status $?"
## stdout:
truncate: Invalid number: '0x10'
status 1
## status: 0
#### truncate modifier without number
truncate -s '<' f 2>&1; echo "status $?"
## stdout:
truncate: Invalid number: ''
status 1
## status: 0
#### truncate two modifiers
truncate -s '>+5' f 2>&1; echo "status $?"
## stdout:
truncate: multiple relative modifiers specified
Try 'truncate --help' for more information.
status 1
## status: 0
#### truncate sign twice
truncate -s '+-5' f 2>&1; echo "status $?"
## stdout:
truncate: Invalid number: '+-5'
status 1
## status: 0
#### truncate value too large
truncate -s 1Z f 2>&1; echo "status $?"
## stdout:
truncate: Invalid number: '1Z': Value too large for defined data type
status 1
## status: 0
#### truncate number too large
truncate -s 9223372036854775808 f 2>&1; echo "status $?"
## stdout:
truncate: Invalid number: '9223372036854775808': Value too large for defined data type
status 1
## status: 0
#### truncate zero with Z suffix
truncate -s 0Z f; wc -c < f
## stdout:
0
## status: 0
#### truncate round by zero
truncate -s /0 f 2>&1; echo "status $?"
## stdout:
truncate: division by zero
status 1
## status: 0
#### truncate without size or reference
truncate f 2>&1; echo "status $?"
## stdout:
truncate: you must specify either '--size' or '--reference'
Try 'truncate --help' for more information.
status 1
## status: 0
#### truncate without file operand
truncate -s 5 2>&1; echo "status $?"
## stdout:
truncate: missing file operand
Try 'truncate --help' for more information.
status 1
## status: 0
#### truncate absolute size with reference
echo x > ref; truncate -s 5 -r ref f 2>&1; echo "status $?"
## stdout:
truncate: you must specify a relative '--size' with '--reference'
Try 'truncate --help' for more information.
status 1
## status: 0
#### truncate -o without size
echo x > ref; truncate -o -r ref f 2>&1; echo "status $?"
## stdout:
truncate: '--io-blocks' was specified but '--size' was not
Try 'truncate --help' for more information.
status 1
## status: 0
#### truncate missing reference
truncate -r nope f 2>&1; echo "status $?"
## stdout:
truncate: cannot stat 'nope': No such file or directory
status 1
## status: 0
#### truncate -c missing reference
truncate -c -r nope f 2>&1; echo "status $?"
## stdout:
truncate: cannot stat 'nope': No such file or directory
status 1
## status: 0
#### truncate missing directory
truncate -s 5 nodir/x 2>&1; echo "status $?"
## stdout:
truncate: cannot open 'nodir/x' for writing: No such file or directory
status 1
## status: 0
#### truncate a directory
mkdir d; truncate -s 5 d 2>&1; echo "status $?"
## stdout:
truncate: cannot open 'd' for writing: Is a directory
status 1
## status: 0
#### truncate error then next file
mkdir d; truncate -s 2 d f 2>&1; echo "status $?"; wc -c < f
## stdout:
truncate: cannot open 'd' for writing: Is a directory
status 1
2
## status: 0
#### truncate /dev/null
truncate -s 0 /dev/null 2>&1; echo "status $?"
## stdout:
truncate: failed to truncate '/dev/null' at 0 bytes: Invalid argument
status 1
## status: 0
#### truncate bad option
truncate -x 2>&1; echo "status $?"
## stdout:
truncate: invalid option -- 'x'
Try 'truncate --help' for more information.
status 1
## status: 0
#### truncate missing size argument
truncate f -s 2>&1; echo "status $?"
## stdout:
truncate: option requires an argument -- 's'
Try 'truncate --help' for more information.
status 1
## status: 0
#### truncate beyond the file size limit
truncate -s 1G big 2>&1; echo "status $?"; wc -c < big
## stdout:
status 0
1073741824
## status: 0
## divergence: the sandbox file system holds files up to 32 MiB and fails with File too large where GNU makes a sparse 1 GiB file
