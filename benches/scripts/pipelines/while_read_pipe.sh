seq 1 2000 | while read -r n; do
  if ((n % 400 == 0)); then echo "hit $n"; fi
done
