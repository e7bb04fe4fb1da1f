//! The toolsh runner: every case of every `tests/spec/**/*.test.sh` through
//! toolsh-interp's `Shell`, judged against the recorded bash output and
//! `tests/spec/known-failures.txt`.
//!
//! A plain `main` (`harness = false`) so the per-file lines and the total
//! always print. Environment:
//! - `TOOLSH_SPEC_FILTER=text`: only files whose key contains `text`;
//! - `TOOLSH_SPEC_UPDATE_KNOWN=1`: rewrite the known-failures list to
//!   exactly the current failures instead of failing.

use std::process::ExitCode;
use std::sync::Arc;

use toolsh_interp::{FileSystem, MemoryFs, Profile, Shell};
use toolsh_spec::runner::SUBJECT_TIMEOUT;
use toolsh_spec::{
    Expected, KnownFailures, Report, Strictness, Subject, SubjectFuture, corpus_files, file_key,
    read, spec_dir,
};

/// The working directory (and `HOME`) of every case, as the oracle's temp dir.
const WORK_DIR: &str = "/tmp/work";

/// A fresh Sandbox shell over an empty `MemoryFs` per case, with `LC_ALL`
/// the case file's locale (`C` unless its comment says `## locale:`).
fn toolsh() -> Subject {
    Arc::new(|script: String, locale: String| -> SubjectFuture {
        Box::pin(async move {
            let fs = Arc::new(MemoryFs::new());
            fs.create_dir(WORK_DIR, true)
                .await
                .map_err(|e| format!("cannot create {WORK_DIR}: {e}"))?;
            let mut shell = Shell::builder()
                .profile(Profile::Sandbox)
                .utilities(toolsh_utils::standard())
                .fs(fs)
                .cwd(WORK_DIR)
                .env("HOME", WORK_DIR)
                .env("LC_ALL", &locale)
                .env("TZ", "UTC")
                .env("PATH", "/usr/bin:/bin")
                .build();
            let result = shell.exec(&script).await;
            Ok((
                Expected {
                    stdout: result.stdout,
                    status: result.exit_code,
                },
                result.stderr,
            ))
        })
    })
}

fn main() -> ExitCode {
    // Behave like a one-test harness: `--list` names it, and a name filter
    // that does not match it (`cargo test --workspace some_test`) skips it.
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        println!("corpus: test");
        return ExitCode::SUCCESS;
    }
    if args
        .iter()
        .any(|a| !a.starts_with('-') && !"corpus".contains(a.as_str()))
    {
        return ExitCode::SUCCESS;
    }
    let filter = std::env::var("TOOLSH_SPEC_FILTER").ok();
    let update = std::env::var_os("TOOLSH_SPEC_UPDATE_KNOWN").is_some_and(|v| v == "1");
    if update && filter.is_some() {
        eprintln!(
            "spec: TOOLSH_SPEC_UPDATE_KNOWN=1 rewrites the whole list: unset TOOLSH_SPEC_FILTER"
        );
        return ExitCode::FAILURE;
    }
    let dir = spec_dir();
    let known_path = dir.join("known-failures.txt");
    let known = match std::fs::read_to_string(&known_path)
        .map_err(|e| format!("{}: {e}", known_path.display()))
        .and_then(|t| KnownFailures::parse(&t))
    {
        Ok(k) => k,
        Err(e) => {
            eprintln!("spec: {e}");
            return ExitCode::FAILURE;
        }
    };
    let paths = match corpus_files(&dir) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("spec: cannot list {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    };
    let mut files = Vec::new();
    let mut parse_errors = Vec::new();
    for path in &paths {
        let key = file_key(&dir, path);
        if filter.as_deref().is_some_and(|f| !key.contains(f)) {
            continue;
        }
        match read(path, Strictness::Complete) {
            Ok(file) => files.push((key, file)),
            Err(e) => parse_errors.push(e.to_string()),
        }
    }
    let report = Report::run(&files, &toolsh(), &known, SUBJECT_TIMEOUT, |line| {
        println!("{line}");
    });
    print!("{}", report.summary(!update));
    for e in &parse_errors {
        println!("PARSE ERROR {e}");
    }
    if update {
        let list = known.replaced_by(report.failing_keys());
        if let Err(e) = std::fs::write(&known_path, list.render()) {
            eprintln!("spec: cannot write {}: {e}", known_path.display());
            return ExitCode::FAILURE;
        }
        println!(
            "spec: wrote {} entries to {}",
            list.len(),
            known_path.display()
        );
        return if parse_errors.is_empty() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        };
    }
    if report.unexpected.is_empty() && parse_errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        println!(
            "spec: FAILED: {} unexpected failures (fix them, or list them in tests/spec/known-failures.txt)",
            report.unexpected.len()
        );
        ExitCode::FAILURE
    }
}
