//! toolsh-tools: host functions as schema-validated shell commands.
//!
//! The third layer of toolsh. A [`ToolDef`] (name, description, JSON Schema
//! of the parameters, optional output schema, tags, category) and a sync or
//! async callback make a [`ToolImpl`]; a [`ToolRegistry`] owns them and runs
//! every call through one path: argv → schema-driven `--flags` → JSON
//! params → schema validation → gates (leases, approvals; see toolsh-caps)
//! → policy hook → callback under the deadline → error sanitization →
//! output-schema check → trace → stdout. [`ScriptedTool`] wraps a registry
//! as one "run a bash script" tool for an LLM: a fresh `LogicOnly` shell per
//! execution, with `help` and `discover` built in.
//!
//! This crate depends on toolsh-interp (and so the parser); it knows
//! nothing of capabilities, leases or MCP. Invariants: no per-execution
//! state in a registry (traces and tenants travel in a
//! [`ToolCallRequest`]); a callback's error text reaches the script only
//! when sanitization is off; a schema with an external, unresolvable or
//! cyclic `$ref` is refused at registration.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod args;
mod call;
mod commands;
mod def;
pub mod demo;
pub mod discover;
mod extension;
pub mod flags;
pub mod help;
pub mod hints;
pub mod isolate;
pub mod locale;
mod prompt;
mod registry;
pub mod schema;
mod scripted;
mod service;
mod tool;
mod toolset;
mod trace;
mod validate;

pub use args::ToolArgs;
pub use call::{CallOutcome, ToolCallRequest, tool_result_error, transport_error};
pub use commands::{DiscoverCommand, HelpCommand, ToolCommand, UnknownCommand, commands_for};
pub use def::{ToolDef, is_valid_tool_name};
pub use extension::ToolDefExtension;
pub use flags::{FlagError, parse_flags};
pub use locale::Locale;
pub use registry::{
    CallGate, CallReport, EXIT_FAILURE, EXIT_NOT_FOUND, EXIT_OK, EXIT_USAGE, PolicyDecision,
    PolicyFn, RegistryError, ToolCall, ToolRegistry,
};
pub use schema::SchemaError;
pub use scripted::{
    EXIT_INTERNAL, ScriptedTool, ScriptedToolBuilder, ToolExecution, ToolRequest, ToolResponse,
};
pub use service::ScriptedToolService;
pub use tool::{AsyncToolFn, SyncToolFn, ToolFuture, ToolImpl, ToolResult};
pub use toolset::{DiscoveryMode, ScriptingToolSet, ScriptingToolSetBuilder, ToolkitLibrary};
pub use toolsh_interp as interp;
pub use trace::{InvocationTrace, TraceKind, TraceLog};
pub use validate::CompiledSchema;
