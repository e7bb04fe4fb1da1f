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
mkdir -p "$dir"
cd "$dir"
[ -f package.json ] || echo '{"name":"toolsh-conformance","private":true}' > package.json
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
