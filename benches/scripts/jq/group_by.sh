jq -n -c '[range(1000) | {k: (. % 7), v: .}] | group_by(.k) | map({k: .[0].k, n: length, sum: (map(.v) | add)})'
