//! toolsh-cli's integration tests as one test binary (one link instead of
//! one per file); each module is one area, run with
//! `cargo test -p toolsh-cli --test tests <module>::`.

mod common;
#[path = "support/mcp_http.rs"]
mod mcp_http;

mod bash_parity;
mod capabilities;
mod check;
mod e2e;
mod endless_sources;
mod fmt;
mod hidden_tools;
mod interrupts;
mod limit_flags;
mod mcp_pipeline;
mod mcp_stdio;
mod oauth_login_required;
mod readme;
mod run_spool;
mod serve;
mod server_bounds;
mod shared_session;
mod signals;
mod trajectory;
mod upstream_elicitation;
mod upstream_faults;
mod workflow;
