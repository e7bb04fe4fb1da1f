out=
for ((i = 0; i < 1000; i++)); do
  printf -v line '%-8s|%6d|%08.3f|%x\n' "n$i" "$i" "$i.5" "$i"
  out+=$line
done
printf '%s' "$out" | tail -n 3
