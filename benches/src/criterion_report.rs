//! Collects the figures of the last criterion run (the `new/` estimates
//! under `$CARGO_TARGET_DIR/criterion`) into a markdown section: every
//! bench's median and throughput, the toolsh/peer ratio of each group
//! that has a `toolsh` member, and the derived figures the issues ask for
//! (tool-call dispatch rate, append linearity, parse MB/s).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::time::Duration;

use serde_json::Value;

use crate::compare::report::{fmt_time, sig3};

/// One criterion benchmark's result.
#[derive(Debug, Clone)]
pub struct Estimate {
    /// `group/function[/value]`.
    pub id: String,
    /// Median time per iteration.
    pub median: Duration,
    /// Bytes processed per iteration, when the bench declared a throughput.
    pub bytes: Option<u64>,
}

/// The criterion output directory: `$CARGO_TARGET_DIR/criterion`, else
/// `target/criterion` at the repository root.
pub fn criterion_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| crate::repo_root().join("target"), PathBuf::from)
        .join("criterion")
}

/// Every `new/benchmark.json` + `new/estimates.json` pair under `dir`,
/// sorted by id.
pub fn collect(dir: &Path) -> Vec<Estimate> {
    let mut out = Vec::new();
    walk(dir, &mut out);
    out.sort_by(|a, b| a.id.cmp(&b.id));
    out
}

fn walk(dir: &Path, out: &mut Vec<Estimate>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.filter_map(Result::ok) {
        let p = e.path();
        if !p.is_dir() {
            continue;
        }
        if p.file_name().is_some_and(|n| n == "new") {
            if let Some(est) = read(&p) {
                out.push(est);
            }
        } else if p.file_name().is_none_or(|n| n != "base" && n != "report") {
            walk(&p, out);
        }
    }
}

fn read(dir: &Path) -> Option<Estimate> {
    let bench: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("benchmark.json")).ok()?).ok()?;
    let est: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("estimates.json")).ok()?).ok()?;
    let ns = est.pointer("/median/point_estimate")?.as_f64()?;
    Some(Estimate {
        id: bench.get("full_id")?.as_str()?.to_string(),
        median: Duration::from_secs_f64(ns / 1e9),
        bytes: bench.pointer("/throughput/Bytes").and_then(Value::as_u64),
    })
}

/// The table row of one estimate (as in [`markdown`]).
fn row(e: &Estimate) -> String {
    format!(
        "| `{}` | {} | {} |",
        e.id,
        fmt_time(e.median),
        e.bytes.map_or_else(String::new, |b| mbps(b, e.median))
    )
}

/// Updates the generated section `section` (the body between the
/// `criterion` markers) with a partial run: the table rows of `estimates`
/// replace the rows with the same ids (new ids are inserted in id order),
/// every other row, ratio and derived line stays, and `note` is added as a
/// paragraph just above the table. For re-measuring one bench without
/// losing the figures of the last full run.
pub fn merge_rows(section: &str, estimates: &[Estimate], note: &str) -> String {
    let fresh: BTreeMap<String, String> =
        estimates.iter().map(|e| (e.id.clone(), row(e))).collect();
    let id_of = |line: &str| -> Option<String> {
        let rest = line.strip_prefix("| `")?;
        Some(rest[..rest.find('`')?].to_string())
    };
    let mut out = Vec::new();
    let mut pending: Vec<(&String, &String)> = fresh.iter().collect();
    let mut in_table = false;
    let mut noted = false;
    for line in section.lines() {
        if line.starts_with("| bench | median | throughput |") {
            if !noted {
                out.push(note.to_string());
                out.push(String::new());
                noted = true;
            }
            in_table = true;
            out.push(line.to_string());
            continue;
        }
        if in_table {
            match id_of(line) {
                Some(id) => {
                    // Fresh rows sorting before this one go first.
                    while let Some(&(fid, frow)) = pending.first() {
                        if fid.as_str() < id.as_str() {
                            out.push(frow.clone());
                            pending.remove(0);
                        } else {
                            break;
                        }
                    }
                    if let Some(pos) = pending.iter().position(|(fid, _)| **fid == id) {
                        out.push(pending.remove(pos).1.clone());
                    } else {
                        out.push(line.to_string());
                    }
                    continue;
                }
                None if line.starts_with("|---") => {}
                None => {
                    out.extend(pending.drain(..).map(|(_, r)| r.clone()));
                    in_table = false;
                }
            }
        }
        out.push(line.to_string());
    }
    out.extend(pending.drain(..).map(|(_, r)| r.clone()));
    let mut text = out.join("\n");
    text.push('\n');
    text
}

fn mbps(bytes: u64, d: Duration) -> String {
    format!("{} MB/s", sig3(bytes as f64 / d.as_secs_f64() / 1e6))
}

/// The markdown table of `estimates` plus ratios and derived figures.
pub fn markdown(estimates: &[Estimate]) -> String {
    let by_id: BTreeMap<&str, &Estimate> = estimates.iter().map(|e| (e.id.as_str(), e)).collect();
    let mut out = String::from("| bench | median | throughput |\n|---|---|---|\n");
    for e in estimates {
        let _ = writeln!(out, "{}", row(e));
    }
    // toolsh against each peer in the same group.
    let mut groups: BTreeMap<&str, Vec<&Estimate>> = BTreeMap::new();
    for e in estimates {
        if let Some((g, _)) = e.id.rsplit_once('/') {
            groups.entry(g).or_default().push(e);
        }
    }
    let mut ratios = String::new();
    for (g, members) in &groups {
        let Some(t) = members.iter().find(|e| e.id.ends_with("/toolsh")) else {
            continue;
        };
        for p in members.iter().filter(|e| !e.id.ends_with("/toolsh")) {
            let peer = p.id.rsplit('/').next().unwrap_or("");
            let r = t.median.as_secs_f64() / p.median.as_secs_f64();
            let _ = writeln!(
                ratios,
                "| `{g}` | {peer} | {} | {} | {} ({}x {}) |",
                fmt_time(t.median),
                fmt_time(p.median),
                sig3(r),
                sig3(if r < 1.0 { 1.0 / r } else { r }),
                if r < 1.0 { "faster" } else { "slower" }
            );
        }
    }
    if !ratios.is_empty() {
        out.push_str("\nRatios (toolsh time / peer time in the same run):\n\n| group | peer | toolsh | peer | toolsh/peer |\n|---|---|---|---|---|\n");
        out.push_str(&ratios);
    }
    let mut derived = String::new();
    if let (Some(calls), Some(base)) = (
        by_id.get("tools/calls_10k"),
        by_id.get("tools/baseline_10k"),
    ) {
        let over = calls.median.saturating_sub(base.median);
        let _ = writeln!(
            derived,
            "- Tool dispatch: 10k calls {} − same loop with `:` {} = {} overhead, {:.0} calls/s of dispatch overhead ({} per call); {:.0} calls/s end to end.",
            fmt_time(calls.median),
            fmt_time(base.median),
            fmt_time(over),
            10_000.0 / over.as_secs_f64().max(1e-12),
            fmt_time(over / 10_000),
            10_000.0 / calls.median.as_secs_f64()
        );
    }
    if let (Some(a), Some(b)) = (
        by_id.get("interp/append_10k/toolsh"),
        by_id.get("interp/append_100k/toolsh"),
    ) {
        let _ = writeln!(
            derived,
            "- `s+=x` linearity: 100k appends cost {}x the time of 10k (10x = linear).",
            sig3(b.median.as_secs_f64() / a.median.as_secs_f64())
        );
    }
    if !derived.is_empty() {
        out.push_str("\nDerived:\n\n");
        out.push_str(&derived);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn est(id: &str, ms: u64) -> Estimate {
        Estimate {
            id: id.to_string(),
            median: Duration::from_millis(ms),
            bytes: None,
        }
    }

    #[test]
    fn merge_rows_replaces_and_inserts_only_the_fresh_ids() {
        let section = "## C\n\nintro\n\n| bench | median | throughput |\n|---|---|---|\n| `a/x` | 1.00 ms |  |\n| `p/1x` | 9.00 ms |  |\n| `z/y` | 2.00 ms |  |\n\nDerived:\n";
        let merged = merge_rows(section, &[est("p/1x", 3), est("p/2x", 4)], "NOTE");
        assert_eq!(
            merged,
            "## C\n\nintro\n\nNOTE\n\n| bench | median | throughput |\n|---|---|---|\n| `a/x` | 1.00 ms |  |\n| `p/1x` | 3.00 ms |  |\n| `p/2x` | 4.00 ms |  |\n| `z/y` | 2.00 ms |  |\n\nDerived:\n"
        );
    }
}
