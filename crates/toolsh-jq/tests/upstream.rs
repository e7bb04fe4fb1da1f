//! jq 1.7.1's own test files (`tests/*.test` of the jq release, which
//! `scripts/install-oracles.sh` copies to `~/.cache/toolsh-oracles/jq-tests`)
//! run against this crate's jq: a suite the project did not write.
//!
//! Each case is a program, an input line and the expected output lines,
//! compared as JSON values (as jq's own harness does: `1.0` equals `1`).
//! `%%FAIL` cases expect a compile error (status 3) with the given first
//! line of the message, unless marked `IGNORE MSG`. As under
//! `jq --run-tests`, a runtime error after every expected output came out
//! does not fail a case. Cases that need modules (`import`, `include`,
//! `modulemeta`, `get_search_list`) are left out: the sandbox has no module
//! search path.
//!
//! `tests/upstream-known-failures.txt` lists the cases known to fail, each
//! with its reason. A test file's trial fails on a case that fails and is
//! not listed (a regression, with the case, what jq 1.7.1 expects and what
//! came out), and on a listed case that now passes (the list is kept
//! true). Without the test files every trial is reported as ignored and a
//! `N skipped:` line says why.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use toolsh_command::testing::TestShell;
use toolsh_jq::Jq;
use toolsh_spec::harness::{self, Requirement};

/// A case that runs longer is a failure.
const CASE_TIMEOUT: Duration = Duration::from_secs(5);

/// jq 1.7.1's test files, in the order jq's `make check` runs them.
const FILES: [&str; 6] = [
    "jq.test",
    "base64.test",
    "optional.test",
    "man.test",
    "onig.test",
    "manonig.test",
];

const KNOWN: &str = include_str!("upstream-known-failures.txt");

fn main() -> std::process::ExitCode {
    let tests: Vec<harness::Test<Path>> = vec![
        ("jq_test", |d| check_file(d, "jq.test")),
        ("base64_test", |d| check_file(d, "base64.test")),
        ("optional_test", |d| check_file(d, "optional.test")),
        ("man_test", |d| check_file(d, "man.test")),
        ("onig_test", |d| check_file(d, "onig.test")),
        ("manonig_test", |d| check_file(d, "manonig.test")),
    ];
    debug_assert_eq!(tests.len(), FILES.len());
    let requirement =
        Requirement::check("jq 1.7.1's test files (scripts/install-oracles.sh)", || {
            let dir = std::env::var_os("TOOLSH_ORACLES").map_or_else(
                || {
                    PathBuf::from(std::env::var_os("HOME").unwrap_or_default())
                        .join(".cache/toolsh-oracles")
                },
                PathBuf::from,
            );
            let dir = dir.join("jq-tests");
            if FILES.iter().all(|f| dir.join(f).is_file()) {
                Ok(dir)
            } else {
                Err(format!("{} lacks the .test files", dir.display()))
            }
        });
    harness::run_with(requirement, tests)
}

/// The listed failures of `file`: `file:line` keys.
fn known(file: &str) -> BTreeSet<String> {
    KNOWN
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|k| k.split(':').next() == Some(file))
        .map(str::to_string)
        .collect()
}

fn check_file(dir: &Path, file: &str) {
    let text = std::fs::read_to_string(dir.join(file)).expect("checked by the requirement");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    let mut failed = BTreeSet::new();
    let mut report = String::new();
    let (mut passed, mut eligible) = (0, 0);
    for case in parse_cases(&text) {
        if needs_modules(&case.program) {
            continue;
        }
        eligible += 1;
        let key = format!("{file}:{}", case.line);
        match runtime.block_on(run_case(&case)) {
            Ok(()) => passed += 1,
            Err(why) => {
                let _ = writeln!(report, "{key} {}\n  {why}", case.program);
                failed.insert(key);
            }
        }
    }
    assert!(eligible > 0, "{file}: no case found");
    let known = known(file);
    let new: Vec<&String> = failed.difference(&known).collect();
    let fixed: Vec<&String> = known.difference(&failed).collect();
    println!(
        "{file}: {passed}/{eligible} cases pass, {} known failures",
        known.len()
    );
    assert!(
        new.is_empty(),
        "{file}: {} cases fail that are not in tests/upstream-known-failures.txt: {new:?}\n{report}",
        new.len()
    );
    assert!(
        fixed.is_empty(),
        "{file}: these listed failures pass now; take them off tests/upstream-known-failures.txt: {fixed:?}"
    );
}

/// Runs one case; `Err` says how it failed.
async fn run_case(case: &Case) -> Result<(), String> {
    let mut sh = TestShell::default();
    if let Some(ignore_msg) = case.fail {
        let out = tokio::time::timeout(
            CASE_TIMEOUT,
            sh.run(&Jq, &["jq", "-n", "--", &case.program], ""),
        )
        .await
        .map_err(|_| "timed out".to_string())?;
        let status = out.status.unwrap_or(-1);
        let msg_ok = ignore_msg
            || case
                .expected
                .first()
                .is_some_and(|m| out.stderr.lines().next() == Some(m.as_str()));
        if status == 3 && msg_ok {
            Ok(())
        } else {
            Err(format!(
                "want a compile error {:?}, got status {status}: {:?}",
                case.expected, out.stderr
            ))
        }
    } else {
        let input = case.input.clone().unwrap_or_default();
        let out = tokio::time::timeout(
            CASE_TIMEOUT,
            sh.run(&Jq, &["jq", "-c", "--", &case.program], &input),
        )
        .await
        .map_err(|_| "timed out".to_string())?;
        let got: Vec<String> = out.stdout.lines().map(str::to_string).collect();
        let status = out.status.unwrap_or(-1);
        let finished = status == 0 || (status == 5 && out.stderr.starts_with("jq: error"));
        if finished && same_values(&got, &case.expected) {
            Ok(())
        } else {
            Err(format!(
                "input {input}\n  want {:?}\n  got ({status}) {got:?}\n  stderr {}",
                case.expected,
                out.stderr.trim_end()
            ))
        }
    }
}

struct Case {
    line: usize,
    program: String,
    input: Option<String>,
    expected: Vec<String>,
    fail: Option<bool>,
}

fn parse_cases(text: &str) -> Vec<Case> {
    let lines: Vec<&str> = text.lines().collect();
    let mut cases = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let l = lines[i];
        if l.trim().is_empty() || l.starts_with('#') {
            i += 1;
            continue;
        }
        let mut fail = None;
        let start = i + 1;
        if let Some(rest) = l.strip_prefix("%%FAIL") {
            fail = Some(rest.contains("IGNORE MSG"));
            i += 1;
        }
        let program = lines.get(i).copied().unwrap_or_default().to_string();
        i += 1;
        let mut block = Vec::new();
        while i < lines.len() && !lines[i].trim().is_empty() {
            if !lines[i].starts_with('#') {
                block.push(lines[i].to_string());
            }
            i += 1;
        }
        let (input, expected) = if fail.is_some() {
            (None, block)
        } else if block.is_empty() {
            (None, Vec::new())
        } else {
            (Some(block[0].clone()), block[1..].to_vec())
        };
        cases.push(Case {
            line: start,
            program,
            input,
            expected,
            fail,
        });
    }
    cases
}

fn needs_modules(p: &str) -> bool {
    [
        "import ",
        "include ",
        "modulemeta",
        "get_search_list",
        "$__prog_args",
    ]
    .iter()
    .any(|k| p.contains(k))
}

/// Output lines equal as JSON values (numbers by value, as jq compares
/// them), else as text.
fn same_values(got: &[String], want: &[String]) -> bool {
    got.len() == want.len()
        && got.iter().zip(want).all(|(g, w)| {
            match (
                serde_json::from_str::<serde_json::Value>(g),
                serde_json::from_str::<serde_json::Value>(w),
            ) {
                (Ok(a), Ok(b)) => same_json(&a, &b),
                _ => g == w,
            }
        })
}

fn same_json(a: &serde_json::Value, b: &serde_json::Value) -> bool {
    use serde_json::Value as V;
    match (a, b) {
        (V::Number(x), V::Number(y)) => x.as_f64() == y.as_f64(),
        (V::Array(x), V::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same_json(a, b))
        }
        (V::Object(x), V::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| same_json(v, w)))
        }
        _ => a == b,
    }
}
