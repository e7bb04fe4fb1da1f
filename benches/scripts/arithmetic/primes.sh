count=0
for ((n = 2; n < 1500; n++)); do
  prime=1
  for ((d = 2; d * d <= n; d++)); do
    if ((n % d == 0)); then prime=0; break; fi
  done
  ((count += prime))
done
echo "$count"
