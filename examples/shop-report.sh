# A shop report from the bundled demo tools (toolsh run --demo-tools):
# several tools composed with loops, pipes, background jobs and jq.
# Only what the script prints goes back to whoever ran it.
set -uo pipefail

echo "== Revenue from shipped orders, by customer =="
for id in $(customers.list | jq -r '.[].id'); do
  orders.list --customer "$id" --status shipped |
    jq -r --arg id "$id" '"\($id)\t\([.[].total] | add // 0)"'
done | sort -t $'\t' -k2,2nr | awk -F '\t' '{ printf "%-12s %9.2f\n", $1, $2 }'

echo
echo "== Open orders that cannot ship in full =="
for id in $(customers.list | jq -r '.[].id'); do
  orders.list --customer "$id" --status open | jq -c '.[]'
done > /tmp/open.jsonl
skus=$(jq -r '.items[].sku' /tmp/open.jsonl | sort -u | paste -sd, -)
stock=$(inventory.check --sku "$skus")
jq -r --argjson stock "$stock" '
  . as $o
  | [.items[] | select(.qty > ($stock[.sku] // 0))
     | "\(.sku): need \(.qty), have \($stock[.sku] // 0)"]
  | select(length > 0)
  | "\($o.id) (\($o.customer)): " + join("; ")' /tmp/open.jsonl

echo
echo "== Shipping quotes for 2.5 kg, fetched in parallel =="
for country in DE US GB; do
  shipping.quote --country "$country" --kg 2.5 > "/tmp/quote.$country" &
done
wait
cat /tmp/quote.* | jq -s -r 'sort_by(.price)[] | "\(.country)  \(.price)  (\(.days) days)"'

echo
echo "== Charging the biggest open order =="
read -r customer amount <<< "$(jq -s -r 'max_by(.total) | "\(.customer) \(.total)"' /tmp/open.jsonl)"
if payments.charge --customer "$customer" --amount "$amount"; then
  echo "charged $customer $amount"
else
  echo "charge for $customer ($amount) failed with status $?; leaving it for a retry"
fi
