# Thirty calls, failures counted and their ids kept.
ok=0
bad=()
for id in $(seq 0 29); do
  if get_orders --user "$id" >/dev/null 2>&1; then
    ok=$((ok + 1))
  else
    bad+=("$id")
  fi
done
echo "ok: $ok"
echo "failed (${#bad[@]}): ${bad[*]}"
