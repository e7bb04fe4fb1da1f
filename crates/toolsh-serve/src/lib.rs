//! toolsh-serve: code mode as a production MCP service (`toolsh serve`).
//!
//! One configuration file ([`ServeConfig`], TOML, documented field by
//! field in docs/serve.md) describes where to listen, who may call
//! (static API keys stored as SHA-256 digests, or JWT bearer tokens of an
//! OAuth 2.1 issuer verified against its key set, with the audience this
//! server's canonical URL) and the tenants: a token's tenant claim (or an
//! API key) selects one, and each tenant has its own [`ScriptServer`] (its
//! manifest's tools and upstream MCP servers, its grants, mode and
//! limits), so no tenant sees another's tools, connections or outputs.
//! MCP is served as stateless streamable HTTP: every request stands alone,
//! so any replica behind a load balancer answers any request. Around it:
//! `/healthz`, `/readyz`, Prometheus `/metrics`, RFC 9728
//! protected-resource metadata, a bound on requests in flight with a
//! short queue (then 503 with `Retry-After`), a body limit, a drain on
//! SIGTERM, and per-tenant call rates and quotas counted in Redis when
//! configured (exact across replicas), in memory when not. With
//! `[telemetry]`, OpenTelemetry traces over OTLP: a `toolsh.execution`
//! span per call (a child of the W3C trace context in the request's
//! `_meta` or headers) with a `toolsh.tool_call` child per tool command,
//! and the context passed on to upstream servers ([`Telemetry`]).
//!
//! This crate depends on toolsh-mcp and toolsh-tools; the manifest
//! loading that builds each tenant's server stays in the CLI, which hands
//! the servers in ([`Server::new`]). With toolsh-mcp and the CLI it is one
//! of the crates that reach the network, and only as a server (plus the
//! issuer's key set it fetches).
//!
//! ```no_run
//! # async fn demo(set: toolsh_tools::ScriptingToolSet) -> Result<(), toolsh_serve::ServeError> {
//! let config = toolsh_serve::ServeConfig::from_toml(r#"
//!     [server]
//!     listen = "127.0.0.1:8080"
//!     [[tenant]]
//!     name = "default"
//! "#)?;
//! let tenants = [("default".to_string(), toolsh_mcp::ScriptServer::new(set))].into();
//! toolsh_serve::Server::new(config, tenants).await?.run().await
//! # }
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod auth;
mod config;
mod error;
mod jwks;
mod metrics;
mod quota;
mod service;
mod telemetry;
mod tenant;
mod url;

pub use auth::{Denied, Identity};
pub use config::{
    ApiKeyConfig, AuthSection, JwtConfig, RedisSection, ServeConfig, ServerSection,
    TelemetrySection, TenantConfig,
};
pub use error::{ServeError, ServeErrorKind};
pub use service::Server;
pub use telemetry::Telemetry;
pub use tenant::LIMIT_CODE;
pub use toolsh_mcp::ScriptServer;
pub use url::canonical as canonical_url;
