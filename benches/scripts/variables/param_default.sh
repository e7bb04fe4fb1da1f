n=0
for ((i = 0; i < 2000; i++)); do
  unset x
  y=${x:-default}
  : "${x:=assigned}"
  z=${x:+set}
  n=$((n + ${#y} + ${#x} + ${#z}))
done
echo "$n $x $y $z"
