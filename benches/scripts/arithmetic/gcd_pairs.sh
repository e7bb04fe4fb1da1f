gcd() {
  local a=$1 b=$2 t
  while ((b)); do t=$((a % b)); a=$b; b=$t; done
  echo "$a"
}
total=0
for ((i = 1; i <= 200; i++)); do
  g=$(( $(gcd $((i * 36)) $((i * 24 + 12))) ))
  total=$((total + g))
done
echo "$total"
