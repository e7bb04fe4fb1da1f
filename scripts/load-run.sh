#!/usr/bin/env bash
# The serve load run (issue #30; figures in docs/benchmarks.md, "serve
# load run"): `toolsh serve` replicas behind HAProxy on loopback, a real
# Redis for the shared call quota, and the Rust load generator
# (benches/src/bin/serve_load) driving N concurrent MCP clients for T
# seconds of mixed scripts (echo, a demo tool piped into jq, calls of an
# upstream MCP server, server-everything over stdio, one piped into jq).
#
#   scripts/load-run.sh                  # 200 clients, 60 s per phase
#   scripts/load-run.sh --quick          # 20 clients, 10 s per phase, no FastMCP (CI)
#   scripts/load-run.sh --clients N --seconds T --profile dev|release --out DIR
#
# Phases, each with the same clients and seconds:
#   three     3 replicas behind HAProxy, stateless
#   one       the same load through HAProxy to one replica
#   echo-toolsh / echo-fastmcp
#             `echo hi` scripts straight to one replica, then one trivial
#             tool of a FastMCP server (PyPI fastmcp, pinned, stateless,
#             JSON answers like toolsh serve), same generator
#   shared-session / per-client-session
#             `toolsh mcp --http` (which keeps sessions; serve has none):
#             all clients in one session, then one session each
#   kill      3 replicas behind HAProxy; replica r3 gets kill -9 halfway
# Exit status 1 when a toolsh phase lost a request, left one stuck (no
# answer within the timeout), answered one wrongly, or Redis's quota
# counter is not the calls admitted (scripts/load/report.py says how each
# is checked); never because of speed. 2 when something it needs cannot
# be installed or started.
#
# Installs what it needs like scripts/test.sh (Debian's haproxy and
# redis-server, Node.js and the pinned npm servers, a venv with fastmcp
# under ~/.cache/toolsh-fastmcp), then builds toolsh and the load
# generator (default: release; CI passes --profile dev to reuse the test
# build scripts/test.sh made: a release build would add about 10 minutes
# to CI, and the quick run checks losses and counts, not speed). Per-phase JSON and the summary go to --out (default
# $CARGO_TARGET_DIR/load-run).
set -uo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/toolsh-target}"
FASTMCP_VERSION=4.1.6

clients=200 seconds=60 profile=release out= compare=1
while [ $# -gt 0 ]; do
  case $1 in
    # The FastMCP comparison is about speed, which --quick does not judge.
    --quick) clients=20 seconds=10 compare=0 ;;
    --clients) clients=$2; shift ;;
    --seconds) seconds=$2; shift ;;
    --profile) profile=$2; shift ;;
    --out) out=$2; shift ;;
    *) echo "usage: $0 [--quick] [--clients N] [--seconds T] [--profile dev|release] [--out DIR]" >&2; exit 2 ;;
  esac
  shift
done
case $profile in dev) bindir=debug ;; release) bindir=release ;; *) echo "--profile: dev or release" >&2; exit 2 ;; esac
out=${out:-$CARGO_TARGET_DIR/load-run}

note() { printf 'scripts/load-run.sh: %s\n' "$*" >&2; }
die() { note "$*"; exit 2; }
. scripts/apt.sh

# What the run needs.
command -v haproxy >/dev/null || apt_install haproxy || die "cannot install haproxy"
command -v redis-server >/dev/null || apt_install redis-server || die "cannot install redis-server"
command -v npm >/dev/null || apt_install nodejs npm || die "cannot install Node.js/npm"
npm_dir=$(scripts/install-test-servers.sh 2>/dev/null | tail -n 1) || die "installing the npm test servers failed"
everything=$npm_dir/node_modules/@modelcontextprotocol/server-everything/dist/index.js
[ -f "$everything" ] || die "no server-everything in $npm_dir"
venv=$HOME/.cache/toolsh-fastmcp
if [ "$compare" = 1 ] && ! "$venv/bin/python" -c "import fastmcp, sys; sys.exit(fastmcp.__version__ != '$FASTMCP_VERSION')" 2>/dev/null; then
  { python3 -m venv "$venv" && "$venv/bin/pip" install -q "fastmcp==$FASTMCP_VERSION"; } >/dev/null 2>&1 \
    || die "cannot install fastmcp $FASTMCP_VERSION into $venv"
fi

if [ "$profile" = release ]; then
  cargo build -q --release -p toolsh-cli --bin toolsh || die "building toolsh failed"
  cargo build -q --release -p toolsh-benches --bin serve_load || die "building the load generator failed"
else
  # The binary scripts/test.sh's `cargo test --workspace` built for the
  # CLI's integration tests (the same selection, so nothing is rebuilt
  # after it; `cargo build -p toolsh-cli` would resolve other features).
  cargo test -q --workspace --no-run >/dev/null 2>&1 || die "building toolsh (test build) failed"
  cargo build -q -p toolsh-benches --bin serve_load || die "building the load generator failed"
fi
toolsh=$CARGO_TARGET_DIR/$bindir/toolsh
load=$CARGO_TARGET_DIR/$bindir/serve_load

work=$(mktemp -d)
pids=()
cleanup() {
  # Only what this script started: each server leads a process group of
  # its own (setsid), which also holds its children (the stdio upstreams).
  for p in "${pids[@]}"; do kill -TERM -- "-$p" 2>/dev/null; done
  sleep 0.5
  for p in "${pids[@]}"; do kill -KILL -- "-$p" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT
mkdir -p "$out"
rm -f "$out"/*.json

free_ports() { python3 -c "
import socket
ss = [socket.socket() for _ in range($1)]
for s in ss: s.bind(('127.0.0.1', 0))
print(' '.join(str(s.getsockname()[1]) for s in ss))
for s in ss: s.close()"; }
read -r p_redis p_front p_single p1 p2 p3 p_fast p_mcp <<<"$(free_ports 8)"

# start NAME CMD...: in a process group of its own, log in $work/NAME.log.
start() {
  local name=$1; shift
  setsid "$@" >"$work/$name.log" 2>&1 </dev/null &
  pids+=($!)
  eval "pid_$name=$!"
}
wait_http() { # URL: up to 60 s for any HTTP answer
  for _ in $(seq 600); do curl -s -o /dev/null --max-time 1 "$1" && return 0; sleep 0.1; done
  return 1
}

start redis redis-server --port "$p_redis" --bind 127.0.0.1 --save '' --appendonly no
for _ in $(seq 100); do redis-cli -p "$p_redis" ping >/dev/null 2>&1 && break; sleep 0.1; done
redis-cli -p "$p_redis" ping >/dev/null || die "redis-server did not start: $(cat "$work/redis.log")"
rcli() { redis-cli -p "$p_redis" "$@"; }
quota_key=load:load:day

# The tenant: the demo tools, server-everything over stdio, an API key.
key=load-run-key
cat >"$work/tenant.toml" <<EOF
[[mcp]]
name = "everything"
command = "node"
args = ["$everything", "stdio"]
max_concurrent_calls = 64
EOF
for r in 1 2 3; do
  port_var=p$r
  cat >"$work/r$r.toml" <<EOF
[server]
listen = "127.0.0.1:${!port_var}"
max_in_flight = 256
max_queued = 512
queue_wait_ms = 10000
drain_seconds = 5
[auth]
[[auth.api_keys]]
tenant = "load"
sha256 = "$(printf %s "$key" | sha256sum | cut -d' ' -f1)"
[redis]
url = "redis://127.0.0.1:$p_redis"
key_prefix = "load"
[[tenant]]
name = "load"
manifest = "tenant.toml"
demo_tools = true
max_executions = 256
timeout_seconds = 10
# The per-tenant quota the run checks: never reached, counted exactly.
calls_per_day = 1000000000
EOF
  start "r$r" "$toolsh" serve --config "$work/r$r.toml"
done
for r in 1 2 3; do
  port_var=p$r
  wait_http "http://127.0.0.1:${!port_var}/healthz" || die "replica r$r did not start: $(cat "$work/r$r.log")"
done
# Idle RSS: started, nothing asked yet.
idle_rss() { awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$1/status"; }
idle="r1 $(idle_rss "$pid_r1") MB, r2 $(idle_rss "$pid_r2") MB, r3 $(idle_rss "$pid_r3") MB"

cat >"$work/haproxy.cfg" <<EOF
global
  maxconn 8192
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  option http-keep-alive
  # A connection that cannot be made goes to another replica; a request
  # already sent is not resent (calls are not idempotent): the client
  # retries it.
  retries 3
  option redispatch
  default-server inter 500ms fall 1 rise 2 maxconn 256
frontend three
  bind 127.0.0.1:$p_front
  http-after-response set-header x-replica %s
  default_backend three
frontend single
  bind 127.0.0.1:$p_single
  http-after-response set-header x-replica %s
  default_backend single
backend three
  balance roundrobin
  option httpchk GET /healthz
  server r1 127.0.0.1:$p1 check
  server r2 127.0.0.1:$p2 check
  server r3 127.0.0.1:$p3 check
backend single
  option httpchk GET /healthz
  server r1 127.0.0.1:$p1 check
EOF
haproxy -c -q -f "$work/haproxy.cfg" || die "haproxy refused its configuration"
start haproxy haproxy -db -f "$work/haproxy.cfg"
wait_http "http://127.0.0.1:$p_front/healthz" || die "haproxy did not start: $(cat "$work/haproxy.log")"

if [ "$compare" = 1 ]; then
  start fastmcp "$venv/bin/python" scripts/load/fastmcp_echo.py "$p_fast"
fi
start mcp "$toolsh" mcp --demo-tools --http "127.0.0.1:$p_mcp" --max-executions 256 --max-queued 512 --max-sessions 1024
if [ "$compare" = 1 ]; then
  wait_http "http://127.0.0.1:$p_fast/mcp" || die "the FastMCP server did not start: $(cat "$work/fastmcp.log")"
fi
wait_http "http://127.0.0.1:$p_mcp/mcp" || die "toolsh mcp --http did not start: $(cat "$work/mcp.log")"

# The mixes: what each call's answer must hold, as recorded from the
# real programs (bash; `toolsh run --demo-tools`, see tests/serve.rs;
# server-everything through the MCP inspector, see tests/mcp_upstreams.rs).
script() { # NAME WEIGHT COMMANDS EXPECTED-STDOUT
  python3 -c 'import json, sys; n, w, c, e = sys.argv[1:]; print(json.dumps({"name": n, "tool": "script", "weight": int(w), "arguments": {"commands": c}, "expect_pointer": "/structuredContent/stdout", "expect": e}))' "$@"
}
{
  echo "["
  script echo 4 'echo hi' $'hi\n'; echo ","
  script demo-jq 3 "customers.list | jq -r '.[0].id'" $'c-acme\n'; echo ","
  script upstream 2 'everything.get-sum --a 2 --b 40' $'The sum of 2 and 40 is 42.\n'; echo ","
  script upstream-jq 1 'everything.get-structured-content --location Chicago | jq -r .conditions' $'Light rain / drizzle\n'
  echo "]"
} >"$work/mixed.json"
{ echo "["; script echo 1 'echo hi' $'hi\n'; echo "]"; } >"$work/echo.json"
{ echo "["; script echo 4 'echo hi' $'hi\n'; echo ","; script demo-jq 3 "customers.list | jq -r '.[0].id'" $'c-acme\n'; echo "]"; } >"$work/local.json"
cat >"$work/fastmcp.json" <<'EOF'
[{"name": "echo", "tool": "echo", "weight": 1, "arguments": {"text": "hi"}, "expect_pointer": "/content/0/text", "expect": "hi"}]
EOF

status=0
cat /proc/loadavg >"$work/loadavg-start"
watch_all=(--watch "r1=$pid_r1" --watch "r2=$pid_r2" --watch "r3=$pid_r3")
metrics_all=(--metrics "r1=http://127.0.0.1:$p1/metrics" --metrics "r2=http://127.0.0.1:$p2/metrics" --metrics "r3=http://127.0.0.1:$p3/metrics")
phase_no=0
# phase LABEL CHECK-ARGS -- LOAD-ARGS: run the load generator, then check.
phase() {
  local label=$1; shift
  local check=()
  while [ "$1" != -- ]; do check+=("$1"); shift; done
  shift
  phase_no=$((phase_no + 1))
  local json
  json=$out/$(printf %02d "$phase_no")-$label.json
  rcli del "$quota_key" >/dev/null
  "$load" --label "$label" --clients "$clients" --duration "$seconds" --timeout 15 --json "$json" "$@"
  local rc=$?
  [ "$rc" -le 1 ] || { note "$label: the load generator failed ($rc)"; status=1; return; }
  local redis_args=()
  if [ "${check[0]:-}" = quota ]; then
    redis_args=(--redis "$(rcli get "$quota_key" | grep -E '^[0-9]+$' || echo 0)")
    check=("${check[@]:1}")
  fi
  if [ "${check[0]:-}" = report-only ]; then
    python3 scripts/load/report.py check "$json" || note "$label: not toolsh; reported, not failed"
  else
    python3 scripts/load/report.py check "$json" "${redis_args[@]}" "${check[@]}" || status=1
  fi
}

# Warm up: every replica loads the quota script into Redis and starts its
# upstream, so the first phase measures a running service.
"$load" --label warm-up --clients 8 --duration 2 --url "http://127.0.0.1:$p_front/mcp" \
  --header "Authorization: Bearer $key" --mix "$work/mixed.json" >/dev/null || note "warm-up had failures"

auth=(--header "Authorization: Bearer $key")
phase three quota -- --url "http://127.0.0.1:$p_front/mcp" "${auth[@]}" --mix "$work/mixed.json" \
  "${watch_all[@]}" "${metrics_all[@]}"
phase one quota -- --url "http://127.0.0.1:$p_single/mcp" "${auth[@]}" --mix "$work/mixed.json" \
  --watch "r1=$pid_r1" --metrics "r1=http://127.0.0.1:$p1/metrics"
phase echo-toolsh quota -- --url "http://127.0.0.1:$p1/mcp" "${auth[@]}" --mix "$work/echo.json" \
  --watch "r1=$pid_r1" --metrics "r1=http://127.0.0.1:$p1/metrics"
if [ "$compare" = 1 ]; then
  phase echo-fastmcp report-only -- --url "http://127.0.0.1:$p_fast/mcp" --mix "$work/fastmcp.json" \
    --watch "fastmcp=$pid_fastmcp"
fi
phase shared-session -- --url "http://127.0.0.1:$p_mcp/mcp" --session shared --mix "$work/local.json" \
  --watch "mcp=$pid_mcp"
phase per-client-session -- --url "http://127.0.0.1:$p_mcp/mcp" --session per-client --mix "$work/local.json" \
  --watch "mcp=$pid_mcp"
half=$(python3 -c "print($seconds / 2)")
phase kill quota --killed r3 --survivors r1,r2 -- --url "http://127.0.0.1:$p_front/mcp" "${auth[@]}" \
  --mix "$work/mixed.json" "${watch_all[@]}" "${metrics_all[@]}" --kill "r3@$half"

{
  echo "serve load run: $clients clients, $seconds s per phase, $profile build, $(nproc) cores"
  echo "load before: $(cat "$work/loadavg-start" 2>/dev/null)  load after: $(cat /proc/loadavg)"
  echo "idle replica RSS (started, before any request): $idle"
  echo
  python3 scripts/load/report.py summary "$out"
} | tee "$out/summary.md"
[ "$status" = 0 ] && note "every check passed" || note "some check failed (see above)"
exit "$status"
