//! toolsh-mcp: code mode over the Model Context Protocol.
//!
//! Two directions. [`serve_stdio`] serves a scripted tool set to any MCP
//! client as one `script` tool (plus `script_discover` in discovery mode).
//! [`McpUpstream`] spawns an upstream MCP server, lists its tools and turns
//! each into a toolsh tool named `<server>.<tool>`, so one bash script can
//! orchestrate several servers' tools with pipes and jq.
//!
//! This crate depends on toolsh-tools and below, and on `rmcp`. It is one of
//! the two crates (with the CLI) that start processes: upstream servers run
//! as child processes of the host, never inside the sandbox, and the script
//! only ever sees their tools' outputs.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod approvals;
pub mod auth;
mod bounds;
mod child;
mod elicit;
mod http;
mod server;
mod transport;
mod upstream;

pub use approvals::{APPROVAL_TIMEOUT, ClientApprovals};
pub use bounds::{
    BUSY_CODE, LOOPBACK_ORIGINS, RETRY_AFTER_SECONDS, ServerLimits, execution_memory_budget,
};
pub use child::MAX_UPSTREAM_LINE_BYTES;
pub use elicit::ElicitationPolicy;
pub use http::{serve_http, serve_http_with};
pub use server::{ScriptServer, serve_stdio, serve_stdio_with, tool_set};
pub use upstream::{
    DEFAULT_CALL_TIMEOUT, INHERITED_ENV, McpUpstream, UpstreamError, UpstreamSpec, render_result,
};

/// How toolsh names itself in the MCP handshake, as a server
/// (`serverInfo`) and as a client of upstream servers (`clientInfo`):
/// `toolsh` and this crate's version (MCP specification, lifecycle,
/// initialization).
fn implementation() -> rmcp::model::Implementation {
    rmcp::model::Implementation::new("toolsh", env!("CARGO_PKG_VERSION"))
}
