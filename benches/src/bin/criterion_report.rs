//! Writes the figures of the last criterion run into the "Criterion"
//! section of docs/benchmarks.md (or prints them with `--print`).
//!
//! `cargo run -p toolsh-benches --bin criterion_report [-- --print] [-- NOTE]`
//! reads `$CARGO_TARGET_DIR/criterion`; NOTE (the rest of the arguments)
//! goes above the table: the command used and the machine's load.
//!
//! `--only PREFIX` (e.g. `--only parse/`) is for re-running one bench: only
//! the estimates whose id starts with PREFIX are read, their rows replace
//! the rows with the same ids in the existing section, and the rest of the
//! section (other benches, ratios, derived figures) is kept, with NOTE and
//! the date added above the table.

use std::process::ExitCode;

use toolsh_benches::compare::{first_line_of, machine};
use toolsh_benches::criterion_report::{collect, criterion_dir, markdown, merge_rows};

fn main() -> ExitCode {
    // Output cut short (`| head`) ends the program quietly with status 141,
    // as a shell reports a command killed by SIGPIPE, not with a panic.
    sigpipe::reset();
    let mut print = false;
    let mut only: Option<String> = None;
    let mut note = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--print" {
            print = true;
        } else if a == "--only" {
            only = args.next();
        } else {
            note.push(a);
        }
    }
    let dir = criterion_dir();
    let mut est = collect(&dir);
    if let Some(prefix) = &only {
        est.retain(|e| e.id.starts_with(prefix.as_str()));
    }
    if est.is_empty() {
        eprintln!("criterion_report: no results under {}", dir.display());
        return ExitCode::FAILURE;
    }
    let body = format!(
        "## Criterion benches\n\nCollected by `cargo run -p toolsh-benches --bin criterion_report` on {} from the last `cargo bench -p toolsh-benches` run. Machine: {}.\n\n{}{}",
        first_line_of("date", &["-u", "+%Y-%m-%d %H:%M UTC"]).unwrap_or_default(),
        machine(),
        if note.is_empty() {
            String::new()
        } else {
            format!("{}\n\n", note.join(" "))
        },
        markdown(&est)
    );
    if print {
        println!("{body}");
        return ExitCode::SUCCESS;
    }
    let path = toolsh_benches::repo_root().join("docs/benchmarks.md");
    let doc = std::fs::read_to_string(&path).unwrap_or_else(|_| "# Benchmarks\n".into());
    let body = match &only {
        Some(prefix) => {
            let (begin, end) = ("<!-- criterion:begin -->", "<!-- criterion:end -->");
            let (Some(b), Some(e)) = (doc.find(begin), doc.find(end)) else {
                eprintln!("criterion_report: --only needs an existing criterion section");
                return ExitCode::FAILURE;
            };
            let note = format!(
                "`{prefix}*` rows re-measured on {} with `cargo bench -p toolsh-benches --bench {}` (`criterion_report --only {prefix}`){}",
                first_line_of("date", &["-u", "+%Y-%m-%d %H:%M UTC"]).unwrap_or_default(),
                prefix.trim_end_matches('/'),
                if note.is_empty() {
                    ".".to_string()
                } else {
                    format!(": {}", note.join(" "))
                }
            );
            merge_rows(doc[b + begin.len()..e].trim_matches('\n'), &est, &note)
        }
        None => body,
    };
    if let Err(e) = std::fs::write(
        &path,
        toolsh_benches::compare::report::splice(&doc, "criterion", &body),
    ) {
        eprintln!("criterion_report: cannot write {}: {e}", path.display());
        return ExitCode::FAILURE;
    }
    eprintln!(
        "criterion_report: wrote {} benches to {}",
        est.len(),
        path.display()
    );
    ExitCode::SUCCESS
}
