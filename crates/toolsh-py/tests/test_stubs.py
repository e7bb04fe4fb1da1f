"""The type stubs (``_native.pyi``, ``py.typed``) describe the extension
module as it is: mypy's ``stubtest`` compares every stub with the runtime
object (names, signatures PyO3 records), and mypy checks the package's
Python sources against the stubs."""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys

import pytest

import toolsh

PACKAGE = pathlib.Path(toolsh.__file__).parent
CRATE = pathlib.Path(__file__).resolve().parent.parent
CONFIG = str(CRATE / "pyproject.toml")


def _mypy(*args: str) -> subprocess.CompletedProcess[str]:
    pytest.importorskip("mypy")
    # The cache lives in the venv: the first run parses typeshed, later
    # ones only what changed.
    env = {**os.environ, "MYPY_CACHE_DIR": os.path.join(sys.prefix, "mypy-cache")}
    return subprocess.run(
        [sys.executable, "-m", *args],
        capture_output=True, text=True, env=env, check=False, cwd=CRATE,
    )


def test_the_package_is_typed():
    assert (PACKAGE / "py.typed").is_file()
    assert (PACKAGE / "_native.pyi").is_file()


def test_stubs_match_the_extension_module():
    r = _mypy("mypy.stubtest", "--mypy-config-file", CONFIG, "toolsh._native")
    assert r.returncode == 0, r.stdout + r.stderr


def test_package_sources_type_check_against_the_stubs():
    r = _mypy("mypy", "--config-file", CONFIG, "--no-error-summary", "-p", "toolsh")
    assert r.returncode == 0, r.stdout + r.stderr
