n=0
for ((i = 0; i < 200; i++)); do
  out=$(get_user --id "$i")
  case $out in *'"active":true'*) n=$((n + 1)) ;; esac
done
echo "$n"
