#!/usr/bin/env bash
# Install the MCP conformance suite and the Node.js 22 it needs (the
# machine's Node may be older; the npm package `node` ships a Node binary)
# at pinned versions into $TOOLSH_CONFORMANCE_DIR (default
# ~/.cache/toolsh-conformance). Idempotent. Prints the directory.
set -euo pipefail
dir="${TOOLSH_CONFORMANCE_DIR:-$HOME/.cache/toolsh-conformance}"
pkgs=(
  node@22.23.3
  @modelcontextprotocol/conformance@0.1.16
)
"$(dirname "$0")/npm-pinned.sh" "$dir" toolsh-conformance "${pkgs[@]}"
echo "$dir"
