//! toolsh-cli: the `toolsh` binary's logic.
//!
//! `toolsh run` runs a bash script whose commands include tools from a
//! manifest, from upstream MCP servers or the bundled demo shop; `check`,
//! `fmt`, `catalog` and `prompt` inspect without running; `repl` is an
//! interactive session; `mcp` serves code mode to any MCP client; `serve`
//! serves it as a multi-tenant service; `login` authorizes toolsh with an
//! OAuth-protected upstream server; `replay` re-runs what `run
//! --trajectory` recorded; `workflow run|resume` runs a workflow file step
//! by step under per-step grants. This crate
//! sits on top of every layer; it and toolsh-mcp are the only crates that
//! touch processes, terminals and the network (on the host side, for tool
//! backends and MCP; never from inside the sandbox).

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod authority;
mod backends;
mod check;
mod cli;
mod commands;
mod login;
mod manifest;
mod oauth;
mod output;
mod progress;
mod repl;
mod run;
mod script_file;
mod serve;
mod tools;
mod trajectory;
mod workflow;

use std::process::ExitCode;

use clap::Parser;

use crate::cli::{Cli, Command};

/// Parse the command line, run the subcommand and return its exit status.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // `toolsh serve` sets up its own logging once its configuration says
    // whether traces are exported (serve::serve).
    if !matches!(cli.command, Command::Serve(_)) {
        init_tracing();
    }
    // Before any execution: a panic contained in one script (or one MCP
    // request) is logged through tracing, never printed as a backtrace.
    toolsh_interp::contain::install_quiet_panic_hook();
    // Scripts run on threads of their own (toolsh_tools::isolate), but
    // serializing a large result (10 MiB of stdout is 30 MB of JSON and
    // SSE, seconds in a debug build) happens on the workers: more workers
    // than cores keep one slow response from holding up every client.
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores.saturating_mul(2).max(8))
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("toolsh: cannot start the async runtime: {e}");
            return ExitCode::from(1);
        }
    };
    let code = runtime.block_on(async move {
        match cli.command {
            Command::Run(a) => until_terminated(run::run(a)).await,
            Command::Check(a) => until_terminated(commands::check(a)).await,
            Command::Catalog(s) => until_terminated(commands::catalog(&s)).await,
            Command::Prompt(a) => until_terminated(commands::prompt(a)).await,
            Command::Fmt(a) => commands::fmt(&a),
            // The line editor reads Ctrl-C itself.
            Command::Repl(a) => repl::repl(a).await,
            Command::Mcp(a) => until_terminated(commands::mcp(a)).await,
            Command::Login(a) => until_terminated(login::login(a)).await,
            Command::Replay(a) => until_terminated(trajectory::replay(a)).await,
            Command::Workflow(a) => until_terminated(workflow::workflow(a)).await,
            // Drains on SIGTERM itself.
            Command::Serve(a) => serve::serve(a).await,
        }
    });
    // Upstream servers and tool backends are children of this process: do
    // not wait for stray tasks once the command is done.
    runtime.shutdown_timeout(std::time::Duration::from_millis(200));
    // A signal cancelled the running script; its thread ends once its
    // runtime (and the tool processes it started) is dropped.
    toolsh_tools::isolate::wait_for_executions(std::time::Duration::from_secs(2));
    ExitCode::from(u8::try_from(code.rem_euclid(256)).unwrap_or(1))
}

/// Runs `command` until it ends or the process gets SIGTERM, SIGINT or
/// SIGHUP; on a signal, returns 128 + its number (as a shell reports a
/// command killed by it) without finishing `command`.
///
/// Without this the default action ended the process on the spot, so no
/// destructor ran and an `exec` tool's child process or an MCP upstream
/// server outlived toolsh. Returning lets `main` shut the runtime down,
/// which drops every task, and with them their children
/// (`kill_on_drop`). A signal that cannot be watched is left to its
/// default action.
async fn until_terminated(command: impl std::future::Future<Output = i32>) -> i32 {
    use tokio::signal::unix::{SignalKind, signal};
    let watch = |kind: SignalKind| signal(kind).ok();
    let (mut term, mut int, mut hup) = (
        watch(SignalKind::terminate()),
        watch(SignalKind::interrupt()),
        watch(SignalKind::hangup()),
    );
    let next = |s: &mut Option<tokio::signal::unix::Signal>| {
        let s = s.take();
        async move {
            match s {
                Some(mut s) => {
                    s.recv().await;
                }
                None => std::future::pending::<()>().await,
            }
        }
    };
    // The signals are watched on a worker: `command` may block this
    // thread in a host read (a script typed into `toolsh run -`), and
    // then nothing else here is polled until the read ends.
    let (tx, rx) = tokio::sync::oneshot::channel();
    let watcher = tokio::spawn(async move {
        let code = tokio::select! {
            () = next(&mut term) => 128 + 15,
            () = next(&mut int) => 128 + 2,
            () = next(&mut hup) => 128 + 1,
        };
        if IN_BLOCKING_READ.load(std::sync::atomic::Ordering::SeqCst) {
            // Nothing has started that a destructor must stop.
            std::process::exit(code);
        }
        let _ = tx.send(code);
    });
    let code = tokio::select! {
        code = command => code,
        Ok(code) = rx => code,
    };
    watcher.abort();
    code
}

/// Set while [`in_blocking_read`] runs.
static IN_BLOCKING_READ: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Run `read`, a blocking read of a host file or of stdin that comes
/// before anything runs (the script, a manifest, a workflow): a signal
/// that arrives meanwhile ends the process with 128 + its number instead
/// of waiting for the read, which no task can cancel.
pub(crate) fn in_blocking_read<T>(read: impl FnOnce() -> T) -> T {
    use std::sync::atomic::Ordering::SeqCst;
    let was = IN_BLOCKING_READ.swap(true, SeqCst);
    let out = read();
    IN_BLOCKING_READ.store(was, SeqCst);
    out
}

/// Logs to stderr, filtered by `RUST_LOG` (default: errors only). A run's
/// stderr is the script's: raw tool errors (logged at warn) and upstream
/// servers' logs (debug) show only when the operator asks for them, e.g.
/// `RUST_LOG=toolsh_tools=warn`. rmcp's own log is off by default: its
/// errors (a sink that failed to close while a run ends) are either
/// reported by toolsh's own message for the call or say nothing a user can
/// act on; `RUST_LOG=rmcp=debug` shows them.
fn init_tracing() {
    let filter = log_filter();
    // Colours only on a terminal: a log redirected to a file or read by a
    // program gets plain text.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .try_init();
}

/// The log filter: `RUST_LOG`, else errors only and nothing of rmcp.
fn log_filter() -> tracing_subscriber::EnvFilter {
    tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("error,rmcp=off"))
}

/// [`init_tracing`]'s log, plus the OpenTelemetry layer of `toolsh serve`
/// when `[telemetry]` is configured. The log filter is the log's own, so
/// `RUST_LOG` does not decide which spans are exported.
pub(crate) fn init_tracing_for_serve(telemetry: Option<&toolsh_serve::Telemetry>) {
    use tracing_subscriber::Layer as _;
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;
    let Some(telemetry) = telemetry else {
        return init_tracing();
    };
    let log = tracing_subscriber::fmt::layer()
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .with_filter(log_filter());
    let _ = tracing_subscriber::registry()
        .with(log)
        .with(telemetry.layer())
        .try_init();
}
