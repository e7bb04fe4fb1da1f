search --query foo --limit 5 | jq -r '.hits[]'
search --query=bar --limit=2
