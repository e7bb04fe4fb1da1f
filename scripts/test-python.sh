#!/usr/bin/env bash
# The Python package's tests (crates/toolsh-py): a venv under ~/.cache
# with the pinned test dependencies, `maturin develop` (a debug build of
# the extension into that venv), then pytest. Called by scripts/test.sh;
# run it alone after a change to the binding.
#
#   scripts/test-python.sh            # debug build + pytest
#   scripts/test-python.sh bench      # release build + the benchmark against
#                                     # bashkit (docs/benchmarks.md), then the
#                                     # debug build is put back
#
# Without python3 (>= 3.11) or PyPI it prints why and exits 0 with the
# tests reported as skipped, as the other dependency-bound tests are.
set -uo pipefail
cd "$(dirname "$0")/.."
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/toolsh-target}"
venv="${TOOLSH_PYENV:-$HOME/.cache/toolsh-pyenv}"
note() { printf 'scripts/test-python.sh: %s\n' "$*" >&2; }
skip() { echo "1 skipped: the Python package tests: $*"; exit 0; }

if [ -n "${TOOLSH_SKIP_PYTHON:-}" ]; then
  skip "TOOLSH_SKIP_PYTHON is set ($TOOLSH_SKIP_PYTHON)"
fi
py=$(command -v python3) || skip "no python3"
"$py" -c 'import sys; sys.exit(sys.version_info < (3, 11))' || skip "python3 is older than 3.11"
if [ ! -x "$venv/bin/python" ]; then
  "$py" -m venv "$venv" || skip "cannot create a venv (python3-venv missing?)"
fi
req=crates/toolsh-py/requirements-test.txt
stamp="$venv/.toolsh-requirements"
if ! cmp -s "$req" "$stamp"; then
  "$venv/bin/pip" install -q -r "$req" || skip "installing $req from PyPI failed"
  cp "$req" "$stamp"
fi
# shellcheck disable=SC1091
. "$venv/bin/activate"
if [ "${1:-}" = "bench" ]; then
  (cd crates/toolsh-py && maturin develop -q --release) || { note "maturin develop --release failed"; exit 1; }
  python crates/toolsh-py/bench/bench_vs_bashkit.py "${@:2}"
  status=$?
  (cd crates/toolsh-py && maturin develop -q) || exit 1
  exit "$status"
fi
(cd crates/toolsh-py && maturin develop -q) || { note "maturin develop failed"; exit 1; }
python -m pytest -q -p no:cacheprovider crates/toolsh-py/tests
