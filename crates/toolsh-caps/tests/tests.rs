//! toolsh-caps's integration tests as one test binary (one link instead of
//! one per file); each module is one area, run with
//! `cargo test -p toolsh-caps --test tests <module>::`.

mod bounds;
mod caps;
mod concurrency;
mod host;
mod rules;
