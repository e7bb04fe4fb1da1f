# One user and their orders, combined into one summary object.
user=$(get_user --id 42)
orders=$(get_orders --user 42)
jq -n --argjson u "$user" --argjson o "$orders" \
  '{name: $u.name, active: $u.active, orders: ($o | length), spent: ($o | map(.total) | add)}'
