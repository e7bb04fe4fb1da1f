jq -n -r '[range(300) | {a: ., b: "s\(.)", c: (. * 1.5)}] | .[] | [.a, .b, .c] | @csv' | tail -n 3
