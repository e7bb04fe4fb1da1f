//! Importing an upstream MCP server: its tools become toolsh tools named
//! `<server>.<tool>` whose callbacks call the upstream.
//!
//! Lifecycle: [`McpUpstream::open`] takes the tool list from the cache
//! ([`crate::cache`]) when it has one and connects nothing, so configured
//! servers cost nothing until a script calls one of their tools; the first
//! call connects (handshake bounded by [`UpstreamOptions::handshake`]).
//! A connection that closes under a call (the process crashed, the HTTP
//! session broke) fails that call with the cause and is reopened once, on
//! the next call; a second loss is final for the run. Calls in flight per
//! upstream are bounded ([`UpstreamSpec::max_concurrent_calls`]); each is
//! bounded by its per-call timeout and the script's remaining time, and a
//! call given up (timeout, deadline, a script that stopped) sends the
//! server `notifications/cancelled` (rmcp does, when the request is
//! dropped).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use rmcp::model::{CallToolRequestParams, Tool};
use rmcp::service::{Peer, RoleClient, ServiceError};
use rmcp::transport::streamable_http_client::StreamableHttpClient;
use serde_json::{Map, Value};
use tokio::sync::{Mutex, Semaphore};
use toolsh_tools::{
    ToolArgs, ToolDef, ToolImpl, is_valid_tool_name, tool_result_error, transport_error,
};

use crate::client::{Events, Handler, ProgressSink};
use crate::connect::{self, Connection, Connector};
use crate::faults::FAULT_CODE;
use crate::names::{command_names, original_name_note};
use crate::result::{CallResult, render_result};
use crate::spec::{DEFAULT_MAX_CONCURRENT_CALLS, UpstreamSpec, UpstreamTransport};

/// Why an upstream could not be used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UpstreamError {
    /// The server name is not usable as a command namespace.
    #[error("invalid MCP server name '{0}': use letters, digits, '_' and '-'")]
    InvalidName(String),
    /// The process could not be started.
    #[error("could not start MCP server '{name}' ({command}): {error}")]
    Spawn {
        /// The server name.
        name: String,
        /// The command.
        command: String,
        /// The OS error.
        error: std::io::Error,
    },
    /// The connection, the MCP handshake or `tools/list` failed.
    #[error("MCP server '{name}': {error}{}", stderr_tail(.stderr))]
    Protocol {
        /// The server name.
        name: String,
        /// What failed.
        error: String,
        /// The last lines of a stdio server's stderr, each indented by two
        /// spaces (empty when it wrote none, or for HTTP).
        stderr: String,
    },
    /// The handshake did not finish in time.
    #[error("MCP server '{0}' did not answer within {1:?}")]
    Timeout(String, Duration),
    /// The server exited before the handshake finished: its exit status
    /// and the last lines of its stderr (up to 20 lines, 4 KiB), so a
    /// cause such as `npx canceled due to missing packages and no YES
    /// option` shows without `RUST_LOG`.
    #[error("MCP server '{name}' exited during the MCP handshake ({status}){}", stderr_note(.stderr))]
    Exited {
        /// The server name.
        name: String,
        /// The exit status as the OS reports it (`exit status: 1`).
        status: String,
        /// The last lines of its stderr, each indented by two spaces.
        stderr: String,
    },
}

/// `; its stderr ended with:` and the lines, or nothing.
fn stderr_tail(stderr: &str) -> String {
    if stderr.is_empty() {
        String::new()
    } else {
        format!("; its stderr ended with:\n{stderr}")
    }
}

impl UpstreamError {
    /// The message without the server's stderr lines: what a script sees
    /// when this happens during one of its calls (the server's stderr is
    /// host data; the full message goes to the host's log).
    pub fn without_stderr(&self) -> String {
        match self {
            Self::Protocol { name, error, .. } => format!("MCP server '{name}': {error}"),
            Self::Exited { name, status, .. } => {
                format!("MCP server '{name}' exited during the MCP handshake ({status})")
            }
            other => other.to_string(),
        }
    }
}

/// `; it wrote nothing to stderr`, or the lines.
fn stderr_note(stderr: &str) -> String {
    if stderr.is_empty() {
        "; it wrote nothing to stderr".to_string()
    } else {
        format!("; its stderr ended with:\n{stderr}")
    }
}

/// How the host opens upstreams.
#[derive(Clone)]
#[non_exhaustive]
pub struct UpstreamOptions {
    /// How long connecting, the MCP handshake and `tools/list` may take
    /// together (the run's `--timeout`). Default 30 s.
    pub handshake: Duration,
    /// The directory of cached tool lists ([`crate::cache`]); `None`
    /// connects every upstream at [`McpUpstream::open`].
    pub tool_cache: Option<PathBuf>,
    /// Where the upstreams' progress notifications go.
    pub progress: Option<ProgressSink>,
    /// What an upstream's `elicitation/create` gets (and whether
    /// elicitation is announced in `initialize`). Default: declined, not
    /// announced.
    pub elicitation: crate::ElicitationPolicy,
}

impl Default for UpstreamOptions {
    fn default() -> Self {
        Self {
            handshake: Duration::from_secs(30),
            tool_cache: None,
            progress: None,
            elicitation: crate::ElicitationPolicy::default(),
        }
    }
}

impl std::fmt::Debug for UpstreamOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("UpstreamOptions")
            .field("handshake", &self.handshake)
            .field("tool_cache", &self.tool_cache)
            .field("progress", &self.progress.is_some())
            .field("elicitation", &self.elicitation)
            .finish()
    }
}

impl UpstreamOptions {
    /// Options with the given handshake bound and nothing else.
    pub fn with_handshake(handshake: Duration) -> Self {
        Self {
            handshake,
            ..Self::default()
        }
    }
}

/// How many times a lost connection is reopened in one run.
const RESTARTS: u32 = 1;

/// The connection state of an upstream.
#[derive(Default)]
struct State {
    conn: Option<Connection>,
    /// Connections lost so far.
    lost: u32,
    /// Why the last one was lost.
    last_loss: Option<String>,
}

struct Inner {
    spec: UpstreamSpec,
    connector: Connector,
    handshake: Duration,
    tool_cache: Option<PathBuf>,
    events: Arc<Events>,
    slots: Arc<Semaphore>,
    state: Mutex<State>,
    /// The runtime the upstream was opened on (the host's). A connection
    /// is always opened there: one opened lazily by a script's tool call
    /// would otherwise have its tasks (the transport, the child's pipes)
    /// on that execution's own runtime, which is dropped when the script
    /// ends, losing the connection after every execution (found by the
    /// serve load run, issue #30).
    host: Option<tokio::runtime::Handle>,
}

/// An upstream MCP server and the tools it offers (see the module docs).
pub struct McpUpstream {
    inner: Arc<Inner>,
    tools: Vec<Tool>,
}

impl std::fmt::Debug for McpUpstream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("McpUpstream")
            .field("name", &self.inner.spec.name)
            .field(
                "tools",
                &self
                    .tools
                    .iter()
                    .map(|t| t.name.as_ref())
                    .collect::<Vec<_>>(),
            )
            .finish_non_exhaustive()
    }
}

impl McpUpstream {
    /// [`McpUpstream::open`] with no tool cache, so the server is
    /// connected now; `handshake` bounds it.
    ///
    /// # Errors
    /// As [`McpUpstream::open`].
    pub async fn spawn_within(
        spec: &UpstreamSpec,
        handshake: Duration,
    ) -> Result<Self, UpstreamError> {
        Self::open(spec, &UpstreamOptions::with_handshake(handshake)).await
    }

    /// Open the upstream: its tool list comes from the cache when the
    /// cache has it (nothing is started), else from connecting now. HTTP
    /// upstreams use toolsh's own reqwest client ([`connect::http_client`]).
    /// A stdio server runs in a process group of its own, killed as a
    /// whole on shutdown or drop; its stderr goes to `tracing` (debug,
    /// target `toolsh_mcp::child`), never to the script.
    ///
    /// # Errors
    /// [`UpstreamError::InvalidName`], [`UpstreamError::Spawn`];
    /// [`UpstreamError::Exited`] when the server exits before the
    /// handshake is done; [`UpstreamError::Timeout`] after the handshake
    /// time; [`UpstreamError::Protocol`] for any other failure.
    pub async fn open(
        spec: &UpstreamSpec,
        options: &UpstreamOptions,
    ) -> Result<Self, UpstreamError> {
        let connector = match &spec.transport {
            UpstreamTransport::Stdio { command, args, env } => connect::stdio(
                spec.name.clone(),
                command.clone(),
                args.clone(),
                env.clone(),
            ),
            UpstreamTransport::Http { url, headers } => {
                let client = connect::http_client().map_err(|error| UpstreamError::Protocol {
                    name: spec.name.clone(),
                    error,
                    stderr: String::new(),
                })?;
                let headers = connect::header_map(&spec.name, headers)?;
                connect::http(spec.name.clone(), url.clone(), headers, client)
            }
        };
        Self::open_with_connector(spec, options, connector).await
    }

    /// [`McpUpstream::open`] for an HTTP upstream whose streamable HTTP
    /// requests go through `client` (any rmcp `StreamableHttpClient`, e.g.
    /// an `rmcp::transport::auth::AuthClient` that adds and refreshes
    /// OAuth tokens); it is cloned for each connection. The HTTP+SSE
    /// fallback uses a plain client with the spec's headers.
    ///
    /// # Errors
    /// As [`McpUpstream::open`], and [`UpstreamError::Protocol`] when the
    /// spec is not an HTTP upstream.
    pub async fn open_with_client<C>(
        spec: &UpstreamSpec,
        client: C,
        options: &UpstreamOptions,
    ) -> Result<Self, UpstreamError>
    where
        C: StreamableHttpClient + Sync,
    {
        let UpstreamTransport::Http { url, headers } = &spec.transport else {
            return Err(UpstreamError::Protocol {
                name: spec.name.clone(),
                error: "an HTTP client was given for an upstream that is not HTTP".into(),
                stderr: String::new(),
            });
        };
        let headers = connect::header_map(&spec.name, headers)?;
        let connector = connect::http(spec.name.clone(), url.clone(), headers, client);
        Self::open_with_connector(spec, options, connector).await
    }

    async fn open_with_connector(
        spec: &UpstreamSpec,
        options: &UpstreamOptions,
        connector: Connector,
    ) -> Result<Self, UpstreamError> {
        let name = &spec.name;
        if name.is_empty() || name.contains('.') || !is_valid_tool_name(name) {
            return Err(UpstreamError::InvalidName(name.clone()));
        }
        let inner = Arc::new(Inner {
            spec: spec.clone(),
            connector,
            handshake: options.handshake,
            tool_cache: options.tool_cache.clone(),
            events: Arc::new(Events {
                progress: options.progress.clone(),
                cache: options.tool_cache.clone().map(|d| (d, spec.clone())),
                elicitation: options.elicitation,
            }),
            slots: Arc::new(Semaphore::new(
                spec.max_concurrent_calls
                    .unwrap_or(DEFAULT_MAX_CONCURRENT_CALLS)
                    .max(1),
            )),
            state: Mutex::new(State::default()),
            host: tokio::runtime::Handle::try_current().ok(),
        });
        let cached = options
            .tool_cache
            .as_deref()
            .and_then(|dir| crate::cache::load(dir, spec));
        let tools = if let Some(tools) = cached {
            tracing::debug!(server = %name, tools = tools.len(), "MCP upstream tools from the cache");
            tools
        } else {
            let conn = inner.connect().await?;
            let tools = conn.tools.clone();
            inner.state.lock().await.conn = Some(conn);
            tools
        };
        Ok(Self { inner, tools })
    }

    /// The server's namespace.
    pub fn name(&self) -> &str {
        &self.inner.spec.name
    }

    /// The upstream tools as listed (by the server or the cache).
    pub fn tools(&self) -> &[Tool] {
        &self.tools
    }

    /// Whether a connection is open now (`false` before the first call of
    /// an upstream opened from the cache).
    pub async fn is_connected(&self) -> bool {
        self.inner.state.lock().await.conn.is_some()
    }

    /// Each upstream tool as a toolsh tool, named by the rule in
    /// [`crate::names`], with the upstream description, input schema,
    /// output schema and annotation tags. Its callback prints text and
    /// placeholders, or structured content as JSON, on stdout; an
    /// `isError` result is the server's text on stderr
    /// (`<server>.<tool>: <text>`, status 1, shown even when callback
    /// errors are sanitized); toolsh's own failures (no answer, a closed
    /// connection, a protocol fault) are `<server>.<tool>: <cause>`.
    pub fn tool_impls(&self) -> Vec<ToolImpl> {
        let server = &self.inner.spec.name;
        let commands = command_names(server, self.tools.iter().map(|t| t.name.as_ref()));
        self.tools
            .iter()
            .zip(commands)
            .map(|(t, command)| {
                let mut description = t.description.as_deref().unwrap_or("").to_string();
                if let Some(note) = original_name_note(&command, server, &t.name) {
                    if !description.is_empty() {
                        description.push(' ');
                    }
                    description.push_str(&note);
                }
                let mut def = ToolDef::new(command, description)
                    .with_schema(Value::Object((*t.input_schema).clone()))
                    .with_category(server.clone())
                    .with_tags(annotation_tags(t));
                if let Some(o) = &t.output_schema {
                    def = def.with_output_schema(Value::Object((**o).clone()));
                }
                let inner = self.inner.clone();
                let remote = t.name.to_string();
                ToolImpl::new(def).with_async_exec(move |args: ToolArgs| {
                    let inner = inner.clone();
                    let remote = remote.clone();
                    async move { inner.call(remote, args).await }
                })
            })
            .collect()
    }

    /// Shut the server down: close the session (a stdio server's stdin,
    /// half a second to exit), then kill its process group.
    pub async fn shutdown(self) {
        let conn = self.inner.state.lock().await.conn.take();
        if let Some(c) = conn {
            c.shutdown().await;
        }
    }
}

impl Inner {
    /// Open a connection and record its tools in the cache.
    async fn connect(&self) -> Result<Connection, UpstreamError> {
        let handler = Handler {
            server: self.spec.name.clone(),
            events: self.events.clone(),
        };
        let connecting = (self.connector)(handler, self.handshake);
        let conn = match &self.host {
            Some(host) => host
                .spawn(connecting)
                .await
                .map_err(|e| UpstreamError::Protocol {
                    name: self.spec.name.clone(),
                    error: format!("connecting failed: {e}"),
                    stderr: String::new(),
                })??,
            None => connecting.await?,
        };
        tracing::debug!(server = %self.spec.name, transport = conn.transport, tools = conn.tools.len(), "MCP upstream connected");
        if let Some(dir) = &self.tool_cache {
            crate::cache::store(dir, &self.spec, &conn.tools);
        }
        Ok(conn)
    }

    /// The peer to call: the open connection, or a new one (the first, or
    /// the one reopening after a loss, at most [`RESTARTS`] times).
    async fn peer(&self) -> Result<Peer<RoleClient>, String> {
        let mut state = self.state.lock().await;
        if let Some(c) = state.conn.as_mut() {
            if !c.peer().is_transport_closed() {
                return Ok(c.peer().clone());
            }
            let (cause, _) = c.post_mortem().await;
            if let Some(c) = state.conn.take() {
                c.shutdown().await;
            }
            state.lost += 1;
            state.last_loss = Some(cause);
        }
        if state.lost > RESTARTS {
            return Err(transport_error(format!(
                "the MCP server is not restarted again (it was lost {} times; last: {})",
                state.lost,
                state.last_loss.as_deref().unwrap_or("unknown")
            )));
        }
        match self.connect().await {
            Ok(c) => {
                let peer = c.peer().clone();
                state.conn = Some(c);
                Ok(peer)
            }
            Err(e) => {
                tracing::warn!(server = %self.spec.name, "{e}");
                Err(transport_error(e.without_stderr()))
            }
        }
    }

    /// After a call found the connection gone: record the loss and say
    /// what happened and what comes next.
    async fn lost(&self) -> String {
        let mut state = self.state.lock().await;
        let Some(mut c) = state.conn.take() else {
            return "the MCP server closed the connection".into();
        };
        let (cause, tail) = c.post_mortem().await;
        if !tail.is_empty() {
            tracing::warn!(server = %self.spec.name, "{cause}; its stderr ended with:\n{tail}");
        }
        c.shutdown().await;
        state.lost += 1;
        state.last_loss = Some(cause.clone());
        if state.lost > RESTARTS {
            format!("{cause}; it was already restarted once and is not restarted again")
        } else {
            format!("{cause}; it is restarted on the next call")
        }
    }

    /// One `tools/call` (see [`McpUpstream::tool_impls`]).
    async fn call(self: Arc<Self>, tool: String, args: ToolArgs) -> Result<String, String> {
        let arguments: Map<String, Value> = match args.params {
            Value::Object(m) => m,
            Value::Null => Map::new(),
            other => return Err(format!("parameters must be an object, got {other}")),
        };
        let timeout = self.spec.effective_call_timeout();
        let work = async {
            let _slot = self
                .slots
                .clone()
                .acquire_owned()
                .await
                .map_err(|_| transport_error("the MCP upstream is shut down"))?;
            let peer = self.peer().await?;
            let mut request = CallToolRequestParams::new(tool).with_arguments(arguments);
            crate::trace::inject(&mut request.meta);
            match peer.call_tool(request).await {
                Ok(r) => match render_result(&r) {
                    CallResult::Output(s) => Ok(s),
                    CallResult::ToolError(text) => Err(tool_result_error(text)),
                },
                Err(ServiceError::McpError(e)) if e.code == FAULT_CODE => {
                    Err(transport_error(e.message))
                }
                Err(ServiceError::TransportSend(e))
                    if crate::errors::auth_failure(&e).is_some() =>
                {
                    Err(transport_error(
                        crate::errors::auth_failure(&e).unwrap_or_default(),
                    ))
                }
                Err(ServiceError::TransportClosed | ServiceError::TransportSend(_)) => {
                    Err(transport_error(self.lost().await))
                }
                // A JSON-RPC error is the server's text about the
                // protocol, not a result for the model: subject to
                // sanitizing like any host error.
                Err(e) => Err(crate::errors::service_error(&e)),
            }
        };
        match tokio::time::timeout(timeout, work).await {
            Ok(r) => r,
            Err(_) => Err(transport_error(format!(
                "the MCP server did not answer within {} ms",
                timeout.as_millis()
            ))),
        }
    }
}

/// `mcp` plus a tag for each hint the server set to true (MCP tool
/// annotations): `read-only`, `destructive`, `open-world`. Hosts map them
/// to risk classes; absent hints say nothing.
fn annotation_tags(t: &Tool) -> Vec<String> {
    let mut tags = vec!["mcp".to_string()];
    if let Some(a) = &t.annotations {
        if a.read_only_hint == Some(true) {
            tags.push("read-only".into());
        }
        if a.destructive_hint == Some(true) {
            tags.push("destructive".into());
        }
        if a.open_world_hint == Some(true) {
            tags.push("open-world".into());
        }
    }
    tags
}
