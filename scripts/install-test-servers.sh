#!/usr/bin/env bash
# Install the real MCP servers (and the MCP inspector CLI, used as a real
# client) that the end-to-end tests drive, at pinned versions, into
# $TOOLSH_NPM_DIR (default ~/.cache/toolsh-npm). Idempotent.
set -euo pipefail
dir="${TOOLSH_NPM_DIR:-$HOME/.cache/toolsh-npm}"
pkgs=(
  @modelcontextprotocol/server-memory@2026.8.31
  @modelcontextprotocol/server-everything@2026.8.31
  @modelcontextprotocol/inspector@2.12.0
)
"$(dirname "$0")/npm-pinned.sh" "$dir" toolsh-test-servers "${pkgs[@]}"
echo "$dir"
