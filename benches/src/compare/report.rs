//! The comparison report: per-script rows, geometric means per category
//! and overall, the targets of issue 12, and the generated sections of
//! docs/benchmarks.md (between `<!-- NAME:begin -->` and `<!-- NAME:end -->`
//! markers, so that the hand-written rest of the file is kept).

use std::fmt::Write as _;
use std::time::Duration;

use super::measure::{Measurement, geomean};
use super::runners::Runner;
use super::scripts::{CATEGORIES, Script};

/// One script's measurements, indexed like [`Runner::ALL`].
#[derive(Debug, Clone)]
pub struct ScriptResult {
    /// The script.
    pub script: Script,
    /// Bash, bashkit, toolsh.
    pub runs: [Measurement; 3],
}

impl ScriptResult {
    /// The measurement of `runner`.
    pub fn of(&self, runner: Runner) -> &Measurement {
        let i = Runner::ALL.iter().position(|r| *r == runner).unwrap_or(0);
        &self.runs[i]
    }

    /// Whether `runner`'s stdout equals bash's.
    pub fn matches(&self, runner: Runner) -> bool {
        self.of(runner).first.stdout == self.of(Runner::Bash).first.stdout
    }

    /// Median time of toolsh divided by the median time of `peer`.
    pub fn ratio(&self, peer: Runner) -> f64 {
        secs(self.of(Runner::Toolsh).median) / secs(self.of(peer).median).max(1e-12)
    }
}

fn secs(d: Duration) -> f64 {
    d.as_secs_f64()
}

/// A duration with three significant digits and a unit (`812 µs`, `4.21 ms`).
pub fn fmt_time(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 1.0 {
        format!("{:.0} ns", us * 1000.0)
    } else if us < 1000.0 {
        format!("{} µs", sig3(us))
    } else if us < 1e6 {
        format!("{} ms", sig3(us / 1000.0))
    } else {
        format!("{} s", sig3(us / 1e6))
    }
}

/// Three significant digits.
pub fn sig3(x: f64) -> String {
    if x >= 100.0 {
        format!("{x:.0}")
    } else if x >= 10.0 {
        format!("{x:.1}")
    } else if x >= 1.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.3}")
    }
}

/// A ratio toolsh/peer and the speedup it means (`0.031 (32x)`).
fn fmt_ratio(r: f64) -> String {
    if r <= 0.0 || !r.is_finite() {
        return "n/a".into();
    }
    format!("{} ({}x)", sig3(r), sig3(1.0 / r))
}

fn yes_no(b: bool) -> &'static str {
    if b { "yes" } else { "**no**" }
}

/// Facts about the run printed above the tables.
#[derive(Debug, Clone, Default)]
pub struct RunInfo {
    /// The exact command.
    pub command: String,
    /// UTC date and time.
    pub date: String,
    /// CPU model and count.
    pub machine: String,
    /// Load averages at the start and end of the run.
    pub load: String,
    /// Versions of the runners and tools.
    pub versions: String,
    /// How runs were counted.
    pub method: String,
    /// Total wall-clock time of the run.
    pub total: Duration,
}

/// Geometric means of one group of scripts.
struct Summary {
    n: usize,
    toolsh_ok: usize,
    bashkit_ok: usize,
    vs_bashkit: Option<f64>,
    vs_bash: Option<f64>,
}

fn summarize(rows: &[&ScriptResult]) -> Summary {
    let kit: Vec<f64> = rows.iter().map(|r| r.ratio(Runner::Bashkit)).collect();
    let bash: Vec<f64> = rows.iter().map(|r| r.ratio(Runner::Bash)).collect();
    Summary {
        n: rows.len(),
        toolsh_ok: rows.iter().filter(|r| r.matches(Runner::Toolsh)).count(),
        bashkit_ok: rows.iter().filter(|r| r.matches(Runner::Bashkit)).count(),
        vs_bashkit: geomean(&kit),
        vs_bash: geomean(&bash),
    }
}

fn summary_row(out: &mut String, name: &str, s: &Summary) {
    let _ = writeln!(
        out,
        "| {name} | {} | {}/{} | {}/{} | {} | {} |",
        s.n,
        s.toolsh_ok,
        s.n,
        s.bashkit_ok,
        s.n,
        s.vs_bashkit.map_or("n/a".into(), fmt_ratio),
        s.vs_bash.map_or("n/a".into(), fmt_ratio),
    );
}

/// The verdicts on issue 12's targets, one line each.
pub fn targets(results: &[ScriptResult]) -> Vec<String> {
    let all: Vec<&ScriptResult> = results.iter().collect();
    let s = summarize(&all);
    let mut v = Vec::new();
    let verdict = |ok: bool| if ok { "met" } else { "MISSED" };
    v.push(format!(
        "Output matches bash on 100% of the scripts: {} ({}/{} toolsh; bashkit {}/{})",
        verdict(s.toolsh_ok == s.n),
        s.toolsh_ok,
        s.n,
        s.bashkit_ok,
        s.n
    ));
    let kit = s.vs_bashkit.map_or(0.0, |r| 1.0 / r);
    v.push(format!(
        "Geometric-mean speedup >= 2x over bashkit: {} ({}x)",
        verdict(kit >= 2.0),
        sig3(kit)
    ));
    let bash = s.vs_bash.map_or(0.0, |r| 1.0 / r);
    v.push(format!(
        "Geometric-mean speedup >= 25x over spawning bash: {} ({}x)",
        verdict(bash >= 25.0),
        sig3(bash)
    ));
    let slower: Vec<String> = CATEGORIES
        .iter()
        .enumerate()
        .filter_map(|(i, (_, name))| {
            let rows: Vec<&ScriptResult> =
                results.iter().filter(|r| r.script.category == i).collect();
            let g = summarize(&rows).vs_bashkit?;
            (g > 1.0).then(|| format!("{name} ({}x slower)", sig3(g)))
        })
        .collect();
    v.push(format!(
        "No category slower than bashkit: {}{}",
        verdict(slower.is_empty()),
        if slower.is_empty() {
            String::new()
        } else {
            format!(": {}", slower.join(", "))
        }
    ));
    v
}

/// The markdown of the comparison section (without markers).
pub fn markdown(results: &[ScriptResult], info: &RunInfo, extra: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "## Side by side: toolsh, bashkit and bash\n");
    let _ = writeln!(
        out,
        "Generated by `{}` on {} (total run time {}).\n",
        info.command,
        info.date,
        fmt_time(info.total)
    );
    let _ = writeln!(out, "- Machine: {}", info.machine);
    let _ = writeln!(out, "- Load: {}", info.load);
    let _ = writeln!(out, "- Versions: {}", info.versions);
    let _ = writeln!(out, "- Method: {}\n", info.method);

    let _ = writeln!(out, "### Targets (issue 12)\n");
    for t in targets(results) {
        let _ = writeln!(out, "- {t}");
    }
    let _ = writeln!(
        out,
        "\n### Per category\n\nRatios are toolsh time / peer time (below 1: toolsh faster), geometric means over the category's scripts; the speedup is its inverse. \"= bash\" counts scripts whose stdout is byte-identical to bash's.\n"
    );
    let _ = writeln!(
        out,
        "| category | scripts | toolsh = bash | bashkit = bash | toolsh/bashkit (speedup) | toolsh/bash (speedup) |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|");
    for (i, (_, name)) in CATEGORIES.iter().enumerate() {
        let rows: Vec<&ScriptResult> = results.iter().filter(|r| r.script.category == i).collect();
        if !rows.is_empty() {
            summary_row(&mut out, name, &summarize(&rows));
        }
    }
    let all: Vec<&ScriptResult> = results.iter().collect();
    summary_row(&mut out, "**all**", &summarize(&all));
    let both: Vec<&ScriptResult> = results
        .iter()
        .filter(|r| r.matches(Runner::Toolsh) && r.matches(Runner::Bashkit))
        .collect();
    summary_row(&mut out, "all where both match bash", &summarize(&both));

    let _ = writeln!(out, "\n### Per script\n");
    let _ = writeln!(
        out,
        "| script | bash | bashkit | toolsh | toolsh/bashkit (speedup) | toolsh/bash (speedup) | toolsh = bash | bashkit = bash |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|");
    for r in results {
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} | {} | {} | {} | {} |",
            r.script.id(),
            fmt_time(r.of(Runner::Bash).median),
            fmt_time(r.of(Runner::Bashkit).median),
            fmt_time(r.of(Runner::Toolsh).median),
            fmt_ratio(r.ratio(Runner::Bashkit)),
            fmt_ratio(r.ratio(Runner::Bash)),
            yes_no(r.matches(Runner::Toolsh)),
            yes_no(r.matches(Runner::Bashkit)),
        );
    }
    let diffs = differences(results);
    if !diffs.is_empty() {
        let _ = writeln!(out, "\n### Output differences from bash\n");
        out.push_str(&diffs);
    }
    if !extra.is_empty() {
        out.push('\n');
        out.push_str(extra);
    }
    out
}

/// One line per (script, runner) whose stdout differs from bash's: the
/// first differing line and the runner's first stderr line.
pub fn differences(results: &[ScriptResult]) -> String {
    let mut out = String::new();
    for r in results {
        for runner in [Runner::Toolsh, Runner::Bashkit] {
            if r.matches(runner) {
                continue;
            }
            let want = &r.of(Runner::Bash).first.stdout;
            let got = &r.of(runner).first;
            let (line, w, g) = first_difference(want, &got.stdout);
            let err = got.stderr.lines().next().unwrap_or("").trim();
            let _ = writeln!(
                out,
                "- `{}` {}: line {line}: bash `{}`, {} `{}` (status {}{})",
                r.script.id(),
                runner.name(),
                clip(w),
                runner.name(),
                clip(g),
                got.status,
                if err.is_empty() {
                    String::new()
                } else {
                    format!("; stderr: `{}`", clip(err))
                }
            );
        }
    }
    out
}

fn first_difference<'a>(want: &'a str, got: &'a str) -> (usize, &'a str, &'a str) {
    let mut want_lines = want.split_inclusive('\n');
    let mut got_lines = got.split_inclusive('\n');
    let mut line = 1;
    loop {
        match (want_lines.next(), got_lines.next()) {
            (Some(w), Some(g)) if w == g => line += 1,
            (w, g) => return (line, w.unwrap_or("<end>"), g.unwrap_or("<end>")),
        }
    }
}

fn clip(s: &str) -> String {
    let s = s
        .trim_end_matches('\n')
        .replace('`', "'")
        .replace('|', "\\|");
    if s.chars().count() > 60 {
        let t: String = s.chars().take(60).collect();
        format!("{t}…")
    } else {
        s
    }
}

/// Replace the text between `<!-- NAME:begin -->` and `<!-- NAME:end -->`
/// in `doc` with `body`, or append the marked section when absent.
pub fn splice(doc: &str, name: &str, body: &str) -> String {
    let begin = format!("<!-- {name}:begin -->");
    let end = format!("<!-- {name}:end -->");
    let section = format!("{begin}\n{}\n{end}", body.trim_end());
    if let (Some(b), Some(e)) = (doc.find(&begin), doc.find(&end))
        && b < e
    {
        return format!("{}{section}{}", &doc[..b], &doc[e + end.len()..]);
    }
    let mut out = doc.trim_end().to_string();
    out.push_str("\n\n");
    out.push_str(&section);
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splice_replaces_or_appends() {
        let doc = "# T\n\nintro\n";
        let once = splice(doc, "x", "body 1");
        assert_eq!(
            once,
            "# T\n\nintro\n\n<!-- x:begin -->\nbody 1\n<!-- x:end -->\n"
        );
        let twice = splice(&once, "x", "body 2\n");
        assert_eq!(
            twice,
            "# T\n\nintro\n\n<!-- x:begin -->\nbody 2\n<!-- x:end -->\n"
        );
    }

    #[test]
    fn time_and_ratio_formats() {
        assert_eq!(fmt_time(Duration::from_micros(812)), "812 µs");
        assert_eq!(fmt_time(Duration::from_micros(4210)), "4.21 ms");
        assert_eq!(fmt_ratio(0.5), "0.500 (2.00x)");
        assert_eq!(first_difference("a\nb\n", "a\nc\n"), (2, "b\n", "c\n"));
        assert_eq!(first_difference("a\n", "a\nc\n"), (2, "<end>", "c\n"));
    }
}
