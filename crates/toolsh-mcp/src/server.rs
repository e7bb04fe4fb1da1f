//! Serving code mode over MCP: one tool, `script` (input `{commands,
//! timeout_ms}`, output `{stdout, stderr, exit_code}`), whose description
//! is the system prompt; with discovery, also `script_discover`.

use std::fmt::Write as _;
use std::sync::Arc;

use rmcp::Peer;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ListToolsResult,
    PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler, ServiceExt};
use serde_json::{Map, Value, json};
use toolsh_tools::{DiscoveryMode, ScriptedTool, ScriptingToolSet, ToolCallRequest, ToolRequest};

use crate::approvals::ClientApprovals;
use crate::transport::LineTransport;

/// The MCP server over a scripted tool set.
#[derive(Clone, Debug)]
pub struct ScriptServer {
    set: Arc<ScriptingToolSet>,
    approvals: Option<ClientApprovals>,
}

impl ScriptServer {
    /// A server for `set`.
    pub fn new(set: ScriptingToolSet) -> Self {
        Self {
            set: Arc::new(set),
            approvals: None,
        }
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
            .collect()
    }

    /// Handle one `tools/call` (also used by tests without a transport).
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
            let request = script_request(args)?;
            let call = ToolCallRequest {
                surface: Some("mcp".into()),
                ..ToolCallRequest::default()
            };
            let execution = call.execution;
            if let (Some(a), Some(p)) = (&self.approvals, peer) {
                a.begin(execution, p);
            }
            let response = self.set.execute_for(request, call).await;
            if let Some(a) = &self.approvals {
                a.end(execution);
            }
            let mut text = response.stdout.clone();
            if !response.stderr.is_empty() {
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push('\n');
                }
                text.push_str("[stderr]\n");
                text.push_str(&response.stderr);
            }
            if response.exit_code != 0 {
                if !text.is_empty() && !text.ends_with('\n') {
                    text.push('\n');
                }
                let _ = write!(text, "[exit status {}]", response.exit_code);
            }
            let structured = json!({"stdout": response.stdout, "stderr": response.stderr, "exit_code": response.exit_code});
            let mut result = if response.exit_code == 0 {
                CallToolResult::success(vec![ContentBlock::text(text)])
            } else {
                CallToolResult::error(vec![ContentBlock::text(text)])
            };
            result.structured_content = Some(structured);
            return Ok(result);
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

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.call_from(&request.name, request.arguments, Some(context.peer))
            .await
            .map(Into::into)
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

/// Serve `set` over MCP streamable HTTP at `http://ADDR/mcp` until the
/// process is stopped. Only loopback addresses are accepted: code mode runs
/// host tools, and must not be exposed to a network.
pub async fn serve_http(set: ScriptingToolSet, addr: &str) -> Result<(), std::io::Error> {
    serve_http_with(ScriptServer::new(set), addr).await
}

/// Serve a configured [`ScriptServer`] as streamable HTTP on a loopback
/// `addr`, under `/mcp`.
///
/// # Errors
/// A non-loopback or unparsable address, or a bind failure.
pub async fn serve_http_with(server: ScriptServer, addr: &str) -> Result<(), std::io::Error> {
    use rmcp::transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
    };
    let sock: std::net::SocketAddr = addr.parse().map_err(|e| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("{addr}: {e}"))
    })?;
    if !sock.ip().is_loopback() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{addr}: only loopback addresses (127.0.0.1, ::1) may be served"),
        ));
    }
    let service: StreamableHttpService<ScriptServer, LocalSessionManager> =
        StreamableHttpService::new(
            move || Ok(server.clone()),
            Arc::default(),
            StreamableHttpServerConfig::default(),
        );
    let router = axum::Router::new().nest_service("/mcp", service);
    let listener = tokio::net::TcpListener::bind(sock).await?;
    eprintln!(
        "toolsh: serving MCP on http://{}/mcp",
        listener.local_addr()?
    );
    axum::serve(listener, router).await
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
