s=abcdefghijklmnopqrstuvwxyz0123456789
out=
for ((i = 0; i < 2000; i++)); do
  out=${s:i % 30:3}
  n=${#out}
done
echo "$out $n ${s: -5} ${s:3:-20}"
