//! `toolsh run`: a script over the tools, in the sandbox.

use std::io::{IsTerminal, Read, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

use toolsh_executor::spool::DEFAULT_SPOOL_THRESHOLD;
use toolsh_executor::{ReadToolOutput, SpoolTarget, Spooler};
use toolsh_interp::fs::MemoryFs;
use toolsh_interp::{ExecutionLimits, OutputSink, Profile, Shell, ShellBuilder};
use toolsh_parser::{ParseError, ParseErrorKind};
use toolsh_tools::{ToolCallRequest, ToolRegistry, commands_for};

use crate::cli::{LimitArgs, ProfileArg, RunArgs};
use crate::commands::render_parse_error;
use crate::manifest::Manifest;
use crate::output::{HostOutput, STDOUT_GONE_STATUS, Stream};
use crate::progress::Spinner;
use crate::script_file::{self, ScriptFileError};
use crate::trajectory::{Capture, Recording, record};
use crate::{authority, tools};

/// Exit status for a usage error of toolsh itself (bad options, a manifest
/// that cannot be read or is malformed), as bash uses 2 for usage errors.
/// A script file that cannot be run has bash's statuses instead (see
/// [`crate::script_file`]).
pub const EXIT_USAGE: i32 = 2;

/// Limits: defaults, then the manifest's `[limits]`, then the flags.
pub fn limits_for(manifest: Option<&Manifest>, flags: &LimitArgs) -> ExecutionLimits {
    let mut l = ExecutionLimits::default();
    if let Some(m) = manifest {
        let ml = &m.limits;
        if let Some(ms) = ml.timeout_ms {
            l.timeout = Some(Duration::from_millis(ms));
        }
        if let Some(n) = ml.max_commands {
            l.max_commands = n;
        }
        if let Some(n) = ml.max_output_bytes {
            l.max_stdout_bytes = n;
        }
        if let Some(n) = ml.max_loop_iterations {
            l.max_loop_iterations = n;
        }
        if let Some(n) = ml.max_function_depth {
            l.max_function_depth = n;
        }
        if let Some(n) = ml.max_memory_bytes {
            l.max_memory_bytes = n;
        }
    }
    if let Some(t) = flags.timeout
        && t.is_finite()
        && t > 0.0
    {
        l.timeout = Some(Duration::from_secs_f64(t));
    }
    if let Some(n) = flags.max_commands {
        l.max_commands = n;
    }
    if let Some(n) = flags.max_output {
        l.max_stdout_bytes = n;
    }
    if let Some(n) = flags.max_loop_iterations {
        l.max_loop_iterations = n;
    }
    l
}

/// A shell builder for the profile: `sandbox` gets an empty in-memory file
/// system with `/home/user` as the working directory and `HOME`.
pub fn shell_builder(profile: ProfileArg, limits: ExecutionLimits) -> ShellBuilder {
    let b = Shell::builder()
        .utilities(toolsh_utils::standard())
        .limits(limits)
        .clock(SystemTime::now);
    match profile {
        ProfileArg::Logic => b.profile(Profile::LogicOnly),
        ProfileArg::Sandbox => {
            let fs = MemoryFs::new();
            b.profile(Profile::Sandbox)
                .fs(Arc::new(fs))
                .cwd("/tmp")
                .env("HOME", "/tmp")
        }
    }
}

/// Add the tool commands of `registry` to a shell builder.
pub fn with_tools(
    mut b: ShellBuilder,
    registry: &Arc<ToolRegistry>,
    request: &Arc<ToolCallRequest>,
) -> ShellBuilder {
    for c in commands_for(registry, request) {
        b = b.utility(c);
    }
    b.command_not_found(Arc::new(toolsh_tools::UnknownCommand::for_execution(
        registry, request,
    )))
}

/// Read the script: `-c`, a file, or stdin (see [`script_file::read`]
/// for the statuses of a file that cannot be run). Returns the script,
/// `$0`, and whether stdin was read. With `-c`, `$0` is the first operand
/// after the script (the `FILE` slot), as `bash -c SCRIPT NAME` sets it,
/// else `toolsh`.
fn script_source(args: &RunArgs) -> Result<(String, String, bool), ScriptFileError> {
    if let Some(c) = &args.command {
        let arg0 = args.file.clone().unwrap_or_else(|| "toolsh".to_string());
        return Ok((c.clone(), arg0, false));
    }
    match args.file.as_deref() {
        None | Some("-") => Ok((script_file::read("-")?, "toolsh".to_string(), true)),
        Some(f) => Ok((script_file::read(f)?, f.to_string(), false)),
    }
}

/// How parse errors name the script: its path, `-c` or `-` (stdin).
fn source_label(args: &RunArgs) -> String {
    match (&args.command, args.file.as_deref()) {
        (Some(_), _) => "-c".to_string(),
        (None, None | Some("-")) => "-".to_string(),
        (None, Some(f)) => f.to_string(),
    }
}

/// The syntax error the interpreter will report for `src`: the same
/// parser under the same limits. Limit errors are left to the interpreter
/// (they are reported as limits, with their own status).
fn syntax_error(src: &str, limits: &ExecutionLimits) -> Option<ParseError> {
    toolsh_parser::parse_with_limits(src, &limits.parse_limits())
        .err()
        .filter(|e| e.kind != ParseErrorKind::LimitExceeded)
}

/// Run; returns the exit status.
pub async fn run(args: RunArgs) -> i32 {
    let (script, arg0, stdin_used) = match script_source(&args) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{}", e.message);
            return e.status;
        }
    };
    if let Err(e) = open_record_files(&args) {
        eprintln!("toolsh: {e}");
        return EXIT_USAGE;
    }
    let loaded = match tools::load_within(&args.sources, args.limits.timeout).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("toolsh: {e}");
            return EXIT_USAGE;
        }
    };
    let limits = limits_for(loaded.manifest.as_ref(), &args.limits);
    let syntax = syntax_error(&script, &limits);
    let approver = Arc::new(authority::TerminalApprover::new());
    let authority = match authority::for_run(
        &args.authority,
        &loaded,
        &limits,
        approver.clone(),
        args.audit.is_some(),
    ) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("toolsh: {e}");
            loaded.shutdown().await;
            return EXIT_USAGE;
        }
    };
    let spinner = Spinner::for_stderr();
    if let Some(s) = &spinner {
        approver.hide_while_asking(s.clone());
    }
    let request = ToolCallRequest {
        surface: Some("cli".into()),
        ..ToolCallRequest::default()
    };
    let mut b = shell_builder(args.profile, limits);
    // Under a lease, the catalog's commands reserve every call; otherwise
    // the registry's commands run ungated.
    let mut leased = None;
    if let Some(a) = &authority {
        let mut p = match a.runtime.prepare_execution(&a.lease, request.clone()) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("toolsh: {e}");
                loaded.shutdown().await;
                return EXIT_USAGE;
            }
        };
        if let Some(s) = &spinner {
            p = p.with_gate(s.gate());
        }
        for c in p.commands() {
            b = b.utility(c);
        }
        b = b.command_not_found(p.command_not_found());
        leased = Some(p);
    } else {
        let mut registry = loaded.registry.clone();
        if let Some(s) = &spinner {
            registry = registry.with_gate(s.gate());
        }
        b = with_tools(b, &Arc::new(registry), &Arc::new(request.clone()));
    }
    // `--spool-dir`: a large stdout is spooled there, and the script can
    // read earlier spooled outputs.
    let spooler = args
        .spool_dir
        .as_ref()
        .map(|d| Spooler::new(SpoolTarget::Workspace(d.clone())).read_by_command());
    if let Some(s) = &spooler {
        b = b.utility(Arc::new(ReadToolOutput::new(s.clone())));
    }
    let mut b = b
        .arg0(arg0)
        .args(args.args.clone())
        .command_string(args.command.is_some());
    if !stdin_used && !std::io::stdin().is_terminal() {
        b = b.stdin_stream(host_stdin());
    }
    let syntax = syntax.map(|e| {
        (
            format!("toolsh: line {}: {}\n", e.line, e.message),
            render_parse_error(&source_label(&args), &script, &e),
        )
    });
    let reader = HostOutput::default();
    let (out_copy, err_copy) = (Capture::default(), Capture::default());
    let host_out = reader.sink(spinner.clone(), Stream::Stdout, None);
    let held = Held::default();
    let (mut out_sink, mut err_sink) = (
        if spooler.is_some() {
            held.sink()
        } else {
            host_out.clone()
        },
        reader.sink(spinner.clone(), Stream::Stderr, syntax),
    );
    if args.trajectory.is_some() {
        out_sink = out_copy.tee(out_sink);
        err_sink = err_copy.tee(err_sink);
    }
    let started = std::time::Instant::now();
    let script_text = args.trajectory.is_some().then(|| script.clone());
    let shell = b.stdout_sink(out_sink).stderr_sink(err_sink).build();
    reader.cancels(shell.cancel_handle());
    // The script runs on a thread of its own, so this task stays free to
    // see a signal (`until_terminated`): dropping the wait on SIGTERM
    // cancels the script at its next checkpoint.
    let cancel = shell.cancel_handle();
    let exec = toolsh_tools::isolate::run_isolated(
        move || async move {
            let mut shell = shell;
            shell.exec(&script).await.exit_code
        },
        Some(cancel),
    );
    let exit_code = match exec.await {
        Ok(code) => code,
        Err(e) => {
            eprintln!("toolsh: {e}");
            toolsh_tools::EXIT_INTERNAL
        }
    };
    if let Some(s) = &spooler {
        emit_spooled(s, &held, &host_out);
    }
    if let Some(s) = spinner {
        s.finish();
    }
    let mut err = std::io::stderr().lock();
    let trace = match &leased {
        Some(p) => p.request().trace.take(),
        None => request.trace.take(),
    };
    let lease = leased.as_ref().zip(authority.as_ref()).map(|(p, a)| {
        (
            p.lease_id(),
            a.runtime.audit().ids_of_execution(p.execution()),
        )
    });
    drop(leased);
    if let (Some(path), Some(script)) = (&args.trajectory, &script_text) {
        let rec = Recording {
            path,
            script,
            stdout: &out_copy,
            stderr: &err_copy,
            exit_code,
            start: started,
            lease,
        };
        if let Err(e) = record(&rec) {
            let _ = writeln!(err, "toolsh: --trajectory {}: {e}", path.display());
        }
    }
    if args.trace {
        for t in trace {
            let _ = writeln!(err, "{}", serde_json::to_string(&t).unwrap_or_default());
        }
    }
    let _ = err.flush();
    if let (Some(path), Some(a)) = (&args.audit, &authority)
        && let Err(e) = std::fs::write(path, a.runtime.audit().to_json_lines())
    {
        eprintln!("toolsh: --audit {}: {e}", path.display());
        loaded.shutdown().await;
        return EXIT_USAGE;
    }
    loaded.shutdown().await;
    if reader.stdout_gone() {
        return STDOUT_GONE_STATUS;
    }
    exit_code
}

/// Open `--trajectory` (to append) and `--audit` (to write) before
/// anything runs, so a path that cannot be written stops the run with
/// status 2 before a tool has been called, not after (the audit of calls
/// that happened would be lost). Neither creates a missing directory.
///
/// # Errors
/// `--audit FILE: <reason>` or `--trajectory FILE: <reason>`.
fn open_record_files(args: &RunArgs) -> Result<(), String> {
    use std::fs::OpenOptions;
    let check = |flag: &str, path: &std::path::Path, append: bool| {
        let mut o = OpenOptions::new();
        o.create(true);
        if append {
            o.append(true);
        } else {
            o.write(true);
        }
        o.open(path).map(drop).map_err(|e| {
            format!(
                "{flag} {}: {}",
                path.display(),
                crate::script_file::io_message(&e)
            )
        })
    };
    if let Some(p) = &args.trajectory {
        check("--trajectory", p, true)?;
    }
    if let Some(p) = &args.audit {
        check("--audit", p, false)?;
    }
    Ok(())
}

/// A script's stdout held until it ends (`--spool-dir`); the
/// interpreter's stdout limit bounds it.
#[derive(Clone, Default)]
struct Held(Arc<Mutex<Vec<u8>>>);

impl Held {
    fn sink(&self) -> OutputSink {
        let keep = self.0.clone();
        Arc::new(move |data: &[u8]| {
            keep.lock().expect("held lock").extend_from_slice(data);
            Ok(())
        })
    }
}

/// Write the held stdout to the host's: as it is below the spool
/// threshold, else spooled and shown as its preview (head, tail and the
/// `read_tool_output` command that reads the rest).
fn emit_spooled(spooler: &Spooler, held: &Held, out: &OutputSink) {
    let bytes = std::mem::take(&mut *held.0.lock().expect("held lock"));
    let shown = if bytes.len() < DEFAULT_SPOOL_THRESHOLD {
        bytes
    } else {
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let (shown, path) = spooler.spool("run", text);
        if path.is_some() {
            format!("{shown}\n").into_bytes()
        } else {
            shown.into_bytes()
        }
    };
    // A reader that has gone is recorded by the sink (exit status 141).
    let _ = out(&shown);
}

/// The process's standard input as a stream the script reads on demand:
/// a thread reads it in 64 KiB chunks, at most a few chunks ahead of the
/// script, so an endless pipe (`yes | toolsh run -c 'head -n 3'`) is no
/// problem and a large one is never held whole in memory. The thread ends
/// at end of input or when the script's side is gone.
fn host_stdin() -> toolsh_interp::Input {
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    std::thread::spawn(move || {
        let mut stdin = std::io::stdin().lock();
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            match stdin.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => {
                    let chunk = toolsh_interp::Bytes::copy_from_slice(&buf[..n]);
                    if tx.blocking_send(chunk).is_err() {
                        break;
                    }
                }
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
    });
    toolsh_interp::Input::from_channel(rx)
}
