//! [`CompositeExecutor`]: two executors, the first that handles an input
//! wins.

use async_trait::async_trait;

use crate::call::{CheckpointInfo, CheckpointList, OfferedTool, ToolCall, ToolError};
use crate::executor::{ExecOutcome, ToolExecutor};
use crate::layers::Request;

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

    /// The executor that answers questions about `tool_id`: the first when
    /// it defines the tool, else the second.
    fn owner(&self, tool_id: &str) -> &dyn ToolExecutor {
        if self
            .first
            .tool_definitions()
            .iter()
            .any(|d| d.def.name == tool_id)
        {
            &self.first
        } else {
            &self.second
        }
    }

    /// `request` on the first executor, then on the second when the first
    /// does not handle it.
    async fn first_handling(&self, request: Request<'_>) -> ExecOutcome {
        match request.run_on(&self.first).await? {
            Some(o) => Ok(Some(o)),
            None => request.run_on(&self.second).await,
        }
    }
}

fn unsupported(e: &ToolError) -> bool {
    matches!(e, ToolError::Unsupported(_))
}

#[async_trait]
impl<A: ToolExecutor, B: ToolExecutor> ToolExecutor for CompositeExecutor<A, B> {
    async fn execute(&self, text: &str) -> ExecOutcome {
        self.first_handling(Request::response(text, false)).await
    }
    async fn execute_confirmed(&self, text: &str) -> ExecOutcome {
        self.first_handling(Request::response(text, true)).await
    }
    async fn execute_tool_call(&self, call: &ToolCall) -> ExecOutcome {
        self.first_handling(Request::call(call, false)).await
    }
    async fn execute_tool_call_confirmed(&self, call: &ToolCall) -> ExecOutcome {
        self.first_handling(Request::call(call, true)).await
    }
    fn tool_definitions(&self) -> Vec<OfferedTool> {
        let mut defs = self.first.tool_definitions();
        for d in self.second.tool_definitions() {
            if !defs.iter().any(|x| x.def.name == d.def.name) {
                defs.push(d);
            }
        }
        defs
    }
    fn requires_confirmation(&self, call: &ToolCall) -> bool {
        self.owner(&call.tool_id).requires_confirmation(call)
    }
    fn is_tool_speculatable(&self, tool_id: &str) -> bool {
        self.owner(tool_id).is_tool_speculatable(tool_id)
    }
    fn is_tool_retryable(&self, tool_id: &str) -> bool {
        self.owner(tool_id).is_tool_retryable(tool_id)
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
    fn checkpoint_list(&self) -> Result<CheckpointList, ToolError> {
        match self.first.checkpoint_list() {
            Err(e) if unsupported(&e) => self.second.checkpoint_list(),
            r => r,
        }
    }
}
