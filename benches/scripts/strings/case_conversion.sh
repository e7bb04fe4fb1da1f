s="Hello World From Toolsh"
for ((i = 0; i < 2000; i++)); do
  u=${s^^}
  l=${s,,}
  c=${l^}
  t=${s~~}
done
echo "$u|$l|$c|$t"
