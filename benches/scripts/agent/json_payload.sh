# A message whose text is a JSON payload assembled with jq -n.
u=$(get_user --id 12)
o=$(get_orders --user 12 --status paid)
payload=$(jq -n -c --argjson u "$u" --argjson o "$o" \
  '{to: $u.name, paid: ($o | map(.id)), amount: ($o | map(.total) | add)}')
send_message --to "$(jq -r .to <<<"$payload")" --text "$payload"
echo "$payload"
