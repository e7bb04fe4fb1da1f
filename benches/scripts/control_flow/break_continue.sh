n=0
for ((i = 0; i < 200; i++)); do
  for ((j = 0; j < 100; j++)); do
    if ((j % 2)); then continue; fi
    if ((j > i)); then break; fi
    n=$((n + 1))
  done
done
echo "$n"
