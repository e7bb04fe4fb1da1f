# A markdown table of users and their order counts, built as a string.
table="| id | name | orders | status |"$'\n'"|---|---|---|---|"
for id in 3 4 5 6 9 10; do
  name=$(get_user --id "$id" | jq -r .name)
  if orders=$(get_orders --user "$id" 2>/dev/null); then
    n=$(jq length <<<"$orders")
    st=ok
  else
    n=0
    st=missing
  fi
  table+=$'\n'"| $id | $name | $n | $st |"
done
printf '%s\n' "$table"
