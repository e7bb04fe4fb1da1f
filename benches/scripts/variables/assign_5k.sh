for ((i = 0; i < 5000; i++)); do
  v=$i
  w="value $v"
done
echo "$v $w"
