//! Tool providers (sources of tools: a scripted tool set, a registry of
//! host functions, imported MCP tools), toolsets (named groups of them) and
//! the resolution of an agent's toolsets into the `tools` array of an LLM
//! request.

use std::sync::Arc;
use std::time::Instant;

use async_trait::async_trait;
use serde_json::{Value, json};
use toolsh_caps::{PermissionMode, RiskClass, TrustLevel, allowed_by_level};
use toolsh_tools::{ScriptedTool, ToolCallRequest, ToolDef, ToolRegistry, ToolRequest};

use crate::call::{
    CheckpointInfo, CheckpointList, OfferedTool, OutputStatus, ToolCall, ToolError, ToolOutput,
};
use crate::executor::{ExecOutcome, ToolExecutor, no_checkpoints};

/// Who is calling.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CallContext {
    /// The call id.
    pub call_id: String,
    /// The tenant, if any.
    pub tenant: Option<String>,
}

/// A source of tools.
#[async_trait]
pub trait ToolProvider: Send + Sync {
    /// The provider's name.
    fn name(&self) -> &str;
    /// Its tools.
    async fn list_tools(&self) -> Vec<OfferedTool>;
    /// Call one: the output text, or an error message.
    async fn call_tool(&self, tool: &str, args: Value, ctx: &CallContext)
    -> Result<String, String>;
}

/// A scripted tool set as a provider of its one script tool.
#[derive(Debug, Clone)]
pub struct ScriptedToolProvider(pub ScriptedTool);

#[async_trait]
impl ToolProvider for ScriptedToolProvider {
    fn name(&self) -> &str {
        self.0.name()
    }
    async fn list_tools(&self) -> Vec<OfferedTool> {
        vec![OfferedTool {
            def: ToolDef::new(self.0.name().to_string(), self.0.system_prompt())
                .with_schema(self.0.build_input_schema()),
            idempotent: false,
            side_effect_free: false,
            requires_confirmation: false,
            risk: RiskClass::External,
        }]
    }
    async fn call_tool(
        &self,
        tool: &str,
        args: Value,
        ctx: &CallContext,
    ) -> Result<String, String> {
        if tool != self.0.name() {
            return Err(format!("unknown tool '{tool}'"));
        }
        let req: ToolRequest =
            serde_json::from_value(args).map_err(|e| format!("invalid arguments: {e}"))?;
        let call = ToolCallRequest {
            tenant: ctx.tenant.clone(),
            surface: Some("provider".into()),
            ..ToolCallRequest::default()
        };
        let r = self.0.execute_for(req, call).await;
        if r.exit_code == 0 {
            Ok(r.stdout)
        } else {
            Err(format!(
                "{}{}[exit status {}]",
                r.stdout, r.stderr, r.exit_code
            ))
        }
    }
}

/// The tools of a registry (host functions, imported MCP tools), each a
/// structured tool of its own. Risks come from the tags as everywhere
/// else ([`RiskClass::from_tags`]: the highest class tagged, `risk:` prefix
/// or not, else `write`).
#[derive(Debug, Clone)]
pub struct RegistryProvider {
    name: String,
    registry: Arc<ToolRegistry>,
}

impl RegistryProvider {
    /// A provider named `name` over `registry`.
    pub fn new(name: impl Into<String>, registry: Arc<ToolRegistry>) -> Self {
        Self {
            name: name.into(),
            registry,
        }
    }
}

#[async_trait]
impl ToolProvider for RegistryProvider {
    fn name(&self) -> &str {
        &self.name
    }
    async fn list_tools(&self) -> Vec<OfferedTool> {
        self.registry
            .definitions()
            .into_iter()
            .map(|d| {
                let risk = RiskClass::from_tags(&d.tags);
                OfferedTool {
                    def: d.clone(),
                    idempotent: risk == RiskClass::Read,
                    side_effect_free: risk == RiskClass::Read,
                    requires_confirmation: matches!(risk, RiskClass::Destructive),
                    risk,
                }
            })
            .collect()
    }
    async fn call_tool(
        &self,
        tool: &str,
        args: Value,
        ctx: &CallContext,
    ) -> Result<String, String> {
        let request = ToolCallRequest {
            tenant: ctx.tenant.clone(),
            surface: Some("provider".into()),
            ..ToolCallRequest::default()
        };
        let out = self
            .registry
            .call_params(tool, args, None, &request, None)
            .await;
        if out.exit_code == 0 {
            Ok(out.stdout)
        } else {
            Err(out.stderr.trim_end().to_string())
        }
    }
}

/// A named group of providers.
#[derive(Clone)]
pub struct ProviderGroup {
    /// The name.
    pub name: String,
    /// The providers.
    pub providers: Vec<Arc<dyn ToolProvider>>,
}

impl std::fmt::Debug for ProviderGroup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProviderGroup")
            .field("name", &self.name)
            .field(
                "providers",
                &self
                    .providers
                    .iter()
                    .map(|p| p.name().to_string())
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}

/// The tools of an agent's toolsets, in both common request shapes.
#[derive(Debug, Clone, PartialEq)]
pub struct ResolvedTools {
    /// OpenAI-compatible `tools: [...]`.
    pub openai: Value,
    /// Anthropic `tools: [...]`.
    pub anthropic: Value,
    /// The definitions themselves.
    pub definitions: Vec<OfferedTool>,
}

/// Expand toolsets into tool arrays, without duplicates (first wins), and
/// without the tools `mode` and `trust` forbid.
pub async fn resolve_tool_schemas(
    toolsets: &[ProviderGroup],
    mode: PermissionMode,
    trust: TrustLevel,
) -> ResolvedTools {
    let mut defs: Vec<OfferedTool> = Vec::new();
    for ts in toolsets {
        for p in &ts.providers {
            for d in p.list_tools().await {
                if allowed_by_level(d.risk, mode, trust).is_ok()
                    && !defs.iter().any(|x| x.def.name == d.def.name)
                {
                    defs.push(d);
                }
            }
        }
    }
    ResolvedTools {
        openai: json!(defs.iter().map(|t| t.def.to_openai()).collect::<Vec<_>>()),
        anthropic: json!(
            defs.iter()
                .map(|t| t.def.to_anthropic())
                .collect::<Vec<_>>()
        ),
        definitions: defs,
    }
}

/// Structured calls to the tools of some toolsets.
pub struct ProviderExecutor {
    routes: Vec<(OfferedTool, Arc<dyn ToolProvider>)>,
}

impl std::fmt::Debug for ProviderExecutor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProviderExecutor")
            .field(
                "tools",
                &self
                    .routes
                    .iter()
                    .map(|(d, _)| d.def.name.clone())
                    .collect::<Vec<_>>(),
            )
            .finish()
    }
}

impl ProviderExecutor {
    /// Route every tool of `toolsets` (first provider wins a name).
    pub async fn new(toolsets: &[ProviderGroup]) -> Self {
        let mut routes: Vec<(OfferedTool, Arc<dyn ToolProvider>)> = Vec::new();
        for ts in toolsets {
            for p in &ts.providers {
                for d in p.list_tools().await {
                    if !routes.iter().any(|(x, _)| x.def.name == d.def.name) {
                        routes.push((d, p.clone()));
                    }
                }
            }
        }
        Self { routes }
    }

    async fn run(&self, call: &ToolCall, confirmed: bool) -> ExecOutcome {
        let Some((def, provider)) = self.routes.iter().find(|(d, _)| d.def.name == call.tool_id)
        else {
            return Ok(None);
        };
        if def.requires_confirmation && !confirmed {
            return Err(ToolError::ConfirmationRequired {
                tool_id: call.tool_id.clone(),
                reason: format!("{} is marked as needing confirmation", call.tool_id),
            });
        }
        let start = Instant::now();
        let ctx = CallContext {
            call_id: call.id.clone(),
            tenant: None,
        };
        let (status, result) = match provider
            .call_tool(&call.tool_id, call.params.clone(), &ctx)
            .await
        {
            Ok(o) => (OutputStatus::Done, o),
            Err(e) => (OutputStatus::Error, e),
        };
        Ok(Some(ToolOutput {
            call_id: call.id.clone(),
            tool_id: call.tool_id.clone(),
            status,
            result,
            exit_code: None,
            spool_path: None,
            duration_ms: u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX),
            lease_id: None,
            audit_ids: Vec::new(),
        }))
    }

    fn def(&self, tool_id: &str) -> Option<&OfferedTool> {
        self.routes
            .iter()
            .map(|(d, _)| d)
            .find(|d| d.def.name == tool_id)
    }
}

#[async_trait]
impl ToolExecutor for ProviderExecutor {
    async fn execute(&self, _response: &str) -> ExecOutcome {
        Ok(None)
    }
    async fn execute_confirmed(&self, _response: &str) -> ExecOutcome {
        Ok(None)
    }
    async fn execute_tool_call(&self, call: &ToolCall) -> ExecOutcome {
        self.run(call, false).await
    }
    async fn execute_tool_call_confirmed(&self, call: &ToolCall) -> ExecOutcome {
        self.run(call, true).await
    }
    fn tool_definitions(&self) -> Vec<OfferedTool> {
        self.routes.iter().map(|(d, _)| d.clone()).collect()
    }
    fn requires_confirmation(&self, call: &ToolCall) -> bool {
        self.def(&call.tool_id)
            .is_some_and(|d| d.requires_confirmation)
    }
    fn is_tool_speculatable(&self, tool_id: &str) -> bool {
        self.def(tool_id)
            .is_some_and(|d| d.idempotent && d.side_effect_free && !d.requires_confirmation)
    }
    fn is_tool_retryable(&self, tool_id: &str) -> bool {
        self.def(tool_id).is_some_and(|d| d.idempotent)
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
