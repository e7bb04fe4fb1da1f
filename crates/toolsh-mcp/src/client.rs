//! toolsh's side of a connection to an upstream server (an rmcp client
//! handler): what it announces in `initialize`, and what it does with the
//! server's notifications — progress goes to the host's progress sink,
//! `notifications/tools/list_changed` lists the tools again into the tool
//! cache.

use std::path::PathBuf;
use std::sync::Arc;

use rmcp::ClientHandler;
use rmcp::ErrorData;
use rmcp::model::{
    ClientCapabilities, ClientConfig, ElicitRequestParams, ElicitResult, ProgressNotificationParam,
    ProtocolVersion,
};
use rmcp::service::{NotificationContext, RequestContext, RoleClient};

/// One progress notification of an upstream, as the host's progress
/// display gets it (MCP specification, utilities, progress).
#[derive(Debug, Clone, PartialEq)]
pub struct UpstreamProgress {
    /// The server's namespace.
    pub server: String,
    /// The progress so far (increases with each notification).
    pub progress: f64,
    /// The total, when the server knows it.
    pub total: Option<f64>,
    /// The server's message, if any.
    pub message: Option<String>,
}

impl std::fmt::Display for UpstreamProgress {
    /// `server: message (3/10)`, parts left out when absent.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:", self.server)?;
        if let Some(m) = &self.message {
            write!(f, " {}", m.chars().take(120).collect::<String>())?;
        }
        match self.total {
            Some(t) => write!(f, " ({}/{t})", self.progress),
            None => write!(f, " ({})", self.progress),
        }
    }
}

/// Where upstream progress goes (e.g. `toolsh run`'s spinner). Called on
/// rmcp's task: it must not block.
pub type ProgressSink = Arc<dyn Fn(UpstreamProgress) + Send + Sync>;

/// What the connections of one upstream share with it.
#[derive(Default)]
pub(crate) struct Events {
    /// The tool cache directory and the upstream's spec (its entry's key).
    pub(crate) cache: Option<(PathBuf, crate::spec::UpstreamSpec)>,
    /// The host's progress sink.
    pub(crate) progress: Option<ProgressSink>,
    /// How `elicitation/create` is answered.
    pub(crate) elicitation: crate::ElicitationPolicy,
}

/// The rmcp client handler of one connection.
#[derive(Clone)]
pub(crate) struct Handler {
    pub(crate) server: String,
    pub(crate) events: Arc<Events>,
}

impl ClientHandler for Handler {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation = self.events.elicitation.capability();
        // What `initialize` offers (rmcp's default is its newest
        // revision, which has no `initialize`; a `server/discover` probe
        // offers that one: `crate::connect`).
        ClientConfig::new(capabilities, crate::implementation())
            .with_protocol_version(ProtocolVersion::LATEST_WITH_INITIALIZE)
    }

    /// The host's [`crate::ElicitationPolicy`] answers (a script has no
    /// person to ask).
    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _context: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        tracing::debug!(server = %self.server, policy = ?self.events.elicitation, "MCP upstream asked for input");
        Ok(self.events.elicitation.answer(&request))
    }

    async fn on_progress(
        &self,
        params: ProgressNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        if let Some(sink) = &self.events.progress {
            sink(UpstreamProgress {
                server: self.server.clone(),
                progress: params.progress,
                total: params.total,
                message: params.message,
            });
        }
    }

    /// List the tools again and rewrite the cache entry, on a task of its
    /// own (rmcp waits for this handler before reading on). The running
    /// script's tool set stays as it is; the next run sees the new list.
    async fn on_tool_list_changed(&self, context: NotificationContext<RoleClient>) {
        tracing::debug!(server = %self.server, "MCP upstream tool list changed");
        let Some((dir, spec)) = self.events.cache.clone() else {
            return;
        };
        let peer = context.peer;
        tokio::spawn(async move {
            match peer.list_all_tools().await {
                Ok(tools) => crate::cache::store(&dir, &spec, &tools),
                Err(e) => tracing::debug!(error = %e, "listing the changed tools failed"),
            }
        });
    }
}
