"""Pack an extension module that cargo built into a wheel of the package.

    python tools/wheel_from_cargo.py LIBRARY OUT_DIR    # prints the wheel's path

Why: maturin builds the extension with its own ``cargo rustc`` of
toolsh-py alone, so cargo resolves the dependencies' features for that one
package, while ``cargo test --workspace`` resolves them for the whole
workspace with its dev-dependencies (tokio's ``test-util`` and ``signal``,
serde on the parser's types, ...). Different features are different
artifacts: maturin rebuilt most of the dependency graph a second time.
maturin has no option to package a library built elsewhere (PyO3/maturin
issue 1681), so scripts/test-python.sh builds the library with cargo in the
workspace's resolution (``cargo build --workspace --lib --tests``: every
dependency is then the artifact ``cargo test --workspace`` built) and this
script makes the wheel from it: the metadata is maturin's
(``maturin pep517 write-dist-info``, from pyproject.toml, no build), the
files are ``python/toolsh`` plus the library as ``toolsh/_native.abi3.so``,
the ``RECORD`` is computed here (the wheel format, PEP 427 / the binary
distribution format specification).

Released wheels still come from maturin (``pip install ./crates/toolsh-py``,
``maturin build``); this is for the test venv.
"""

from __future__ import annotations

import base64
import hashlib
import pathlib
import subprocess
import sys
import tempfile
import zipfile

CRATE = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = CRATE / "python" / "toolsh"
MODULE = "toolsh/_native.abi3.so"


def _digest(data: bytes) -> str:
    d = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={d}"


def _dist_info(meta_dir: pathlib.Path) -> pathlib.Path:
    """maturin's METADATA and WHEEL for this package and interpreter."""
    subprocess.run(
        ["maturin", "pep517", "write-dist-info", "--metadata-directory", str(meta_dir),
         "--interpreter", sys.executable],
        cwd=CRATE, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    (info,) = [p for p in meta_dir.iterdir() if p.name.endswith(".dist-info")]
    return info


def _tag(wheel_file: pathlib.Path) -> str:
    tags = [line.split(":", 1)[1].strip() for line in wheel_file.read_text().splitlines()
            if line.startswith("Tag:")]
    if len(tags) != 1:
        raise SystemExit(f"wheel_from_cargo: expected one Tag in {wheel_file}, found {tags}")
    return tags[0]


def pack(library: pathlib.Path, out_dir: pathlib.Path) -> pathlib.Path:
    """Write the wheel into ``out_dir`` and return its path."""
    with tempfile.TemporaryDirectory() as tmp:
        info = _dist_info(pathlib.Path(tmp))
        dist = info.name.removesuffix(".dist-info")  # toolsh-0.1.0
        out_dir.mkdir(parents=True, exist_ok=True)
        wheel = out_dir / f"{dist}-{_tag(info / 'WHEEL')}.whl"
        files: list[tuple[str, bytes, int]] = []
        for p in sorted(PACKAGE.rglob("*")):
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".so":
                rel = "toolsh/" + p.relative_to(PACKAGE).as_posix()
                files.append((rel, p.read_bytes(), zipfile.ZIP_DEFLATED))
        # The library is large (debug info) and already dense: stored.
        files.append((MODULE, library.read_bytes(), zipfile.ZIP_STORED))
        for p in sorted(info.iterdir()):
            files.append((f"{info.name}/{p.name}", p.read_bytes(), zipfile.ZIP_DEFLATED))
        record = f"{info.name}/RECORD"
        lines = [f"{name},{_digest(data)},{len(data)}" for name, data, _ in files]
        lines.append(f"{record},,")
        partial = wheel.with_suffix(".partial")
        with zipfile.ZipFile(partial, "w") as z:
            for name, data, method in files:
                z.writestr(zipfile.ZipInfo(name, (2026, 1, 1, 0, 0, 0)), data, compress_type=method)
            z.writestr(record, "\n".join(lines) + "\n", compress_type=zipfile.ZIP_DEFLATED)
        partial.replace(wheel)
        return wheel


def main(argv: list[str]) -> int:
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    library = pathlib.Path(argv[1])
    if not library.is_file():
        print(f"wheel_from_cargo: no library at {library}", file=sys.stderr)
        return 1
    print(pack(library, pathlib.Path(argv[2])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
