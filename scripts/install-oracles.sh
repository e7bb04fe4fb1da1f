#!/usr/bin/env bash
# Install the reference programs the spec corpora are verified against:
# GNU bash 5.2, gawk 5.2, GNU sed/grep/coreutils (Debian packages) and
# jq 1.7.1, built from the source that the PyPI package `jq==1.8.0` bundles
# (Debian ships only jq 1.6). Idempotent; prints the oracle directory.
#
#   scripts/install-oracles.sh        # installs, prints e.g. /root/.cache/toolsh-oracles
set -euo pipefail
dest="${TOOLSH_ORACLES:-$HOME/.cache/toolsh-oracles}"
mkdir -p "$dest/bin"

need_apt=()
command -v gawk >/dev/null || need_apt+=(gawk)
command -v bash >/dev/null || need_apt+=(bash)
if [ ${#need_apt[@]} -gt 0 ]; then
  apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

if [ ! -x "$dest/bin/jq" ] || ! "$dest/bin/jq" --version 2>/dev/null | grep -q '^jq-1\.7\.1$'; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  python3 -m pip download -q --no-deps --no-binary :all: jq==1.8.0 -d "$work" >/dev/null
  tar -xzf "$work"/jq-1.8.0.tar.gz -C "$work"
  tar -xzf "$work"/jq-1.8.0/deps/jq-1.7.1.tar.gz -C "$work"
  (cd "$work/jq-1.7.1" &&
    ./configure -q --with-oniguruma=builtin --disable-docs --disable-maintainer-mode \
      --prefix="$dest/jq-1.7.1" >/dev/null &&
    make -s -j"$(nproc)" >/dev/null 2>&1 &&
    make -s install >/dev/null 2>&1)
  ln -sf "$dest/jq-1.7.1/bin/jq" "$dest/bin/jq"
  # Keep jq's own test files for the upstream pass-rate report.
  mkdir -p "$dest/jq-tests"
  cp "$work"/jq-1.7.1/tests/*.test "$dest/jq-tests/"
fi
echo "$dest"
