jq -n -c '[range(20000) | {id: ., v: (. % 100)}]' | jq 'map(.v) | add'
