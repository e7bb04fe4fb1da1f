//! Parser throughput without the benches crate (which builds the whole
//! interpreter): the fastest of RUNS parses of the same text the
//! `toolsh-benches` `parse_min` example times (the parser corpus, then
//! each spec case that parses wrapped in a function, repeated to at least
//! 200 KB for 1x, then 10x and 100x), on the system allocator.
//!
//! `cargo run --release -p toolsh-parser --example parse_speed -- [RUNS]`
//! from the repository root (default 15); `-- RUNS MAX` stops after the
//! size factor MAX (1 or 10: short enough to run under valgrind). Prints one line per size:
//! bytes, runs, fastest wall-clock time and MB/s (10^6 bytes per second),
//! and the fastest time on the CPU (Linux `/proc/thread-self/schedstat`,
//! which leaves out the time other processes held the core: the steadier
//! figure on a loaded host).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use toolsh_parser::{ParseLimits, parse, parse_with_limits};

fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.to_string_lossy().ends_with(suffix))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The corpus text, built as `toolsh_benches::shell_corpus` builds it.
fn corpus(root: &Path) -> String {
    let mut out = String::new();
    for p in files(&root.join("crates/toolsh-parser/tests/corpus"), ".sh") {
        out.push_str(&std::fs::read_to_string(p).unwrap_or_default());
        out.push('\n');
    }
    let mut areas: Vec<PathBuf> = std::fs::read_dir(root.join("tests/spec"))
        .map(|rd| rd.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    areas.sort();
    let mut case = 0usize;
    for area in areas {
        for p in files(&area, ".test.sh") {
            let text = std::fs::read_to_string(p).unwrap_or_default();
            let mut cur: Option<String> = None;
            let mut scripts = Vec::new();
            for line in text.lines() {
                if line.starts_with("#### ") {
                    scripts.extend(cur.replace(String::new()));
                } else if line.starts_with("## ") {
                    scripts.extend(cur.take());
                } else if let Some(s) = cur.as_mut() {
                    s.push_str(line);
                    s.push('\n');
                }
            }
            scripts.extend(cur);
            for s in scripts {
                let wrapped = format!("spec_case_{}() {{\n{s}\n}}\n", case + 1);
                if parse(&wrapped).is_ok() {
                    case += 1;
                    out.push_str(&wrapped);
                }
            }
        }
    }
    out
}

/// Nanoseconds this thread has run on a CPU, when Linux reports it.
fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn main() {
    // Output cut short (`| head`) ends the program quietly with status 141,
    // as a shell reports a command killed by SIGPIPE, not with a panic.
    sigpipe::reset();
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(15);
    let max: usize = std::env::args()
        .nth(2)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100);
    let text = corpus(Path::new("."));
    if text.len() < 100_000 {
        eprintln!(
            "parse_speed: run from the repository root (corpus {} bytes)",
            text.len()
        );
        std::process::exit(1);
    }
    let base = text.repeat(200_000usize.div_ceil(text.len()));
    let limits = ParseLimits {
        max_source_bytes: usize::MAX,
        max_heredocs: usize::MAX,
        ..ParseLimits::default()
    };
    for factor in [1usize, 10, 100].into_iter().filter(|&f| f <= max) {
        let input = base.repeat(factor);
        let n = if factor == 100 {
            runs.div_ceil(3)
        } else {
            runs
        };
        if let Err(e) = parse_with_limits(&input, &limits) {
            eprintln!(
                "parse_speed: {factor}x: {}:{}: {}",
                e.line, e.column, e.message
            );
            std::process::exit(1);
        }
        let (mut wall, mut cpu) = (Duration::MAX, u64::MAX);
        for _ in 0..n {
            let (t, c) = (Instant::now(), cpu_ns());
            drop(std::hint::black_box(parse_with_limits(&input, &limits)));
            wall = wall.min(t.elapsed());
            if let (Some(a), Some(b)) = (c, cpu_ns()) {
                cpu = cpu.min(b - a);
            }
        }
        let rate = |secs: f64| input.len() as f64 / secs / 1e6;
        println!(
            "{factor}x {} bytes, {n} runs: fastest {:.2} ms = {:.1} MB/s; on-CPU {:.2} ms = {:.1} MB/s",
            input.len(),
            wall.as_secs_f64() * 1e3,
            rate(wall.as_secs_f64()),
            cpu as f64 / 1e6,
            rate(cpu as f64 / 1e9)
        );
    }
}
