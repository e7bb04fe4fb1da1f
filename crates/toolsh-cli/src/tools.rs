//! Gathering the tools of a run: the demo shop, a manifest's tools and the
//! tools of upstream MCP servers, in one registry.

use std::path::Path;
use std::time::Duration;

use toolsh_mcp::{McpUpstream, UpstreamSpec};
use toolsh_tools::{ToolImpl, ToolRegistry};

use crate::backends::tool_from_entry;
use crate::cli::ToolSources;
use crate::manifest::Manifest;

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
            let e = s.get_ref();
            specs.push(UpstreamSpec {
                name: e.name.clone(),
                command: e.command.clone(),
                args: e.args.clone(),
                env: e.env.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
                call_timeout: e
                    .timeout_ms
                    .map(Duration::from_millis)
                    .or(flag_call_timeout),
            });
        }
    }
    for s in &sources.mcp {
        let mut spec = UpstreamSpec::parse(s)?;
        spec.call_timeout = flag_call_timeout;
        specs.push(spec);
    }
    let mut upstreams = Vec::new();
    for spec in &specs {
        match McpUpstream::spawn_within(spec, handshake).await {
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
