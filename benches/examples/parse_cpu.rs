//! Parses the benchmark corpus at a given size factor a given number of
//! times; run it under `/usr/bin/time -f %U` to get CPU time on a busy
//! machine where criterion's wall-clock figures are noisy.
//!
//! `cargo run --release -p toolsh-benches --example parse_cpu -- FACTOR REPEAT`

use toolsh_parser::{ParseLimits, parse_with_limits};

fn main() {
    let mut args = std::env::args().skip(1);
    let factor: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let repeat: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let corpus = toolsh_benches::shell_corpus();
    let reps = 200_000usize.div_ceil(corpus.len().max(1));
    let input = corpus.repeat(reps * factor);
    let limits = ParseLimits {
        max_source_bytes: usize::MAX,
        max_heredocs: usize::MAX,
        ..ParseLimits::default()
    };
    let mut items = 0;
    for _ in 0..repeat {
        items += parse_with_limits(&input, &limits).map_or(0, |s| s.body.items.len());
    }
    println!(
        "distinct corpus {} bytes; input {} bytes x {repeat}; {items} items",
        corpus.len(),
        input.len()
    );
}
