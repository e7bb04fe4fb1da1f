#!/usr/bin/env bash
# Each utility family of toolsh-utils builds alone (`--no-default-features
# --features FAMILY`), and the interpreter depends on none of the
# utilities' libraries (issue #24). Run from anywhere; uses CARGO_TARGET_DIR.
set -euo pipefail
cd "$(dirname "$0")/.."

families=$(sed -n '/^\[features\]/,/^\[/p' crates/toolsh-utils/Cargo.toml |
  grep -oE '^[a-z]+ =' | cut -d' ' -f1 | grep -vx default)
for f in $families; do
  echo "== toolsh-utils --features $f"
  cargo check -q -p toolsh-utils --no-default-features --features "$f"
done
echo "== toolsh-utils --no-default-features"
cargo check -q -p toolsh-utils --no-default-features

# The interpreter's normal dependencies hold none of the utilities' crates.
tree=$(cargo tree -p toolsh-interp -e normal --prefix none)
for c in jaq-core jaq-std jaq-json fancy-regex jiff md-5 sha1 sha2 blake2 crc similar toolsh-utils toolsh-jq toolsh-awk; do
  if grep -q "^$c v" <<<"$tree"; then
    echo "toolsh-interp depends on $c" >&2
    exit 1
  fi
done
echo "toolsh-interp: none of the utilities' dependencies"
