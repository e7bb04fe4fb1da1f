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

use crate::metrics::{ExecutionLabels, Metrics, TenantLabels};

/// A tenant's handler: the tenant's server and the shared metrics.
#[derive(Clone)]
pub(crate) struct TenantHandler {
    pub(crate) name: String,
    server: ScriptServer,
    metrics: Arc<Metrics>,
}

/// The stateless streamable HTTP service of one tenant.
pub(crate) type TenantService = StreamableHttpService<TenantHandler, NeverSessionManager>;

impl TenantHandler {
    /// The service of tenant `name` over `server`.
    pub(crate) fn service(
        name: String,
        server: ScriptServer,
        metrics: Arc<Metrics>,
        http: StreamableHttpServerConfig,
    ) -> TenantService {
        let handler = Self {
            name,
            server,
            metrics,
        };
        StreamableHttpService::new(
            move || Ok(handler.clone()),
            Arc::new(NeverSessionManager::default()),
            http,
        )
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
        let result = tokio::select! {
            r = self.server.call(&request.name, request.arguments) => r,
            () = context.ct.cancelled() => Err(ErrorData::internal_error("the request was cancelled", None)),
        };
        let outcome = match &result {
            Ok(r) if r.is_error == Some(true) => "error",
            Ok(_) => "ok",
            Err(e) if e.code == toolsh_mcp::BUSY_CODE => "busy",
            Err(_) => "invalid",
        };
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
