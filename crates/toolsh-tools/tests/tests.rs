//! toolsh-tools's integration tests as one test binary (one link instead of
//! one per file); each module is one area, run with
//! `cargo test -p toolsh-tools --test tests <module>::`.

mod registry;
mod scripted;
