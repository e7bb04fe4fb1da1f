//! toolsh-executor: the agent-loop entry point.
//!
//! The crate an agent framework calls each turn. A [`ToolExecutor`] turns
//! model output into executions: fenced ```bash blocks (legacy) or
//! structured [`ToolCall`]s (preferred), returning `Ok(None)` for input it
//! does not handle. Executors compose ([`CompositeExecutor`]) and take
//! layers ([`Layered`] with [`TrustGate`], [`AuditHook`], [`RateLimit`],
//! [`Timeout`]). A [`CallPipeline`] around an executor normalizes every
//! outcome to `{"status", "result"}`, catches panics, spools large outputs
//! and appends a trajectory line per call.
//!
//! Depends on toolsh-caps and below. Only the spooler and the trajectory
//! touch the host file system, and only under the workspace the host gives.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod call;
mod composite;
mod executor;
pub mod fenced;
mod layers;
mod pipeline;
mod provider;
mod scripted;
mod shell;
mod speculate;
pub mod spool;
mod trajectory;

pub use call::{
    CheckpointInfo, CheckpointList, OfferedTool, OutputStatus, ToolCall, ToolError, ToolOutput,
    normalize,
};
pub use composite::CompositeExecutor;
pub use executor::{ExecOutcome, ToolExecutor};
pub use layers::{
    AuditHook, AuditRecord, CallHook, ExecFuture, Execution, Layered, RateLimit, Request, Timeout,
    TrustGate, TrustGateExecutor,
};
pub use pipeline::{CallFinisher, CallPipeline, FENCED_TOOL_ID, PipelineResult};
pub use provider::{
    CallContext, ProviderExecutor, ProviderGroup, RegistryProvider, ResolvedTools,
    ScriptedToolProvider, ToolProvider, resolve_tool_schemas,
};
pub use scripted::ScriptedToolExecutor;
pub use shell::{ConfigureFn, ConfirmFn, MAX_CHECKPOINTS, ShellExecutor};
pub use speculate::Speculator;
pub use spool::{ReadToolOutput, SpoolTarget, Spooler};
pub use toolsh_tools::ToolDef;
pub use trajectory::{
    Divergence, MAX_TRAJECTORY_CONTENT_BYTES, ReplayReport, Trajectory, TrajectoryEntry, now_ms,
    replay,
};
