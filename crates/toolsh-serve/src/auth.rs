//! Who is calling: a static API key (compared by SHA-256 digest) or a JWT
//! bearer token (MCP specification, authorization: toolsh is an OAuth 2.1
//! resource server) verified against the issuer's key set, with `iss`,
//! `exp`, `nbf`, `aud` (this server's canonical URL, RFC 8707) and the
//! required scopes checked; the token's tenant claim selects the tenant.
//! Refusals follow RFC 6750 section 3: 401 with `WWW-Authenticate: Bearer`
//! and `resource_metadata` (RFC 9728 section 5.1), 403
//! `insufficient_scope`.

use std::collections::HashMap;
use std::time::Duration;

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use jsonwebtoken::{Algorithm, Validation};
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

use crate::config::{AuthSection, ServeConfig};
use crate::jwks::Jwks;

/// The algorithms accepted: asymmetric signatures only (a resource server
/// holds no shared secret with the issuer).
const ALGORITHMS: &[Algorithm] = &[
    Algorithm::RS256,
    Algorithm::RS384,
    Algorithm::RS512,
    Algorithm::PS256,
    Algorithm::PS384,
    Algorithm::PS512,
    Algorithm::ES256,
    Algorithm::ES384,
    Algorithm::EdDSA,
];

/// The caller, once authenticated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// The tenant selected.
    pub tenant: String,
    /// How: `api-key` or `jwt`.
    pub method: &'static str,
}

/// Why a request was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Denied {
    /// No `Authorization: Bearer` header.
    Missing,
    /// The token is not a known key and not a valid JWT (the reason).
    InvalidToken(String),
    /// The token lacks these required scopes.
    InsufficientScope(Vec<String>),
    /// The token's tenant claim selects no tenant (its value).
    UnknownTenant(String),
}

/// Checks requests' credentials.
pub(crate) struct Authenticator {
    /// SHA-256 digest (lower-case hex) → tenant.
    api_keys: HashMap<String, String>,
    jwt: Option<JwtCheck>,
    tenant_claim: String,
    required_scopes: Vec<String>,
    /// Claim value → tenant name.
    selectors: HashMap<String, String>,
    /// The URL of the protected-resource metadata.
    metadata_url: String,
}

struct JwtCheck {
    jwks: Jwks,
    issuer: String,
    audience: String,
    leeway: u64,
}

impl Authenticator {
    /// The authenticator of `auth` in `config`.
    pub(crate) fn new(
        config: &ServeConfig,
        auth: &AuthSection,
        metadata_url: String,
    ) -> Result<Self, String> {
        let jwt = match &auth.jwt {
            None => None,
            Some(j) => Some(JwtCheck {
                jwks: Jwks::new(
                    j.jwks_url.clone(),
                    Duration::from_secs(j.jwks_max_age_seconds),
                    Duration::from_secs(j.jwks_min_refresh_seconds),
                )?,
                issuer: j.issuer.clone(),
                audience: crate::url::canonical(
                    j.audience.as_deref().unwrap_or(&config.public_url()),
                )?,
                leeway: j.leeway_seconds,
            }),
        };
        let mut selectors = HashMap::new();
        for t in &config.tenants {
            for v in std::iter::once(&t.name).chain(&t.claim_values) {
                selectors.insert(v.clone(), t.name.clone());
            }
        }
        Ok(Self {
            api_keys: auth
                .api_keys
                .iter()
                .map(|k| (k.sha256.to_ascii_lowercase(), k.tenant.clone()))
                .collect(),
            jwt,
            tenant_claim: auth.tenant_claim.clone(),
            required_scopes: auth.required_scopes.clone(),
            selectors,
            metadata_url,
        })
    }

    /// The identity of a request with `headers`.
    pub(crate) async fn check(&self, headers: &HeaderMap) -> Result<Identity, Denied> {
        let token = headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| {
                let (scheme, token) = v.split_once(' ')?;
                scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
            })
            .filter(|t| !t.is_empty())
            .ok_or(Denied::Missing)?;
        let digest = hex(&Sha256::digest(token.as_bytes()));
        if let Some(tenant) = self.api_keys.get(&digest) {
            return Ok(Identity {
                tenant: tenant.clone(),
                method: "api-key",
            });
        }
        let Some(jwt) = &self.jwt else {
            return Err(Denied::InvalidToken("unknown API key".into()));
        };
        let claims = jwt.verify(token).await.map_err(Denied::InvalidToken)?;
        let scopes = scopes_of(&claims);
        let missing: Vec<String> = self
            .required_scopes
            .iter()
            .filter(|s| !scopes.contains(s))
            .cloned()
            .collect();
        if !missing.is_empty() {
            return Err(Denied::InsufficientScope(missing));
        }
        let value = match claims.get(&self.tenant_claim) {
            Some(Value::String(s)) => s.clone(),
            Some(v @ Value::Number(_)) => v.to_string(),
            _ => {
                return Err(Denied::InvalidToken(format!(
                    "the token has no {:?} claim",
                    self.tenant_claim
                )));
            }
        };
        match self.selectors.get(&value) {
            Some(t) => Ok(Identity {
                tenant: t.clone(),
                method: "jwt",
            }),
            None => Err(Denied::UnknownTenant(value)),
        }
    }

    /// The refusal's HTTP response (RFC 6750 section 3, RFC 9728 section
    /// 5.1). The reason is told to the client but never echoes the token.
    pub(crate) fn refusal(&self, denied: &Denied) -> Response {
        let meta = &self.metadata_url;
        let (status, challenge, body) = match denied {
            Denied::Missing => (
                StatusCode::UNAUTHORIZED,
                format!("Bearer resource_metadata=\"{meta}\""),
                "authentication required: send Authorization: Bearer <token>".to_string(),
            ),
            Denied::InvalidToken(why) => (
                StatusCode::UNAUTHORIZED,
                format!(
                    "Bearer error=\"invalid_token\", error_description=\"{}\", resource_metadata=\"{meta}\"",
                    quoted(why)
                ),
                format!("invalid token: {why}"),
            ),
            Denied::InsufficientScope(missing) => (
                StatusCode::FORBIDDEN,
                format!(
                    "Bearer error=\"insufficient_scope\", scope=\"{}\", resource_metadata=\"{meta}\"",
                    self.required_scopes.join(" ")
                ),
                format!("insufficient scope: the token lacks {}", missing.join(" ")),
            ),
            Denied::UnknownTenant(v) => (
                StatusCode::FORBIDDEN,
                format!("Bearer error=\"insufficient_scope\", resource_metadata=\"{meta}\""),
                format!("no tenant profile for {} {v:?}", self.tenant_claim),
            ),
        };
        let mut r = (status, body).into_response();
        if let Ok(v) = HeaderValue::from_str(&challenge) {
            r.headers_mut().insert(header::WWW_AUTHENTICATE, v);
        }
        r
    }

    /// The scopes the metadata lists.
    pub(crate) fn scopes(&self) -> &[String] {
        &self.required_scopes
    }

    /// The issuer, for the metadata's `authorization_servers`.
    pub(crate) fn issuer(&self) -> Option<&str> {
        self.jwt.as_ref().map(|j| j.issuer.as_str())
    }
}

impl JwtCheck {
    /// The claims of a valid token.
    async fn verify(&self, token: &str) -> Result<Map<String, Value>, String> {
        let head = jsonwebtoken::decode_header(token).map_err(|e| format!("malformed: {e}"))?;
        if !ALGORITHMS.contains(&head.alg) {
            return Err(format!("algorithm {:?} is not accepted", head.alg));
        }
        let key = self.jwks.key(head.kid.as_deref()).await?;
        if key.alg.is_some_and(|a| a != head.alg) {
            return Err(format!(
                "the key is for {:?}, the token is signed {:?}",
                key.alg, head.alg
            ));
        }
        let mut v = Validation::new(head.alg);
        v.leeway = self.leeway;
        v.validate_nbf = true;
        v.set_audience(&[&self.audience]);
        v.set_issuer(&[&self.issuer]);
        v.set_required_spec_claims(&["exp", "aud", "iss"]);
        jsonwebtoken::decode::<Map<String, Value>>(token, &key.decoding, &v)
            .map(|d| d.claims)
            .map_err(|e| match e.kind() {
                jsonwebtoken::errors::ErrorKind::ExpiredSignature => "the token has expired".into(),
                jsonwebtoken::errors::ErrorKind::ImmatureSignature => {
                    "the token is not valid yet (nbf)".into()
                }
                jsonwebtoken::errors::ErrorKind::InvalidAudience => {
                    format!("the token's audience is not {}", self.audience)
                }
                jsonwebtoken::errors::ErrorKind::InvalidIssuer => {
                    "the token's issuer is not accepted".into()
                }
                jsonwebtoken::errors::ErrorKind::InvalidSignature => {
                    "the signature does not verify".into()
                }
                other => format!("{other:?}"),
            })
    }
}

/// The token's scopes: its `scope` (space-separated, RFC 8693 section
/// 4.2) or `scp` (an array, as some issuers send).
fn scopes_of(claims: &Map<String, Value>) -> Vec<String> {
    let mut out: Vec<String> = claims
        .get("scope")
        .and_then(Value::as_str)
        .map(|s| s.split_whitespace().map(str::to_string).collect())
        .unwrap_or_default();
    if let Some(Value::Array(a)) = claims.get("scp") {
        out.extend(a.iter().filter_map(Value::as_str).map(str::to_string));
    }
    out
}

/// Lower-case hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// `s` fit for a quoted-string of a header (RFC 9110 section 5.6.4): no
/// quotes, backslashes or control characters.
fn quoted(s: &str) -> String {
    s.chars()
        .map(|c| {
            if c == '"' || c == '\\' || c.is_control() {
                '\''
            } else {
                c
            }
        })
        .collect()
}
