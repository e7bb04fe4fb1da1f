//! One tenant's MCP service: its own [`ScriptServer`] (its tools, its
//! upstream connections, its limits) behind a handler that records the
//! tenant's metrics, served statelessly (each POST is a request of its
//! own, answered by whichever replica gets it).

use std::sync::Arc;
use std::time::Instant;

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ListToolsResult, PaginatedRequestParams, ServerConfig,
};
use rmcp::service::{RequestContext, RoleServer};
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, ServerHandler};
use toolsh_mcp::ScriptServer;
use tracing::Instrument as _;

use crate::metrics::{ExecutionLabels, Metrics, TenantLabels};
use crate::quota::{Limits, Store};

/// The JSON-RPC error code of an execution refused because the tenant's
/// `calls_per_minute` or `calls_per_day` is reached (in JSON-RPC 2.0's
/// range for implementation-defined server errors; `data` has `window`
/// and `retry_after_seconds`).
pub const LIMIT_CODE: rmcp::model::ErrorCode = rmcp::model::ErrorCode(-32001);

/// A tenant's handler: the tenant's server, its call limits, and what
/// every tenant shares (metrics, the limit counters' store).
#[derive(Clone)]
pub(crate) struct TenantHandler {
    pub(crate) name: String,
    server: ScriptServer,
    metrics: Arc<Metrics>,
    limits: Limits,
    store: Arc<Store>,
    /// The script tool's name (the set lists it first), the one counted.
    script_tool: Arc<str>,
}

/// The stateless streamable HTTP service of one tenant.
pub(crate) type TenantService = StreamableHttpService<TenantHandler, NeverSessionManager>;

impl TenantHandler {
    /// The service of tenant `name` over `server`.
    pub(crate) fn service(
        name: String,
        server: ScriptServer,
        (metrics, limits, store): (Arc<Metrics>, Limits, Arc<Store>),
        http: StreamableHttpServerConfig,
    ) -> TenantService {
        let script_tool: Arc<str> = server
            .tools()
            .first()
            .map_or_else(|| "script".into(), |t| Arc::from(&*t.name));
        let handler = Self {
            name,
            server,
            metrics,
            limits,
            store,
            script_tool,
        };
        StreamableHttpService::new(
            move || Ok(handler.clone()),
            Arc::new(NeverSessionManager::default()),
            http,
        )
    }
}

impl TenantHandler {
    /// Count an execution of the script tool against the tenant's limits
    /// (other tools, such as `script_discover`, are not counted).
    async fn admit(&self, tool: &str) -> Result<(), ErrorData> {
        if tool != &*self.script_tool {
            return Ok(());
        }
        match self.store.admit(&self.name, &self.limits).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(r)) => Err(ErrorData::new(
                LIMIT_CODE,
                format!(
                    "call limit reached: tenant {:?} has used its calls per {}; retry in {} s",
                    self.name, r.window, r.retry_after
                ),
                Some(serde_json::json!({"window": r.window, "retry_after_seconds": r.retry_after})),
            )),
            Err(e) => Err(ErrorData::internal_error(
                format!("call limits cannot be checked: {e}"),
                None,
            )),
        }
    }
}

impl ServerHandler for TenantHandler {
    fn get_info(&self) -> ServerConfig {
        self.server.get_info()
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(self.server.tools()))
    }

    /// The call through the tenant's server; a cancelled request drops
    /// the execution, which stops the script.
    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let started = Instant::now();
        let span = execution_span(&self.name, &request);
        {
            let metas: Vec<&rmcp::model::MetaObject> = request
                .meta
                .iter()
                .map(|m| &**m)
                .chain(std::iter::once(&*context.meta))
                .collect();
            let headers = context
                .extensions
                .get::<http::request::Parts>()
                .map(|p| &p.headers);
            crate::telemetry::adopt_parent(&span, &metas, headers);
        }
        let result = async {
            if let Err(refused) = self.admit(&request.name).await {
                Err(refused)
            } else {
                tokio::select! {
                    r = self.server.call(&request.name, request.arguments) => r,
                    () = context.ct.cancelled() => Err(ErrorData::internal_error("the request was cancelled", None)),
                }
            }
        }
        .instrument(span.clone())
        .await;
        let outcome = match &result {
            Err(e) if e.code == LIMIT_CODE => "limited",
            Ok(r) if r.is_error == Some(true) => "error",
            Ok(_) => "ok",
            Err(e) if e.code == toolsh_mcp::BUSY_CODE => "busy",
            Err(_) => "invalid",
        };
        span.record("toolsh.outcome", outcome);
        if outcome != "ok" {
            span.record("otel.status_code", "ERROR");
        }
        self.metrics
            .executions
            .get_or_create(&ExecutionLabels {
                tenant: self.name.clone(),
                outcome,
            })
            .inc();
        self.metrics
            .execution_seconds
            .get_or_create(&TenantLabels {
                tenant: self.name.clone(),
            })
            .observe(started.elapsed().as_secs_f64());
        result.map(Into::into)
    }
}

/// The span of one `tools/call`, `toolsh.execution` (target
/// `toolsh_serve::execution`, kind server): `toolsh.tenant`,
/// `toolsh.tool` (the MCP tool called), `toolsh.script_bytes` (the
/// script's length, for the script tool), `toolsh.exit_status` and
/// `toolsh.limit` (recorded by the execution when it ends; the limit only
/// when one stopped the script), `toolsh.outcome` (the metrics' outcome
/// label). Its tool commands' `toolsh.tool_call` spans are its children.
fn execution_span(tenant: &str, request: &CallToolRequestParams) -> tracing::Span {
    let script_bytes = request.arguments.as_ref().and_then(|a| {
        a.get("commands")
            .or_else(|| a.get("script"))
            .and_then(serde_json::Value::as_str)
            // OpenTelemetry's integers are signed (unsigned ones are
            // exported as text).
            .map(|s| i64::try_from(s.len()).unwrap_or(i64::MAX))
    });
    tracing::info_span!(
        target: "toolsh_serve::execution",
        "toolsh.execution",
        otel.kind = "server",
        toolsh.tenant = tenant,
        toolsh.tool = &*request.name,
        toolsh.script_bytes = script_bytes,
        toolsh.exit_status = tracing::field::Empty,
        toolsh.limit = tracing::field::Empty,
        toolsh.outcome = tracing::field::Empty,
        otel.status_code = tracing::field::Empty,
    )
}
