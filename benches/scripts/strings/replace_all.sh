base="the quick brown fox jumps over the lazy dog "
s=
for ((i = 0; i < 100; i++)); do s+=$base; done
for ((i = 0; i < 100; i++)); do
  t=${s//o/0}
  t=${t//the/THE}
  u=${s/fox/cat}
done
echo "${#t} ${t:0:44} ${u:0:20}"
