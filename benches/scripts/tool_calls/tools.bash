# The bash side of the tool_calls and agent scripts: shell functions printing the
# same JSON as the toolsh tools (benches/src/compare/tools.rs). Prepended to
# each tool_calls script when it runs under real bash.
get_user() {
  local id=0
  while [ $# -gt 0 ]; do
    case $1 in
      --id) id=$2; shift 2 ;;
      --id=*) id=${1#--id=}; shift ;;
      *) shift ;;
    esac
  done
  local active=false
  if ((id % 2 == 0)); then active=true; fi
  printf '{"id":%d,"name":"user %d","active":%s}\n' "$id" "$id" "$active"
}
list_orders() {
  local limit=5 i out=
  while [ $# -gt 0 ]; do
    case $1 in
      --limit) limit=$2; shift 2 ;;
      --limit=*) limit=${1#--limit=}; shift ;;
      *) shift ;;
    esac
  done
  for ((i = 1; i <= limit; i++)); do
    out+="${out:+,}{\"id\":$i,\"total\":$((i * 10 + i % 3))}"
  done
  printf '[%s]\n' "$out"
}
search() {
  local query= limit=3 i out=
  while [ $# -gt 0 ]; do
    case $1 in
      --query) query=$2; shift 2 ;;
      --query=*) query=${1#--query=}; shift ;;
      --limit) limit=$2; shift 2 ;;
      --limit=*) limit=${1#--limit=}; shift ;;
      *) shift ;;
    esac
  done
  for ((i = 1; i <= limit; i++)); do out+="${out:+,}\"$query-$i\""; done
  printf '{"query":"%s","hits":[%s]}\n' "$query" "$out"
}
get_orders() {
  local user=0 status= k st out= total
  while [ $# -gt 0 ]; do
    case $1 in
      --user) user=$2; shift 2 ;;
      --user=*) user=${1#--user=}; shift ;;
      --status) status=$2; shift 2 ;;
      --status=*) status=${1#--status=}; shift ;;
      *) shift ;;
    esac
  done
  if ((user % 10 == 9)); then
    echo "get_orders: no such user: $user" >&2
    return 1
  fi
  for ((k = 1; k <= 3; k++)); do
    if ((k == 2)); then st=open; else st=paid; fi
    [ -n "$status" ] && [ "$status" != "$st" ] && continue
    total=$(((7 * user + 13 * k) % 100 + 5))
    out+="${out:+,}{\"id\":$((user * 10 + k)),\"user\":$user,\"total\":$total,\"status\":\"$st\"}"
  done
  printf '[%s]\n' "$out"
}
send_message() {
  local to= text=
  while [ $# -gt 0 ]; do
    case $1 in
      --to) to=$2; shift 2 ;;
      --to=*) to=${1#--to=}; shift ;;
      --text) text=$2; shift 2 ;;
      --text=*) text=${1#--text=}; shift ;;
      *) shift ;;
    esac
  done
  printf '{"ok":true,"to":"%s","bytes":%d}\n' "$to" "${#text}"
}
