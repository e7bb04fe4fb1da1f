# Background calls, each joined with wait PID to read its own status.
pids=()
for id in 17 18 19 20; do
  get_orders --user "$id" > "orders_$id.json" 2>/dev/null &
  pids+=($!)
done
i=0
for id in 17 18 19 20; do
  if wait "${pids[$i]}"; then
    echo "$id: $(jq -c 'map(.id)' "orders_$id.json")"
  else
    echo "$id: failed"
  fi
  i=$((i + 1))
done
rm -f orders_*.json
