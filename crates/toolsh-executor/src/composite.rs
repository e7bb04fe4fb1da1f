//! [`CompositeExecutor`]: two executors, the first that handles an input
//! wins.

use async_trait::async_trait;

use crate::call::{CheckpointInfo, ToolCall, ToolDefinition, ToolError};
use crate::executor::{ExecOutcome, ToolExecutor};

/// Tries `A`, then `B`: the first `Ok(Some)` wins, an error propagates at
/// once; definitions are merged without duplicates (by name, `A` first).
#[derive(Debug)]
pub struct CompositeExecutor<A, B> {
    first: A,
    second: B,
}

impl<A: ToolExecutor, B: ToolExecutor> CompositeExecutor<A, B> {
    /// Compose.
    pub fn new(first: A, second: B) -> Self {
        Self { first, second }
    }

    fn owner_is_first(&self, tool_id: &str) -> bool {
        self.first
            .tool_definitions()
            .iter()
            .any(|d| d.name == tool_id)
    }
}

fn unsupported(e: &ToolError) -> bool {
    matches!(e, ToolError::Unsupported(_))
}

#[async_trait]
impl<A: ToolExecutor, B: ToolExecutor> ToolExecutor for CompositeExecutor<A, B> {
    async fn execute(&self, response: &str) -> ExecOutcome {
        match self.first.execute(response).await? {
            Some(o) => Ok(Some(o)),
            None => self.second.execute(response).await,
        }
    }
    async fn execute_confirmed(&self, response: &str) -> ExecOutcome {
        match self.first.execute_confirmed(response).await? {
            Some(o) => Ok(Some(o)),
            None => self.second.execute_confirmed(response).await,
        }
    }
    async fn execute_tool_call(&self, call: &ToolCall) -> ExecOutcome {
        match self.first.execute_tool_call(call).await? {
            Some(o) => Ok(Some(o)),
            None => self.second.execute_tool_call(call).await,
        }
    }
    async fn execute_tool_call_confirmed(&self, call: &ToolCall) -> ExecOutcome {
        match self.first.execute_tool_call_confirmed(call).await? {
            Some(o) => Ok(Some(o)),
            None => self.second.execute_tool_call_confirmed(call).await,
        }
    }
    fn tool_definitions(&self) -> Vec<ToolDefinition> {
        let mut defs = self.first.tool_definitions();
        for d in self.second.tool_definitions() {
            if !defs.iter().any(|x| x.name == d.name) {
                defs.push(d);
            }
        }
        defs
    }
    fn requires_confirmation(&self, call: &ToolCall) -> bool {
        if self.owner_is_first(&call.tool_id) {
            self.first.requires_confirmation(call)
        } else {
            self.second.requires_confirmation(call)
        }
    }
    fn is_tool_speculatable(&self, tool_id: &str) -> bool {
        if self.owner_is_first(tool_id) {
            self.first.is_tool_speculatable(tool_id)
        } else {
            self.second.is_tool_speculatable(tool_id)
        }
    }
    fn is_tool_retryable(&self, tool_id: &str) -> bool {
        if self.owner_is_first(tool_id) {
            self.first.is_tool_retryable(tool_id)
        } else {
            self.second.is_tool_retryable(tool_id)
        }
    }
    async fn checkpoint_undo(&self, n: usize) -> Result<Vec<CheckpointInfo>, ToolError> {
        match self.first.checkpoint_undo(n).await {
            Err(e) if unsupported(&e) => self.second.checkpoint_undo(n).await,
            r => r,
        }
    }
    async fn checkpoint_redo(&self) -> Result<CheckpointInfo, ToolError> {
        match self.first.checkpoint_redo().await {
            Err(e) if unsupported(&e) => self.second.checkpoint_redo().await,
            r => r,
        }
    }
    fn checkpoint_list(&self) -> Result<Vec<CheckpointInfo>, ToolError> {
        match self.first.checkpoint_list() {
            Err(e) if unsupported(&e) => self.second.checkpoint_list(),
            r => r,
        }
    }
}
