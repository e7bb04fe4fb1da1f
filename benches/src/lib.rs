//! Criterion benchmarks for the toolsh crates; the benches live beside
//! this crate's manifest (`cargo bench -p toolsh-benches`).
