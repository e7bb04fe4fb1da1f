# Page through a long listing, ten at a time, until a short page.
orders=$(list_orders --limit 45)
page=0
while :; do
  chunk=$(jq -c ".[$((page * 10)):$((page * 10 + 10))]" <<<"$orders")
  n=$(jq length <<<"$chunk")
  echo "page $page: $n orders, sum $(jq '[.[].total] | add // 0' <<<"$chunk")"
  ((n < 10)) && break
  page=$((page + 1))
done
