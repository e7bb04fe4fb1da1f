//! toolsh: let an LLM orchestrate tools by writing one bash script.
//!
//! Register host functions as tools; each becomes a shell command with
//! schema-validated `--flags`. The model writes one bash script that pipes,
//! loops, branches and reshapes JSON with jq; it runs in-process in a
//! sandbox (no host files, processes or network) under hard limits, and only
//! its final output goes back into the model's context.
//!
//! This crate only re-exports the layers, each behind a feature:
//! `parser` ([`parser`]), `interp` ([`interp`]), `tools` ([`tools`]),
//! `caps` ([`caps`]), `executor` ([`executor`]) — together the default —
//! and `mcp` ([`mcp`], which adds rmcp and axum). It has no logic of its
//! own.
//!
//! ```
//! use serde_json::json;
//! use toolsh::prelude::*;
//!
//! # tokio::runtime::Runtime::new().unwrap().block_on(async {
//! let tool = ScriptedTool::builder("script")
//!     .short_description("Shop API")
//!     .tool_fn(
//!         ToolDef::new("orders.list", "List a customer's orders.").with_schema(json!({
//!             "type": "object",
//!             "required": ["customer"],
//!             "properties": {"customer": {"type": "string"}}
//!         })),
//!         |args: &ToolArgs| Ok(json!([{"id": 1, "total": 30}, {"id": 2, "total": 12}]).to_string()),
//!     )
//!     .build()
//!     .unwrap();
//! let out = tool
//!     .execute(ToolRequest::new("orders.list --customer acme | jq '[.[].total] | add'"))
//!     .await;
//! assert_eq!(out.stdout, "42\n");
//! assert_eq!(out.exit_code, 0);
//! # });
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

#[cfg(feature = "caps")]
pub use toolsh_caps as caps;
#[cfg(feature = "executor")]
pub use toolsh_executor as executor;
#[cfg(feature = "interp")]
pub use toolsh_interp as interp;
#[cfg(feature = "mcp")]
pub use toolsh_mcp as mcp;
#[cfg(feature = "parser")]
pub use toolsh_parser as parser;
#[cfg(feature = "tools")]
pub use toolsh_tools as tools;
#[cfg(feature = "interp")]
pub use toolsh_utils as utils;

/// The names most programs need.
pub mod prelude {
    #[cfg(feature = "caps")]
    pub use toolsh_caps::{
        CapabilityLease, CapabilityRuntime, PermissionMode, RiskClass, ToolMetadata, ToolPolicy,
        TrustLevel,
    };
    #[cfg(feature = "executor")]
    pub use toolsh_executor::{ShellExecutor, ToolExecutor, ToolOutput};
    #[cfg(feature = "interp")]
    pub use toolsh_interp::{ExecResult, ExecutionLimits, Profile, Shell, Utility, UtilitySet};
    #[cfg(feature = "mcp")]
    pub use toolsh_mcp::{McpUpstream, serve_stdio};
    #[cfg(feature = "parser")]
    pub use toolsh_parser::{ParseError, parse};
    #[cfg(feature = "tools")]
    pub use toolsh_tools::{
        ScriptedTool, ToolArgs, ToolDef, ToolImpl, ToolRegistry, ToolRequest, ToolResponse,
    };
}

/// The README's Rust examples, compiled and run as doctests so they stay
/// true (the shell commands are run by toolsh-cli's `tests/readme.rs`).
#[cfg(all(doctest, feature = "tools"))]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
