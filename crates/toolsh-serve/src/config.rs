//! The configuration file (TOML), field by field in docs/serve.md.

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::error::{ServeError, ServeErrorKind};

/// The whole file: `[server]`, optional `[auth]`, one `[[tenant]]` or more.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct ServeConfig {
    /// Where and how to listen.
    pub server: ServerSection,
    /// Who may call; absent: nobody is asked (loopback only).
    #[serde(default)]
    pub auth: Option<AuthSection>,
    /// Where call limits are counted across replicas; absent: in memory.
    #[serde(default)]
    pub redis: Option<RedisSection>,
    /// Where traces go (OpenTelemetry over OTLP/HTTP); absent: no traces.
    #[serde(default)]
    pub telemetry: Option<TelemetrySection>,
    /// The tenant profiles (`[[tenant]]`).
    #[serde(rename = "tenant")]
    pub tenants: Vec<TenantConfig>,
    /// The directory relative paths (tenants' manifests) are taken from:
    /// the configuration file's.
    #[serde(skip)]
    pub base_dir: PathBuf,
}

/// `[server]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct ServerSection {
    /// `IP:PORT` to bind; a non-loopback address needs `[auth]`.
    pub listen: String,
    /// This server's canonical URL (RFC 8707 section 2; the audience a
    /// token must name), e.g. `https://mcp.example.com/mcp`. Its path is
    /// where MCP is served. Default `http://<listen>/mcp`.
    #[serde(default)]
    pub public_url: Option<String>,
    /// `Host` header values accepted besides the public URL's host and the
    /// loopback names (DNS rebinding protection).
    #[serde(default)]
    pub allowed_hosts: Vec<String>,
    /// Browser origins allowed in an `Origin` header (default: the loopback
    /// origins); any other gets 403.
    #[serde(default)]
    pub allowed_origins: Option<Vec<String>>,
    /// MCP requests handled at once, across tenants. Default 64.
    #[serde(default = "default_in_flight")]
    pub max_in_flight: usize,
    /// Requests that may wait for a slot; one more gets 503. Default 64.
    #[serde(default = "default_in_flight")]
    pub max_queued: usize,
    /// How long a queued request waits before 503, in milliseconds.
    /// Default 2000.
    #[serde(default = "default_queue_wait_ms")]
    pub queue_wait_ms: u64,
    /// The largest request body, in bytes; a larger one gets 413. Default
    /// 1 MiB.
    #[serde(default = "default_body_bytes")]
    pub max_body_bytes: usize,
    /// On SIGTERM: seconds in-flight requests have to finish before the
    /// process exits anyway. Default 20.
    #[serde(default = "default_drain_seconds")]
    pub drain_seconds: u64,
    /// The tenant of requests when `[auth]` is absent. Default: the only
    /// tenant (an error when there are several).
    #[serde(default)]
    pub default_tenant: Option<String>,
}

/// `[auth]`: static API keys and/or JWT bearer tokens.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct AuthSection {
    /// The JWT claim whose value selects the tenant. Default `sub`.
    #[serde(default = "default_tenant_claim")]
    pub tenant_claim: String,
    /// Scopes every token must carry (its `scope` string or `scp` array);
    /// one missing gets 403 `insufficient_scope`. Default none.
    #[serde(default)]
    pub required_scopes: Vec<String>,
    /// Static API keys, stored as SHA-256 digests.
    #[serde(default)]
    pub api_keys: Vec<ApiKeyConfig>,
    /// An OAuth 2.1 authorization server whose JWTs are accepted.
    #[serde(default)]
    pub jwt: Option<JwtConfig>,
}

/// `[redis]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct RedisSection {
    /// `redis://[user:password@]host:port[/db]`.
    pub url: String,
    /// The prefix of every key. Default `toolsh`.
    #[serde(default = "default_prefix")]
    pub key_prefix: String,
}

/// `[telemetry]`: OpenTelemetry traces exported over OTLP/HTTP
/// (protobuf), docs/serve.md "Traces".
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct TelemetrySection {
    /// The collector's OTLP/HTTP traces URL, used as given, e.g.
    /// `http://127.0.0.1:4318/v1/traces`.
    pub otlp_endpoint: String,
    /// The `service.name` resource attribute. Default `toolsh`.
    #[serde(default = "default_service_name")]
    pub service_name: String,
    /// The share of new traces recorded, 0.0 to 1.0 (by trace id); a
    /// request whose trace context says sampled or not is followed.
    /// Default 1.0.
    #[serde(default = "default_sample_ratio")]
    pub sample_ratio: f64,
    /// How long one export request may take, in milliseconds. Default
    /// 10000.
    #[serde(default = "default_export_timeout_ms")]
    pub export_timeout_ms: u64,
}

fn default_service_name() -> String {
    "toolsh".into()
}
fn default_sample_ratio() -> f64 {
    1.0
}
fn default_export_timeout_ms() -> u64 {
    10_000
}

fn default_prefix() -> String {
    "toolsh".into()
}

/// `[[auth.api_keys]]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct ApiKeyConfig {
    /// The tenant this key acts as.
    pub tenant: String,
    /// The key's SHA-256 digest, 64 hex digits
    /// (`printf %s "$KEY" | sha256sum`).
    pub sha256: String,
}

/// `[auth.jwt]`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct JwtConfig {
    /// The `iss` a token must carry (also listed as the authorization
    /// server in the protected-resource metadata).
    pub issuer: String,
    /// Where the issuer's JSON Web Key Set is fetched (RFC 7517).
    pub jwks_url: String,
    /// The `aud` a token must carry. Default: `[server] public_url`,
    /// canonical (RFC 8707).
    #[serde(default)]
    pub audience: Option<String>,
    /// Accepted clock skew for `exp` and `nbf`, in seconds. Default 30.
    #[serde(default = "default_leeway")]
    pub leeway_seconds: u64,
    /// The key set is fetched again after this many seconds. Default 3600.
    #[serde(default = "default_jwks_max_age")]
    pub jwks_max_age_seconds: u64,
    /// A token with a `kid` the set lacks fetches the set again, at most
    /// once per this many seconds. Default 30.
    #[serde(default = "default_jwks_min_refresh")]
    pub jwks_min_refresh_seconds: u64,
}

/// `[[tenant]]`: one tenant's profile.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
#[non_exhaustive]
pub struct TenantConfig {
    /// The tenant's name, also the tenant-claim value that selects it.
    pub name: String,
    /// More tenant-claim values that select it.
    #[serde(default)]
    pub claim_values: Vec<String>,
    /// Its tool manifest (the `toolsh run --tools` TOML: tools, `[[mcp]]`
    /// upstream servers, grants, mode, limits), relative to this file.
    #[serde(default)]
    pub manifest: Option<PathBuf>,
    /// Also the bundled demo tools (`shop.*`).
    #[serde(default)]
    pub demo_tools: bool,
    /// Granted tools, `NAME` or `NAME:COUNT` per execution (as `--grant`;
    /// replaces the manifest's grants).
    #[serde(default)]
    pub grants: Vec<String>,
    /// Permission mode: `read-only` or `full` (`auto` needs approvals,
    /// which stateless serving cannot ask for yet).
    #[serde(default)]
    pub mode: Option<String>,
    /// Serve `script_discover` too.
    #[serde(default)]
    pub discovery: bool,
    /// This tenant's scripts running at once. Default: the server's
    /// `max_in_flight`.
    #[serde(default)]
    pub max_executions: Option<usize>,
    /// One execution's wall-clock limit, in seconds (as `--timeout`).
    #[serde(default)]
    pub timeout_seconds: Option<f64>,
    /// Executions admitted per minute (a fixed window from its first
    /// call), across replicas with `[redis]`.
    #[serde(default)]
    pub calls_per_minute: Option<u64>,
    /// Executions admitted per day (a fixed window of 86,400 s from its
    /// first call), across replicas with `[redis]`.
    #[serde(default)]
    pub calls_per_day: Option<u64>,
}

fn default_in_flight() -> usize {
    64
}
fn default_queue_wait_ms() -> u64 {
    2000
}
fn default_body_bytes() -> usize {
    1 << 20
}
fn default_drain_seconds() -> u64 {
    20
}
fn default_tenant_claim() -> String {
    "sub".into()
}
fn default_leeway() -> u64 {
    30
}
fn default_jwks_max_age() -> u64 {
    3600
}
fn default_jwks_min_refresh() -> u64 {
    30
}

/// Upper bounds on the numbers of the file, so none sizes an allocation
/// or a wait without limit.
const MAX_COUNT: usize = 1 << 20;
const MAX_SECONDS: u64 = 86_400;

/// The most bytes [`ServeConfig::load`] reads from a config file (4 MiB,
/// as for a manifest).
pub const MAX_CONFIG_BYTES: usize = 4 * 1024 * 1024;

impl ServeConfig {
    /// Read and check the file at `path` (at most [`MAX_CONFIG_BYTES`]).
    ///
    /// # Errors
    /// [`ServeErrorKind::Read`] when it cannot be read,
    /// [`ServeErrorKind::Config`] when it is not valid (see
    /// [`ServeConfig::from_toml`]).
    pub fn load(path: &Path) -> Result<Self, ServeError> {
        use std::io::Read as _;
        let read_error = |error: String| ServeError {
            kind: ServeErrorKind::Read {
                path: path.display().to_string(),
                error,
            },
        };
        // At most one byte past the bound is read, so an endless source
        // (`/dev/zero`, a FIFO written forever) fails there.
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_CONFIG_BYTES as u64 + 1).read_to_end(&mut bytes))
            .map_err(|e| read_error(e.to_string()))?;
        if bytes.len() > MAX_CONFIG_BYTES {
            return Err(read_error(format!(
                "config size limit exceeded ({MAX_CONFIG_BYTES} bytes)"
            )));
        }
        let text =
            String::from_utf8(bytes).map_err(|_| read_error("not valid UTF-8 text".into()))?;
        let mut config = Self::from_toml(&text)
            .map_err(|e| ServeError::config(format!("{}: {e}", path.display())))?;
        config.base_dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
        Ok(config)
    }

    /// Parse and check a configuration.
    ///
    /// # Errors
    /// [`ServeErrorKind::Config`]: bad TOML or an unknown field; an
    /// unparsable `listen`; a `public_url` that is not `http(s)://`; no
    /// tenant, or a name or claim value used twice; an API key's digest
    /// that is not 64 hex digits or names an unknown tenant; a bound out of
    /// range; no `default_tenant` among several tenants without `[auth]`;
    /// a non-loopback `listen` without `[auth]`.
    pub fn from_toml(text: &str) -> Result<Self, ServeError> {
        let config: Self = toml::from_str(text).map_err(|e| ServeError::config(e.to_string()))?;
        config.check()?;
        Ok(config)
    }

    fn check(&self) -> Result<(), ServeError> {
        let s = &self.server;
        let addr = self.listen_addr()?;
        crate::url::canonical(&self.public_url())
            .map_err(|e| ServeError::config(format!("[server] public_url: {e}")))?;
        for (name, n) in [
            ("max_in_flight", s.max_in_flight),
            ("max_queued", s.max_queued),
            ("max_body_bytes", s.max_body_bytes),
        ] {
            if n > MAX_COUNT.max(64 << 20) || (n == 0 && name != "max_queued") {
                return Err(ServeError::config(format!(
                    "[server] {name} = {n}: must be from 1 to {}",
                    MAX_COUNT.max(64 << 20)
                )));
            }
        }
        if s.queue_wait_ms > MAX_SECONDS * 1000 || s.drain_seconds > MAX_SECONDS {
            return Err(ServeError::config(
                "[server] queue_wait_ms and drain_seconds must be at most a day",
            ));
        }
        if let Some(t) = &self.telemetry {
            let scheme_ok =
                t.otlp_endpoint.starts_with("http://") || t.otlp_endpoint.starts_with("https://");
            if !scheme_ok || t.otlp_endpoint.parse::<http::Uri>().is_err() {
                return Err(ServeError::config(format!(
                    "[telemetry] otlp_endpoint = {:?}: expected an http:// or https:// URL",
                    t.otlp_endpoint
                )));
            }
            if !(0.0..=1.0).contains(&t.sample_ratio) {
                return Err(ServeError::config(
                    "[telemetry] sample_ratio must be from 0.0 to 1.0",
                ));
            }
            if t.service_name.is_empty() || t.service_name.len() > 255 {
                return Err(ServeError::config(
                    "[telemetry] service_name must be 1 to 255 bytes",
                ));
            }
            if t.export_timeout_ms == 0 || t.export_timeout_ms > MAX_SECONDS * 1000 {
                return Err(ServeError::config(
                    "[telemetry] export_timeout_ms must be from 1 to 86400000",
                ));
            }
        }
        if self.tenants.is_empty() {
            return Err(ServeError::config("no [[tenant]]: at least one is needed"));
        }
        let mut selectors = BTreeSet::new();
        for t in &self.tenants {
            for v in std::iter::once(&t.name).chain(&t.claim_values) {
                if !selectors.insert(v.as_str()) {
                    return Err(ServeError::config(format!(
                        "tenant claim value {v:?} selects two tenants"
                    )));
                }
            }
            if let Some(m) = &t.mode
                && !matches!(m.as_str(), "read-only" | "full")
            {
                return Err(ServeError::config(format!(
                    "[[tenant]] {}: mode {m:?}: expected \"read-only\" or \"full\" (\"auto\" asks for approvals, which toolsh serve cannot do yet)",
                    t.name
                )));
            }
            if t.max_executions.is_some_and(|n| n == 0 || n > MAX_COUNT) {
                return Err(ServeError::config(format!(
                    "[[tenant]] {}: max_executions must be from 1 to {MAX_COUNT}",
                    t.name
                )));
            }
            if t.timeout_seconds
                .is_some_and(|x| !x.is_finite() || x <= 0.0 || x > MAX_SECONDS as f64)
            {
                return Err(ServeError::config(format!(
                    "[[tenant]] {}: timeout_seconds must be more than 0 and at most {MAX_SECONDS}",
                    t.name
                )));
            }
        }
        match &self.auth {
            None => {
                if !addr.ip().is_loopback() {
                    return Err(ServeError::config(format!(
                        "[server] listen = {:?} is not a loopback address and [auth] is absent: \
                         refusing to serve code mode to a network without authentication",
                        s.listen
                    )));
                }
                self.default_tenant()?;
            }
            Some(a) => {
                if a.api_keys.is_empty() && a.jwt.is_none() {
                    return Err(ServeError::config(
                        "[auth] has neither api_keys nor [auth.jwt]",
                    ));
                }
                for k in &a.api_keys {
                    if k.sha256.len() != 64 || !k.sha256.bytes().all(|b| b.is_ascii_hexdigit()) {
                        return Err(ServeError::config(format!(
                            "[[auth.api_keys]] of tenant {:?}: sha256 must be 64 hex digits",
                            k.tenant
                        )));
                    }
                    if !self.tenants.iter().any(|t| t.name == k.tenant) {
                        return Err(ServeError::config(format!(
                            "[[auth.api_keys]]: no [[tenant]] named {:?}",
                            k.tenant
                        )));
                    }
                }
                if let Some(j) = &a.jwt {
                    crate::url::canonical(&j.jwks_url)
                        .map_err(|e| ServeError::config(format!("[auth.jwt] jwks_url: {e}")))?;
                    if j.leeway_seconds > MAX_SECONDS
                        || j.jwks_max_age_seconds > MAX_SECONDS
                        || j.jwks_min_refresh_seconds > MAX_SECONDS
                    {
                        return Err(ServeError::config(
                            "[auth.jwt] seconds must be at most a day",
                        ));
                    }
                }
            }
        }
        Ok(())
    }

    /// The address to bind.
    ///
    /// # Errors
    /// `listen` is not `IP:PORT`.
    pub fn listen_addr(&self) -> Result<SocketAddr, ServeError> {
        self.server.listen.parse().map_err(|e| {
            ServeError::config(format!(
                "[server] listen = {:?}: {e} (expected IP:PORT)",
                self.server.listen
            ))
        })
    }

    /// The public URL as configured, or `http://<listen>/mcp`.
    pub fn public_url(&self) -> String {
        self.server
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{}/mcp", self.server.listen))
    }

    /// The tenant of unauthenticated requests: `default_tenant`, or the
    /// only tenant.
    ///
    /// # Errors
    /// `default_tenant` names no tenant, or is absent among several.
    pub fn default_tenant(&self) -> Result<&TenantConfig, ServeError> {
        match &self.server.default_tenant {
            Some(n) => {
                self.tenants.iter().find(|t| &t.name == n).ok_or_else(|| {
                    ServeError::config(format!("default_tenant {n:?}: no such tenant"))
                })
            }
            None if self.tenants.len() == 1 => Ok(&self.tenants[0]),
            None => Err(ServeError::config(
                "several tenants and no [auth]: set [server] default_tenant",
            )),
        }
    }

    /// A tenant's manifest path, resolved against the file's directory.
    pub fn manifest_path(&self, tenant: &TenantConfig) -> Option<PathBuf> {
        tenant.manifest.as_ref().map(|m| self.base_dir.join(m))
    }
}
