a=($(seq 1 3000))
sum=0
for x in "${a[@]}"; do sum=$((sum + x)); done
for ((i = 0; i < ${#a[@]}; i += 3)); do sum=$((sum - a[i])); done
echo "$sum"
