//! toolsh-executor's integration tests as one test binary (one link instead of
//! one per file); each module is one area, run with
//! `cargo test -p toolsh-executor --test tests <module>::`.

mod concurrency;
mod executor;
mod gates;
mod records;
