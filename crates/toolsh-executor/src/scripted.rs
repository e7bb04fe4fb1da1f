//! [`ScriptedToolExecutor`]: a `ScriptedTool` (a fresh `LogicOnly` shell
//! per call with the tool set's commands), or a capability runtime running
//! every call under a lease.

use std::sync::Arc;
use std::time::Instant;

use async_trait::async_trait;
use toolsh_caps::{CapabilityLease, CapabilityRuntime};
use toolsh_tools::{ScriptedTool, ToolDef, ToolRequest};

use crate::call::{CheckpointInfo, CheckpointList, OfferedTool, ToolCall, ToolError, ToolOutput};
use crate::executor::{ExecOutcome, ToolExecutor, no_checkpoints};
use crate::fenced::extract_blocks;

enum Backend {
    Tool(ScriptedTool),
    Leased {
        runtime: Arc<CapabilityRuntime>,
        lease: CapabilityLease,
        name: String,
    },
}

/// Runs scripts through a scripted tool set.
pub struct ScriptedToolExecutor {
    backend: Backend,
}

impl std::fmt::Debug for ScriptedToolExecutor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ScriptedToolExecutor")
            .field("tool_id", &self.tool_id())
            .finish()
    }
}

impl ScriptedToolExecutor {
    /// Over a `ScriptedTool`; the tool id is the tool's name.
    pub fn new(tool: ScriptedTool) -> Self {
        Self {
            backend: Backend::Tool(tool),
        }
    }

    /// Over a capability runtime: every call runs under `lease` (a stale
    /// lease fails the call). The tool id is `name`.
    pub fn leased(
        runtime: Arc<CapabilityRuntime>,
        lease: CapabilityLease,
        name: impl Into<String>,
    ) -> Self {
        Self {
            backend: Backend::Leased {
                runtime,
                lease,
                name: name.into(),
            },
        }
    }

    fn tool_id(&self) -> &str {
        match &self.backend {
            Backend::Tool(t) => t.name(),
            Backend::Leased { name, .. } => name,
        }
    }

    async fn run(&self, call_id: &str, request: ToolRequest) -> ExecOutcome {
        let start = Instant::now();
        match &self.backend {
            Backend::Tool(t) => {
                let r = t.execute(request).await;
                Ok(Some(ToolOutput::from_script(
                    call_id,
                    t.name(),
                    r.exit_code,
                    &r.stdout,
                    &r.stderr,
                    start,
                )))
            }
            Backend::Leased {
                runtime,
                lease,
                name,
            } => {
                let r = runtime
                    .eval_with_capability_lease(&request.commands, lease)
                    .await
                    .map_err(|e| ToolError::Denied(e.to_string()))?;
                let mut out = ToolOutput::from_script(
                    call_id,
                    name,
                    r.exit_code,
                    &r.stdout,
                    &r.stderr,
                    start,
                );
                out.lease_id = Some(r.lease_id);
                out.audit_ids = r.audit_ids;
                Ok(Some(out))
            }
        }
    }

    async fn run_call(&self, call: &ToolCall) -> ExecOutcome {
        if call.tool_id != self.tool_id() {
            return Ok(None);
        }
        let request: ToolRequest = serde_json::from_value(call.params.clone()).map_err(|e| {
            ToolError::InvalidParams(format!("{e}; expected {{\"commands\": \"<bash script>\"}}"))
        })?;
        self.run(&call.id, request).await
    }

    async fn run_blocks(&self, response: &str) -> ExecOutcome {
        let blocks = extract_blocks(response);
        if blocks.is_empty() {
            return Ok(None);
        }
        let script: String = blocks.iter().map(|b| b.script.as_str()).collect();
        self.run("blocks", ToolRequest::new(script)).await
    }
}

#[async_trait]
impl ToolExecutor for ScriptedToolExecutor {
    async fn execute(&self, response: &str) -> ExecOutcome {
        self.run_blocks(response).await
    }
    async fn execute_confirmed(&self, response: &str) -> ExecOutcome {
        self.run_blocks(response).await
    }
    async fn execute_tool_call(&self, call: &ToolCall) -> ExecOutcome {
        self.run_call(call).await
    }
    async fn execute_tool_call_confirmed(&self, call: &ToolCall) -> ExecOutcome {
        self.run_call(call).await
    }
    fn tool_definitions(&self) -> Vec<OfferedTool> {
        let (description, input_schema) = match &self.backend {
            Backend::Tool(t) => (t.system_prompt(), t.build_input_schema()),
            Backend::Leased { runtime, .. } => {
                let names: Vec<String> = runtime
                    .tool_catalog()
                    .into_iter()
                    .map(|d| d.def.name)
                    .collect();
                (
                    format!(
                        "Run a bash script whose commands include these tools: {}.",
                        names.join(", ")
                    ),
                    serde_json::json!({"type": "object", "properties": {"commands": {"type": "string"}, "timeout_ms": {"type": "integer"}}, "required": ["commands"]}),
                )
            }
        };
        vec![OfferedTool {
            def: ToolDef::new(self.tool_id().to_string(), description).with_schema(input_schema),
            idempotent: false,
            side_effect_free: false,
            requires_confirmation: false,
            risk: toolsh_caps::RiskClass::External,
        }]
    }
    fn requires_confirmation(&self, _call: &ToolCall) -> bool {
        false
    }
    fn is_tool_speculatable(&self, _tool_id: &str) -> bool {
        false
    }
    fn is_tool_retryable(&self, _tool_id: &str) -> bool {
        false
    }
    async fn checkpoint_undo(&self, _n: usize) -> Result<Vec<CheckpointInfo>, ToolError> {
        Err(no_checkpoints())
    }
    async fn checkpoint_redo(&self) -> Result<CheckpointInfo, ToolError> {
        Err(no_checkpoints())
    }
    fn checkpoint_list(&self) -> Result<CheckpointList, ToolError> {
        Err(no_checkpoints())
    }
}
