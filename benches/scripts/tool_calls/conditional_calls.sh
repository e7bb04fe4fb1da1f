for i in 1 2 3 4 5 6 7 8; do
  if get_user --id "$i" | grep -q '"active":true'; then echo "$i active"; fi
done
