# Try the orders of each user; on failure fall back to a search.
lookup() {
  local id=$1 out
  if out=$(get_orders --user "$id" 2>/dev/null); then
    jq -r --arg id "$id" '"user \($id): \(length) orders, first #\(.[0].id)"' <<<"$out"
  else
    out=$(search --query "user$id" --limit 1)
    echo "user $id: not found, nearest $(jq -r '.hits[0]' <<<"$out")"
  fi
}
for id in 7 8 9 19 21; do lookup "$id"; done
