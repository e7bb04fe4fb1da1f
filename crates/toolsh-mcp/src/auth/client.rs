//! The HTTP client of an OAuth-protected upstream: rmcp's `AuthClient`
//! (which attaches the cached token and refreshes it) wrapped so that the
//! challenges it passes on — a 401 with no usable token, a 403
//! `insufficient_scope` — run the specification's flow and the request is
//! sent again.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use futures_core::stream::BoxStream;
use http::{HeaderName, HeaderValue};
use rmcp::model::ClientJsonRpcMessage;
use rmcp::transport::auth::{AuthClient, AuthError};
use rmcp::transport::streamable_http_client::{
    InsufficientScopeError, StreamableHttpClient, StreamableHttpError, StreamableHttpPostResponse,
    StreamableHttpResponseLimits,
};

use super::browser::Browser;
use super::cache::TokenCache;
use super::flow::Server;
use super::{MAX_STEP_UPS, OAuthConfig, OAuthError, OAuthGrant};

type HttpError = StreamableHttpError<reqwest::Error>;
type Headers = HashMap<HeaderName, HeaderValue>;

/// Whether an authorization that needs a person may run while a script
/// is calling the server's tools.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Consent {
    /// No: the call fails with [`OAuthError::LoginRequired`] (run
    /// `toolsh login NAME` first). For hosts nobody watches.
    Never,
    /// Yes, through this browser (the URL on stderr, the loopback
    /// redirect); the call waits for it.
    Browser(Browser),
}

/// The client to give `McpUpstream::open_with_client` for a streamable
/// HTTP upstream: an rmcp `StreamableHttpClient` over reqwest that sends
/// the server's cached access token, refreshes it when it expires or is
/// rejected (rmcp), and reacts to the challenges that remain:
///
/// - 401 (no token, or one that cannot be refreshed): the client
///   credentials grant when configured, else the authorization code grant
///   when [`Consent`] allows, else [`OAuthError::LoginRequired`]; then the
///   request is sent again, once;
/// - 403 `insufficient_scope`: a new authorization for the granted scopes
///   plus the challenge's `scope` (MCP authorization, "Step-Up
///   Authorization Flow"), at most [`MAX_STEP_UPS`] times per client.
///
/// Concurrent requests that meet the same challenge share one
/// authorization. A failure reaches rmcp as `StreamableHttpError::Auth`
/// with a message naming the server and what to do; it never contains a
/// token.
#[derive(Clone)]
pub struct OAuthHttpClient {
    auth: AuthClient<reqwest::Client>,
    shared: Arc<Shared>,
}

impl std::fmt::Debug for OAuthHttpClient {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OAuthHttpClient")
            .field("server", &self.shared.name)
            .field("url", &self.shared.url)
            .finish_non_exhaustive()
    }
}

struct Shared {
    name: String,
    url: String,
    config: OAuthConfig,
    cache: TokenCache,
    consent: Consent,
    /// Serializes authorizations; holds whether the manager has been set
    /// up from the cache file yet.
    flow: tokio::sync::Mutex<FlowState>,
    /// Bumped by every authorization, so a request that met a challenge
    /// after another request already re-authorized just retries.
    generation: AtomicU64,
}

#[derive(Default)]
struct FlowState {
    loaded: bool,
    step_ups: u32,
}

impl OAuthHttpClient {
    /// A client for server `name` at `url` with tokens in `cache`. Does no
    /// I/O: the cache file is read, and the server's metadata discovered,
    /// on the first request (so an upstream that is never called costs
    /// nothing).
    ///
    /// # Errors
    /// [`OAuthError::Flow`] when `url` is not a usable URL.
    pub async fn new(
        name: &str,
        url: &str,
        config: OAuthConfig,
        cache: &TokenCache,
        consent: Consent,
    ) -> Result<Self, OAuthError> {
        let server = Server {
            name,
            url,
            config: &config,
            store: cache.store(name, url),
        };
        let manager = server.manager().await?;
        let http = crate::connect::http_client().map_err(|e| OAuthError::flow(name, e))?;
        Ok(Self {
            auth: AuthClient::new(http, manager),
            shared: Arc::new(Shared {
                name: name.to_string(),
                url: url.to_string(),
                config,
                cache: cache.clone(),
                consent,
                flow: tokio::sync::Mutex::new(FlowState::default()),
                generation: AtomicU64::new(0),
            }),
        })
    }

    fn server(&self) -> Server<'_> {
        let s = &self.shared;
        Server {
            name: &s.name,
            url: &s.url,
            config: &s.config,
            store: s.cache.store(&s.name, &s.url),
        }
    }

    /// On the first request: when the cache file holds a token, discover
    /// the server's metadata and configure the client it was issued to,
    /// so an expired token can be refreshed.
    async fn load(&self) -> Result<(), HttpError> {
        let mut flow = self.shared.flow.lock().await;
        if flow.loaded {
            return Ok(());
        }
        let server = self.server();
        let cached = server.store.read().map_err(HttpError::Auth)?;
        if cached.is_some_and(|c| c.token_response.is_some()) {
            self.auth
                .auth_manager
                .lock()
                .await
                .initialize_from_store()
                .await
                .map_err(|e| failure(&OAuthError::flow(&self.shared.name, e)))?;
        }
        flow.loaded = true;
        Ok(())
    }

    /// Run the flow a 401 calls for, unless another request already did
    /// since `seen`.
    async fn authorize(&self, seen: u64, challenge: &str) -> Result<(), HttpError> {
        let _flow = self.shared.flow.lock().await;
        if self.shared.generation.load(Ordering::SeqCst) != seen {
            return Ok(());
        }
        let server = self.server();
        let manager = match (self.shared.config.grant, &self.shared.consent) {
            (OAuthGrant::ClientCredentials, _) => server.client_credentials().await,
            (OAuthGrant::AuthorizationCode, Consent::Browser(b)) => {
                server.authorize_code(b, Some(challenge), &[]).await
            }
            (OAuthGrant::AuthorizationCode, Consent::Never) => {
                Err(OAuthError::LoginRequired(self.shared.name.clone()))
            }
        }
        .map_err(|e| failure(&e))?;
        *self.auth.auth_manager.lock().await = manager;
        self.shared.generation.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    /// Re-authorize for the granted scopes plus the ones a 403
    /// `insufficient_scope` names, unless another request already did
    /// since `seen`.
    async fn step_up(
        &self,
        seen: u64,
        challenge: &InsufficientScopeError,
    ) -> Result<(), HttpError> {
        let mut flow = self.shared.flow.lock().await;
        if self.shared.generation.load(Ordering::SeqCst) != seen {
            return Ok(());
        }
        let name = &self.shared.name;
        if flow.step_ups >= MAX_STEP_UPS {
            return Err(failure(&OAuthError::StepUpLimit(name.clone())));
        }
        flow.step_ups += 1;
        let server = self.server();
        let mut scopes = server
            .store
            .read()
            .map_err(HttpError::Auth)?
            .map(|c| c.granted_scopes)
            .unwrap_or_default();
        if scopes.is_empty() {
            scopes.clone_from(&self.shared.config.scopes);
        }
        for s in challenge
            .get_required_scope()
            .unwrap_or("")
            .split_whitespace()
        {
            if !scopes.iter().any(|have| have == s) {
                scopes.push(s.to_string());
            }
        }
        let manager = match (self.shared.config.grant, &self.shared.consent) {
            (OAuthGrant::ClientCredentials, _) => Err(OAuthError::flow(
                name,
                format!(
                    "the server wants scope '{}'; add it to oauth.scopes",
                    challenge.get_required_scope().unwrap_or("")
                ),
            )),
            (OAuthGrant::AuthorizationCode, Consent::Browser(b)) => {
                server
                    .authorize_code(b, Some(&challenge.www_authenticate_header), &scopes)
                    .await
            }
            (OAuthGrant::AuthorizationCode, Consent::Never) => {
                match server.store.set_wanted_scopes(&scopes) {
                    Ok(()) => Err(OAuthError::ScopeRequired(name.clone(), scopes.join(" "))),
                    Err(e) => Err(OAuthError::flow(name, e)),
                }
            }
        }
        .map_err(|e| failure(&e))?;
        *self.auth.auth_manager.lock().await = manager;
        self.shared.generation.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    /// Send with `send`, reacting to the challenges rmcp's `AuthClient`
    /// passes on; a 401 is answered once per request, a 403 up to the
    /// step-up limit.
    async fn send<T, F, Fut>(&self, send: F) -> Result<T, HttpError>
    where
        F: Fn() -> Fut,
        Fut: Future<Output = Result<T, HttpError>>,
    {
        self.load().await?;
        let mut answered_401 = false;
        loop {
            let seen = self.shared.generation.load(Ordering::SeqCst);
            match send().await {
                Err(StreamableHttpError::AuthRequired(c)) if !answered_401 => {
                    answered_401 = true;
                    self.authorize(seen, &c.www_authenticate_header).await?;
                }
                Err(StreamableHttpError::InsufficientScope(c)) => {
                    self.step_up(seen, &c).await?;
                }
                other => return other,
            }
        }
    }
}

/// An [`OAuthError`] as rmcp's transport carries it.
fn failure(e: &OAuthError) -> HttpError {
    HttpError::Auth(AuthError::AuthorizationFailed(e.to_string()))
}

impl StreamableHttpClient for OAuthHttpClient {
    type Error = reqwest::Error;

    async fn post_message(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: Headers,
    ) -> Result<StreamableHttpPostResponse, HttpError> {
        self.send(|| {
            self.auth.post_message(
                uri.clone(),
                message.clone(),
                session_id.clone(),
                auth_header.clone(),
                custom_headers.clone(),
            )
        })
        .await
    }

    async fn post_message_with_max_sse_event_size(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: Headers,
        max_sse_event_size: usize,
    ) -> Result<StreamableHttpPostResponse, HttpError> {
        self.send(|| {
            self.auth.post_message_with_max_sse_event_size(
                uri.clone(),
                message.clone(),
                session_id.clone(),
                auth_header.clone(),
                custom_headers.clone(),
                max_sse_event_size,
            )
        })
        .await
    }

    async fn post_message_with_response_limits(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: Headers,
        limits: StreamableHttpResponseLimits,
    ) -> Result<StreamableHttpPostResponse, HttpError> {
        self.send(|| {
            self.auth.post_message_with_response_limits(
                uri.clone(),
                message.clone(),
                session_id.clone(),
                auth_header.clone(),
                custom_headers.clone(),
                limits,
            )
        })
        .await
    }

    async fn delete_session(
        &self,
        uri: Arc<str>,
        session_id: Arc<str>,
        auth_header: Option<String>,
        custom_headers: Headers,
    ) -> Result<(), HttpError> {
        // Ending a session never starts an authorization.
        self.auth
            .delete_session(uri, session_id, auth_header, custom_headers)
            .await
    }

    async fn get_stream(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: Headers,
    ) -> Result<BoxStream<'static, Result<sse_stream::Sse, sse_stream::Error>>, HttpError> {
        self.send(|| {
            self.auth.get_stream(
                uri.clone(),
                session_id.clone(),
                last_event_id.clone(),
                auth_header.clone(),
                custom_headers.clone(),
            )
        })
        .await
    }

    async fn get_stream_with_max_sse_event_size(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: Headers,
        max_sse_event_size: usize,
    ) -> Result<BoxStream<'static, Result<sse_stream::Sse, sse_stream::Error>>, HttpError> {
        self.send(|| {
            self.auth.get_stream_with_max_sse_event_size(
                uri.clone(),
                session_id.clone(),
                last_event_id.clone(),
                auth_header.clone(),
                custom_headers.clone(),
                max_sse_event_size,
            )
        })
        .await
    }
}
