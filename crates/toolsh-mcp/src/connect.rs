//! Opening one connection to an upstream: start the process or reach the
//! URL, complete the MCP handshake and list the tools, all within the
//! handshake time; on failure, an error that says why (for a process
//! that died, its exit status and last stderr lines).

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use reqwest::header::{HeaderMap, HeaderName, HeaderValue};
use rmcp::model::{ProtocolVersion, Tool};
use rmcp::service::{
    ClientInitializeError, ClientLifecycleMode, ClientServiceExt, Peer, RoleClient, RunningService,
};
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::{
    StreamableHttpClient, StreamableHttpClientTransportConfig,
};

use crate::child::{MAX_UPSTREAM_LINE_BYTES, UpstreamProcess};
use crate::client::Handler;
use crate::spec::INHERITED_ENV;
use crate::upstream::UpstreamError;

/// How long a server that failed its handshake is given to exit, so its
/// exit status and stderr can be reported.
const EXIT_WAIT: Duration = Duration::from_millis(500);

/// One live connection to an upstream.
pub(crate) struct Connection {
    pub(crate) service: RunningService<RoleClient, Handler>,
    /// The server's process (stdio only).
    pub(crate) process: Option<UpstreamProcess>,
    /// The tools it listed on connecting.
    pub(crate) tools: Vec<Tool>,
    /// `stdio`, `streamable HTTP` or `HTTP+SSE`.
    pub(crate) transport: &'static str,
}

impl Connection {
    pub(crate) fn peer(&self) -> &Peer<RoleClient> {
        self.service.peer()
    }

    /// Why a connection that closed went away, and for a process its last
    /// stderr lines (the cause names its exit status, waiting up to half
    /// a second for it).
    pub(crate) async fn post_mortem(&mut self) -> (String, String) {
        let Some(p) = self.process.as_mut() else {
            return ("the MCP server closed the connection".into(), String::new());
        };
        let (status, tail) = p.post_mortem(EXIT_WAIT).await;
        let cause = match status {
            Some(st) => format!("the MCP server exited ({st})"),
            None => "the MCP server closed the connection".into(),
        };
        (cause, tail)
    }

    /// Close the session, then kill the process group (if any).
    pub(crate) async fn shutdown(self) {
        if let Err(e) = self.service.cancel().await {
            tracing::debug!(error = %e, "MCP upstream shutdown");
        }
        if let Some(p) = self.process {
            p.group.kill();
        }
    }
}

/// Opens a connection with a handler, within a handshake time.
pub(crate) type Connector = Arc<
    dyn Fn(Handler, Duration) -> BoxFuture<'static, Result<Connection, UpstreamError>>
        + Send
        + Sync,
>;

/// A connector starting `command` over stdio with only [`INHERITED_ENV`]
/// and `env` in its environment.
pub(crate) fn stdio(
    name: String,
    command: String,
    args: Vec<String>,
    env: Vec<(String, String)>,
) -> Connector {
    Arc::new(move |handler, handshake| {
        let (name, command, args, env) = (name.clone(), command.clone(), args.clone(), env.clone());
        Box::pin(
            async move { connect_stdio(name, &command, &args, &env, handler, handshake).await },
        )
    })
}

async fn connect_stdio(
    name: String,
    command: &str,
    args: &[String],
    env: &[(String, String)],
    handler: Handler,
    handshake: Duration,
) -> Result<Connection, UpstreamError> {
    let mut cmd = tokio::process::Command::new(command);
    cmd.args(args);
    cmd.env_clear();
    for k in INHERITED_ENV {
        if let Some(v) = std::env::var_os(k) {
            cmd.env(k, v);
        }
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    let (mut process, transport) =
        UpstreamProcess::spawn(&name, cmd).map_err(|error| UpstreamError::Spawn {
            name: name.clone(),
            command: command.to_string(),
            error,
        })?;
    let failed = match tokio::time::timeout(
        handshake,
        // The stateless 2026-07-28 revision is an HTTP matter; over stdio
        // `initialize` is what every server answers (one speaking only the
        // newer revision answers it with that version, and rmcp switches).
        handshake_and_list(handler, transport, Lifecycle::Initialize),
    )
    .await
    {
        Ok(Ok((service, tools))) => {
            return Ok(Connection {
                service,
                process: Some(process),
                tools,
                transport: "stdio",
            });
        }
        Ok(Err(error)) => UpstreamError::Protocol {
            name: name.clone(),
            error: error.message(),
            stderr: String::new(),
        },
        Err(_) => UpstreamError::Timeout(name.clone(), handshake),
    };
    // A timeout is the server's silence: dropping the handshake closed
    // its stdin, so an exit now says nothing about the cause.
    let grace = match failed {
        UpstreamError::Timeout(..) => Duration::ZERO,
        _ => EXIT_WAIT,
    };
    let (status, stderr) = process.post_mortem(grace).await;
    process.group.kill();
    Err(match (status, failed) {
        (Some(status), UpstreamError::Protocol { name, .. }) => UpstreamError::Exited {
            name,
            status,
            stderr,
        },
        (_, UpstreamError::Protocol { name, error, .. }) => UpstreamError::Protocol {
            name,
            error,
            stderr,
        },
        (_, other) => other,
    })
}

/// How a connection starts its MCP lifecycle (MCP specification
/// 2026-07-28, lifecycle, backward compatibility).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lifecycle {
    /// Probe with `server/discover` offering the stateless 2026-07-28
    /// revision; a server that answers it with a JSON-RPC error is an
    /// older one and gets the `initialize` handshake offering 2025-11-25
    /// (rmcp's `ClientLifecycleMode::Auto`, which also falls back when the
    /// probe has no answer within 10 s).
    Probe,
    /// The `initialize` handshake offering 2025-11-25
    /// ([`ProtocolVersion::LATEST_WITH_INITIALIZE`]); the server answers
    /// with the version it speaks.
    Initialize,
}

impl Lifecycle {
    fn mode(self) -> ClientLifecycleMode {
        match self {
            Self::Probe => ClientLifecycleMode::Auto {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
                legacy_version: Some(ProtocolVersion::LATEST_WITH_INITIALIZE),
            },
            Self::Initialize => ClientLifecycleMode::Initialize,
        }
    }
}

/// Why a handshake failed.
enum HandshakeError {
    /// The lifecycle did not complete.
    Init(Box<ClientInitializeError>),
    /// `tools/list` failed.
    List(String),
}

impl HandshakeError {
    /// The probe got an answer that is neither a discover result nor a
    /// JSON-RPC error (some older servers answer every unknown method with
    /// an empty result): the server is older, and a fresh connection with
    /// the `initialize` handshake is what it speaks.
    fn wants_initialize(&self) -> bool {
        matches!(
            self,
            Self::Init(e) if matches!(**e, ClientInitializeError::ExpectedInitResult(_))
        )
    }

    fn message(&self) -> String {
        match self {
            Self::Init(e) => crate::errors::init_error(e),
            Self::List(e) => e.clone(),
        }
    }
}

/// The lifecycle of [`Lifecycle`], then `tools/list` (every page).
async fn handshake_and_list<T, E, A>(
    handler: Handler,
    transport: T,
    lifecycle: Lifecycle,
) -> Result<(RunningService<RoleClient, Handler>, Vec<Tool>), HandshakeError>
where
    T: rmcp::transport::IntoTransport<RoleClient, E, A>,
    E: std::error::Error + Send + Sync + 'static,
{
    let service = handler
        .serve_with_lifecycle(transport, lifecycle.mode())
        .await
        .map_err(|e| HandshakeError::Init(Box::new(e)))?;
    let tools = service
        .list_all_tools()
        .await
        .map_err(|e| HandshakeError::List(crate::errors::service_error(&e)))?;
    Ok((service, tools))
}

/// The reqwest client toolsh uses for upstreams: rustls with the ring
/// provider (installed once as the process default) and the system's
/// roots.
///
/// # Errors
/// The builder's error (no usable TLS configuration).
pub fn http_client() -> Result<reqwest::Client, String> {
    static PROVIDER: OnceLock<()> = OnceLock::new();
    PROVIDER.get_or_init(|| {
        // Another part of the process may have installed one first.
        let _ = rustls::crypto::ring::default_provider().install_default();
    });
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .build()
        .map_err(|e| format!("cannot build the HTTP client: {e}"))
}

/// The header map of `headers`, or an error naming the bad header (never
/// its value, which may be a token).
pub(crate) fn header_map(
    name: &str,
    headers: &[(String, String)],
) -> Result<HeaderMap, UpstreamError> {
    let mut map = HeaderMap::new();
    for (k, v) in headers {
        let bad = |what: &str| UpstreamError::Protocol {
            name: name.to_string(),
            error: format!("header {k:?}: invalid {what}"),
            stderr: String::new(),
        };
        let key = HeaderName::from_bytes(k.as_bytes()).map_err(|_| bad("name"))?;
        let mut value = HeaderValue::from_str(v).map_err(|_| bad("value"))?;
        value.set_sensitive(true);
        map.insert(key, value);
    }
    Ok(map)
}

/// A connector to `url` over streamable HTTP through `client`, falling
/// back to HTTP+SSE (through a plain client) when that fails.
pub(crate) fn http<C>(name: String, url: String, headers: HeaderMap, client: C) -> Connector
where
    C: StreamableHttpClient + Sync,
{
    // Every request's `_meta` trace context also goes out as headers.
    let client = crate::trace::Traced(client);
    Arc::new(move |handler, handshake| {
        let (name, url, headers, client) =
            (name.clone(), url.clone(), headers.clone(), client.clone());
        Box::pin(async move { connect_http(name, url, headers, client, handler, handshake).await })
    })
}

async fn connect_http<C>(
    name: String,
    url: String,
    headers: HeaderMap,
    client: C,
    handler: Handler,
    handshake: Duration,
) -> Result<Connection, UpstreamError>
where
    C: StreamableHttpClient + Sync,
{
    let start = Instant::now();
    let custom: HashMap<HeaderName, HeaderValue> = headers
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let config = StreamableHttpClientTransportConfig::with_uri(url.as_str())
        .custom_headers(custom)
        .max_json_response_size(MAX_UPSTREAM_LINE_BYTES)
        .max_sse_event_size(MAX_UPSTREAM_LINE_BYTES);
    let deadline = tokio::time::Instant::now() + handshake;
    let mut lifecycle = Lifecycle::Probe;
    let streamable = loop {
        let transport = StreamableHttpClientTransport::with_client(client.clone(), config.clone());
        let attempt = handshake_and_list(handler.clone(), transport, lifecycle);
        match tokio::time::timeout_at(deadline, attempt).await {
            Ok(Ok((service, tools))) => {
                return Ok(Connection {
                    service,
                    process: None,
                    tools,
                    transport: "streamable HTTP",
                });
            }
            Ok(Err(e)) if lifecycle == Lifecycle::Probe && e.wants_initialize() => {
                tracing::debug!(server = %name, error = %e.message(), "server/discover not understood; using initialize");
                lifecycle = Lifecycle::Initialize;
            }
            Ok(Err(e)) => break e.message(),
            Err(_) => return Err(UpstreamError::Timeout(name, handshake)),
        }
    };
    // The backwards-compatibility procedure: streamable HTTP failed, so
    // try the URL as an HTTP+SSE server's event stream.
    tracing::debug!(server = %name, error = %streamable, "streamable HTTP failed; trying HTTP+SSE");
    let left = handshake.saturating_sub(start.elapsed());
    let sse = async {
        let plain = http_client()?;
        let transport = crate::sse::open(plain, &url, headers)
            .await
            .map_err(|e| format!("as an HTTP+SSE server: {}", crate::errors::chain(&e)))?;
        handshake_and_list(handler, transport, Lifecycle::Initialize)
            .await
            .map_err(|e| e.message())
    };
    match tokio::time::timeout(left, sse).await {
        Ok(Ok((service, tools))) => Ok(Connection {
            service,
            process: None,
            tools,
            transport: "HTTP+SSE",
        }),
        Ok(Err(e)) => Err(UpstreamError::Protocol {
            name,
            error: redact_url(
                &format!("{url}: streamable HTTP: {streamable}; {e}"),
                url.as_str(),
            ),
            stderr: String::new(),
        }),
        Err(_) => Err(UpstreamError::Timeout(name, handshake)),
    }
}

/// `text` with every copy of `url` (as configured and as the HTTP client
/// prints it) cut to its origin: a `${NAME}` secret in the path or query
/// (`/mcp?key=${KEY}`) must not reach the script through an error message
/// (docs/tool-contract.md, "Upstream MCP servers").
fn redact_url(text: &str, url: &str) -> String {
    let Ok(parsed) = reqwest::Url::parse(url) else {
        return text.replace(url, "<the server's URL>");
    };
    let origin = parsed.origin().ascii_serialization();
    let shown = format!("{origin}/…");
    let mut out = text.replace(parsed.as_str(), &shown);
    if url != parsed.as_str() {
        out = out.replace(url, &shown);
    }
    out
}

#[cfg(test)]
mod redact_tests {
    #[test]
    fn a_secret_in_the_url_is_cut_from_messages() {
        let url = "http://127.0.0.1:39519/mcp?key=TOPSECRET";
        let text = format!("{url}: streamable HTTP: error sending request for url ({url})");
        let out = super::redact_url(&text, url);
        assert!(!out.contains("TOPSECRET"), "{out}");
        assert!(out.starts_with("http://127.0.0.1:39519/…: "), "{out}");
    }
}
