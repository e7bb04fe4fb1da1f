//! `spec`: bless or verify corpus files against the real programs.
//!
//! ```text
//! spec bless FILE...          run each case with bash, rewrite the expected sections
//! spec verify FILE...|--all   run each case with bash, exit 1 on any drift (with a diff)
//! ```
//! Cases run in parallel on `$SPEC_JOBS` threads (default: the number of
//! CPUs). Exit status: 0 ok, 1 drift or oracle failure, 2 usage or parse
//! errors.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use toolsh_spec::oracle::run_all;
use toolsh_spec::{Oracle, Strictness, corpus_files, mismatch, read, render, spec_dir};

/// Threads for the oracle runs: `$SPEC_JOBS`, else the number of CPUs.
fn jobs() -> usize {
    std::env::var("SPEC_JOBS")
        .ok()
        .and_then(|j| j.parse().ok())
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, usize::from))
}

const USAGE: &str = "usage: spec bless FILE... | spec verify FILE...|--all";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = args.split_first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let files: Vec<PathBuf> = if rest == ["--all"] && cmd == "verify" {
        match corpus_files(&spec_dir()) {
            Ok(f) => f,
            Err(e) => {
                eprintln!("spec: cannot list {}: {e}", spec_dir().display());
                return ExitCode::from(2);
            }
        }
    } else {
        rest.iter().map(PathBuf::from).collect()
    };
    if files.is_empty() || rest.iter().any(|a| a.starts_with('-') && a != "--all") {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    }
    let oracle = match Oracle::new() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("spec: {e}");
            return ExitCode::from(1);
        }
    };
    let result = match cmd.as_str() {
        "bless" => files.iter().map(|f| bless(&oracle, f)).collect::<Vec<_>>(),
        "verify" => files.iter().map(|f| verify(&oracle, f)).collect(),
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    result
        .into_iter()
        .max()
        .map_or(ExitCode::SUCCESS, ExitCode::from)
}

/// Rewrites the expected sections of every case in `path`; returns the
/// exit status for this file.
fn bless(oracle: &Oracle, path: &Path) -> u8 {
    let mut file = match read(path, Strictness::AllowUnblessed) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("spec: {e}");
            return 2;
        }
    };
    let (mut changed, mut errors) = (0, 0);
    let scripts: Vec<&str> = file.cases.iter().map(|c| c.script.as_str()).collect();
    let results = run_all(oracle, &scripts, &file.locale, jobs());
    for (case, result) in file.cases.iter_mut().zip(results) {
        match result {
            Ok(got) => {
                if let Some(old) = &case.expected {
                    if let Some(diff) = mismatch(old, &got) {
                        println!(
                            "changed: {}:{}: {}\n{diff}",
                            path.display(),
                            case.line,
                            case.name
                        );
                        changed += 1;
                    }
                } else {
                    changed += 1;
                }
                case.expected = Some(got);
            }
            Err(e) => {
                eprintln!("spec: {}:{}: {}: {e}", path.display(), case.line, case.name);
                errors += 1;
            }
        }
    }
    if errors > 0 {
        eprintln!(
            "spec: {}: not rewritten ({errors} cases failed to run)",
            path.display()
        );
        return 1;
    }
    if let Err(e) = std::fs::write(path, render(&file)) {
        eprintln!("spec: cannot write {}: {e}", path.display());
        return 1;
    }
    println!(
        "{}: {} cases blessed, {changed} new or changed",
        path.display(),
        file.cases.len()
    );
    0
}

/// Re-runs every case of `path` and reports drift; returns the exit status.
fn verify(oracle: &Oracle, path: &Path) -> u8 {
    let file = match read(path, Strictness::Complete) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("spec: {e}");
            return 2;
        }
    };
    let mut drift = 0;
    let scripts: Vec<&str> = file.cases.iter().map(|c| c.script.as_str()).collect();
    let results = run_all(oracle, &scripts, &file.locale, jobs());
    for (case, result) in file.cases.iter().zip(results) {
        let expected = case.expected.as_ref().expect("complete parse");
        match result {
            Ok(got) => {
                if let Some(diff) = mismatch(expected, &got) {
                    println!(
                        "DRIFT {}:{}: {}\n{diff}",
                        path.display(),
                        case.line,
                        case.name
                    );
                    drift += 1;
                }
            }
            Err(e) => {
                println!("DRIFT {}:{}: {}: {e}", path.display(), case.line, case.name);
                drift += 1;
            }
        }
    }
    println!(
        "{}: {} cases, {drift} drifted",
        path.display(),
        file.cases.len()
    );
    u8::from(drift > 0)
}
