# Users by status: a nested loop over users and the two statuses.
for id in 2 4 6 8; do
  line="user $id:"
  for st in open paid; do
    n=$(get_orders --user "$id" --status "$st" | jq length)
    line+=" $st=$n"
  done
  echo "$line"
done
