# Search, then fetch each hit's user by the number in the hit.
hits=$(search --query acct --limit 8 | jq -r '.hits[]')
for hit in $hits; do
  id=${hit##*-}
  get_user --id "$id" | jq -r '"\(.id)\t\(.name)\t\(if .active then "active" else "inactive" end)"'
done
