//! Writes the figures of the last criterion run into the "Criterion"
//! section of docs/benchmarks.md (or prints them with `--print`).
//!
//! `cargo run -p toolsh-benches --bin criterion_report [-- --print] [-- NOTE]`
//! reads `$CARGO_TARGET_DIR/criterion`; NOTE (the rest of the arguments)
//! goes above the table: the command used and the machine's load.

use std::process::ExitCode;

use toolsh_benches::compare::{first_line_of, machine};
use toolsh_benches::criterion_report::{collect, criterion_dir, markdown};

fn main() -> ExitCode {
    let mut print = false;
    let mut note = Vec::new();
    for a in std::env::args().skip(1) {
        if a == "--print" {
            print = true;
        } else {
            note.push(a);
        }
    }
    let dir = criterion_dir();
    let est = collect(&dir);
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
