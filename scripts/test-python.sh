#!/usr/bin/env bash
# The Python package's tests (crates/toolsh-py): a venv under ~/.cache
# with the pinned test dependencies, a debug build of the extension
# installed into it as a wheel, then pytest. Called by scripts/test.sh
# (after `cargo test --workspace`); run it alone after a change to the
# binding.
#
#   scripts/test-python.sh [ARGS]     # debug build + pytest (ARGS go to pytest)
#   scripts/test-python.sh bench      # release build (maturin, as `pip install`
#                                     # builds it) + the benchmark against
#                                     # bashkit (docs/benchmarks.md), then the
#                                     # debug build is put back
#
# The debug build is cargo's, not maturin's: `cargo build --workspace --lib
# --tests` resolves the dependencies' features exactly as `cargo test
# --workspace` does, so every dependency is the artifact the Rust tests
# already built and only pyo3 and toolsh-py compile. (`maturin develop`
# runs `cargo rustc` on toolsh-py alone, a different feature resolution:
# it rebuilt most of the graph.) crates/toolsh-py/tools/wheel_from_cargo.py
# packs the library with maturin's metadata into the wheel pip installs.
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
# The extension as a shared library that does not link libpython (as
# maturin builds it), configured without asking an interpreter (abi3 on
# Linux needs none), so pyo3's build script sees the same environment
# whichever venv or PATH is active: .ci/run exports the same two for its
# clippy run.
export PYO3_BUILD_EXTENSION_MODULE=1 PYO3_NO_PYTHON=1
wheels="$CARGO_TARGET_DIR/toolsh-py-wheels"
install_debug_build() {
  cargo build -q --workspace --lib --tests || { note "cargo build of the extension failed"; return 1; }
  local wheel
  wheel=$(python crates/toolsh-py/tools/wheel_from_cargo.py "$CARGO_TARGET_DIR/debug/libtoolsh_native.so" "$wheels/debug") || return 1
  pip install -q --no-deps --force-reinstall "$wheel" || { note "pip install $wheel failed"; return 1; }
}
if [ "${1:-}" = "bench" ]; then
  rm -f "$wheels"/release/*.whl
  (cd crates/toolsh-py && maturin build -q --release -o "$wheels/release") || { note "maturin build --release failed"; exit 1; }
  pip install -q --no-deps --force-reinstall "$wheels"/release/*.whl || exit 1
  python crates/toolsh-py/bench/bench_vs_bashkit.py "${@:2}"
  status=$?
  install_debug_build || exit 1
  exit "$status"
fi
install_debug_build || exit 1
python -m pytest -q -p no:cacheprovider crates/toolsh-py/tests "$@"
