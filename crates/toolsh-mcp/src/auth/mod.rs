//! OAuth 2.1 for upstream MCP servers over HTTP, as the MCP authorization
//! specification (2025-11-25, "Authorization") has a client do it, on
//! rmcp's `auth` feature: protected resource metadata discovery (RFC 9728)
//! from a 401's `WWW-Authenticate` and the well-known fallbacks,
//! authorization server metadata (RFC 8414 and OpenID Connect discovery),
//! client ID metadata documents, dynamic client registration (RFC 7591),
//! the authorization code grant with PKCE (S256), the resource indicator
//! (RFC 8707), refresh tokens, scope step-up on 403 `insufficient_scope`,
//! and the client-credentials extension (SEP-1046) for unattended hosts.
//!
//! Tokens are kept per server in a [`TokenCache`] file only the user can
//! read. They travel only in the `Authorization` header of requests to the
//! server they were issued for: never logged, never in an error message,
//! never visible to a script (the sandbox has no host file access, and no
//! tool output carries them).

mod browser;
mod cache;
mod client;
mod flow;

use std::time::Duration;

pub use browser::Browser;
pub use cache::TokenCache;
pub use client::{Consent, OAuthHttpClient};
pub use flow::{LoginOutcome, login};

/// How many times one client re-authorizes for a wider scope after a 403
/// `insufficient_scope` before it gives up: 3, rmcp's default scope
/// upgrade limit (MCP authorization, "Scope Challenge Handling": clients
/// should bound their retries).
pub const MAX_STEP_UPS: u32 = 3;

/// How long an inline or `toolsh login` authorization waits for the
/// browser to come back to the loopback redirect: 5 minutes.
pub const LOGIN_TIMEOUT: Duration = Duration::from_mins(5);

/// Which OAuth grant toolsh uses with a server.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum OAuthGrant {
    /// The authorization code grant with PKCE: a person approves in a
    /// browser (`toolsh login NAME`, or inline when [`Consent`] allows).
    #[default]
    AuthorizationCode,
    /// The client-credentials grant (MCP extension SEP-1046) with a
    /// pre-registered `client_id` and `client_secret`: no person involved,
    /// for unattended hosts.
    ClientCredentials,
}

/// Per-server OAuth settings (the manifest's `[[mcp]] oauth = { ... }`);
/// every field is optional, and with none set toolsh discovers everything
/// from the server's 401 and registers itself dynamically.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct OAuthConfig {
    /// A client ID registered with the authorization server out of band
    /// (skips client ID metadata documents and dynamic registration).
    pub client_id: Option<String>,
    /// The secret of that client (confidential clients; required for
    /// [`OAuthGrant::ClientCredentials`]).
    pub client_secret: Option<String>,
    /// Which grant to use.
    pub grant: OAuthGrant,
    /// Scopes to request; empty means the specification's selection: the
    /// `scope` of the 401's `WWW-Authenticate`, else the protected
    /// resource's `scopes_supported`, else none.
    pub scopes: Vec<String>,
    /// The HTTPS URL of a client ID metadata document describing toolsh as
    /// deployed, used as the client ID when the authorization server
    /// advertises `client_id_metadata_document_supported`.
    pub client_metadata_url: Option<String>,
    /// The loopback port of the redirect URI
    /// (`http://127.0.0.1:PORT/callback`); `None` picks a free port (fine
    /// with dynamic registration; a pre-registered client usually needs
    /// the port it was registered with).
    pub redirect_port: Option<u16>,
}

impl std::fmt::Debug for OAuthConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OAuthConfig")
            .field("client_id", &self.client_id)
            .field(
                "client_secret",
                &self.client_secret.as_ref().map(|_| "<redacted>"),
            )
            .field("grant", &self.grant)
            .field("scopes", &self.scopes)
            .field("client_metadata_url", &self.client_metadata_url)
            .field("redirect_port", &self.redirect_port)
            .finish()
    }
}

/// Why an upstream could not be authorized. Messages name the server and
/// what to do; they never contain a token or a secret.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum OAuthError {
    /// The server wants a person to authorize toolsh and none may be asked
    /// now ([`Consent::Never`]).
    #[error("MCP server '{0}' needs authorization: run `toolsh login {0}`")]
    LoginRequired(String),
    /// The server answered 403 `insufficient_scope` and nobody may be
    /// asked now ([`Consent::Never`]): the scopes wanted are noted in the
    /// token cache, and the next `toolsh login` asks for them.
    #[error("MCP server '{0}' needs more scope ({1}): run `toolsh login {0}`")]
    ScopeRequired(String, String),
    /// The client-credentials grant needs a client ID and secret.
    #[error(
        "MCP server '{0}': the client_credentials grant needs oauth.client_id and oauth.client_secret"
    )]
    MissingClientCredentials(String),
    /// The token cache could not be read or written.
    #[error("OAuth token cache {path}: {error}")]
    Cache {
        /// The file or directory.
        path: String,
        /// What failed.
        error: String,
    },
    /// Discovery, registration, the authorization or the token exchange
    /// failed, in rmcp's words.
    #[error("MCP server '{name}': OAuth: {error}")]
    Flow {
        /// The server name.
        name: String,
        /// What failed.
        error: String,
    },
    /// Nobody came back to the loopback redirect in time.
    #[error("MCP server '{0}': no authorization arrived at the loopback redirect within {1:?}")]
    LoginTimeout(String, Duration),
    /// The server kept answering 403 `insufficient_scope` after
    /// [`MAX_STEP_UPS`] re-authorizations.
    #[error(
        "MCP server '{0}' still refuses the token's scope after {MAX_STEP_UPS} re-authorizations"
    )]
    StepUpLimit(String),
}

impl OAuthError {
    fn flow(name: &str, error: impl std::fmt::Display) -> Self {
        Self::Flow {
            name: name.to_string(),
            error: error.to_string(),
        }
    }
}
