#!/usr/bin/env bash
# The client adapter of the MCP conformance suite
# (@modelcontextprotocol/conformance, `client` mode): the suite starts
#   scripts/conformance-client.sh SERVER_URL
# with MCP_CONFORMANCE_SCENARIO naming the scenario (and, for some,
# MCP_CONFORMANCE_CONTEXT holding JSON such as a pre-registered client's
# credentials). The adapter is what a toolsh user would write: a manifest
# naming the server as an `[[mcp]]` upstream, and a script calling its
# tools, run by `toolsh run` (from $TOOLSH, default `toolsh` on PATH). So
# every check the suite makes is of toolsh's own MCP client: the handshake,
# tool calls, elicitation answers, SSE resumption and OAuth.
#
# Two stand-ins, both for the person and not for toolsh: the token cache
# is a fresh temporary directory (XDG_CACHE_HOME), and the browser is curl
# ($BROWSER): the suite's authorization endpoint approves at once and
# redirects to toolsh's loopback listener, which curl follows.
set -euo pipefail
url=${!#}
scenario=${MCP_CONFORMANCE_SCENARIO:?MCP_CONFORMANCE_SCENARIO is not set}
toolsh=${TOOLSH:-toolsh}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache"
export BROWSER="curl -fsS -o /dev/null -L"

# A field of MCP_CONFORMANCE_CONTEXT (empty when absent), read with
# toolsh's own jq.
context() {
  printf '%s' "${MCP_CONFORMANCE_CONTEXT:-{\}}" |
    "$toolsh" run -c "jq -r --arg k \"\$1\" '.[\$k] // empty'" _ "$1"
}

oauth=""
case "$scenario" in
  auth/basic-cimd)
    # The document URL the suite expects as client ID (a deployment
    # hosts its own and names it here).
    oauth='client_metadata_url = "https://conformance-test.local/client-metadata.json"' ;;
  auth/pre-registration)
    export CONF_CLIENT_ID; CONF_CLIENT_ID=$(context client_id)
    export CONF_CLIENT_SECRET; CONF_CLIENT_SECRET=$(context client_secret)
    oauth='client_id = "${CONF_CLIENT_ID}"
client_secret = "${CONF_CLIENT_SECRET}"' ;;
  auth/client-credentials-*)
    export CONF_CLIENT_ID; CONF_CLIENT_ID=$(context client_id)
    export CONF_CLIENT_SECRET; CONF_CLIENT_SECRET=$(context client_secret)
    oauth='grant = "client_credentials"
client_id = "${CONF_CLIENT_ID}"
client_secret = "${CONF_CLIENT_SECRET}"' ;;
esac

{
  echo '[[mcp]]'
  echo 'name = "s"'
  printf 'url = "%s"\n' "$url"
  case "$scenario" in
    elicitation-*) echo 'elicitation = "defaults"' ;;
  esac
  if [ -n "$oauth" ]; then
    echo '[mcp.oauth]'
    printf '%s\n' "$oauth"
  fi
} > "$work/tools.toml"

case "$scenario" in
  initialize) script='true' ;;   # loading the manifest connects and lists the tools
  tools_call) script='s.add_numbers --a 5 --b 3' ;;
  elicitation-sep1034-client-defaults) script='s.test_client_elicitation_defaults' ;;
  sse-retry) script='s.test_reconnection' ;;
  auth/*) script='s.test-tool' ;;
  *) echo "conformance-client.sh: no script for scenario '$scenario'" >&2; exit 2 ;;
esac

# stdin is the suite's open pipe: a tool command reads its stdin to the
# end, so the run gets /dev/null, as a harness without input gives it.
run() { "$toolsh" run --tools "$work/tools.toml" --timeout 25 -c "$script" </dev/null; }
login() { "$toolsh" login s --manifest "$work/tools.toml"; }

# A person's authorization happens with `toolsh login`, as a user would do
# it; `toolsh run` never asks anyone (client credentials need no login:
# the run fetches the token itself). A run refused for want of scope
# (403 insufficient_scope) says "run `toolsh login s`" and notes the
# scopes; the person logs in again (the step-up) and runs again, once.
case "$scenario" in
  auth/client-credentials-*) run; exit ;;
  auth/*) login ;;
  *) run; exit ;;
esac
status=0
run 2>"$work/stderr" || status=$?
cat "$work/stderr" >&2
if [ "$status" != 0 ] && grep -q 'run `toolsh login s`' "$work/stderr"; then
  login
  run; exit
fi
exit "$status"
