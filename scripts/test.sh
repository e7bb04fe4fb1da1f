#!/usr/bin/env bash
# The README's test command: installs what the tests need, then runs the
# whole workspace's tests. Works on a fresh machine with nothing installed
# by hand (Debian; root, or sudo, for apt-get).
#
#   scripts/test.sh                 # everything
#   scripts/test.sh -p toolsh-cli   # extra arguments go to `cargo test`
#
# What it installs, each step idempotent and cached under ~/.cache:
#   - the oracles (gawk from Debian, jq 1.7.1 built from the PyPI sdist):
#     scripts/install-oracles.sh
#   - Node.js and npm from Debian when `npm` is missing, then the pinned
#     MCP servers and the MCP inspector CLI: scripts/install-test-servers.sh,
#     and the MCP conformance suite with Node.js 22:
#     scripts/install-conformance.sh
#   - redis-server from Debian, for toolsh-serve's shared call limits
#     (tests/redis.rs starts its own on a loopback port)
#   - a Python venv with maturin and the Python tests' pinned dependencies
#     (~/.cache/toolsh-pyenv), then the Python package's pytest suite:
#     scripts/test-python.sh (run only when no cargo arguments are given)
# A step that fails (no registry, no root) prints why and goes on: the
# tests that need it are then reported as ignored, never as passed, each
# binary prints `N skipped: <what>: <why>`, and this script repeats those
# lines at the end.
#
# The build goes to $CARGO_TARGET_DIR (default ~/.cache/toolsh-target,
# outside the clone, so a second clone or CI reuses it).
set -uo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/toolsh-target}"

note() { printf 'scripts/test.sh: %s\n' "$*" >&2; }
. scripts/apt.sh

# Oracles: bash (present), gawk, jq 1.7.1. Building jq needs a C compiler.
if ! command -v cc >/dev/null || ! command -v make >/dev/null; then
  apt_install build-essential || note "no C compiler: jq 1.7.1 cannot be built"
fi
scripts/install-oracles.sh >/dev/null || note "installing the oracles failed: the oracle tests will be skipped"

# Node.js and npm for the real MCP servers and the inspector CLI.
if ! command -v npm >/dev/null; then
  apt_install nodejs npm || note "cannot install Node.js/npm: the MCP end-to-end tests will be skipped"
fi
if command -v npm >/dev/null; then
  scripts/install-test-servers.sh >/dev/null || note "installing the npm test servers failed: the MCP end-to-end tests will be skipped"
  # The MCP conformance suite and the Node.js 22 it needs (the npm
  # package `node`): the mcp_conformance tests run its client scenarios.
  scripts/install-conformance.sh >/dev/null || note "installing the MCP conformance suite failed: the conformance tests will be skipped"
fi

# Redis for toolsh-serve's cross-replica call limits.
if ! command -v redis-server >/dev/null; then
  apt_install redis-server || note "cannot install redis-server: the Redis tests will be skipped"
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Every test binary runs even when one fails (a failure must not hide the
# rest): --no-fail-fast unless the caller passed it already.
fail_fast=--no-fail-fast
for a in "$@"; do [ "$a" = --no-fail-fast ] && fail_fast=; done
cargo test --workspace $fail_fast "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}

# The Python package (crates/toolsh-py): built with maturin into a venv
# under ~/.cache and tested with pytest, the way Python users call it.
if [ "$#" = 0 ]; then
  scripts/test-python.sh 2>&1 | tee -a "$log"
  py_status=${PIPESTATUS[0]}
  [ "$py_status" = 0 ] || status=$py_status
fi

# Repeat what was skipped and why, so it is the last thing on the screen.
if grep -Eq '^[0-9]+ skipped: ' "$log"; then
  echo
  echo "Skipped (reported as ignored, not passed):"
  grep -E '^[0-9]+ skipped: ' "$log" | grep -Ev '^0 skipped' | sed 's/^/  /'
fi
exit "$status"
