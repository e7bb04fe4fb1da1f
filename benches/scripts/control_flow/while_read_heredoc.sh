n=0 total=0
while read -r name qty price; do
  n=$((n + 1))
  total=$((total + qty * price))
done <<END
$(for ((i = 0; i < 1000; i++)); do echo "item$i $((i % 7 + 1)) $((i % 13 + 2))"; done)
END
echo "$n $total"
