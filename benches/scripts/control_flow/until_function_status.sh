is_even() { return $(($1 % 2)); }
i=0 evens=0
until ((i >= 3000)); do
  if is_even "$i"; then evens=$((evens + 1)); fi
  i=$((i + 1))
done
echo "$evens"
