//! Runner for jq's own test files (`tests/*.test` of the jq 1.7.1 source,
//! installed by `scripts/install-oracles.sh`; not committed). Ignored by
//! default; run by hand:
//!
//! ```text
//! cargo test -p toolsh-interp --lib utils::jq::upstream -- --ignored --nocapture
//! ```
//!
//! Each case is a program, an input line and the expected output lines,
//! compared as JSON values (as jq's own harness does). `%%FAIL` cases
//! expect a compile error with the given message. Cases that need modules
//! (`import`, `include`, `modulemeta`, `get_search_list`) are counted
//! separately and excluded from the rate. Failures are written to
//! `/tmp/toolsh-jq-upstream-failures.txt`.

use std::fmt::Write as _;

use super::Jq;
use super::parse::parse_text;
use toolsh_command::testing::TestShell;

/// Where `scripts/install-oracles.sh` puts jq's test files.
fn dir() -> String {
    std::env::var("TOOLSH_ORACLES").map_or_else(
        |_| {
            format!(
                "{}/.cache/toolsh-oracles/jq-tests",
                std::env::var("HOME").unwrap_or_default()
            )
        },
        |d| format!("{d}/jq-tests"),
    )
}

/// A case that runs longer is a failure (`limit(…; repeat)` style cases
/// that jaq evaluates eagerly would otherwise never end).
const CASE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

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

fn same_values(got: &[String], want: &[String]) -> bool {
    if got.len() != want.len() {
        return false;
    }
    got.iter().zip(want).all(
        |(g, w)| match (parse_text(g.as_bytes()), parse_text(w.as_bytes())) {
            (Ok(a), Ok(b)) => a == b,
            _ => g == w,
        },
    )
}

/// Run one file; returns (passed, eligible, excluded) and appends failures.
async fn run_file(name: &str, report: &mut String) -> (usize, usize, usize) {
    let Ok(text) = std::fs::read_to_string(format!("{}/{name}", dir())) else {
        return (0, 0, 0);
    };
    let (mut passed, mut eligible, mut excluded) = (0, 0, 0);
    for case in parse_cases(&text) {
        if needs_modules(&case.program) {
            excluded += 1;
            continue;
        }
        eligible += 1;
        let mut sh = TestShell::default();
        let ok = if let Some(ignore_msg) = case.fail {
            let Ok(out) = tokio::time::timeout(
                CASE_TIMEOUT,
                sh.run(&Jq, &["jq", "-n", "--", &case.program], ""),
            )
            .await
            else {
                let _ = writeln!(report, "{name}:{} TIMEOUT {}", case.line, case.program);
                continue;
            };
            let status = out.status.unwrap_or(-1);
            let msg_ok = ignore_msg
                || case
                    .expected
                    .first()
                    .is_some_and(|m| out.stderr.lines().next() == Some(m.as_str()));
            let ok = status == 3 && msg_ok;
            if !ok {
                let _ = writeln!(
                    report,
                    "{name}:{} FAIL-CASE {}\n  want: {:?}\n  got status {status}: {:?}",
                    case.line, case.program, case.expected, out.stderr
                );
            }
            ok
        } else {
            let input = case.input.clone().unwrap_or_default();
            let Ok(out) = tokio::time::timeout(
                CASE_TIMEOUT,
                sh.run(&Jq, &["jq", "-c", "--", &case.program], &input),
            )
            .await
            else {
                let _ = writeln!(report, "{name}:{} TIMEOUT {}", case.line, case.program);
                continue;
            };
            let got: Vec<String> = out.stdout.lines().map(str::to_string).collect();
            let status = out.status.unwrap_or(-1);
            // As `jq --run-tests` does: the expected outputs must all come
            // out, and a runtime error after them does not fail the case.
            let finished = status == 0 || (status == 5 && out.stderr.starts_with("jq: error"));
            let ok = finished && same_values(&got, &case.expected);
            if !ok {
                let _ = writeln!(
                    report,
                    "{name}:{} {}\n  input: {input}\n  want: {:?}\n  got ({status}): {:?}\n  stderr: {}",
                    case.line,
                    case.program,
                    case.expected,
                    got,
                    out.stderr.trim_end()
                );
            }
            ok
        };
        passed += usize::from(ok);
    }
    (passed, eligible, excluded)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs jq's test files from scripts/install-oracles.sh; run by hand"]
async fn upstream_jq_test_files() {
    let mut report = String::new();
    let mut summary = String::new();
    let mut main_rate = None;
    for name in [
        "jq.test",
        "base64.test",
        "optional.test",
        "man.test",
        "onig.test",
        "manonig.test",
    ] {
        let (p, e, x) = run_file(name, &mut report).await;
        eprintln!("{name}: {p}/{e}");
        let _ = writeln!(
            summary,
            "{name}: {p}/{e} passed ({:.1}%), {x} excluded (modules)",
            if e == 0 {
                0.0
            } else {
                100.0 * p as f64 / e as f64
            }
        );
        if name == "jq.test" && e > 0 {
            main_rate = Some(p as f64 / e as f64);
        }
    }
    std::fs::write("/tmp/toolsh-jq-upstream-failures.txt", &report).expect("write report");
    println!("{summary}");
    let rate = main_rate.expect("jq.test present (run scripts/install-oracles.sh)");
    assert!(rate > 0.0, "no jq.test case passed");
}
