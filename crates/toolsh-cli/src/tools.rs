//! Gathering the tools of a run: the demo shop, a manifest's tools and the
//! tools of upstream MCP servers, in one registry.

use std::path::Path;
use std::time::Duration;

use toolsh_mcp::{McpUpstream, UpstreamOptions, UpstreamSpec};
use toolsh_tools::{ToolImpl, ToolRegistry};

use crate::backends::tool_from_entry;
use crate::cli::ToolSources;
use crate::manifest::{Manifest, McpEntry, interpolate_env};

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
    if let Some(m) = &manifest {
        for t in &m.tool {
            tools.push(tool_from_entry(m, t.get_ref()));
        }
        for s in &m.mcp {
            let mut spec = spec_of(s.get_ref());
            spec.call_timeout = spec.call_timeout.or(flag_call_timeout);
            specs.push(spec);
        }
    }
    for s in &sources.mcp {
        let mut spec = UpstreamSpec::parse(s)?;
        spec.call_timeout = flag_call_timeout;
        specs.push(spec);
    }
    let mut options = UpstreamOptions::with_handshake(handshake);
    options.tool_cache = tool_cache_dir();
    options.progress = Some(crate::progress::upstream_sink());
    let mut upstreams = Vec::new();
    for spec in &specs {
        match McpUpstream::open(spec, &options).await {
            Ok(u) => {
                tools.extend(u.tool_impls());
                upstreams.push(u);
            }
            Err(e) => {
                for u in upstreams {
                    u.shutdown().await;
                }
                return Err(e.to_string());
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
