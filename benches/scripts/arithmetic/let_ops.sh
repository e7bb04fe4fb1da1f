a=7 b=3 r=0
for ((i = 0; i < 3000; i++)); do
  let "r += (a * i + b) % 97 - (i / 5)"
  let "r ^= i << 1"
done
echo "$r"
