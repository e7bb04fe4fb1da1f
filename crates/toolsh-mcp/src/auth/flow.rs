//! The grants: authorization code with PKCE (a person approves in a
//! browser) and client credentials (no person), each ending with the
//! tokens in the server's cache file.

use rmcp::transport::auth::{
    AuthorizationCallback, AuthorizationManager, AuthorizationRequest, ClientCredentialsConfig,
    OAuthState,
};

use super::browser::{Browser, Redirect};
use super::cache::{FileStore, TokenCache};
use super::{OAuthConfig, OAuthError, OAuthGrant};

/// What `toolsh login` achieved.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct LoginOutcome {
    /// The scopes the authorization server granted (as it reported them;
    /// empty when it reported none).
    pub scopes: Vec<String>,
    /// Whether the server sent a refresh token (so the login lasts past
    /// the access token's lifetime).
    pub refreshable: bool,
}

/// One server as the flows need it.
pub(crate) struct Server<'a> {
    pub name: &'a str,
    pub url: &'a str,
    pub config: &'a OAuthConfig,
    pub store: FileStore,
}

impl Server<'_> {
    fn flow(&self, error: impl std::fmt::Display) -> OAuthError {
        OAuthError::flow(self.name, error)
    }

    /// An rmcp manager for the server whose credential store is its file.
    /// Metadata hosts must be of the server URL's address class (rmcp's
    /// rule: a public server cannot point discovery at loopback or
    /// private addresses).
    pub(crate) async fn manager(&self) -> Result<AuthorizationManager, OAuthError> {
        // rmcp's discovery client needs the process's TLS provider, which
        // building toolsh's HTTP client installs.
        crate::connect::http_client().map_err(|e| self.flow(e))?;
        let mut manager = AuthorizationManager::new(self.url)
            .await
            .map_err(|e| self.flow(e))?;
        manager.set_credential_store(self.store.clone());
        Ok(manager)
    }

    /// The authorization code grant with PKCE (S256): discovery seeded by
    /// `challenge` (a 401's or 403's `WWW-Authenticate`), client
    /// registration (pre-registered, else a client ID metadata document
    /// when the server supports them and one is configured, else dynamic
    /// registration), the authorization URL shown through `browser`, the
    /// code taken from the loopback redirect and exchanged (with the
    /// resource indicator) for tokens, which rmcp saves in the file.
    /// `scopes` empty means the specification's selection.
    pub(crate) async fn authorize_code(
        &self,
        browser: &Browser,
        challenge: Option<&str>,
        scopes: &[String],
    ) -> Result<AuthorizationManager, OAuthError> {
        let mut redirect = Redirect::bind(self.config.redirect_port)
            .await
            .map_err(|e| self.flow(format!("cannot listen for the loopback redirect: {e}")))?;
        let mut request = AuthorizationRequest::new(redirect.uri()).with_client_name("toolsh");
        let wanted = if scopes.is_empty() {
            &self.config.scopes
        } else {
            scopes
        };
        if !wanted.is_empty() {
            request = request.with_scopes(wanted.iter().cloned());
        }
        if let Some(id) = &self.config.client_id {
            request = request.with_preregistered_client(id.clone());
            if let Some(secret) = &self.config.client_secret {
                request = request.with_client_secret(secret.clone());
            }
        }
        if let Some(url) = &self.config.client_metadata_url {
            request = request.with_client_metadata_url(url.clone());
        }
        if let Some(c) = challenge {
            request = request.with_challenge(c.to_string());
        }
        let mut state = OAuthState::Unauthorized(self.manager().await?);
        state
            .start_authorization(request)
            .await
            .map_err(|e| self.flow(e))?;
        let url = state
            .get_authorization_url()
            .await
            .map_err(|e| self.flow(e))?;
        browser.open(self.name, &url);
        let back = redirect
            .wait(browser.timeout())
            .await
            .ok_or_else(|| OAuthError::LoginTimeout(self.name.to_string(), browser.timeout()))?;
        drop(redirect);
        if let Some(denied) = redirect_error(&back) {
            return Err(self.flow(format!("the authorization server refused: {denied}")));
        }
        let callback = AuthorizationCallback::from_redirect_url(&back).map_err(|e| self.flow(e))?;
        state
            .handle_callback_with_issuer(
                &callback.code,
                &callback.csrf_token,
                callback.issuer.as_deref(),
            )
            .await
            .map_err(|e| self.flow(e))?;
        state
            .into_authorization_manager()
            .ok_or_else(|| self.flow("the authorization did not complete"))
    }

    /// The client-credentials grant (SEP-1046) with the configured client
    /// ID and secret, the scopes configured (else none) and the server URL
    /// as resource indicator; rmcp saves the token in the file.
    pub(crate) async fn client_credentials(&self) -> Result<AuthorizationManager, OAuthError> {
        let (Some(client_id), Some(client_secret)) =
            (&self.config.client_id, &self.config.client_secret)
        else {
            return Err(OAuthError::MissingClientCredentials(self.name.to_string()));
        };
        let mut state = OAuthState::Unauthorized(self.manager().await?);
        state
            .authenticate_client_credentials(ClientCredentialsConfig::ClientSecret {
                client_id: client_id.clone(),
                client_secret: client_secret.clone(),
                scopes: self.config.scopes.clone(),
                resource: Some(self.url.to_string()),
            })
            .await
            .map_err(|e| self.flow(e))?;
        state
            .into_authorization_manager()
            .ok_or_else(|| self.flow("the client credentials grant did not complete"))
    }

    /// What the file says was granted.
    pub(crate) fn outcome(&self) -> Result<LoginOutcome, OAuthError> {
        use oauth2::TokenResponse as _;
        let stored = self.store.read().map_err(|e| self.flow(e))?;
        let refreshable = stored
            .as_ref()
            .and_then(|s| s.token_response.as_ref())
            .is_some_and(|t| t.refresh_token().is_some());
        Ok(LoginOutcome {
            scopes: stored.map(|s| s.granted_scopes).unwrap_or_default(),
            refreshable,
        })
    }
}

/// The `error` (and `error_description`) of a redirect that carries one
/// (RFC 6749 section 4.1.2.1), e.g. `access_denied`.
fn redirect_error(url: &str) -> Option<String> {
    let parsed = reqwest::Url::parse(url).ok()?;
    let mut error = None;
    let mut description = None;
    for (k, v) in parsed.query_pairs() {
        match k.as_ref() {
            "error" => error = Some(v.into_owned()),
            "error_description" => description = Some(v.into_owned()),
            _ => {}
        }
    }
    let error = error?;
    Some(match description {
        Some(d) => format!("{error} ({d})"),
        None => error,
    })
}

/// The `WWW-Authenticate` of the server's answer to an unauthenticated
/// `initialize` POST, when that answer is a 401 (MCP authorization,
/// "Protected Resource Metadata Discovery Requirements": the challenge is
/// where discovery starts and its `scope` seeds scope selection).
async fn probe_challenge(url: &str) -> Option<String> {
    let client = crate::connect::http_client().ok()?;
    let body = serde_json::json!({
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25",
            "capabilities": {},
            "clientInfo": {"name": "toolsh", "version": env!("CARGO_PKG_VERSION")}
        }
    });
    let response = client
        .post(url)
        .header("accept", "application/json, text/event-stream")
        .json(&body)
        .send()
        .await
        .ok()?;
    if response.status() != reqwest::StatusCode::UNAUTHORIZED {
        return None;
    }
    response
        .headers()
        .get(reqwest::header::WWW_AUTHENTICATE)
        .and_then(|v| v.to_str().ok())
        .map(str::to_string)
}

/// `toolsh login NAME`: authorize toolsh with server `name` at `url` and
/// keep the tokens in `cache`. With [`OAuthGrant::ClientCredentials`] no
/// person is involved; otherwise the server's 401 challenge (from an
/// unauthenticated `initialize`) seeds discovery and scope selection, the
/// authorization URL is printed on stderr and opened with `browser`, and
/// the flow waits for the loopback redirect. When a run noted missing
/// scopes ([`OAuthError::ScopeRequired`]), those are the scopes asked for.
///
/// # Errors
/// [`OAuthError::Flow`] for a failed discovery, registration,
/// authorization or exchange; [`OAuthError::LoginTimeout`];
/// [`OAuthError::MissingClientCredentials`]; [`OAuthError::Cache`].
pub async fn login(
    name: &str,
    url: &str,
    config: &OAuthConfig,
    cache: &TokenCache,
    browser: &Browser,
) -> Result<LoginOutcome, OAuthError> {
    let server = Server {
        name,
        url,
        config,
        store: cache.store(name, url),
    };
    match config.grant {
        OAuthGrant::ClientCredentials => {
            server.client_credentials().await?;
        }
        OAuthGrant::AuthorizationCode => {
            let challenge = probe_challenge(url).await;
            // A run that met a 403 `insufficient_scope` noted the scopes
            // it needs: this login is the step-up.
            let wanted = server.store.wanted_scopes();
            server
                .authorize_code(browser, challenge.as_deref(), &wanted)
                .await?;
            server.store.clear_wanted_scopes();
        }
    }
    server.outcome()
}
