//! Parser throughput over realistic scripts, at 1x (at least 200 KB), 10x
//! and 100x size (the MB/s figures should stay flat: parsing is linear).
//! Each `parse/Nx` iteration parses the text and drops the tree (the
//! figure the target is judged on); `parse/Nx_tree_kept` drops it outside
//! the timing.

use criterion::{BatchSize, BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use toolsh_parser::{ParseLimits, parse_with_limits};

fn parse(c: &mut Criterion) {
    let corpus = toolsh_benches::shell_corpus();
    // A binary built from a checkout that has since moved finds no corpus:
    // refuse to report a throughput over an empty text.
    assert!(
        corpus.len() >= 100_000,
        "the parser corpus under {} holds only {} bytes",
        toolsh_benches::repo_root().display(),
        corpus.len()
    );
    // At least 200 KB for the 1x input.
    let reps = 200_000usize.div_ceil(corpus.len().max(1));
    let base = corpus.repeat(reps);
    // The 100x text holds thousands of here-documents.
    let limits = ParseLimits {
        max_source_bytes: usize::MAX,
        max_heredocs: usize::MAX,
        ..ParseLimits::default()
    };
    let mut group = c.benchmark_group("parse");
    group.sample_size(10);
    for factor in [1usize, 10, 100] {
        let input = base.repeat(factor);
        // Time only successful parses: an error would return early.
        if let Err(e) = parse_with_limits(&input, &limits) {
            panic!(
                "the {factor}x benchmark text does not parse: {}:{}: {}",
                e.line, e.column, e.message
            );
        }
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{factor}x")),
            &input,
            |b, src| {
                b.iter(|| parse_with_limits(src, &limits).map(|s| s.body.items.len()));
            },
        );
        // The same parse with the tree dropped outside the timing (a host
        // keeps the tree while the script runs): how much of the figure
        // above is freeing the tree's allocations.
        group.bench_with_input(
            BenchmarkId::from_parameter(format!("{factor}x_tree_kept")),
            &input,
            |b, src| {
                // One tree alive at a time (the 100x tree is ~600 MB).
                b.iter_batched(
                    || (),
                    |()| parse_with_limits(src, &limits),
                    BatchSize::PerIteration,
                );
            },
        );
    }
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
