# Tool orchestration: fetch orders, join with customers, report as JSON.
set -o pipefail

since=${1:-$(date -u -d '7 days ago' +%F 2>/dev/null || echo 1970-01-01)}
limit=${LIMIT:-100}

orders=$(orders.list --since "$since" --limit "$limit") || {
	echo "orders.list failed" >&2
	exit 1
}
count=$(jq 'length' <<<"$orders")
if [[ $count -eq 0 ]]; then
	jq -n --arg since "$since" '{since: $since, orders: 0, revenue: 0}'
	exit 0
fi

# Customer ids, unique, then one lookup each (bounded parallelism).
mapfile -t ids < <(jq -r '.[].customer_id' <<<"$orders" | sort -u)
declare -A customers
for id in "${ids[@]}"; do
	customers[$id]=$(customers.get --id "$id" | jq -c '{name, tier: (.tier // "basic"), country}')
done

customer_json=$(for id in "${!customers[@]}"; do
	printf '{"id":%s,"c":%s}\n' "$(jq -R . <<<"$id")" "${customers[$id]}"
done | jq -s 'map({(.id): .c}) | add')

jq --argjson customers "$customer_json" --arg since "$since" '
  def money: . * 100 | round / 100;
  map(. + {customer: $customers[.customer_id]})
  | {
      since: $since,
      orders: length,
      revenue: (map(.total) | add | money),
      by_tier: (group_by(.customer.tier) | map({key: .[0].customer.tier, value: (map(.total) | add | money)}) | from_entries),
      top: (sort_by(-.total) | .[:5] | map({id, total, name: .customer.name}))
    }
' <<<"$orders" > /tmp/report.json

status=$?
case $status in
	0) cat /tmp/report.json ;;
	5) echo "jq: bad input" >&2; exit 5 ;;
	*) echo "jq failed with $status" >&2; exit "$status" ;;
esac

refunds=0
while read -r id amount; do
	[[ -z $id ]] && continue
	if (( $(printf '%.0f' "$amount") > 1000 )); then
		refunds.flag --order "$id" --reason "large refund" >/dev/null && (( refunds += 1 ))
	fi
done < <(jq -r '.[] | select(.status == "refunded") | "\(.id) \(.total)"' <<<"$orders")
echo "flagged $refunds large refund(s)" >&2
