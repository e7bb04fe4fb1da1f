//! Criterion benchmarks for the toolsh crates (`benches/benches/`, run
//! with `cargo bench -p toolsh-benches`) and the side-by-side comparison
//! with bash and bashkit ([`compare`], `--bin compare`).
//!
//! Every bench and the comparison run allocate through mimalloc, the
//! allocator the `toolsh` binary ships with; build with
//! `--no-default-features` to measure the system allocator instead.

#[cfg(feature = "mimalloc")]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod compare;
pub mod criterion_report;

use std::path::{Path, PathBuf};

/// The repository root (this crate lives in `benches/`).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf)
}

/// Realistic bash text: the parser's script corpus
/// (`crates/toolsh-parser/tests/corpus/*.sh`) followed by the script of
/// every case in the spec corpus (`tests/spec/*/*.test.sh`) that parses
/// on its own, each wrapped in a function so that the whole is one valid
/// script.
pub fn shell_corpus() -> String {
    let root = repo_root();
    let mut out = String::new();
    for path in sorted_files(&root.join("crates/toolsh-parser/tests/corpus"), ".sh") {
        if let Ok(text) = std::fs::read_to_string(&path) {
            out.push_str(&text);
            out.push('\n');
        }
    }
    let mut case = 0usize;
    if let Ok(areas) = std::fs::read_dir(root.join("tests/spec")) {
        let mut areas: Vec<_> = areas.filter_map(Result::ok).map(|e| e.path()).collect();
        areas.sort();
        for area in areas {
            for path in sorted_files(&area, ".test.sh") {
                let Ok(text) = std::fs::read_to_string(&path) else {
                    continue;
                };
                for script in case_scripts(&text) {
                    // The wrapped form must parse on its own: a case that
                    // parses alone may still not close inside a function
                    // body (a here-document read to the end of input).
                    let wrapped = format!("spec_case_{}() {{\n{script}\n}}\n", case + 1);
                    if toolsh_parser::parse(&wrapped).is_err() {
                        continue;
                    }
                    case += 1;
                    out.push_str(&wrapped);
                }
            }
        }
    }
    out
}

fn sorted_files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.to_string_lossy().ends_with(suffix))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}

/// The script lines of each `#### name` case (up to its first `## ` line).
fn case_scripts(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if line.starts_with("#### ") {
            if let Some(s) = current.take() {
                out.push(s);
            }
            current = Some(String::new());
        } else if line.starts_with("## ") {
            if let Some(s) = current.take() {
                out.push(s);
            }
        } else if let Some(s) = current.as_mut() {
            s.push_str(line);
            s.push('\n');
        }
    }
    out.extend(current);
    out
}

#[cfg(test)]
mod tests {
    /// The parse bench panics when its text does not parse; `cargo bench
    /// --no-run` in CI would not notice, so the test suite checks it.
    #[test]
    fn the_parse_bench_text_parses() {
        // Twice over, as the bench repeats it: the end of one copy must
        // not run into the start of the next.
        let corpus = super::shell_corpus().repeat(2);
        assert!(corpus.len() > 200_000, "corpus only {} bytes", corpus.len());
        let limits = toolsh_parser::ParseLimits {
            max_source_bytes: usize::MAX,
            max_heredocs: usize::MAX,
            ..toolsh_parser::ParseLimits::default()
        };
        if let Err(e) = toolsh_parser::parse_with_limits(&corpus, &limits) {
            let line = corpus.lines().nth(e.line as usize - 1).unwrap_or("");
            panic!("{}:{}: {}\n{line}", e.line, e.column, e.message);
        }
    }
}
