# base64: encoding with wrapping, decoding.
# Expected values recorded from the real programs by `spec bless`.

#### encode
printf 'hello\n' | base64
## stdout:
aGVsbG8K
## status: 0

#### encode no padding
printf 'abc' | base64
## stdout:
YWJj
## status: 0

#### encode one pad
printf 'ab' | base64
## stdout:
YWI=
## status: 0

#### encode two pad
printf 'a' | base64
## stdout:
YQ==
## status: 0

#### encode empty
printf '' | base64; echo end
## stdout:
end
## status: 0

#### decode
echo aGVsbG8K | base64 -d
## stdout:
hello
## status: 0

#### wrap width
printf 'hello world, this is base64' | base64 -w 10
## stdout:
aGVsbG8gd2
9ybGQsIHRo
aXMgaXMgYm
FzZTY0
## status: 0

#### no wrap
printf '%0100d' 0 | base64 -w 0; echo
## stdout:
MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMA==
## status: 0

#### default wrap 76
printf '%0100d' 0 | base64
## stdout:
MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAw
MDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMA==
## status: 0

#### decode wrapped
printf 'aGVs\nbG8=\n' | base64 -d; echo
## stdout:
hello
## status: 0

#### round trip
printf 'x\001y\377z' | base64 | base64 -d | base64
## stdout:
eAF5/3o=
## status: 0

#### invalid input status
echo 'aGV!' | base64 -d >/dev/null 2>&1; echo $?
## stdout:
1
## status: 0

#### ignore garbage
echo 'aGVs*bG8=' | base64 -di; echo
## stdout:
hello
## status: 0

#### decode file
echo Zm9vYmFy > f; base64 -d f; echo
## stdout:
foobar
## status: 0
