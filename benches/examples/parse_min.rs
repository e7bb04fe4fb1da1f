//! Parser throughput as the fastest of many runs: the figure least moved
//! by other load on a shared host (a run can only be slowed by it, never
//! sped up), next to the median. Same input as the criterion `parse`
//! bench: the shell corpus repeated to at least 200 KB (1x), then 10x and
//! 100x; each run parses the text and drops the tree.
//!
//! `cargo run --release -p toolsh-benches --example parse_min -- [RUNS]`
//! (default 15 runs at 1x and 10x, a third of that at 100x; add
//! `--no-default-features` before `--` for the system allocator).
//! Prints one line per size: bytes, runs, fastest and median time, and
//! the throughput of each in MB/s (10^6 bytes per second) and MiB/s.

use std::time::{Duration, Instant};

use toolsh_parser::{ParseLimits, parse_with_limits};

fn main() {
    // Output cut short (`| head`) ends the program quietly with status 141,
    // as a shell reports a command killed by SIGPIPE, not with a panic.
    sigpipe::reset();
    let runs: usize = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 15,
        Some(Ok(n)) if n > 0 => n,
        Some(_) => {
            eprintln!("usage: parse_min [RUNS]   (RUNS a positive whole number)");
            std::process::exit(2);
        }
    };
    let corpus = toolsh_benches::shell_corpus();
    if corpus.len() < 100_000 {
        eprintln!(
            "parse_min: the corpus under {} holds only {} bytes",
            toolsh_benches::repo_root().display(),
            corpus.len()
        );
        std::process::exit(1);
    }
    let base = corpus.repeat(200_000usize.div_ceil(corpus.len()));
    let limits = ParseLimits {
        max_source_bytes: usize::MAX,
        max_heredocs: usize::MAX,
        ..ParseLimits::default()
    };
    let allocator = if cfg!(feature = "mimalloc") {
        "mimalloc"
    } else {
        "system"
    };
    println!("allocator {allocator}");
    for factor in [1usize, 10, 100] {
        let input = base.repeat(factor);
        let n = if factor == 100 {
            runs.div_ceil(3)
        } else {
            runs
        };
        // One untimed parse: checks the text and warms the allocator.
        if let Err(e) = parse_with_limits(&input, &limits) {
            eprintln!(
                "parse_min: the {factor}x text does not parse: {}:{}: {}",
                e.line, e.column, e.message
            );
            std::process::exit(1);
        }
        let mut times: Vec<Duration> = (0..n)
            .map(|_| {
                let t = Instant::now();
                let tree = parse_with_limits(&input, &limits);
                drop(std::hint::black_box(tree));
                t.elapsed()
            })
            .collect();
        times.sort();
        let (min, median) = (times[0], times[n / 2]);
        let rate = |d: Duration| input.len() as f64 / d.as_secs_f64();
        println!(
            "{factor}x {} bytes, {n} runs: fastest {:.2} ms = {:.1} MB/s ({:.1} MiB/s); median {:.2} ms = {:.1} MB/s",
            input.len(),
            min.as_secs_f64() * 1e3,
            rate(min) / 1e6,
            rate(min) / 1_048_576.0,
            median.as_secs_f64() * 1e3,
            rate(median) / 1e6,
        );
    }
}
