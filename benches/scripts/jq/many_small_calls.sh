t=0
for ((i = 0; i < 30; i++)); do
  v=$(echo "{\"a\": $i, \"b\": [1, 2, 3]}" | jq '.a + (.b | add)')
  t=$((t + v))
done
echo "$t"
