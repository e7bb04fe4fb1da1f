s=0
for ((i = 0; i < 10000; i++)); do
  s=$((s + i))
done
echo "$s"
