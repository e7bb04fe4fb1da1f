//! The side-by-side comparison behind `cargo run --release -p
//! toolsh-benches --bin compare`: the scripts of `benches/scripts/` run
//! through toolsh in-process, the bashkit crate in-process and real bash
//! spawned per script; medians, ratios, output matches and geometric
//! means, written into docs/benchmarks.md.

pub mod measure;
pub mod report;
pub mod rss;
pub mod runners;
pub mod scaling;
pub mod scripts;
pub mod tools;

use std::process::Command;

/// The first line of `prog args...`'s stdout (or stderr), if it runs.
pub fn first_line_of(prog: &str, args: &[&str]) -> Option<String> {
    let o = Command::new(prog).args(args).output().ok()?;
    let text = if o.stdout.is_empty() {
        o.stderr
    } else {
        o.stdout
    };
    String::from_utf8_lossy(&text)
        .lines()
        .next()
        .map(str::to_string)
}

/// The CPU model and count, from `/proc/cpuinfo`.
pub fn machine() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = info
        .lines()
        .find_map(|l| l.strip_prefix("model name"))
        .map_or_else(
            || "unknown CPU".into(),
            |v| v.trim_start_matches([' ', '\t', ':']).trim().to_string(),
        );
    let count = info.lines().filter(|l| l.starts_with("processor")).count();
    let mem = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|m| {
            m.lines()
                .find_map(|l| l.strip_prefix("MemTotal:"))
                .map(|v| v.trim().to_string())
        })
        .unwrap_or_default();
    format!("{count} x {model}, MemTotal {mem}")
}

/// `/proc/loadavg`'s three load averages.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg").map_or_else(
        |_| "unknown".into(),
        |s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "),
    )
}

/// The bashkit version resolved in the workspace's Cargo.lock.
pub fn bashkit_version() -> String {
    let lock = std::fs::read_to_string(crate::repo_root().join("Cargo.lock")).unwrap_or_default();
    let mut lines = lock.lines();
    while let Some(l) = lines.next() {
        if l == "name = \"bashkit\""
            && let Some(v) = lines.next().and_then(|v| v.strip_prefix("version = "))
        {
            return v.trim_matches('"').to_string();
        }
    }
    "unknown".into()
}
