//! Serving code mode over MCP streamable HTTP on a loopback address, under
//! the server's bounds: connections (header and idle timeouts, a cap),
//! request bodies (a timeout), `Origin` validation, sessions (a cap and an
//! idle expiry), request ids (one request in flight per id and session),
//! and executions (HTTP 503 with `Retry-After` when full).

use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use rmcp::model::{ClientJsonRpcMessage, ServerJsonRpcMessage};
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError,
};
use rmcp::transport::streamable_http_server::session::{ServerSseMessage, SessionId};
use rmcp::transport::streamable_http_server::{
    SessionManager, StreamableHttpServerConfig, StreamableHttpService,
};
use serde::Deserialize;

use crate::bounds::RETRY_AFTER_SECONDS;
use crate::server::ScriptServer;

/// The largest request body accepted, in bytes (rmcp's default).
const MAX_BODY_BYTES: usize = 4 * 1024 * 1024;

/// Why a session could not be made or used.
#[derive(Debug, thiserror::Error)]
enum SessionsError {
    #[error("the server has {0} sessions open, its limit")]
    Full(usize),
    #[error(transparent)]
    Local(#[from] LocalSessionManagerError),
}

/// rmcp's in-memory sessions (closed after the idle time) under a cap on
/// how many are open.
struct BoundedSessions {
    inner: LocalSessionManager,
    open: AtomicUsize,
    max: usize,
}

impl BoundedSessions {
    fn new(limits: &crate::ServerLimits) -> Self {
        let mut inner = LocalSessionManager::default();
        inner.session_config.keep_alive = Some(limits.session_idle);
        Self {
            inner,
            open: AtomicUsize::new(0),
            max: limits.max_sessions,
        }
    }

    fn full(&self) -> bool {
        self.open.load(Ordering::Relaxed) >= self.max
    }
}

impl SessionManager for BoundedSessions {
    type Error = SessionsError;
    type Transport = <LocalSessionManager as SessionManager>::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        if self.open.fetch_add(1, Ordering::Relaxed) >= self.max {
            self.open.fetch_sub(1, Ordering::Relaxed);
            return Err(SessionsError::Full(self.max));
        }
        self.inner.create_session().await.map_err(|e| {
            self.open.fetch_sub(1, Ordering::Relaxed);
            e.into()
        })
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        Ok(self.inner.initialize_session(id, message).await?)
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        Ok(self.inner.has_session(id).await?)
    }

    /// Counted once, whether the client (DELETE) or the session's end
    /// (idle expiry, a closed transport) closes it.
    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        let handle = self.inner.sessions.write().await.remove(id);
        if let Some(h) = handle {
            self.open.fetch_sub(1, Ordering::Relaxed);
            let _ = h.close().await;
        }
        Ok(())
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<
        impl futures_core::Stream<Item = ServerSseMessage> + Send + Sync + 'static,
        Self::Error,
    > {
        Ok(self.inner.create_stream(id, message).await?)
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        Ok(self.inner.accept_message(id, message).await?)
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<
        impl futures_core::Stream<Item = ServerSseMessage> + Send + Sync + 'static,
        Self::Error,
    > {
        Ok(self.inner.create_standalone_stream(id).await?)
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<
        impl futures_core::Stream<Item = ServerSseMessage> + Send + Sync + 'static,
        Self::Error,
    > {
        Ok(self.inner.resume(id, last_event_id).await?)
    }
}

/// What the admission check needs of each request.
struct Gate {
    server: ScriptServer,
    sessions: Arc<BoundedSessions>,
    in_flight: Arc<InFlightIds>,
}

/// The JSON-RPC method and id of a request body, if it is one request.
#[derive(Deserialize)]
struct Peek {
    method: Option<String>,
    id: Option<serde_json::Value>,
}

/// The request ids in flight, per session: `(session id, id as JSON text)`.
///
/// rmcp's session worker routes a response to the HTTP stream that sent
/// the request of the same JSON-RPC id. Two requests of one id in flight
/// in one session (clients sharing a session, each counting its ids from
/// 1; the MCP specification, basic protocol, requests, says an id MUST NOT
/// be reused within a session) made the second overwrite the first's
/// route: the first response went to the second stream and closed it,
/// the second response to the standalone stream nobody reads, and the
/// first stream, fed only SSE keep-alive comments, hung until the
/// session's idle expiry (300 s). A reused id is now refused at once
/// (HTTP 409 with a JSON-RPC error) while its first request is in flight.
#[derive(Default)]
struct InFlightIds(Mutex<HashSet<(String, String)>>);

/// Holds a request id in [`InFlightIds`] until dropped (when the
/// response's body is done or the client is gone).
struct IdClaim {
    set: Arc<InFlightIds>,
    key: (String, String),
}

impl InFlightIds {
    /// Claim `key`, or `None` when a request holds it.
    fn claim(self: &Arc<Self>, key: (String, String)) -> Option<IdClaim> {
        let fresh = self
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(key.clone());
        fresh.then(|| IdClaim {
            set: self.clone(),
            key,
        })
    }
}

impl Drop for IdClaim {
    fn drop(&mut self) {
        self.set
            .0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(&self.key);
    }
}

/// The answer to a request whose id is in flight in its session: HTTP 409
/// and a JSON-RPC `-32600 Invalid Request` error for that id.
fn duplicate_id(id: &serde_json::Value) -> Response {
    let body = serde_json::json!({
        "jsonrpc": "2.0",
        "id": id,
        "error": {
            "code": -32600,
            "message": format!(
                "Invalid Request: request id {id} is in use by a request in flight in this session (ids must be unique within a session)"
            ),
        },
    });
    let mut r = (StatusCode::CONFLICT, body.to_string()).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r
}

/// A refusal: `status` with a plain-text reason (and `Retry-After` for
/// 503).
fn refuse(status: StatusCode, reason: String) -> Response {
    let mut r = (status, reason).into_response();
    if status == StatusCode::SERVICE_UNAVAILABLE {
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECONDS));
    }
    r
}

/// Before rmcp sees a POST: its body within the body timeout and size,
/// then 503 for a `tools/call` when every execution slot and the queue
/// are taken, and for an `initialize` outside a session when the
/// sessions are at their cap.
async fn admit(State(gate): State<Arc<Gate>>, request: Request, next: Next) -> Response {
    if request.method() != Method::POST {
        return next.run(request).await;
    }
    let (parts, body) = request.into_parts();
    let limits = gate.server.limits();
    let bytes = match tokio::time::timeout(
        limits.body_timeout,
        axum::body::to_bytes(body, MAX_BODY_BYTES),
    )
    .await
    {
        Ok(Ok(b)) => b,
        Ok(Err(_)) => {
            return refuse(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request body is larger than {MAX_BODY_BYTES} bytes"),
            );
        }
        Err(_) => {
            return refuse(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request body did not arrive within {} s",
                    limits.body_timeout.as_secs_f64()
                ),
            );
        }
    };
    let peek = serde_json::from_slice::<Peek>(&bytes).ok();
    let (method, id) = peek.map_or((None, None), |p| (p.method, p.id));
    match method.as_deref() {
        Some("tools/call") if gate.server.busy() => {
            return refuse(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "server busy: all {} execution slots are in use and the queue is full",
                    gate.server.execution_slots()
                ),
            );
        }
        Some("initialize")
            if !parts.headers.contains_key("mcp-session-id") && gate.sessions.full() =>
        {
            return refuse(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the server has {} sessions open, its limit; close one (DELETE) or wait for one to expire",
                    gate.sessions.max
                ),
            );
        }
        _ => {}
    }
    let session = parts
        .headers
        .get("mcp-session-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let claim = match (session, method.as_ref().and(id.as_ref())) {
        (Some(session), Some(id)) => match gate.in_flight.claim((session, id.to_string())) {
            Some(c) => Some(c),
            None => return duplicate_id(id),
        },
        _ => None,
    };
    let response = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    let Some(claim) = claim else {
        return response;
    };
    // The id stays claimed while the answer streams.
    let (parts, body) = response.into_parts();
    let body = futures_util::StreamExt::map(body.into_data_stream(), move |chunk| {
        let _held = &claim;
        chunk
    });
    Response::from_parts(parts, Body::from_stream(body))
}

/// Serve `set` over MCP streamable HTTP at `http://ADDR/mcp` until the
/// process is stopped. Only loopback addresses are accepted: code mode runs
/// host tools, and must not be exposed to a network.
pub async fn serve_http(
    set: toolsh_tools::ScriptingToolSet,
    addr: &str,
) -> Result<(), std::io::Error> {
    serve_http_with(ScriptServer::new(set), addr).await
}

/// Serve a configured [`ScriptServer`] as streamable HTTP on a loopback
/// `addr`, under `/mcp`, within its [`crate::ServerLimits`]:
///
/// - a connection must send each request's headers within
///   `header_timeout` (and is closed after that long idle between
///   requests); at most `max_connections` are open, more wait;
/// - a request body must arrive within `body_timeout` (else 408);
/// - an `Origin` header must be one of `allowed_origins` (else 403);
/// - at most `max_sessions` sessions, each closed after `session_idle`
///   without a request; an `initialize` past the cap gets 503;
/// - a `tools/call` when every execution slot and the queue are taken gets
///   503 with `Retry-After`.
///
/// # Errors
/// A non-loopback or unparsable address, or a bind failure.
pub async fn serve_http_with(server: ScriptServer, addr: &str) -> Result<(), std::io::Error> {
    let sock: std::net::SocketAddr = addr.parse().map_err(|e| {
        std::io::Error::new(std::io::ErrorKind::InvalidInput, format!("{addr}: {e}"))
    })?;
    if !sock.ip().is_loopback() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::InvalidInput,
            format!("{addr}: only loopback addresses (127.0.0.1, ::1) may be served"),
        ));
    }
    let limits = server.limits().clone();
    let sessions = Arc::new(BoundedSessions::new(&limits));
    let config = StreamableHttpServerConfig::default()
        .with_allowed_origins(limits.allowed_origins.clone())
        .enforce_origin_validation()
        .with_max_request_body_bytes(MAX_BODY_BYTES);
    let factory = server.clone();
    let service: StreamableHttpService<ScriptServer, BoundedSessions> =
        StreamableHttpService::new(move || Ok(factory.clone()), sessions.clone(), config);
    let gate = Arc::new(Gate {
        server,
        sessions,
        in_flight: Arc::default(),
    });
    let router = axum::Router::new()
        .nest_service("/mcp", service)
        .layer(axum::middleware::from_fn_with_state(gate, admit));
    let listener = tokio::net::TcpListener::bind(sock).await?;
    eprintln!(
        "toolsh: serving MCP on http://{}/mcp",
        listener.local_addr()?
    );
    let connections = Arc::new(tokio::sync::Semaphore::new(limits.max_connections.max(1)));
    loop {
        let Ok(permit) = connections.clone().acquire_owned().await else {
            return Ok(());
        };
        let (stream, _) = match listener.accept().await {
            Ok(s) => s,
            Err(e) => {
                // Out of file descriptors and the like: wait, keep serving.
                tracing::warn!("accepting a connection: {e}");
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                continue;
            }
        };
        // An SSE answer is several small writes (headers, event, end);
        // with Nagle's algorithm each after the first waited for the
        // client's delayed ACK, about 40 ms per call (the serve load run,
        // issue #30: 44 ms median for `echo hi` in a session).
        if let Err(e) = stream.set_nodelay(true) {
            tracing::debug!("TCP_NODELAY: {e}");
        }
        let service = hyper_util::service::TowerToHyperService::new(router.clone());
        let header_timeout = limits.header_timeout;
        tokio::spawn(async move {
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(hyper_util::rt::TokioTimer::new())
                .header_read_timeout(header_timeout);
            let conn = http.serve_connection(hyper_util::rt::TokioIo::new(stream), service);
            if let Err(e) = conn.await {
                tracing::debug!("an HTTP connection ended: {e}");
            }
            drop(permit);
        });
    }
}
