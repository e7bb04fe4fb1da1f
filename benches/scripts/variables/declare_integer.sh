declare -i total=0
for ((i = 1; i <= 3000; i++)); do
  total+=i*2
done
declare -p total
