//! The inspection subcommands (`check`, `fmt`, `catalog`, `prompt`) and
//! `mcp`.

use std::sync::Arc;

use toolsh_parser::{ParseError, ParseErrorKind};
use toolsh_tools::{DiscoveryMode, ScriptedTool, ScriptingToolSet, ToolRegistry};

use crate::cli::{CheckArgs, FmtArgs, McpArgs, ProfileArg, PromptArgs, ToolSources};
use crate::run::{EXIT_USAGE, limits_for};
use crate::{script_file, tools};

/// Approvals in `auto` mode under `toolsh mcp`: the MCP client that sent
/// the script is asked through elicitation; denied when it cannot be.
struct ElicitationApprover(toolsh_mcp::ClientApprovals);

#[async_trait::async_trait]
impl toolsh_caps::ApprovalHandler for ElicitationApprover {
    async fn decide(&self, request: toolsh_caps::ApprovalRequest) -> toolsh_caps::ApprovalDecision {
        let message = format!(
            "Allow the script to call {} (risk: {:?}) with {}?",
            request.tool, request.risk, request.params
        );
        match self.0.ask(request.execution, message).await {
            Ok(true) => toolsh_caps::ApprovalDecision::Approve,
            Ok(false) => toolsh_caps::ApprovalDecision::Deny("declined by the MCP client".into()),
            Err(reason) => toolsh_caps::ApprovalDecision::Deny(reason),
        }
    }
}

/// A parse error with the source line and a caret under the column:
///
/// ```text
/// script.sh:3:1: syntax error near unexpected token `fi'
///    3 | fi
///      | ^
/// ```
///
/// A line longer than [`EXCERPT_CHARS`] characters is cut to that many
/// around the column, with `...` marking each cut side, so an error in a
/// one-line script of megabytes stays one screen long.
pub fn render_parse_error(file: &str, src: &str, e: &ParseError) -> String {
    let line_no = e.line.max(1) as usize;
    let line = src.lines().nth(line_no - 1).unwrap_or("");
    let (excerpt, caret) = excerpt(line, e.column.max(1) as usize);
    let gutter = format!("{line_no:>4}");
    format!(
        "{file}:{}:{}: {}\n{gutter} | {excerpt}\n{} | {}^\n",
        e.line,
        e.column,
        e.message,
        " ".repeat(gutter.len()),
        " ".repeat(caret)
    )
}

/// The most characters of a source line that [`render_parse_error`] shows.
pub const EXCERPT_CHARS: usize = 120;

/// The part of `line` shown for 1-based character column `column`, and the
/// caret's 0-based offset in it.
fn excerpt(line: &str, column: usize) -> (String, usize) {
    let len = line.chars().count();
    let col = column.min(len + 1) - 1;
    if len <= EXCERPT_CHARS {
        return (line.to_string(), col);
    }
    let start = col
        .saturating_sub(EXCERPT_CHARS / 2)
        .min(len - EXCERPT_CHARS);
    let end = start + EXCERPT_CHARS;
    let body: String = line.chars().skip(start).take(EXCERPT_CHARS).collect();
    let (lead, caret) = if start > 0 {
        ("...", col - start + 3)
    } else {
        ("", col)
    };
    let tail = if end < len { "..." } else { "" };
    (format!("{lead}{body}{tail}"), caret)
}

/// `toolsh fmt`: print the script in canonical form, its comments
/// (the `#!` line first) kept in order at the nearest list-item boundary
/// (`toolsh_parser::print`); blank lines are not kept. Exit 2 on a syntax
/// error; a script over a parse limit of `toolsh run`'s defaults (source
/// bytes, nesting depth) is reported as `run` reports it
/// (`toolsh: source size limit exceeded (N)`, exit 124). A script file that cannot be read exits as for `toolsh run`
/// ([`script_file::read`]: 127 when missing, 126 when unusable).
pub fn fmt(args: &FmtArgs) -> i32 {
    let src = match script_file::read(&args.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}", e.message);
            return e.status;
        }
    };
    let limits = toolsh_interp::ExecutionLimits::default();
    match toolsh_parser::parse_with_limits(&src, &limits.parse_limits()) {
        Ok(script) => emit(&toolsh_parser::print(&script)),
        Err(e) if let Some(i) = toolsh_interp::limit_interrupt(&e, &limits) => {
            // As `run` reports it: a limit, not a syntax error.
            eprintln!("toolsh: {i}");
            i.exit_status()
        }
        Err(e) => {
            eprint!("{}", render_parse_error(&args.file, &src, &e));
            EXIT_USAGE
        }
    }
}

/// `toolsh check`: syntax first (exit 2 with a caret on error), then every
/// direct call of a known tool with literal flags is checked against the
/// tool's schema (exit 1 when any does not fit), else exit 0. A script
/// file that cannot be read exits as for `toolsh run` (127 when missing,
/// 126 when unusable); a manifest that cannot be loaded exits 2.
///
/// The script is parsed under exactly the limits `toolsh run` would run
/// it with ([`limits_for`] over the same manifest,
/// [`toolsh_interp::ExecutionLimits::parse_limits`]), so a script check
/// accepts never fails to parse in `run`.
pub async fn check(args: CheckArgs) -> i32 {
    let src = match script_file::read(&args.file) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}", e.message);
            return e.status;
        }
    };
    let loaded = match tools::load(&args.sources).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("toolsh: {e}");
            return EXIT_USAGE;
        }
    };
    let limits = limits_for(loaded.manifest.as_ref(), &crate::cli::LimitArgs::default());
    let script = match toolsh_parser::parse_with_limits(&src, &limits.parse_limits()) {
        Ok(s) => s,
        Err(e) if let Some(i) = toolsh_interp::limit_interrupt(&e, &limits) => {
            // As `run` stops: a limit, in run's words and status.
            eprintln!("toolsh: {i}");
            loaded.shutdown().await;
            return i.exit_status();
        }
        Err(e) => {
            eprint!("{}", render_parse_error(&args.file, &src, &e));
            if e.kind == ParseErrorKind::Incomplete {
                eprintln!("(the script ends inside a construct)");
            }
            loaded.shutdown().await;
            return EXIT_USAGE;
        }
    };
    let report = crate::check::report(&script, &loaded.registry);
    let written = emit(&report.text(&args.file));
    loaded.shutdown().await;
    if written != 0 {
        return written;
    }
    i32::from(report.problems > 0)
}

/// `toolsh catalog`: the capability catalog as JSON
/// ([`crate::authority::catalog_json`]: fingerprint, limits, descriptors in
/// name order). Exit 2 when the tools cannot be loaded or do not fit the
/// catalog.
pub async fn catalog(sources: &ToolSources) -> i32 {
    let loaded = match tools::load(sources).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("toolsh: {e}");
            return EXIT_USAGE;
        }
    };
    let written = match crate::authority::catalog_json(&loaded) {
        Ok(v) => emit(&(serde_json::to_string_pretty(&v).unwrap_or_default() + "\n")),
        Err(e) => {
            eprintln!("toolsh: {e}");
            EXIT_USAGE
        }
    };
    loaded.shutdown().await;
    written
}

fn scripted(
    registry: &ToolRegistry,
    compact: bool,
    limits: toolsh_interp::ExecutionLimits,
) -> ScriptedTool {
    ScriptedTool::from_registry("script", registry)
        .compact_prompt(compact)
        .limits(limits)
        .build()
        .unwrap_or_else(|e| unreachable!("a registry's tools are valid: {e}"))
}

/// `toolsh prompt`: the system prompt for an LLM whose scripts `toolsh run`
/// runs under `--profile` (default `sandbox`, as `run`'s).
pub async fn prompt(args: PromptArgs) -> i32 {
    let loaded = match tools::load(&args.sources).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("toolsh: {e}");
            return EXIT_USAGE;
        }
    };
    let tool = scripted(
        &loaded.registry,
        args.compact,
        toolsh_interp::ExecutionLimits::default(),
    );
    let profile = match args.profile {
        ProfileArg::Logic => toolsh_interp::Profile::LogicOnly,
        ProfileArg::Sandbox => toolsh_interp::Profile::Sandbox,
    };
    let written = emit(&tool.system_prompt_for(profile));
    loaded.shutdown().await;
    written
}

/// `toolsh mcp`: serve the tools as one `script` tool over stdio.
pub async fn mcp(args: McpArgs) -> i32 {
    let loaded = match tools::load_within(&args.sources, args.limits.timeout).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("toolsh: {e}");
            return EXIT_USAGE;
        }
    };
    let limits = limits_for(loaded.manifest.as_ref(), &args.limits);
    // Approvals in `auto` mode are asked of the MCP client that sent the
    // script.
    let approvals = toolsh_mcp::ClientApprovals::new();
    let approver = Arc::new(ElicitationApprover(approvals.clone()));
    let set = match tool_set(&loaded, &args.authority, limits, args.discovery, approver) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("toolsh: {e}");
            loaded.shutdown().await;
            return EXIT_USAGE;
        }
    };
    let mut server = toolsh_mcp::ScriptServer::new(set)
        .with_approvals(approvals)
        .with_limits(server_limits(&args.server));
    // Large results are spooled unless `--no-spool`: into `--spool-dir`,
    // else a private directory that lives as long as the server.
    let private_spool = match (&args.spool_dir, args.no_spool) {
        (None, false) => match private_spool_dir() {
            Ok(d) => Some(d),
            Err(e) => {
                eprintln!("toolsh: mcp: cannot create a spool directory: {e}");
                loaded.shutdown().await;
                return 1;
            }
        },
        _ => None,
    };
    let spool_dir = args
        .spool_dir
        .clone()
        .or_else(|| private_spool.as_ref().map(|d| d.path().to_path_buf()));
    if let Some(f) = crate::trajectory::finisher(spool_dir.as_ref(), args.trajectory.as_ref()) {
        server = server.with_finisher(f);
    }
    let result = match &args.http {
        Some(addr) => toolsh_mcp::serve_http_with(server, addr).await,
        None => toolsh_mcp::serve_stdio_with(server).await,
    };
    loaded.shutdown().await;
    drop(private_spool);
    match result {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("toolsh: mcp: {e}");
            // A bad or refused `--http` address is a usage error.
            if e.kind() == std::io::ErrorKind::InvalidInput {
                EXIT_USAGE
            } else {
                1
            }
        }
    }
}

/// A directory of `toolsh mcp`'s own for spooled results (under the
/// system's temporary directory, mode 0700, removed when dropped).
fn private_spool_dir() -> std::io::Result<tempfile::TempDir> {
    let mut b = tempfile::Builder::new();
    b.prefix("toolsh-spool-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        b.permissions(std::fs::Permissions::from_mode(0o700));
    }
    b.tempdir()
}

/// The served tool set of `loaded` under `limits`: under grants or a mode,
/// the capability catalog's registry behind a lease gate with
/// per-execution budgets, approvals in `auto` mode by `approver`.
///
/// # Errors
/// A malformed or unknown grant.
pub(crate) fn tool_set(
    loaded: &tools::LoadedTools,
    authority: &crate::cli::AuthorityArgs,
    limits: toolsh_interp::ExecutionLimits,
    discovery: bool,
    approver: Arc<dyn toolsh_caps::ApprovalHandler>,
) -> Result<ScriptingToolSet, String> {
    let gated = crate::authority::for_run(authority, loaded, &limits, approver, false).and_then(
        |authority| {
            let Some(a) = authority else { return Ok(None) };
            let gate = a.runtime.lease_gate(&a.lease).map_err(|e| e.to_string())?;
            let registry = a
                .runtime
                .registry_for_lease(&a.lease)
                .map_err(|e| e.to_string())?;
            Ok(Some(registry.with_gate(gate)))
        },
    )?;
    let tool = scripted(
        gated.as_ref().unwrap_or(&loaded.registry),
        discovery,
        limits,
    );
    let mode = if discovery {
        DiscoveryMode::WithDiscovery
    } else {
        DiscoveryMode::Exclusive
    };
    Ok(ScriptingToolSet::from_tool(tool, mode))
}

/// The server's bounds: the defaults, then the flags.
fn server_limits(a: &crate::cli::ServerArgs) -> toolsh_mcp::ServerLimits {
    let mut l = toolsh_mcp::ServerLimits::default();
    if let Some(n) = a.max_executions {
        l.max_executions = n;
        l.max_queued = n;
    }
    if let Some(n) = a.max_queued {
        l.max_queued = n;
    }
    if let Some(n) = a.max_memory {
        l.max_memory_bytes = n;
    }
    if let Some(n) = a.max_sessions {
        l.max_sessions = n;
    }
    if let Some(t) = a.session_idle {
        l.session_idle = std::time::Duration::from_secs_f64(t);
    }
    if !a.allow_origin.is_empty() {
        l.allowed_origins.clone_from(&a.allow_origin);
    }
    if let Some(t) = a.header_timeout {
        l.header_timeout = std::time::Duration::from_secs_f64(t);
    }
    l
}

/// Write a subcommand's output to stdout: 0, or after a write error a
/// message and status 1 as bash's builtins give (`write error: ...`);
/// 141 when the reader is gone (as if killed by SIGPIPE). `print!` would
/// panic instead (`toolsh fmt > /dev/full`).
pub fn emit(text: &str) -> i32 {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 141,
        Err(e) => {
            eprintln!("toolsh: write error: {e}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::excerpt;

    #[test]
    fn short_lines_are_shown_whole() {
        assert_eq!(excerpt("fi", 1), ("fi".to_string(), 0));
        assert_eq!(excerpt("echo )", 6), ("echo )".to_string(), 5));
    }

    #[test]
    fn long_lines_are_cut_around_the_column() {
        let line = format!("echo {} )", "a".repeat(1_000_000));
        let column = line.chars().count();
        let (shown, caret) = excerpt(&line, column);
        assert!(shown.starts_with("...a"), "{}", &shown[..10]);
        assert!(shown.ends_with(" )"));
        assert_eq!(shown.chars().count(), 3 + super::EXCERPT_CHARS);
        assert_eq!(shown.chars().nth(caret), Some(')'));
        // At the start: no leading cut, the caret where it was.
        let (shown, caret) = excerpt(&line, 1);
        assert!(shown.starts_with("echo ") && shown.ends_with("..."));
        assert_eq!(caret, 0);
        // In the middle: cut on both sides, the caret on its character.
        let line = format!("{}X{}", "a".repeat(500), "b".repeat(500));
        let (shown, caret) = excerpt(&line, 501);
        assert!(shown.starts_with("...") && shown.ends_with("..."));
        assert_eq!(shown.chars().nth(caret), Some('X'));
    }
}
