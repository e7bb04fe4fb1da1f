# One call, formatted with jq string interpolation.
get_user --id 5 | jq -r '"User \(.name) (#\(.id)) is \(if .active then "active" else "inactive" end)."'
