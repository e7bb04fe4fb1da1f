//! The HTTP service: `/mcp` (or the public URL's path) behind
//! authentication, the body limit and the in-flight bound; `/healthz`,
//! `/readyz`, `/metrics` and the protected-resource metadata; serving
//! until SIGTERM, then draining.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use rmcp::transport::streamable_http_server::StreamableHttpServerConfig;
use serde_json::json;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use toolsh_mcp::ScriptServer;

use crate::auth::{Authenticator, Denied};
use crate::config::ServeConfig;
use crate::error::ServeError;
use crate::metrics::{AuthLabels, Metrics, StatusLabels};
use crate::quota::{Limits, Store};
use crate::tenant::{TenantHandler, TenantService};

/// How long a refused client should wait, in seconds (`Retry-After`).
const RETRY_AFTER_SECONDS: u64 = 1;

/// Everything a request needs.
struct Shared {
    tenants: BTreeMap<String, TenantService>,
    /// The tenant of every request when there is no `[auth]`.
    default_tenant: Option<String>,
    auth: Option<Authenticator>,
    metrics: Arc<Metrics>,
    slots: Arc<Semaphore>,
    queued: std::sync::atomic::AtomicUsize,
    max_queued: usize,
    queue_wait: Duration,
    max_body_bytes: usize,
    draining: AtomicBool,
    /// The protected-resource metadata document (RFC 9728 section 2).
    resource_metadata: serde_json::Value,
}

/// A configured server, ready to bind.
pub struct Server {
    shared: Arc<Shared>,
    config: ServeConfig,
}

impl Server {
    /// A server for `config` whose tenants are served by `tenants` (one
    /// [`ScriptServer`] per `[[tenant]]` name, built by the caller from the
    /// tenant's manifest, grants and mode).
    ///
    /// # Errors
    /// A tenant of the configuration without a server; the JWKS client
    /// cannot be built; `[redis]` is configured and cannot be reached.
    pub async fn new(
        config: ServeConfig,
        mut tenants: BTreeMap<String, ScriptServer>,
    ) -> Result<Self, ServeError> {
        let metrics = Arc::new(Metrics::new());
        let store = Arc::new(match &config.redis {
            Some(r) => Store::redis(&r.url, r.key_prefix.clone())
                .await
                .map_err(ServeError::config)?,
            None => Store::Memory(std::sync::Mutex::default()),
        });
        let public = crate::url::canonical(&config.public_url()).map_err(ServeError::config)?;
        let mut hosts: Vec<String> = vec!["localhost".into(), "127.0.0.1".into(), "::1".into()];
        if let Some((host, port)) = crate::url::authority_of(&public) {
            if let Some(p) = port {
                hosts.push(format!("{host}:{p}"));
            }
            hosts.push(host);
        }
        hosts.extend(config.server.allowed_hosts.iter().cloned());
        let origins = config.server.allowed_origins.clone().unwrap_or_else(|| {
            toolsh_mcp::LOOPBACK_ORIGINS
                .iter()
                .map(|s| (*s).to_string())
                .collect()
        });
        let http = StreamableHttpServerConfig::default()
            .with_legacy_session_mode(false)
            .with_json_response(true)
            .with_allowed_hosts(hosts)
            .with_allowed_origins(origins)
            .enforce_origin_validation()
            .with_max_request_body_bytes(config.server.max_body_bytes);
        let mut services = BTreeMap::new();
        for t in &config.tenants {
            let server = tenants
                .remove(&t.name)
                .ok_or_else(|| ServeError::config(format!("tenant {:?} has no server", t.name)))?;
            services.insert(
                t.name.clone(),
                TenantHandler::service(
                    t.name.clone(),
                    server,
                    (
                        metrics.clone(),
                        Limits {
                            per_minute: t.calls_per_minute,
                            per_day: t.calls_per_day,
                        },
                        store.clone(),
                    ),
                    http.clone(),
                ),
            );
        }
        let metadata_url = metadata_url(&public);
        let auth = match &config.auth {
            Some(a) => {
                Some(Authenticator::new(&config, a, metadata_url).map_err(ServeError::config)?)
            }
            None => None,
        };
        let resource_metadata = json!({
            "resource": public,
            "authorization_servers": auth.as_ref().and_then(Authenticator::issuer).map(|i| vec![i]).unwrap_or_default(),
            "scopes_supported": auth.as_ref().map(|a| a.scopes().to_vec()).unwrap_or_default(),
            "bearer_methods_supported": ["header"],
            "resource_name": "toolsh code mode",
        });
        let default_tenant = if config.auth.is_none() {
            Some(config.default_tenant()?.name.clone())
        } else {
            None
        };
        let s = &config.server;
        let shared = Arc::new(Shared {
            tenants: services,
            default_tenant,
            auth,
            metrics,
            slots: Arc::new(Semaphore::new(s.max_in_flight)),
            queued: std::sync::atomic::AtomicUsize::new(0),
            max_queued: s.max_queued,
            queue_wait: Duration::from_millis(s.queue_wait_ms),
            max_body_bytes: s.max_body_bytes,
            draining: AtomicBool::new(false),
            resource_metadata,
        });
        Ok(Self { shared, config })
    }

    /// The router (also for tests that serve it on a listener of their own).
    pub fn router(&self) -> Router {
        let mcp_path = crate::url::path_of(&self.config.public_url());
        let suffix = if mcp_path == "/" {
            String::new()
        } else {
            mcp_path.clone()
        };
        Router::new()
            .route("/healthz", get(|| async { "ok\n" }))
            .route("/readyz", get(readyz))
            .route("/metrics", get(metrics))
            .route(
                "/.well-known/oauth-protected-resource",
                get(resource_metadata),
            )
            .route(
                &format!("/.well-known/oauth-protected-resource{suffix}"),
                get(resource_metadata),
            )
            .route(&mcp_path, any(mcp))
            .with_state(self.shared.clone())
    }

    /// Bind `[server] listen` and serve until SIGTERM or SIGINT; then
    /// `/readyz` answers 503, no connection is accepted, and in-flight
    /// requests get `drain_seconds` to finish.
    ///
    /// # Errors
    /// The bind fails.
    pub async fn run(self) -> Result<(), ServeError> {
        let listener = tokio::net::TcpListener::bind(self.config.listen_addr()?).await?;
        eprintln!(
            "toolsh: serving MCP on http://{}{}",
            listener.local_addr()?,
            crate::url::path_of(&self.config.public_url())
        );
        self.serve(listener, shutdown_signal()).await
    }

    /// Serve on `listener` until `shutdown` completes, then drain.
    ///
    /// # Errors
    /// Serving fails.
    pub async fn serve(
        self,
        listener: tokio::net::TcpListener,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<(), ServeError> {
        let shared = self.shared.clone();
        let drain = Duration::from_secs(self.config.server.drain_seconds);
        let (stopped_tx, stopped_rx) = tokio::sync::oneshot::channel::<()>();
        let signal = async move {
            shutdown.await;
            shared.draining.store(true, Ordering::SeqCst);
            eprintln!(
                "toolsh: draining: up to {} s for requests in flight",
                drain.as_secs()
            );
            let _ = stopped_tx.send(());
        };
        let serving = axum::serve(listener, self.router()).with_graceful_shutdown(signal);
        let serving = tokio::spawn(async move { serving.await });
        let _ = stopped_rx.await;
        match tokio::time::timeout(drain, serving).await {
            Ok(Ok(r)) => r.map_err(ServeError::from),
            Ok(Err(e)) => Err(std::io::Error::other(e).into()),
            Err(_) => {
                eprintln!("toolsh: drain deadline passed; requests still in flight are dropped");
                Ok(())
            }
        }
    }
}

/// RFC 9728 section 3.1: the metadata of `https://h/mcp` is at
/// `https://h/.well-known/oauth-protected-resource/mcp`.
fn metadata_url(resource: &str) -> String {
    let origin = crate::url::origin_of(resource);
    let path = crate::url::path_of(resource);
    let suffix = if path == "/" { "" } else { path.as_str() };
    format!("{origin}/.well-known/oauth-protected-resource{suffix}")
}

async fn shutdown_signal() {
    use tokio::signal::unix::{SignalKind, signal};
    let (Ok(mut term), Ok(mut int)) = (
        signal(SignalKind::terminate()),
        signal(SignalKind::interrupt()),
    ) else {
        return std::future::pending().await;
    };
    tokio::select! {
        _ = term.recv() => {}
        _ = int.recv() => {}
    }
}

async fn readyz(State(s): State<Arc<Shared>>) -> Response {
    if s.draining.load(Ordering::SeqCst) {
        (StatusCode::SERVICE_UNAVAILABLE, "draining\n").into_response()
    } else {
        "ready\n".into_response()
    }
}

async fn metrics(State(s): State<Arc<Shared>>) -> Response {
    let mut r = s.metrics.render().into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/openmetrics-text; version=1.0.0; charset=utf-8"),
    );
    r
}

async fn resource_metadata(State(s): State<Arc<Shared>>) -> Response {
    axum::Json(s.resource_metadata.clone()).into_response()
}

/// A refusal with `status`, a plain-text reason and, for 503,
/// `Retry-After`.
fn refuse(status: StatusCode, reason: impl Into<String>) -> Response {
    let mut r = (status, reason.into()).into_response();
    if status == StatusCode::SERVICE_UNAVAILABLE {
        r.headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(RETRY_AFTER_SECONDS));
    }
    r
}

/// `/mcp`: authenticate, read the body within its limit, take a slot (or
/// wait in the short queue, or 503), strip the credentials and hand the
/// request to the tenant's service. The slot is held until the answer's
/// body is sent.
async fn mcp(State(s): State<Arc<Shared>>, request: Request) -> Response {
    let response = handle(&s, request).await;
    s.metrics
        .responses
        .get_or_create(&StatusLabels {
            code: response.status().as_u16(),
        })
        .inc();
    response
}

async fn handle(s: &Arc<Shared>, request: Request) -> Response {
    if s.draining.load(Ordering::SeqCst) {
        return refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is shutting down",
        );
    }
    let (mut parts, body) = request.into_parts();
    let tenant = match (&s.auth, &s.default_tenant) {
        (Some(auth), _) => match auth.check(&parts.headers).await {
            Ok(id) => id.tenant,
            Err(denied) => {
                let reason = match denied {
                    Denied::Missing => "missing",
                    Denied::InvalidToken(_) => "invalid_token",
                    Denied::InsufficientScope(_) => "insufficient_scope",
                    Denied::UnknownTenant(_) => "unknown_tenant",
                };
                s.metrics
                    .auth_failures
                    .get_or_create(&AuthLabels { reason })
                    .inc();
                return auth.refusal(&denied);
            }
        },
        (None, Some(t)) => t.clone(),
        (None, None) => return refuse(StatusCode::INTERNAL_SERVER_ERROR, "no tenant"),
    };
    // A token is for this server only: never passed on (MCP authorization,
    // token passthrough is forbidden).
    parts.headers.remove(header::AUTHORIZATION);
    let Some(service) = s.tenants.get(&tenant) else {
        return refuse(StatusCode::FORBIDDEN, format!("no tenant {tenant:?}"));
    };
    let Ok(bytes) = axum::body::to_bytes(body, s.max_body_bytes).await else {
        return refuse(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("the request body is larger than {} bytes", s.max_body_bytes),
        );
    };
    let Some(permit) = admit(s).await else {
        return refuse(
            StatusCode::SERVICE_UNAVAILABLE,
            "server busy: every slot is in use and the queue is full; retry later",
        );
    };
    s.metrics.in_flight.inc();
    let guard = InFlight {
        _permit: permit,
        shared: s.clone(),
    };
    let response = service
        .handle(Request::from_parts(parts, Body::from(bytes)))
        .await;
    let (parts, body) = response.into_parts();
    let body = futures_util::StreamExt::map(Body::new(body).into_data_stream(), move |chunk| {
        let _held = &guard;
        chunk
    });
    Response::from_parts(parts, Body::from_stream(body))
}

/// A slot: at once, or after waiting in the queue up to `queue_wait`;
/// `None` when the queue is full or the wait passes.
async fn admit(s: &Shared) -> Option<OwnedSemaphorePermit> {
    if let Ok(p) = s.slots.clone().try_acquire_owned() {
        return Some(p);
    }
    if s.queued.fetch_add(1, Ordering::SeqCst) >= s.max_queued {
        s.queued.fetch_sub(1, Ordering::SeqCst);
        return None;
    }
    s.metrics.queued.inc();
    let waited = tokio::time::timeout(s.queue_wait, s.slots.clone().acquire_owned()).await;
    s.queued.fetch_sub(1, Ordering::SeqCst);
    s.metrics.queued.dec();
    waited.ok().and_then(Result::ok)
}

/// Held while a request is in flight: its slot and the gauge.
struct InFlight {
    _permit: OwnedSemaphorePermit,
    shared: Arc<Shared>,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        self.shared.metrics.in_flight.dec();
    }
}
