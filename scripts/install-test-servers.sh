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
mkdir -p "$dir"
cd "$dir"
[ -f package.json ] || echo '{"name":"toolsh-test-servers","private":true}' > package.json
have() { [ -f "node_modules/$1/package.json" ] && [ "$(node -p "require('./node_modules/$1/package.json').version")" = "$2" ]; }
missing=()
for p in "${pkgs[@]}"; do
  name="${p%@*}"; version="${p##*@}"
  have "$name" "$version" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  npm install --no-audit --no-fund --silent "${missing[@]}"
fi
echo "$dir"
