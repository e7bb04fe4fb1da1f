list_orders --limit 50 | jq '[.[] | .total] | add'
