# Arithmetic on totals pulled out with jq; alerts above a threshold.
threshold=80
alerts=0
for id in $(seq 10 25); do
  totals=$(get_orders --user "$id" 2>/dev/null | jq -r '.[].total') || continue
  for t in $totals; do
    if ((t > threshold)); then
      alerts=$((alerts + 1))
      printf 'user %2d: order total %3d over %d\n' "$id" "$t" "$threshold"
    fi
  done
done
echo "$alerts alerts"
