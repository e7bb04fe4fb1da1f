//! toolsh-jq: `jq`, the JSON processor, for the toolsh shell; built built on jaq (jaq-core, jaq-std, jaq-json)
//! with jq 1.7.1's options, builtins, output format, error messages and
//! exit statuses layered on top (jq manual, "Invoking jq"; exit statuses:
//! 2 usage or input error, 3 compile error, 5 runtime error, `-e` gives 1
//! for a last output of `false`/`null` and 4 for no output).
//!
//! The program runs on its own thread ([`engine`]) so a long computation
//! cannot stall the shell: this side streams standard input to it, writes
//! its outputs as they come, checks the deadline between them and cancels
//! the thread when the script must stop or the reader has gone.
//!
//! A utility of the command contract (`toolsh-command`): it depends on
//! that and on jaq, not on the interpreter; `toolsh-utils`' standard set
//! includes it. Architecture invariant: it reads files only through the
//! shell's [`toolsh_command::FileSystem`] and bounds every buffer by the
//! execution's limits and memory budget.
//!
//! ```
//! use toolsh_command::Utility;
//! assert_eq!(toolsh_jq::Jq.name(), "jq");
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![allow(clippy::many_single_char_names)] // jq-style short names (v, k, f) read best here

mod cache;
mod cli;
mod compile;
mod delpaths;
mod destructure;
mod engine;
mod format;
mod input;
mod memory;
mod natives;
mod nesting;
mod parse;
mod value;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, UNIX_EPOCH};

use async_trait::async_trait;
use bytes::Bytes;
use jaq_json::Val;
use tokio::sync::mpsc;

use toolsh_command::io::{Output, OutputError};
use toolsh_command::limits::Interrupt;
use toolsh_command::utility::{OperandError, Utility, UtilityContext, UtilityResult, write_status};

use cli::{NamedValue, Positional};
use engine::{Event, Job};
use value::JqVal;

/// The `jq` utility.
#[derive(Debug, Default, Clone, Copy)]
pub struct Jq;

const USAGE_HINT: &str = "Use jq --help for help with command-line options,\nor see the jq manpage, or online docs  at https://jqlang.github.io/jq";

/// Status when the reader of our output has gone (as for SIGPIPE).
const EXIT_BROKEN_PIPE: i32 = 141;

async fn read_all(
    ctx: &mut UtilityContext<'_>,
    path: &str,
) -> Result<Result<Vec<u8>, String>, Interrupt> {
    match ctx.read_operand(path).await {
        Ok(b) => Ok(Ok(b)),
        Err(OperandError::Interrupt(i)) => Err(i),
        Err(OperandError::Fs(e)) => Ok(Err(e.to_string())),
    }
}

fn parse_all_values(data: &[u8], max: usize) -> Result<Vec<Val>, String> {
    let mut r = input::Reader::from_bytes(Bytes::copy_from_slice(data), max);
    let mut out = Vec::new();
    while let Some(v) = r.next_value() {
        match v {
            Ok(v) => out.push(v),
            Err(input::ReadError::Parse(m)) => return Err(m),
            Err(input::ReadError::Limit) => return Err("too large".to_string()),
        }
    }
    Ok(out)
}

async fn usage(stderr: &Output, msg: &str) -> UtilityResult {
    let text = format!("jq: {msg}\n{USAGE_HINT}\n");
    write_status(stderr.write(text.as_bytes()).await)?;
    Ok(2)
}

/// Write `jq: {msg}` and a newline to `stderr`.
async fn complain(stderr: &Output, msg: &str) -> Result<(), Interrupt> {
    let text = format!("jq: {msg}\n");
    write_status(stderr.write(text.as_bytes()).await).map(|_| ())
}

async fn reserve(tx: Option<&mpsc::Sender<Bytes>>) -> Option<mpsc::Permit<'_, Bytes>> {
    match tx {
        Some(tx) => tx.reserve().await.ok(),
        None => std::future::pending().await,
    }
}

#[async_trait]
impl Utility for Jq {
    fn name(&self) -> &'static str {
        "jq"
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let mut opts = match cli::parse(&ctx.args[1..]) {
            Ok(o) => o,
            Err(cli::UsageError(m)) => return usage(ctx.stderr, &m).await,
        };
        if opts.help {
            write_status(ctx.stdout.write(cli::HELP.as_bytes()).await)?;
            return Ok(0);
        }
        if opts.version {
            write_status(ctx.stdout.write(b"jq-1.7.1\n").await)?;
            return Ok(0);
        }
        let max = ctx.shell.limits().max_buffer_bytes;
        let mut program = opts.program.take().unwrap_or_else(|| ".".to_string());
        if opts.from_file {
            match read_all(ctx, &program.clone()).await? {
                Ok(b) => program = String::from_utf8_lossy(&b).into_owned(),
                Err(e) => {
                    complain(ctx.stderr, &format!("error: Could not open {program}: {e}")).await?;
                    return Ok(2);
                }
            }
        }
        // Named and positional arguments.
        let mut named: Vec<(String, JqVal)> = Vec::new();
        for (name, value) in std::mem::take(&mut opts.named) {
            let raw = matches!(value, NamedValue::RawFile(_));
            let v = match value {
                NamedValue::Str(s) => JqVal::str(s),
                NamedValue::Json(text) => match parse::parse_text(text.as_bytes()) {
                    Ok(v) => JqVal(v),
                    Err(_) => {
                        return usage(ctx.stderr, "invalid JSON text passed to --argjson").await;
                    }
                },
                NamedValue::SlurpFile(path) | NamedValue::RawFile(path) => {
                    let flag = if raw { "--rawfile" } else { "--slurpfile" };
                    let data = match read_all(ctx, &path).await? {
                        Ok(d) => d,
                        Err(e) => {
                            complain(ctx.stderr, &format!("error: Could not open {path}: {e}"))
                                .await?;
                            return Ok(2);
                        }
                    };
                    if raw {
                        JqVal::str(String::from_utf8_lossy(&data).into_owned())
                    } else {
                        match parse_all_values(&data, max) {
                            Ok(vs) => JqVal(vs.into_iter().collect()),
                            Err(m) => {
                                complain(
                                    ctx.stderr,
                                    &format!("Bad JSON in {flag} {name} {path}: {m}"),
                                )
                                .await?;
                                return Ok(2);
                            }
                        }
                    }
                }
            };
            named.retain(|(n, _)| *n != name);
            named.push((name, v));
        }
        let mut positional = Vec::new();
        for p in std::mem::take(&mut opts.positional) {
            positional.push(match p {
                Positional::Str(s) => JqVal::str(s),
                Positional::Json(t) => match parse::parse_text(t.as_bytes()) {
                    Ok(v) => JqVal(v),
                    Err(_) => {
                        return usage(ctx.stderr, "invalid JSON text passed to --jsonargs").await;
                    }
                },
            });
        }
        // Input files, read through the backend (rejected in LogicOnly);
        // a failure is reported when the reader reaches that file.
        let mut files = Vec::new();
        for path in std::mem::take(&mut opts.files) {
            let data = read_all(ctx, &path)
                .await?
                .map_err(|e| format!("Could not open file {path}: {e}"));
            files.push((path, data));
        }
        let env = natives::object(
            ctx.shell
                .exported_vars()
                .into_iter()
                .map(|(k, v)| (k, JqVal::str(v))),
        );
        let now = ctx
            .shell
            .now()
            .duration_since(UNIX_EPOCH)
            .map_or(0.0, |d| d.as_secs_f64());
        let args = natives::object([
            (
                "positional".to_string(),
                JqVal(positional.into_iter().map(|v| v.0).collect()),
            ),
            ("named".to_string(), natives::object(named.iter().cloned())),
        ]);
        let mut globals = vec![
            ("$ENV".to_string(), env.clone()),
            ("$ARGS".to_string(), args),
        ];
        globals.extend(named.into_iter().map(|(n, v)| (format!("${n}"), v)));
        let use_stdin = files.is_empty();
        let job = Job {
            program,
            opts,
            globals,
            env,
            now,
            files,
            max_buffer: max,
            max_ticks: ctx.shell.limits().max_total_loop_iterations.max(1_000_000),
            memory: ctx.shell.memory(),
        };
        pump(ctx, job, use_stdin).await
    }
}

/// Sets the engine's cancel flag when the pump ends for any reason
/// (including the shell dropping the future).
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// How long a cancelled engine gets to hand over what it has produced.
const LAST_OUTPUT_WAIT: Duration = Duration::from_millis(250);

/// After the engine was cancelled by a shell limit (the deadline): write
/// the output and messages it produced before, as the iteration limit
/// does (they sit in its buffer until it stops), waiting at most
/// [`LAST_OUTPUT_WAIT`]. Write errors are ignored: the limit is reported
/// either way.
async fn keep_last_output(ev_rx: &mut mpsc::Receiver<Event>, stdout: &Output, stderr: &Output) {
    let drain = async {
        while let Some(ev) = ev_rx.recv().await {
            match ev {
                Event::Out(data) => {
                    if stdout.write(&data).await.is_err() {
                        break;
                    }
                }
                Event::Err(data) => {
                    if stderr.write(&data).await.is_err() {
                        break;
                    }
                }
                Event::Done(_) | Event::Limit(_) => break,
            }
        }
    };
    let _ = tokio::time::timeout(LAST_OUTPUT_WAIT, drain).await;
}

/// Run the engine thread and move bytes until it is done.
async fn pump(ctx: &mut UtilityContext<'_>, job: Job, use_stdin: bool) -> UtilityResult {
    let (in_tx, in_rx) = mpsc::channel::<Bytes>(4);
    let (ev_tx, mut ev_rx) = mpsc::channel::<Event>(8);
    let (recycle_tx, recycle_rx) = std::sync::mpsc::channel::<Vec<u8>>();
    let cancel = Arc::new(AtomicBool::new(false));
    let thread_cancel = cancel.clone();
    let spawned = std::thread::Builder::new()
        .name("toolsh-jq".to_string())
        .stack_size(engine::STACK_BYTES)
        .spawn(move || {
            // A panic in the engine ends the thread with the events
            // channel closed: reported below as the engine stopping.
            let _ = toolsh_command::contain::catch_sync(|| {
                engine::run(job, in_rx, &ev_tx, recycle_rx, &thread_cancel);
            });
        });
    if spawned.is_err() {
        complain(ctx.stderr, "error: cannot start the jq engine").await?;
        return Ok(5);
    }
    let _cancel_on_drop = CancelOnDrop(cancel.clone());
    let stop = |cancel: &AtomicBool| cancel.store(true, Ordering::Relaxed);
    let mut in_tx = use_stdin.then_some(in_tx);
    let mut pending: Option<Bytes> = None;
    let mut stdin_done = !use_stdin;
    let mut tick = tokio::time::interval(Duration::from_millis(20));
    let UtilityContext {
        stdin,
        stdout,
        stderr,
        shell,
        ..
    } = ctx;
    let mut close_input = false;
    let mut limit_hit = None;
    loop {
        if close_input {
            in_tx = None;
        }
        tokio::select! {
            biased;
            ev = ev_rx.recv() => match ev {
                Some(Event::Out(data)) => match stdout.write(&data).await {
                    Ok(()) => {
                        let _ = recycle_tx.send(data);
                    }
                    Err(OutputError::BrokenPipe) => {
                        stop(&cancel);
                        return Ok(EXIT_BROKEN_PIPE);
                    }
                    Err(OutputError::Interrupt(i)) => {
                        stop(&cancel);
                        return Err(i);
                    }
                    // jq 1.7: `jq: error: writing output failed: REASON`,
                    // status 2 (a full disk, a closed descriptor).
                    Err(e) => {
                        stop(&cancel);
                        let line = format!("jq: error: writing output failed: {e}\n");
                        write_status(stderr.write(line.as_bytes()).await)?;
                        return Ok(2);
                    }
                },
                Some(Event::Err(data)) => {
                    if let Err(i) = write_status(stderr.write(&data).await) {
                        stop(&cancel);
                        return Err(i);
                    }
                }
                Some(Event::Done(code)) => return Ok(code),
                Some(Event::Limit(i)) => {
                    stop(&cancel);
                    return Err(i);
                }
                None => {
                    let _ = stderr.write(b"jq: error: the jq engine stopped unexpectedly\n").await;
                    return Ok(5);
                }
            },
            permit = reserve(in_tx.as_ref()), if pending.is_some() => if let Some(p) = permit { p.send(pending.take().unwrap_or_default()) } else {
                pending = None;
                stdin_done = true;
                close_input = true;
            },
            chunk = stdin.read_chunk(), if pending.is_none() && !stdin_done => if let Some(c) = chunk { pending = Some(c) } else {
                stdin_done = true;
                close_input = true;
            },
            _ = tick.tick() => {
                if let Err(i) = shell.checkpoint() {
                    stop(&cancel);
                    limit_hit = Some(i);
                }
            }
        }
        if let Some(i) = limit_hit {
            drop(in_tx);
            keep_last_output(&mut ev_rx, stdout, stderr).await;
            return Err(i);
        }
    }
}

#[cfg(test)]
mod tests;
