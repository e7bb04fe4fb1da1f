# `<` and `>` are ordinary characters in POSIX BRE and ERE; only `\<` and
# `\>` are GNU word-boundary anchors.

#### sed replaces an arrow
echo 'l -> f' | sed 's/.* l ->/l ->/; s/->/=>/'
## stdout:
l => f
## status: 0

#### grep -o an arrow
echo 'a -> b <- c' | grep -o -e '->' -e '<-'
## stdout:
->
<-
## status: 0

#### grep -E with tags
printf '<a>\n<b>\nc\n' | grep -E '^<[a-z]>$'
## stdout:
<a>
<b>
## status: 0

#### word boundaries still work
echo 'cat concat cats' | grep -o '\<cat\>'; echo 'cat concat' | sed 's/\<cat\>/dog/g'
## stdout:
cat
dog concat
## status: 0

#### brackets with angle brackets
echo 'a<b>c' | sed 's/[<>]/|/g'
## stdout:
a|b|c
## status: 0

#### awk regex with an arrow
echo 'x -> y' | awk '/->/ { print "arrow" }'
## stdout:
arrow
## status: 0
