//! toolsh-spec: the spec-corpus harness (not published).
//!
//! The corpora under `tests/spec/<area>/*.test.sh` record, per case, a
//! script and what the real programs (bash 5.2, GNU tools, gawk, jq 1.7.1)
//! print for it. This crate holds the case-file [`format`], the [`Oracle`]
//! that re-runs cases with the real programs (the `spec` binary's `bless`
//! and `verify`), and the [`runner`] that runs them through toolsh for
//! `cargo test` (see `tests/corpus.rs`), judged against the
//! [`KnownFailures`] list. docs/compatibility.md describes the workflow.
//!
//! ```
//! use std::path::Path;
//! use toolsh_spec::{Strictness, parse, render};
//!
//! let text = "#### hello\necho hi\n## stdout:\nhi\n## status: 0\n";
//! let file = parse(Path::new("demo.test.sh"), text, Strictness::Complete).unwrap();
//! let expected = file.cases[0].expected.as_ref().unwrap();
//! assert_eq!((expected.stdout.as_str(), expected.status), ("hi\n", 0));
//! assert_eq!(render(&file), text);
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod compare;
pub mod format;
pub mod harness;
mod known;
pub mod oracle;
pub mod runner;

use std::path::{Path, PathBuf};

pub use compare::mismatch;
pub use format::{Case, Expected, FormatError, SpecFile, Strictness, parse, read, render};
pub use known::{CaseKey, KnownFailures};
pub use oracle::{Oracle, OracleError};
pub use runner::{Report, Subject, SubjectFuture, Verdict};

/// The repository root (two levels above this crate's manifest).
pub fn repo_root() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    root.canonicalize().unwrap_or(root)
}

/// `tests/spec` under the repository root.
pub fn spec_dir() -> PathBuf {
    repo_root().join("tests/spec")
}

/// Every `*.test.sh` under `dir`, recursively, sorted by path.
pub fn corpus_files(dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d)? {
            let entry = entry?;
            let path = entry.path();
            if entry.file_type()?.is_dir() {
                stack.push(path);
            } else if path.to_string_lossy().ends_with(".test.sh") {
                out.push(path);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The key of a corpus file: its path relative to `spec_dir`, `/`-separated
/// (e.g. `shell/quoting.test.sh`); the path itself when it is outside.
pub fn file_key(spec_dir: &Path, path: &Path) -> String {
    let canon = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let (dir, path) = (canon(spec_dir), canon(path));
    path.strip_prefix(&dir)
        .unwrap_or(&path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}
