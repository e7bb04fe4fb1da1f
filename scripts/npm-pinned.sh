#!/usr/bin/env bash
# Install npm packages at pinned versions into a directory of their own,
# skipping those already there at that version. Idempotent. Used by
# install-test-servers.sh and install-conformance.sh.
#
#   scripts/npm-pinned.sh DIR PROJECT-NAME name@version...
set -euo pipefail
dir=$1 project=$2
shift 2
mkdir -p "$dir"
cd "$dir"
[ -f package.json ] || echo "{\"name\":\"$project\",\"private\":true}" > package.json
have() { [ -f "node_modules/$1/package.json" ] && [ "$(node -p "require('./node_modules/$1/package.json').version")" = "$2" ]; }
missing=()
for p in "$@"; do
  name="${p%@*}"; version="${p##*@}"
  have "$name" "$version" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  npm install --no-audit --no-fund --silent "${missing[@]}"
fi
