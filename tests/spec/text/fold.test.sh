# fold: widths, spaces, bytes, tabs.
# Expected values recorded from the real programs by `spec bless`.

#### width
echo abcdefghij | fold -w 3
## stdout:
abc
def
ghi
j
## status: 0

#### default width 80
printf '%0100d\n' 0 | fold
## stdout:
00000000000000000000000000000000000000000000000000000000000000000000000000000000
00000000000000000000
## status: 0

#### break at spaces
echo 'the quick brown fox jumps' | fold -w 10 -s
## stdout:
the quick 
brown fox 
jumps
## status: 0

#### bytes
echo abcdef | fold -b -w 4
## stdout:
abcd
ef
## status: 0

#### tab columns
printf 'a\tb\n' | fold -w 4
## stdout:
a
	
b
## status: 0

#### short lines untouched
printf 'ab\ncd\n' | fold -w 5
## stdout:
ab
cd
## status: 0

#### no trailing newline
printf 'abcdef' | fold -w 4; echo
## stdout:
abcd
ef
## status: 0

#### invalid width status
fold -w 0 </dev/null 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### exact width
echo abcd | fold -w 4
## stdout:
abcd
## status: 0

#### spaces with long word
echo 'a verylongword b' | fold -s -w 6
## stdout:
a 
verylo
ngword
 b
## status: 0
