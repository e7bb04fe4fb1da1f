n=0
for i in $(seq 1 60); do
  for j in $(seq 1 60); do
    if (( (i + j) % 3 == 0 )); then n=$((n + 1)); fi
  done
done
echo "$n"
