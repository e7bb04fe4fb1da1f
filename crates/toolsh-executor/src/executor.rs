//! The [`ToolExecutor`] trait: one object-safe async trait for every
//! executor and wrapper.

use async_trait::async_trait;

use crate::call::{CheckpointInfo, CheckpointList, OfferedTool, ToolCall, ToolError, ToolOutput};

/// The result of an execution: `Ok(None)` when this executor does not
/// handle the input (not an error: try the next executor), `Ok(Some)` with
/// the output, or `Err`.
pub type ExecOutcome = Result<Option<ToolOutput>, ToolError>;

/// Turns model output into executions.
///
/// Every method is required, so a wrapper cannot silently inherit a
/// default instead of forwarding.
#[async_trait]
pub trait ToolExecutor: Send + Sync {
    /// Run every ```bash / ```sh fenced block of an LLM response (the
    /// legacy path). `Ok(None)` when there is none.
    async fn execute(&self, response: &str) -> ExecOutcome;
    /// [`ToolExecutor::execute`] without the confirmation gate.
    async fn execute_confirmed(&self, response: &str) -> ExecOutcome;
    /// Run a structured call (the preferred path). `Ok(None)` when the tool
    /// is not this executor's.
    async fn execute_tool_call(&self, call: &ToolCall) -> ExecOutcome;
    /// [`ToolExecutor::execute_tool_call`] without the confirmation gate.
    async fn execute_tool_call_confirmed(&self, call: &ToolCall) -> ExecOutcome;
    /// The tools this executor handles.
    fn tool_definitions(&self) -> Vec<OfferedTool>;
    /// Whether `call` would need the user's confirmation.
    fn requires_confirmation(&self, call: &ToolCall) -> bool;
    /// Whether calls of `tool_id` may be started before the model's response
    /// is complete (idempotent, side-effect free, no confirmation).
    fn is_tool_speculatable(&self, tool_id: &str) -> bool;
    /// Whether a failed call of `tool_id` may be retried (idempotent only;
    /// false for unknown tools).
    fn is_tool_retryable(&self, tool_id: &str) -> bool;
    /// Undo the last `n` file-system changes.
    async fn checkpoint_undo(&self, n: usize) -> Result<Vec<CheckpointInfo>, ToolError>;
    /// Redo the last undone change.
    async fn checkpoint_redo(&self) -> Result<CheckpointInfo, ToolError>;
    /// The undo stack (oldest first) and the redo stack (next first).
    fn checkpoint_list(&self) -> Result<CheckpointList, ToolError>;
}

/// The unsupported-checkpoint error of executors without a file system.
pub(crate) fn no_checkpoints() -> ToolError {
    ToolError::Unsupported(
        "this executor has no checkpoints (only a Sandbox ShellExecutor does)".into(),
    )
}
