# The bash side of the tool_calls scripts: shell functions printing the
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
