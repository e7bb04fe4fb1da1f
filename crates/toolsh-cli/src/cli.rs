//! Command-line arguments (clap).

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

/// Run bash scripts that orchestrate tools in a sandbox.
#[derive(Debug, Parser)]
#[command(name = "toolsh", version, about, long_about = None)]
pub struct Cli {
    /// The command.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run a script: its stdout, stderr and exit status are toolsh's.
    Run(RunArgs),
    /// Check a script without running it: syntax, tool calls, flags.
    Check(CheckArgs),
    /// Print the tool catalog as JSON descriptors.
    Catalog(ToolSources),
    /// Print the system prompt an LLM should get.
    Prompt(PromptArgs),
    /// Print a script in canonical form (comments kept).
    Fmt(FmtArgs),
    /// An interactive shell over the tools.
    Repl(ReplArgs),
    /// Serve code mode over MCP (stdio, or streamable HTTP on loopback).
    Mcp(McpArgs),
    /// Authorize toolsh with an OAuth-protected upstream MCP server and
    /// save its tokens for later runs.
    Login(LoginArgs),
    /// Re-run the runs a `run --trajectory FILE` recorded against the same
    /// tools and report where results diverge (exit 1 if any does).
    Replay(ReplayArgs),
    /// Run a workflow file step by step, each step under its own grants,
    /// or resume one from its checkpoint.
    Workflow(WorkflowArgs),
    /// Serve code mode as a multi-tenant, authenticated, stateless MCP
    /// service (streamable HTTP), configured by one TOML file.
    Serve(ServeArgs),
}

/// `toolsh workflow`.
#[derive(Debug, Args)]
pub struct WorkflowArgs {
    /// Run or resume.
    #[command(subcommand)]
    pub command: WorkflowCommand,
}

/// `toolsh workflow run|resume`.
#[derive(Debug, Subcommand)]
pub enum WorkflowCommand {
    /// Run every step of a workflow file; at a failed step, write a
    /// checkpoint and exit with its status.
    Run {
        /// Where the checkpoint goes (default `<WORKFLOW>.checkpoint.json`).
        #[arg(long, value_name = "FILE")]
        checkpoint: Option<PathBuf>,
        /// The workflow, tools and key.
        #[command(flatten)]
        common: WorkflowSources,
    },
    /// Run only the steps a checkpoint names as not yet run (the failed
    /// one first), under fresh leases from the workflow file's grants.
    Resume {
        /// The checkpoint `workflow run` wrote.
        #[arg(value_name = "CHECKPOINT")]
        checkpoint: PathBuf,
        /// The workflow, tools and key.
        #[command(flatten)]
        common: WorkflowSources,
    },
}

/// What both workflow commands take.
#[derive(Debug, Args, Clone)]
pub struct WorkflowSources {
    /// The workflow file (TOML): `[[step]]` tables with `id`, `script` and
    /// `grants = ["NAME", "NAME:COUNT", ...]`.
    #[arg(long, value_name = "FILE")]
    pub workflow: PathBuf,
    /// The checkpoint attestation key (64 hex digits; created when
    /// missing). Keep it where the scripts' agent cannot read it.
    #[arg(long, value_name = "FILE")]
    pub key_file: PathBuf,
    /// Tool sources.
    #[command(flatten)]
    pub sources: ToolSources,
    /// The permission mode (default: the manifest's `mode`, else full).
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
}

/// `toolsh replay`.
#[derive(Debug, Args)]
pub struct ReplayArgs {
    /// The trajectory file (JSON lines).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Tool sources (those the recorded runs had).
    #[command(flatten)]
    pub sources: ToolSources,
    /// Limits.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Grants and the permission mode (gates stay active on replay).
    #[command(flatten)]
    pub authority: AuthorityArgs,
}

/// `toolsh serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The configuration file (TOML; docs/serve.md).
    #[arg(long, value_name = "FILE")]
    pub config: PathBuf,
}

/// `toolsh login`.
#[derive(Debug, Args)]
pub struct LoginArgs {
    /// The server's name: its `[[mcp]]` entry in the manifest.
    #[arg(value_name = "NAME")]
    pub name: String,
    /// The manifest holding the `[[mcp]]` entry (its `url` and `oauth`).
    #[arg(long, visible_alias = "tools", value_name = "FILE")]
    pub manifest: Option<PathBuf>,
    /// The server's URL instead of a manifest entry (no `oauth` settings:
    /// discovery and dynamic registration).
    #[arg(long, value_name = "URL", conflicts_with = "manifest")]
    pub url: Option<String>,
    /// Only print the authorization URL; do not start `$BROWSER` or
    /// `xdg-open`.
    #[arg(long)]
    pub no_browser: bool,
}

/// Where tools come from.
#[derive(Debug, Args, Clone, Default)]
pub struct ToolSources {
    /// A tool manifest (TOML).
    #[arg(long, value_name = "FILE")]
    pub tools: Option<PathBuf>,
    /// An upstream MCP server whose tools become `NAME.<tool>` commands
    /// (repeatable), e.g. `--mcp memory='npx -y @modelcontextprotocol/server-memory'`
    /// (a child process over stdio, in a process group of its own, killed
    /// as a whole when toolsh ends) or `--mcp docs=https://host/mcp`
    /// (streamable HTTP, falling back to HTTP+SSE). Its handshake must
    /// finish within `--timeout`; with a cached tool list it starts on the
    /// first call.
    #[arg(long, value_name = "NAME=COMMAND|URL")]
    pub mcp: Vec<String>,
    /// How long one call of an upstream MCP server's tool may wait for its
    /// answer, in seconds (default 60; the script's remaining time bounds
    /// it too). A manifest's `[[mcp]] timeout_ms` takes precedence.
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout, allow_negative_numbers = true)]
    pub mcp_timeout: Option<f64>,
    /// The bundled demo shop tools (in-process, no setup).
    #[arg(long)]
    pub demo_tools: bool,
}

/// The sandbox profile.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum, Default)]
pub enum ProfileArg {
    /// No file system at all.
    Logic,
    /// An empty in-memory file system.
    #[default]
    Sandbox,
}

/// The permission mode (`--mode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ModeArg {
    /// Only tools whose risk is `read`; others are hidden and denied.
    ReadOnly,
    /// `read` tools run; any other call asks for approval (on the terminal
    /// for `run`, of the MCP client for `mcp`) and is denied when nobody
    /// can answer.
    Auto,
    /// Every granted call runs.
    Full,
}

/// Grants and the permission mode. Either one puts every call under a
/// capability lease (see `toolsh_caps`).
#[derive(Debug, Args, Clone, Default)]
pub struct AuthorityArgs {
    /// Grant a tool, optionally with a call count per run (repeatable);
    /// with any grant, tools not granted are denied.
    #[arg(long = "grant", value_name = "NAME[:COUNT]")]
    pub grants: Vec<String>,
    /// The permission mode (default: the manifest's `mode`, else full).
    #[arg(long, value_enum)]
    pub mode: Option<ModeArg>,
}

/// Limits settable on the command line. Each takes a value starting with
/// `-` as its value (`allow_negative_numbers`), so `--timeout -1` is an
/// invalid value of `--timeout` (usage error, exit 2) rather than an
/// unexpected argument.
#[derive(Debug, Args, Clone, Default)]
pub struct LimitArgs {
    /// Wall-clock limit in seconds (fractions allowed; more than 0, at
    /// most 1e9).
    #[arg(
        long,
        value_name = "SECONDS",
        value_parser = parse_timeout,
        allow_negative_numbers = true
    )]
    pub timeout: Option<f64>,
    /// Most commands executed.
    #[arg(long, value_name = "N", value_parser = parse_count::<u64>, allow_negative_numbers = true)]
    pub max_commands: Option<u64>,
    /// Most bytes of stdout.
    #[arg(long, value_name = "BYTES", value_parser = parse_count::<usize>, allow_negative_numbers = true)]
    pub max_output: Option<usize>,
    /// Most iterations of one loop.
    #[arg(long, value_name = "N", value_parser = parse_count::<u64>, allow_negative_numbers = true)]
    pub max_loop_iterations: Option<u64>,
}

/// `toolsh run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The script to run inline. As with `bash -c SCRIPT NAME ARGS...`,
    /// the first operand after it is `$0` and the rest are `$1`, `$2`, ...
    #[arg(short = 'c', value_name = "SCRIPT")]
    pub command: Option<String>,
    /// The script file, or `-` for stdin (with `-c`: the value of `$0`).
    #[arg(value_name = "FILE")]
    pub file: Option<String>,
    /// Positional parameters ($1, $2, ...).
    #[arg(
        value_name = "ARGS",
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    pub args: Vec<String>,
    /// Tool sources.
    #[command(flatten)]
    pub sources: ToolSources,
    /// The sandbox profile.
    #[arg(long, value_enum, default_value_t)]
    pub profile: ProfileArg,
    /// Limits.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Grants and the permission mode.
    #[command(flatten)]
    pub authority: AuthorityArgs,
    /// Print the tool-call trace to stderr as JSON lines.
    #[arg(long)]
    pub trace: bool,
    /// Write the capability audit log to FILE when the run ends, one JSON
    /// object per tool reservation: `seq`, `execution`, `label` (the tool,
    /// or a digest label for a name that is not a valid tool name),
    /// `outcome` (`granted`, `denied`, `contract_error`, `limit`) with its
    /// `reason`, bytes in and out, `duration_ms`, `exit_code`. Puts the
    /// run under a capability lease (every tool granted unless `--grant`
    /// or the manifest's `[grants]` say otherwise).
    #[arg(long, value_name = "FILE")]
    pub audit: Option<PathBuf>,
    /// Append the run to the trajectory FILE (JSON lines, the executor
    /// layer's format): the script, its result as an agent gets it (stdout,
    /// then `[stderr]` and stderr, then `[exit status N]`), the lease and
    /// audit entries under a lease. `toolsh replay FILE` re-runs it.
    #[arg(long, value_name = "FILE")]
    pub trajectory: Option<PathBuf>,
    /// Spool a stdout of 16 KiB or more into DIR
    /// (`DIR/.toolsh/tool_outputs/<id>.txt`): toolsh prints its first
    /// 2,000 and last 500 characters and the spool id, and the scripts of
    /// runs with the same `--spool-dir` read the rest with
    /// `read_tool_output ID [OFFSET [LENGTH]]` (characters). The script's
    /// stdout is then held until it ends instead of streamed.
    #[arg(long, value_name = "DIR")]
    pub spool_dir: Option<PathBuf>,
}

/// `toolsh check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The script file (`-` for stdin).
    pub file: String,
    /// Tool sources (to check calls and flags against their schemas).
    #[command(flatten)]
    pub sources: ToolSources,
}

/// `toolsh prompt`.
#[derive(Debug, Args)]
pub struct PromptArgs {
    /// Tool sources.
    #[command(flatten)]
    pub sources: ToolSources,
    /// One line per tool, without schemas.
    #[arg(long)]
    pub compact: bool,
    /// The sandbox profile the prompt describes: that of the `toolsh run`
    /// the scripts will go to (the same default).
    #[arg(long, value_enum, default_value_t)]
    pub profile: ProfileArg,
}

/// `toolsh fmt`.
#[derive(Debug, Args)]
pub struct FmtArgs {
    /// The script file (`-` for stdin).
    pub file: String,
}

/// `toolsh repl`.
#[derive(Debug, Args)]
pub struct ReplArgs {
    /// Tool sources.
    #[command(flatten)]
    pub sources: ToolSources,
    /// The sandbox profile.
    #[arg(long, value_enum, default_value_t)]
    pub profile: ProfileArg,
}

/// `toolsh mcp`.
#[derive(Debug, Args)]
pub struct McpArgs {
    /// Tool sources.
    #[command(flatten)]
    pub sources: ToolSources,
    /// Also serve `script_discover` and keep the script tool's description
    /// compact.
    #[arg(long)]
    pub discovery: bool,
    /// Serve streamable HTTP on this loopback address instead of stdio.
    #[arg(long, value_name = "ADDR")]
    pub http: Option<String>,
    /// Grants and the permission mode.
    #[command(flatten)]
    pub authority: AuthorityArgs,
    /// Limits.
    #[command(flatten)]
    pub limits: LimitArgs,
    /// Bounds of the server across requests.
    #[command(flatten)]
    pub server: ServerArgs,
    /// Spool script results of 16 KiB or more into DIR
    /// (`DIR/.toolsh/tool_outputs/<id>.txt`, kept after the server ends):
    /// the client gets the first 2,000 and last 500 characters and the
    /// spool id, and the server also serves `read_tool_output` to read the
    /// rest. Without it results are spooled the same way into a private
    /// temporary directory (mode 0700) removed when the server ends.
    #[arg(long, value_name = "DIR", conflicts_with = "no_spool")]
    pub spool_dir: Option<PathBuf>,
    /// Return every script result whole, however large (no spooling, no
    /// `read_tool_output`).
    #[arg(long)]
    pub no_spool: bool,
    /// Append every script call to the trajectory FILE (JSON lines, the
    /// executor layer's format, the whole result even when spooled).
    #[arg(long, value_name = "FILE")]
    pub trajectory: Option<PathBuf>,
}

/// `toolsh mcp`'s bounds across requests (`toolsh_mcp::ServerLimits`).
#[derive(Debug, Args, Clone, Default)]
pub struct ServerArgs {
    /// Scripts executing at once (default: twice the number of cores).
    #[arg(long, value_name = "N", value_parser = parse_at_least_one, allow_negative_numbers = true)]
    pub max_executions: Option<usize>,
    /// Calls that may wait for a free execution slot, each up to 5 s
    /// (default: as many as --max-executions); one more gets a JSON-RPC
    /// error -32000 (stdio) or HTTP 503 with Retry-After.
    #[arg(long, value_name = "N", value_parser = parse_count::<usize>, allow_negative_numbers = true)]
    pub max_queued: Option<usize>,
    /// Memory all running scripts may hold together, in bytes (default
    /// 2 GiB): fewer run at once when that many per-script budgets (the
    /// script's memory limit, the manifest's `[limits] max_memory_bytes`,
    /// default 256 MiB, plus its 32 MiB stack) do not fit.
    #[arg(long, value_name = "BYTES", value_parser = parse_count::<u64>, allow_negative_numbers = true)]
    pub max_memory: Option<u64>,
    /// Open streamable HTTP sessions (default 256); an `initialize` past it
    /// gets HTTP 503.
    #[arg(long, value_name = "N", value_parser = parse_at_least_one, allow_negative_numbers = true)]
    pub max_sessions: Option<usize>,
    /// Seconds after which an HTTP session without requests is closed
    /// (default 300).
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout, allow_negative_numbers = true)]
    pub session_idle: Option<f64>,
    /// A browser origin allowed in the `Origin` header over HTTP
    /// (repeatable; `scheme://host[:port]`, `:*` for any port). Default:
    /// the loopback origins; a request with any other gets HTTP 403.
    #[arg(long, value_name = "ORIGIN")]
    pub allow_origin: Vec<String>,
    /// Seconds an HTTP connection has to send a request's headers (and
    /// may stay idle between requests) before it is closed (default 10).
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout, allow_negative_numbers = true)]
    pub header_timeout: Option<f64>,
}

/// A count of at least 1 (`--max-executions`, `--max-sessions`).
fn parse_at_least_one(s: &str) -> Result<usize, String> {
    match parse_count::<usize>(s)? {
        0 => Err(format!("`{s}`: the limit must be at least 1")),
        n => Ok(n),
    }
}

/// `--timeout`: a positive, finite number of seconds up to 1e9 (a usage
/// error otherwise, instead of a panic converting `1e99` to a duration or
/// `nan` silently meaning no limit).
fn parse_timeout(s: &str) -> Result<f64, String> {
    let t: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !t.is_finite() || t <= 0.0 || t > 1e9 {
        return Err(format!(
            "`{s}`: the timeout must be more than 0 and at most 1e9 seconds"
        ));
    }
    Ok(t)
}

/// A count limit (`--max-commands`, `--max-output`, ...): a whole number,
/// 0 or more, that fits `T` (a usage error naming the rule otherwise, for
/// `-5` as for `many`).
fn parse_count<T: std::str::FromStr>(s: &str) -> Result<T, String> {
    let t = s.trim();
    if t.starts_with('-') && t.len() > 1 {
        return Err(format!("`{s}` is negative: the limit must be 0 or more"));
    }
    t.parse()
        .map_err(|_| format!("`{s}` is not a whole number from 0 to 2^64-1"))
}
