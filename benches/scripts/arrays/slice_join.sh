a=($(seq 100 199))
for ((i = 0; i < 100; i++)); do
  s=("${a[@]:10:20}")
  joined=$(IFS=,; echo "${s[*]}")
done
echo "$joined"
echo "${a[@]: -3}"
