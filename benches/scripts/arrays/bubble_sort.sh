a=()
for ((i = 0; i < 80; i++)); do a+=($(( (i * 37 + 11) % 101 ))); done
n=${#a[@]}
for ((i = 0; i < n; i++)); do
  for ((j = 0; j < n - i - 1; j++)); do
    if ((a[j] > a[j + 1])); then t=${a[j]}; a[j]=${a[j + 1]}; a[j + 1]=$t; fi
  done
done
echo "${a[*]}"
