jq -n -c '{users: [range(200) | {id: ., tags: ["a", "b"], meta: {score: .}}]} | .users |= map(.meta.score *= 2 | .tags += ["c"]) | .users[199], (.users | length)'
