t=0
for ((i = 0; i < 200; i++)); do
  v=$(echo "$i")
  t=$((t + v))
done
echo "$t"
