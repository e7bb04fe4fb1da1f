jq -n '[range(2000) | {id: ., name: "user\(.)", x: (. % 10)}]' | jq -r '.[] | select(.x > 5) | .name' | tail -n 3
