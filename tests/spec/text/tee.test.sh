# tee: copying stdin to stdout and files.
# Expected values recorded from the real programs by `spec bless`.

#### tee to file
echo hi | tee out >/dev/null; cat out
## stdout:
hi
## status: 0

#### tee passes through
printf 'a\nb\n' | tee f | wc -l; cat f
## stdout:
2
a
b
## status: 0

#### tee append
echo 1 > f; echo 2 | tee -a f >/dev/null; cat f
## stdout:
1
2
## status: 0

#### tee two files
echo x | tee a b >/dev/null; cat a b
## stdout:
x
x
## status: 0

#### tee dev null
echo x | tee /dev/null
## stdout:
x
## status: 0

#### tee no files
echo x | tee
## stdout:
x
## status: 0
