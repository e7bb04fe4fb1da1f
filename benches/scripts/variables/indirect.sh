for i in 1 2 3 4 5 6 7 8 9 10; do
  declare "var_$i=$((i * i))"
done
sum=0
for ((r = 0; r < 300; r++)); do
  for i in 1 2 3 4 5 6 7 8 9 10; do
    name=var_$i
    sum=$((sum + ${!name}))
  done
done
echo "$sum"
