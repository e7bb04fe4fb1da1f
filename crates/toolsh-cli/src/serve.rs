//! `toolsh serve --config FILE`: code mode as a multi-tenant MCP service
//! (toolsh-serve). Each `[[tenant]]`'s tool set is loaded here, as
//! `toolsh mcp` loads one (manifest, demo tools, grants, mode, limits),
//! and handed to the server.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::cli::{AuthorityArgs, LimitArgs, ModeArg, ServeArgs, ToolSources};
use crate::run::{EXIT_USAGE, limits_for};
use crate::tools;

/// Approvals under `toolsh serve`: none can be asked (a stateless request
/// has no channel back to its client before it ends), so a call that
/// needs one is denied. The configuration refuses `mode = "auto"`, so only
/// a manifest's per-tool policy can reach this.
struct NoApprovals;

#[async_trait::async_trait]
impl toolsh_caps::ApprovalHandler for NoApprovals {
    async fn decide(&self, _: toolsh_caps::ApprovalRequest) -> toolsh_caps::ApprovalDecision {
        toolsh_caps::ApprovalDecision::Deny(
            "approvals cannot be asked by toolsh serve (stateless requests)".into(),
        )
    }
}

/// `toolsh serve`: exit 2 for a configuration problem (including a
/// non-loopback `listen` without `[auth]`), 1 when serving fails, 0 after
/// a drain on SIGTERM or SIGINT.
pub async fn serve(args: ServeArgs) -> i32 {
    let config = match toolsh_serve::ServeConfig::load(&args.config) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("toolsh: serve: {e}");
            crate::init_tracing_for_serve(None);
            return EXIT_USAGE;
        }
    };
    let telemetry = match config.telemetry.as_ref().map(toolsh_serve::Telemetry::new) {
        None => None,
        Some(Ok(t)) => Some(t),
        Some(Err(e)) => {
            crate::init_tracing_for_serve(None);
            eprintln!("toolsh: serve: {e}");
            return EXIT_USAGE;
        }
    };
    crate::init_tracing_for_serve(telemetry.as_ref());
    let code = serve_with(config).await;
    if let Some(t) = telemetry {
        t.shutdown();
    }
    code
}

async fn serve_with(config: toolsh_serve::ServeConfig) -> i32 {
    let mut servers = BTreeMap::new();
    let mut loaded_all = Vec::new();
    for t in &config.tenants {
        let sources = ToolSources {
            tools: config.manifest_path(t),
            demo_tools: t.demo_tools,
            ..ToolSources::default()
        };
        let limit_args = LimitArgs {
            timeout: t.timeout_seconds,
            ..LimitArgs::default()
        };
        let loaded = match tools::load_within(&sources, limit_args.timeout).await {
            Ok(l) => l,
            Err(e) => {
                eprintln!("toolsh: serve: tenant {:?}: {e}", t.name);
                shutdown(loaded_all).await;
                return EXIT_USAGE;
            }
        };
        let authority = AuthorityArgs {
            grants: t.grants.clone(),
            mode: t.mode.as_deref().map(|m| {
                if m == "read-only" {
                    ModeArg::ReadOnly
                } else {
                    ModeArg::Full
                }
            }),
        };
        let limits = limits_for(loaded.manifest.as_ref(), &limit_args);
        let set = crate::commands::tool_set(
            &loaded,
            &authority,
            limits,
            t.discovery,
            Arc::new(NoApprovals),
        );
        let set = match set {
            Ok(s) => s,
            Err(e) => {
                eprintln!("toolsh: serve: tenant {:?}: {e}", t.name);
                loaded.shutdown().await;
                shutdown(loaded_all).await;
                return EXIT_USAGE;
            }
        };
        let mut limits = toolsh_mcp::ServerLimits::default();
        limits.max_executions = t.max_executions.unwrap_or(config.server.max_in_flight);
        limits.max_queued = config.server.max_queued;
        servers.insert(
            t.name.clone(),
            toolsh_mcp::ScriptServer::new(set).with_limits(limits),
        );
        loaded_all.push(loaded);
    }
    let result = match toolsh_serve::Server::new(config, servers).await {
        Ok(server) => server.run().await,
        Err(e) => Err(e),
    };
    shutdown(loaded_all).await;
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("toolsh: serve: {e}");
            if e.is_config() { EXIT_USAGE } else { 1 }
        }
    }
}

async fn shutdown(loaded: Vec<tools::LoadedTools>) {
    for l in loaded {
        l.shutdown().await;
    }
}
