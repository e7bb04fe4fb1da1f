# A report from a here-document template filled by functions.
count_active() {
  local n=0 i
  for i in "$@"; do
    [ "$(get_user --id "$i" | jq .active)" = true ] && n=$((n + 1))
  done
  echo "$n"
}
ids=(1 2 3 4 5 6 7 8)
active=$(count_active "${ids[@]}")
orders=$(list_orders --limit 12)
cat <<REPORT
# Weekly report
Users checked: ${#ids[@]}
Active users: $active
Orders: $(jq length <<<"$orders"), revenue $(jq '[.[].total] | add' <<<"$orders")
Largest order: #$(jq 'max_by(.total) | .id' <<<"$orders")
REPORT
