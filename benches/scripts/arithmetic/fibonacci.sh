a=0 b=1
for ((i = 0; i < 90; i++)); do
  t=$((a + b)); a=$b; b=$t
done
echo "$a"
for ((r = 0; r < 100; r++)); do
  x=0 y=1
  for ((i = 0; i < 40; i++)); do t=$((x + y)); x=$y; y=$t; done
done
echo "$x"
