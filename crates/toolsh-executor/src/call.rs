//! The data at the executor boundary: structured calls, outputs, errors,
//! offered tools and the normalized result the model receives.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use toolsh_tools::ToolDef;

/// A structured tool call from the model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    /// The call id the model gave (echoed in the output).
    pub id: String,
    /// The tool to run (`bash`, `script`, a provider tool, ...).
    pub tool_id: String,
    /// The arguments (a JSON object).
    pub params: Value,
}

impl ToolCall {
    /// A call.
    pub fn new(id: impl Into<String>, tool_id: impl Into<String>, params: Value) -> Self {
        Self {
            id: id.into(),
            tool_id: tool_id.into(),
            params,
        }
    }
}

/// Whether a call succeeded, as the model is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutputStatus {
    /// It ran and succeeded (exit status 0).
    Done,
    /// It failed (non-zero status, limit, denial, error).
    Error,
}

/// What an executor returns for a handled input.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolOutput {
    /// The call id (for fenced blocks: `block-N`).
    pub call_id: String,
    /// The tool that ran.
    pub tool_id: String,
    /// Done or error.
    pub status: OutputStatus,
    /// The text for the model (stdout, with stderr and the exit status
    /// appended when they matter; possibly cut by spooling).
    pub result: String,
    /// The exit status, when a script ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i32>,
    /// Where the whole result was spooled, when it was large.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spool_path: Option<String>,
    /// Wall time in milliseconds.
    pub duration_ms: u64,
    /// The capability lease the call ran under, when it ran under one
    /// (a [`crate::ScriptedToolExecutor::leased`] executor).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lease_id: Option<u64>,
    /// The sequence numbers of the capability audit entries the call
    /// produced (those still in the bounded log), oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub audit_ids: Vec<u64>,
}

impl ToolOutput {
    /// The normalized form the model receives:
    /// `{"status": "done" | "error", "result": "..."}`.
    pub fn to_model_json(&self) -> Value {
        json!({"status": self.status, "result": self.result})
    }
}

/// Why an executor could not produce an output.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ToolError {
    /// The call needs the user's confirmation; retry with the `_confirmed`
    /// method once given.
    #[error("confirmation required for {tool_id}: {reason}")]
    ConfirmationRequired {
        /// The tool.
        tool_id: String,
        /// Why.
        reason: String,
    },
    /// Refused by trust level, permission mode or policy.
    #[error("denied: {0}")]
    Denied(String),
    /// The parameters are not what the tool takes.
    #[error("invalid parameters: {0}")]
    InvalidParams(String),
    /// The call ran and failed in a way that produced no output.
    #[error("execution failed: {0}")]
    Execution(String),
    /// The per-call time limit of a timeout layer.
    #[error("timed out after {0} ms")]
    Timeout(u64),
    /// A rate-limit layer refused the call.
    #[error("rate limit: {0}")]
    RateLimited(String),
    /// The operation is not supported by this executor (e.g. checkpoints).
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A panic inside the executor or a callback, caught.
    #[error("internal error: {0}")]
    Panic(String),
}

/// A tool as offered to the model: the tool layer's [`ToolDef`] (name,
/// description, schemas) and the behaviour the executor layer adds.
/// Serialized flat: the definition's fields beside these.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct OfferedTool {
    /// What the tool is.
    #[serde(flatten)]
    pub def: ToolDef,
    /// Repeating a call with the same parameters has the same effect.
    #[serde(default)]
    pub idempotent: bool,
    /// The call changes nothing.
    #[serde(default)]
    pub side_effect_free: bool,
    /// Calls need the user's confirmation.
    #[serde(default)]
    pub requires_confirmation: bool,
    /// The risk class (for permission modes).
    #[serde(default)]
    pub risk: toolsh_caps::RiskClass,
}

impl OfferedTool {
    /// A tool with no behaviour claims: not idempotent, with side
    /// effects, no confirmation, risk `Read`.
    pub fn new(def: ToolDef) -> Self {
        Self {
            def,
            idempotent: false,
            side_effect_free: false,
            requires_confirmation: false,
            risk: toolsh_caps::RiskClass::default(),
        }
    }
}

/// One entry of the checkpoint stack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckpointInfo {
    /// Position in the stack (0 = oldest).
    pub index: usize,
    /// The call that made the change.
    pub call_id: String,
    /// Bytes in the file system after the change.
    pub bytes: u64,
}

/// The checkpoint stacks of an executor with a file system.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize)]
pub struct CheckpointList {
    /// Changes that `checkpoint_undo` can revert, oldest first (at most
    /// `MAX_CHECKPOINTS`).
    pub undo: Vec<CheckpointInfo>,
    /// Changes that `checkpoint_redo` can re-apply, next first (emptied
    /// by any new change).
    pub redo: Vec<CheckpointInfo>,
}

impl CheckpointList {
    /// How many changes can be undone.
    pub fn undo_depth(&self) -> usize {
        self.undo.len()
    }

    /// How many changes can be redone.
    pub fn redo_depth(&self) -> usize {
        self.redo.len()
    }
}

/// Normalize any outcome for the model: an output as is, `None` as an
/// error saying nothing handled the call, an error as `status: error`.
/// A tool error never aborts the turn.
pub fn normalize(outcome: &Result<Option<ToolOutput>, ToolError>) -> Value {
    match outcome {
        Ok(Some(o)) => o.to_model_json(),
        Ok(None) => json!({"status": "error", "result": "no executor handles this call"}),
        Err(e) => json!({"status": "error", "result": e.to_string()}),
    }
}
