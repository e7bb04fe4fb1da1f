//! Gathering the tools of a run: the demo shop, a manifest's tools and the
//! tools of upstream MCP servers, in one registry.

use std::path::Path;
use std::time::Duration;

use toolsh_mcp::auth::{Consent, OAuthConfig, OAuthHttpClient, TokenCache};
use toolsh_mcp::{ElicitationPolicy, McpUpstream, UpstreamOptions, UpstreamSpec};
use toolsh_tools::{ToolImpl, ToolRegistry};

use crate::backends::tool_from_entry;
use crate::cli::ToolSources;
use crate::manifest::{Manifest, McpEntry, interpolate_env};
use crate::oauth::OAuthEntry;

/// The tools of a run, and the upstream servers to shut down afterwards.
pub struct LoadedTools {
    /// Every tool.
    pub registry: ToolRegistry,
    /// The same tools, as registered (for the capability catalog).
    pub tools: Vec<ToolImpl>,
    /// Running upstream MCP servers.
    pub upstreams: Vec<McpUpstream>,
    /// The manifest, when one was given.
    pub manifest: Option<Manifest>,
}

impl LoadedTools {
    /// Stop every upstream server.
    pub async fn shutdown(self) {
        for u in self.upstreams {
            u.shutdown().await;
        }
    }
}

/// [`load_within`] with no `--timeout`.
pub async fn load(sources: &ToolSources) -> Result<LoadedTools, String> {
    load_within(sources, None).await
}

/// Load every source; errors are messages for stderr (exit status 2).
/// Each upstream MCP server's handshake is bounded by `timeout` (the
/// run's `--timeout`, in seconds), else by the manifest's
/// `[limits] timeout_ms`, else by the default script timeout (30 s).
pub async fn load_within(
    sources: &ToolSources,
    timeout: Option<f64>,
) -> Result<LoadedTools, String> {
    let mut tools: Vec<ToolImpl> = Vec::new();
    if sources.demo_tools {
        tools.extend(toolsh_tools::demo::shop_tools());
    }
    let manifest = match &sources.tools {
        Some(p) => Some(Manifest::load(Path::new(p)).map_err(|e| e.to_string())?),
        None => None,
    };
    let flag_call_timeout = sources.mcp_timeout.map(Duration::from_secs_f64);
    let handshake = crate::run::limits_for(
        manifest.as_ref(),
        &crate::cli::LimitArgs {
            timeout,
            ..crate::cli::LimitArgs::default()
        },
    )
    .timeout
    .unwrap_or(Duration::from_secs(30));
    let mut specs: Vec<UpstreamSpec> = Vec::new();
    // The OAuth settings of each spec, in the same order (`None`: no
    // `oauth` table, discovery and dynamic registration only).
    let mut oauth: Vec<Option<OAuthConfig>> = Vec::new();
    // And how each answers `elicitation/create`.
    let mut elicitation: Vec<ElicitationPolicy> = Vec::new();
    if let Some(m) = &manifest {
        for t in &m.tool {
            tools.push(tool_from_entry(m, t.get_ref()));
        }
        for s in &m.mcp {
            let mut spec = spec_of(s.get_ref());
            spec.call_timeout = spec.call_timeout.or(flag_call_timeout);
            specs.push(spec);
            oauth.push(s.get_ref().oauth.as_ref().map(OAuthEntry::config));
            elicitation.push(match s.get_ref().elicitation.as_deref() {
                Some("defaults") => ElicitationPolicy::Defaults,
                _ => ElicitationPolicy::Decline,
            });
        }
    }
    for s in &sources.mcp {
        let mut spec = UpstreamSpec::parse(s)?;
        spec.call_timeout = flag_call_timeout;
        specs.push(spec);
        oauth.push(None);
        elicitation.push(ElicitationPolicy::Decline);
    }
    if let Some(dup) = duplicate_name(&specs) {
        return Err(format!(
            "MCP server name '{dup}' is given more than once (each [[mcp]] entry and --mcp needs its own name)"
        ));
    }
    let mut options = UpstreamOptions::with_handshake(handshake);
    options.tool_cache = tool_cache_dir();
    options.progress = Some(crate::progress::upstream_sink());
    let mut upstreams = Vec::new();
    for ((spec, config), policy) in specs.iter().zip(oauth).zip(elicitation) {
        options.elicitation = policy;
        match open_upstream(spec, config, &options).await {
            Ok(u) => {
                tools.extend(u.tool_impls());
                upstreams.push(u);
            }
            Err(e) => {
                for u in upstreams {
                    u.shutdown().await;
                }
                return Err(e);
            }
        }
    }
    let mut registry = ToolRegistry::new();
    let mut registered = Vec::with_capacity(tools.len());
    for t in tools {
        let name = t.def.name.clone();
        if let Err(e) = registry.register(t.clone()) {
            // An upstream tool with an unusable schema is skipped with a
            // warning; a bad manifest or demo tool is an error.
            if name.contains('.')
                && specs
                    .iter()
                    .any(|s| name.starts_with(&format!("{}.", s.name)))
            {
                tracing::warn!(tool = %name, error = %e, "skipping upstream tool");
                eprintln!("toolsh: warning: skipping tool {name}: {e}");
                continue;
            }
            for u in upstreams {
                u.shutdown().await;
            }
            return Err(e.to_string());
        }
        registered.push(t);
    }
    Ok(LoadedTools {
        registry,
        tools: registered,
        upstreams,
        manifest,
    })
}

/// The first server name that two upstreams share: their tools would
/// collide command by command.
fn duplicate_name(specs: &[UpstreamSpec]) -> Option<&str> {
    let mut seen = std::collections::HashSet::new();
    specs
        .iter()
        .map(|s| s.name.as_str())
        .find(|n| !seen.insert(*n))
}

/// Open one upstream. Every HTTP upstream goes through an
/// [`OAuthHttpClient`] with the user's token cache: OAuth is reactive, so
/// a server that never answers 401 sees plain requests (plus a cached
/// token, if `toolsh login` ever stored one for it). Nobody may be asked
/// to approve while tools load or a script runs ([`Consent::Never`]): a
/// server that wants a person fails with "run `toolsh login NAME`". With
/// no cache directory (neither `XDG_CACHE_HOME` nor `HOME`) an entry
/// without an `oauth` table is opened without OAuth; one with it fails.
async fn open_upstream(
    spec: &UpstreamSpec,
    config: Option<OAuthConfig>,
    options: &UpstreamOptions,
) -> Result<McpUpstream, String> {
    let toolsh_mcp::UpstreamTransport::Http { url, .. } = &spec.transport else {
        return McpUpstream::open(spec, options)
            .await
            .map_err(|e| e.to_string());
    };
    let cache = match TokenCache::user_default() {
        Ok(c) => c,
        Err(e) if config.is_some() => return Err(e.to_string()),
        Err(_) => {
            return McpUpstream::open(spec, options)
                .await
                .map_err(|e| e.to_string());
        }
    };
    let client = OAuthHttpClient::new(
        &spec.name,
        url,
        config.unwrap_or_default(),
        &cache,
        Consent::Never,
    )
    .await
    .map_err(|e| e.to_string())?;
    McpUpstream::open_with_client(spec, client, options)
        .await
        .map_err(|e| e.to_string())
}

/// The upstream an `[[mcp]]` entry describes, `${VAR}` references in its
/// URL and header values replaced (the manifest loader checked they are
/// set).
fn spec_of(e: &McpEntry) -> UpstreamSpec {
    let mut spec = match (&e.command, &e.url) {
        (_, Some(url)) => UpstreamSpec::http(
            e.name.clone(),
            interpolate_env(url),
            e.headers
                .iter()
                .map(|(k, v)| (k.clone(), interpolate_env(v)))
                .collect(),
        ),
        (command, None) => {
            let mut spec = UpstreamSpec::stdio(
                e.name.clone(),
                command.clone().unwrap_or_default(),
                e.args.clone(),
            );
            if let toolsh_mcp::UpstreamTransport::Stdio { env, .. } = &mut spec.transport {
                *env = e.env.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
            }
            spec
        }
    };
    spec.call_timeout = e.timeout_ms.map(Duration::from_millis);
    spec.max_concurrent_calls = e.max_concurrent_calls;
    spec
}

/// Where upstream tool lists are cached: `$XDG_CACHE_HOME/toolsh/mcp-tools`,
/// else `$HOME/.cache/toolsh/mcp-tools`; none without either variable.
fn tool_cache_dir() -> Option<std::path::PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(std::path::PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| std::path::PathBuf::from(h).join(".cache"))
        })?;
    Some(base.join("toolsh").join("mcp-tools"))
}
