//! Serving code mode over MCP: one tool, `script` (input `{commands,
//! timeout_ms}`, output `{stdout, stderr, exit_code}`), whose description
//! is the system prompt; with discovery, also `script_discover`.

use std::fmt::Write as _;
use std::sync::Arc;
use std::time::Instant;

use rmcp::Peer;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler, ServiceExt};
use serde_json::{Map, Value, json};
use toolsh_executor::spool::{READ_TOOL, Spooler};
use toolsh_executor::{CallFinisher, ToolCall, ToolOutput};
use toolsh_tools::{DiscoveryMode, ScriptedTool, ScriptingToolSet, ToolCallRequest, ToolRequest};

use crate::approvals::ClientApprovals;
use crate::bounds::{Admission, ServerLimits, execution_memory_budget};
use crate::transport::LineTransport;

/// The MCP server over a scripted tool set. Each script runs on a thread
/// of its own (never on the runtime's workers, so a busy script cannot
/// freeze the server for other clients), once admitted under the
/// server's [`ServerLimits`].
#[derive(Clone, Debug)]
pub struct ScriptServer {
    set: Arc<ScriptingToolSet>,
    approvals: Option<ClientApprovals>,
    limits: Arc<ServerLimits>,
    admission: Arc<Admission>,
    /// Spooling and the trajectory of script results, when the host asks.
    finisher: Option<Arc<CallFinisher>>,
}

impl ScriptServer {
    /// A server for `set` under the default [`ServerLimits`].
    pub fn new(set: ScriptingToolSet) -> Self {
        Self::with_set_and_limits(Arc::new(set), ServerLimits::default())
    }

    fn with_set_and_limits(set: Arc<ScriptingToolSet>, limits: ServerLimits) -> Self {
        let budget = execution_memory_budget(set.scripted_tool().limits());
        Self {
            admission: Arc::new(Admission::new(&limits, budget)),
            limits: Arc::new(limits),
            set,
            approvals: None,
            finisher: None,
        }
    }

    /// The same server under `limits` (a fresh admission count).
    #[must_use]
    pub fn with_limits(self, limits: ServerLimits) -> Self {
        let (approvals, finisher) = (self.approvals, self.finisher);
        Self {
            approvals,
            finisher,
            ..Self::with_set_and_limits(self.set, limits)
        }
    }

    /// Put every script result through `finisher` (the executor layer's
    /// pipeline for a finished call): a result at or past its spooler's
    /// threshold reaches the client as a head and tail preview naming a
    /// spool id, which the [`READ_TOOL`] tool this server then also serves
    /// reads on (`{"id", "offset"?, "length"?}`, characters); each call is
    /// a line of its trajectory (call id `mcp-<execution>`). The structured
    /// content of a spooled result carries the preview as `stdout` and an
    /// empty `stderr`.
    #[must_use]
    pub fn with_finisher(mut self, finisher: CallFinisher) -> Self {
        self.finisher = Some(Arc::new(finisher));
        self
    }

    /// The server's bounds.
    pub fn limits(&self) -> &ServerLimits {
        &self.limits
    }

    /// How many scripts may run at once: [`ServerLimits::max_executions`],
    /// or fewer when [`ServerLimits::max_memory_bytes`] does not hold that
    /// many executions' memory budgets.
    pub fn execution_slots(&self) -> usize {
        self.admission.slots()
    }

    /// Whether a `tools/call` arriving now would be refused as busy.
    pub(crate) fn busy(&self) -> bool {
        self.admission.full()
    }

    /// Record the client peer of every execution in `approvals`, so a
    /// host's approval handler can ask that client (elicitation).
    #[must_use]
    pub fn with_approvals(mut self, approvals: ClientApprovals) -> Self {
        self.approvals = Some(approvals);
        self
    }

    /// The tools this server lists.
    pub fn tools(&self) -> Vec<Tool> {
        self.set
            .tools()
            .into_iter()
            .filter_map(|t| {
                let name = t["name"].as_str()?.to_string();
                let description = t["description"].as_str().unwrap_or_default().to_string();
                let schema = t["input_schema"].as_object()?.clone();
                if name != self.set.scripted_tool().name() {
                    return Some(Tool::new(name, description, schema));
                }
                let (description, schema) = document_alias(description, schema);
                let mut tool = Tool::new(name, description, schema);
                if let Value::Object(o) = self.set.scripted_tool().build_output_schema() {
                    tool.output_schema = Some(Arc::new(o));
                }
                Some(tool)
            })
            .chain(self.spooler().map(|_| read_tool()))
            .collect()
    }

    fn spooler(&self) -> Option<&Spooler> {
        self.finisher.as_deref().and_then(CallFinisher::spool)
    }

    /// Handle one `tools/call` (also used by tests without a transport).
    ///
    /// # Errors
    /// `-32602` for arguments that do not fit; the busy error (code
    /// [`crate::BUSY_CODE`]) when every execution slot is taken and the
    /// queue is full or the wait in it passes.
    pub async fn call(
        &self,
        name: &str,
        arguments: Option<Map<String, Value>>,
    ) -> Result<CallToolResult, ErrorData> {
        self.call_from(name, arguments, None).await
    }

    async fn call_from(
        &self,
        name: &str,
        arguments: Option<Map<String, Value>>,
        peer: Option<Peer<RoleServer>>,
    ) -> Result<CallToolResult, ErrorData> {
        let args = arguments.unwrap_or_default();
        let script = self.set.scripted_tool();
        if name == script.name() {
            let args_seen = args.clone();
            let (started, started_ms) = (Instant::now(), toolsh_executor::now_ms());
            let request = script_request(args)?;
            let permit = self.admission.admit().await?;
            let call = ToolCallRequest {
                surface: Some("mcp".into()),
                ..ToolCallRequest::default()
            };
            let execution = call.execution;
            if let (Some(a), Some(p)) = (&self.approvals, peer) {
                a.begin(execution, p);
            }
            let response = script
                .execution_for(request, call)
                .run_isolated_holding(permit)
                .await;
            if let Some(a) = &self.approvals {
                a.end(execution);
            }
            let out = ToolOutput::from_script(
                &format!("mcp-{execution}"),
                script.name(),
                response.exit_code,
                &response.stdout,
                &response.stderr,
                started,
            );
            let mut structured = json!({"stdout": response.stdout, "stderr": response.stderr, "exit_code": response.exit_code});
            let text = match &self.finisher {
                None => out.result,
                Some(f) => {
                    let call = ToolCall::new(out.call_id.clone(), name, Value::Object(args_seen));
                    let (full, elapsed) = (out.result.len(), out.duration_ms);
                    let r = f.finish(call, Ok(Some(out)), started_ms, elapsed);
                    let shown = r.model_json["result"]
                        .as_str()
                        .unwrap_or_default()
                        .to_string();
                    if r.spool_path.is_some() {
                        tracing::debug!(bytes = full, "script result spooled");
                        structured["stdout"] = Value::String(shown.clone());
                        structured["stderr"] = Value::String(String::new());
                    }
                    shown
                }
            };
            let mut result = if response.exit_code == 0 {
                CallToolResult::success(vec![ContentBlock::text(text)])
            } else {
                CallToolResult::error(vec![ContentBlock::text(text)])
            };
            result.structured_content = Some(structured);
            return Ok(result);
        }
        if name == READ_TOOL
            && let Some(spooler) = self.spooler()
        {
            return Ok(read_spooled(spooler, &args));
        }
        if self.set.mode() == DiscoveryMode::WithDiscovery && name == self.set.discover_tool_name()
        {
            return Ok(match self.set.discover(&Value::Object(args)) {
                Ok(out) => CallToolResult::success(vec![ContentBlock::text(out)]),
                Err(err) => CallToolResult::error(vec![ContentBlock::text(err)]),
            });
        }
        Err(ErrorData::invalid_params(
            format!("unknown tool '{name}'"),
            None,
        ))
    }
}

/// The [`READ_TOOL`] tool: a slice of a spooled result.
fn read_tool() -> Tool {
    let schema = json!({
        "type": "object",
        "required": ["id"],
        "properties": {
            "id": {"type": "string", "description": "The id a spooled result's preview names."},
            "offset": {"type": "integer", "minimum": 0, "description": "The first character to read (default 0)."},
            "length": {"type": "integer", "minimum": 1, "maximum": MAX_READ_CHARS, "description": "How many characters (default and most: 16000)."}
        }
    });
    let Value::Object(schema) = schema else {
        unreachable!("a JSON object literal")
    };
    Tool::new(
        READ_TOOL,
        "Read part of a script result that was too large to return whole (its preview names the id).",
        schema,
    )
}

/// Most characters one [`READ_TOOL`] call returns.
pub const MAX_READ_CHARS: u64 = 16_000;

/// Answer a [`READ_TOOL`] call: the slice, or an error result naming why.
fn read_spooled(spooler: &Spooler, args: &Map<String, Value>) -> CallToolResult {
    let id = args.get("id").and_then(Value::as_str).unwrap_or_default();
    let offset = args.get("offset").and_then(Value::as_u64).unwrap_or(0);
    let length = args
        .get("length")
        .and_then(Value::as_u64)
        .unwrap_or(MAX_READ_CHARS)
        .clamp(1, MAX_READ_CHARS);
    let to_usize = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
    match spooler.read(id, to_usize(offset), to_usize(length)) {
        Ok(text) => CallToolResult::success(vec![ContentBlock::text(text)]),
        Err(e) => CallToolResult::error(vec![ContentBlock::text(e)]),
    }
}

/// The name a model may use for the script argument instead of
/// `commands` (it is what the tool is called). The schema advertises only
/// `commands`; the descriptions tell of the alias.
const COMMANDS_ALIAS: &str = "script";

/// The script tool's description and input schema with the alias noted:
/// a closing line of the description and the `commands` property's
/// description.
fn document_alias(
    mut description: String,
    mut schema: Map<String, Value>,
) -> (String, Map<String, Value>) {
    let note = format!("`{COMMANDS_ALIAS}` is accepted as an alias of `commands`.");
    if !description.is_empty() && !description.ends_with('\n') {
        description.push('\n');
    }
    let _ = write!(
        description,
        "\nThe script goes in the `commands` argument; {note}\n"
    );
    if let Some(Value::Object(commands)) = schema
        .get_mut("properties")
        .and_then(|p| p.get_mut("commands"))
    {
        let text = match commands.get("description").and_then(Value::as_str) {
            Some(d) if !d.is_empty() => format!("{} ({note})", d.trim_end_matches('.')),
            _ => note,
        };
        commands.insert("description".into(), Value::String(text));
    }
    (description, schema)
}

/// The script tool's arguments as a [`ToolRequest`], taking `script` for
/// `commands`.
///
/// # Errors
/// `-32602` (invalid params) when both names are given, the arguments do
/// not fit the input schema's shape, or `timeout_ms` is 0 (the schema's
/// minimum is 1; 0 would expire at once).
fn script_request(mut args: Map<String, Value>) -> Result<ToolRequest, ErrorData> {
    if let Some(script) = args.remove(COMMANDS_ALIAS) {
        if args.contains_key("commands") {
            return Err(ErrorData::invalid_params(
                format!(
                    "invalid arguments: give the script as `commands` or as its alias `{COMMANDS_ALIAS}`, not both"
                ),
                None,
            ));
        }
        args.insert("commands".into(), script);
    }
    let request: ToolRequest = serde_json::from_value(Value::Object(args))
        .map_err(|e| ErrorData::invalid_params(format!("invalid arguments: {e}"), None))?;
    if request.timeout_ms == Some(0) {
        return Err(ErrorData::invalid_params(
            "invalid arguments: timeout_ms must be at least 1".to_string(),
            None,
        ));
    }
    Ok(request)
}

impl ServerHandler for ScriptServer {
    fn get_info(&self) -> ServerConfig {
        let mut info = ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(crate::implementation());
        info.instructions = Some(self.set.scripted_tool().description());
        info
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.tools()))
    }

    /// A call the client cancels (`notifications/cancelled`) stops its
    /// script at the next checkpoint: the execution's future is dropped,
    /// which cancels it.
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let cancelled = context.ct.clone();
        tokio::select! {
            r = self.call_from(&request.name, request.arguments, Some(context.peer)) => r.map(Into::into),
            () = cancelled.cancelled() => Err(ErrorData::internal_error("the request was cancelled", None)),
        }
    }
}

/// Serve `set` over stdio until the client disconnects. Logs go to
/// stderr; stdout carries only the protocol.
pub async fn serve_stdio(set: ScriptingToolSet) -> Result<(), std::io::Error> {
    serve_stdio_with(ScriptServer::new(set)).await
}

/// Serve a configured [`ScriptServer`] over stdio until the client
/// disconnects. A line that is not JSON gets a `-32700 Parse error`
/// response (`id` null) and one that is not a request a `-32600 Invalid
/// Request` (JSON-RPC 2.0, section 5.1); serving goes on.
pub async fn serve_stdio_with(server: ScriptServer) -> Result<(), std::io::Error> {
    let (stdin, stdout) = rmcp::transport::stdio();
    let running = server
        .serve(LineTransport::new(stdin, stdout))
        .await
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    running.waiting().await.map_err(std::io::Error::other)?;
    Ok(())
}

/// Wrap a [`ScriptedTool`] as a set in the given mode (convenience for
/// hosts that built the tool directly).
pub fn tool_set(tool: ScriptedTool, mode: DiscoveryMode) -> ScriptingToolSet {
    ScriptingToolSet::from_tool(tool, mode)
}

#[cfg(test)]
mod tests {
    use super::script_request;
    use serde_json::json;

    fn args(v: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
        match v {
            serde_json::Value::Object(m) => m,
            other => panic!("not an object: {other}"),
        }
    }

    /// `timeout_ms` below the schema's minimum of 1 is invalid params, not
    /// an execution that expires before it starts.
    #[test]
    fn timeout_ms_zero_is_invalid_params() {
        let e = script_request(args(json!({"commands": "echo", "timeout_ms": 0}))).unwrap_err();
        assert_eq!(e.code.0, -32602);
        assert!(
            e.message.contains("timeout_ms must be at least 1"),
            "{}",
            e.message
        );
        let r = script_request(args(json!({"script": "echo", "timeout_ms": 5}))).unwrap();
        assert_eq!((r.commands.as_str(), r.timeout_ms), ("echo", Some(5)));
    }
}
