//! The MCP conformance suite (npm `@modelcontextprotocol/conformance`)
//! with toolsh as the client: each client scenario of issue #23 is run
//! with `scripts/conformance-client.sh` as the command the suite starts
//! (a manifest naming the suite's server as an `[[mcp]]` upstream, a
//! script calling its tool, `toolsh login` where a person would log in),
//! and every check the suite makes must pass. Each test prints
//! `conformance SCENARIO: P/N checks passed`.
//!
//! The suite needs Node.js 22; `scripts/install-conformance.sh` installs
//! both at pinned versions (the npm package `node` ships the binary) into
//! `$TOOLSH_CONFORMANCE_DIR` (default `~/.cache/toolsh-conformance`); this
//! harness runs it when they are missing. When they cannot be had, every
//! test here is reported as ignored, never as passed, with a
//! `N skipped: <why>` line.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{repo_root, text};
use toolsh_spec::harness::{self, Requirement};

/// The client scenarios the suite tags 2025-11-25 that toolsh must pass
/// (issue #23), and the client-credentials extension's basic variant.
const SCENARIOS: &[&str] = &[
    "initialize",
    "tools_call",
    "elicitation-sep1034-client-defaults",
    "sse-retry",
    "auth/metadata-default",
    "auth/metadata-var1",
    "auth/metadata-var2",
    "auth/metadata-var3",
    "auth/basic-cimd",
    "auth/scope-from-www-authenticate",
    "auth/scope-from-scopes-supported",
    "auth/scope-omitted-when-undefined",
    "auth/scope-step-up",
    "auth/scope-retry-limit",
    "auth/token-endpoint-auth-basic",
    "auth/token-endpoint-auth-post",
    "auth/token-endpoint-auth-none",
    "auth/pre-registration",
    "auth/client-credentials-basic",
];

macro_rules! scenario_tests {
    ($($i:literal),*) => {
        vec![$((SCENARIOS[$i], |d: &Path| run_scenario(d, SCENARIOS[$i]))),*]
    };
}

fn main() -> std::process::ExitCode {
    let mut tests: Vec<harness::Test<Path>> = scenario_tests!(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18
    );
    assert_eq!(tests.len(), SCENARIOS.len());
    tests.push((
        "every_2025_11_25_client_scenario_is_run",
        every_2025_11_25_client_scenario_is_run,
    ));
    harness::run_with(
        Requirement::check("the MCP conformance suite and Node.js 22", suite_dir),
        tests,
    )
}

/// The suite's install directory, installing it with
/// `scripts/install-conformance.sh` when it is missing; `Err` says why it
/// cannot be had.
fn suite_dir() -> Result<PathBuf, String> {
    let dir = std::env::var_os("TOOLSH_CONFORMANCE_DIR").map_or_else(
        || {
            PathBuf::from(std::env::var("HOME").unwrap_or_default())
                .join(".cache/toolsh-conformance")
        },
        PathBuf::from,
    );
    let installed = |d: &Path| node(d).exists() && suite(d).exists();
    if !installed(&dir) {
        if Command::new("npm").arg("--version").output().is_err() {
            return Err("`npm` is not installed (scripts/test.sh installs it)".into());
        }
        let out = Command::new("bash")
            .arg(repo_root().join("scripts/install-conformance.sh"))
            .env("TOOLSH_CONFORMANCE_DIR", &dir)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run scripts/install-conformance.sh: {e}"))?;
        if !out.status.success() {
            let err = text(&out.stderr);
            let last = err.lines().rev().find(|l| !l.trim().is_empty());
            return Err(format!(
                "scripts/install-conformance.sh failed ({}): {}",
                out.status,
                last.unwrap_or("")
            ));
        }
    }
    if !installed(&dir) {
        return Err(format!("the suite is not installed in {}", dir.display()));
    }
    let version = Command::new(node(&dir))
        .arg("--version")
        .output()
        .map_err(|e| format!("cannot run {}: {e}", node(&dir).display()))?;
    let version = text(&version.stdout);
    if !version.starts_with("v22.") {
        return Err(format!(
            "the suite needs Node.js 22, found {}",
            version.trim()
        ));
    }
    Ok(dir)
}

fn node(dir: &Path) -> PathBuf {
    dir.join("node_modules/.bin/node")
}

fn suite(dir: &Path) -> PathBuf {
    dir.join("node_modules/@modelcontextprotocol/conformance/dist/index.js")
}

/// Run one scenario with toolsh as the client and check every result.
fn run_scenario(dir: &Path, scenario: &str) {
    let results = tempfile::tempdir().unwrap();
    let adapter = repo_root().join("scripts/conformance-client.sh");
    let out = Command::new(node(dir))
        .arg(suite(dir))
        .args(["client", "--command"])
        .arg(&adapter)
        .args(["--scenario", scenario, "--timeout", "60000", "-o"])
        .arg(results.path())
        .env("TOOLSH", env!("CARGO_BIN_EXE_toolsh"))
        .stdin(Stdio::null())
        .output()
        .expect("run the conformance suite");
    let report = format!(
        "suite status {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status,
        text(&out.stdout),
        text(&out.stderr)
    );
    let checks = find_checks(results.path())
        .unwrap_or_else(|| panic!("{scenario}: no checks.json written\n{report}"));
    let checks: Vec<serde_json::Value> =
        serde_json::from_slice(&std::fs::read(&checks).unwrap()).unwrap();
    let status = |c: &serde_json::Value| c["status"].as_str().unwrap_or("").to_string();
    let counted: Vec<_> = checks.iter().filter(|c| status(c) != "INFO").collect();
    let passed = counted.iter().filter(|c| status(c) == "SUCCESS").count();
    println!(
        "conformance {scenario}: {passed}/{} checks passed",
        counted.len()
    );
    let failed: Vec<String> = counted
        .iter()
        .filter(|c| status(c) == "FAILURE")
        .map(|c| {
            format!(
                "{}: {}",
                c["name"].as_str().unwrap_or("?"),
                c["errorMessage"]
                    .as_str()
                    .or(c["description"].as_str())
                    .unwrap_or("")
            )
        })
        .collect();
    assert!(
        failed.is_empty(),
        "{scenario}: failed checks:\n  {}\n{report}",
        failed.join("\n  ")
    );
    assert!(passed > 0, "{scenario}: no check passed\n{report}");
    assert!(
        out.status.success(),
        "{scenario}: the suite failed\n{report}"
    );
}

/// The `checks.json` the suite wrote under `dir` (in a subdirectory named
/// after the scenario and the time).
fn find_checks(dir: &Path) -> Option<PathBuf> {
    for entry in std::fs::read_dir(dir).ok()?.flatten() {
        let p = entry.path();
        if p.is_dir() {
            if let Some(found) = find_checks(&p) {
                return Some(found);
            }
        } else if p.file_name().is_some_and(|n| n == "checks.json") {
            return Some(p);
        }
    }
    None
}

/// The suite's `list` names no client scenario for 2025-11-25 that is
/// missing from [`SCENARIOS`] (a newer suite adding one fails here until
/// it is run too).
fn every_2025_11_25_client_scenario_is_run(dir: &Path) {
    let out = Command::new(node(dir))
        .arg(suite(dir))
        .arg("list")
        .stdin(Stdio::null())
        .output()
        .expect("run the conformance suite");
    let listing = text(&out.stdout);
    let client_part = listing
        .split("Client scenarios")
        .nth(1)
        .unwrap_or_else(|| panic!("no client scenarios listed:\n{listing}"));
    let wanted: Vec<&str> = client_part
        .lines()
        .filter(|l| l.contains("2025-11-25"))
        .filter_map(|l| l.trim().strip_prefix("- "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(wanted.len() >= 18, "too few scenarios parsed:\n{listing}");
    let missing: Vec<&&str> = wanted.iter().filter(|s| !SCENARIOS.contains(s)).collect();
    assert!(missing.is_empty(), "not run: {missing:?}");
}
