//! toolsh-mcp: code mode over the Model Context Protocol.
//!
//! Two directions. [`serve_stdio`] serves a scripted tool set to any MCP
//! client as one `script` tool (plus `script_discover` in discovery mode).
//! [`McpUpstream`] imports an upstream MCP server — a child process over
//! stdio, or a URL over streamable HTTP with the HTTP+SSE fallback — and
//! turns each of its tools into a toolsh tool named `<server>.<tool>`, so
//! one bash script can orchestrate several servers' tools with pipes and
//! jq. Upstreams start on their first call when their tool list is cached.
//!
//! This crate depends on toolsh-tools and below, on `rmcp` and on
//! `reqwest`. It is one of the two crates (with the CLI) that start
//! processes and reach the network: upstream servers run as child
//! processes of the host or behind URLs the host configured, never inside
//! the sandbox, and the script only ever sees their tools' outputs and
//! error texts (never their stderr, headers or tokens).
//!
//! Calls to upstreams carry the W3C trace context of the current
//! `tracing` span when the host installed a [`TraceContextSource`]
//! ([`set_trace_context_source`]): in the request's `_meta` and, over
//! HTTP, as the `traceparent` header.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod approvals;
pub mod auth;
mod bounds;
mod cache;
mod child;
mod client;
mod connect;
mod elicit;
mod errors;
mod faults;
mod http;
mod names;
mod result;
mod server;
mod spec;
mod sse;
mod trace;
mod transport;
mod upstream;

pub use approvals::{APPROVAL_TIMEOUT, ClientApprovals};
pub use bounds::{
    BUSY_CODE, LOOPBACK_ORIGINS, RETRY_AFTER_SECONDS, ServerLimits, execution_memory_budget,
};
pub use child::MAX_UPSTREAM_LINE_BYTES;
pub use client::{ProgressSink, UpstreamProgress};
pub use connect::http_client;
pub use elicit::ElicitationPolicy;
pub use http::{serve_http, serve_http_with};
pub use result::{CallResult, MAX_TOOL_ERROR_BYTES, render_result, tool_error_text};
pub use server::{ScriptServer, serve_stdio, serve_stdio_with, tool_set};
pub use spec::{
    DEFAULT_CALL_TIMEOUT, DEFAULT_MAX_CONCURRENT_CALLS, INHERITED_ENV, UpstreamSpec,
    UpstreamTransport,
};
pub use trace::{TraceContext, TraceContextSource, set_trace_context_source};
pub use upstream::{McpUpstream, UpstreamError, UpstreamOptions};

/// How toolsh names itself in the MCP handshake, as a server
/// (`serverInfo`) and as a client of upstream servers (`clientInfo`):
/// `toolsh` and this crate's version (MCP specification, lifecycle,
/// initialization).
fn implementation() -> rmcp::model::Implementation {
    rmcp::model::Implementation::new("toolsh", env!("CARGO_PKG_VERSION"))
}
