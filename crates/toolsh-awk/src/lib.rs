//! toolsh-awk: `awk` for the toolsh shell, POSIX awk with the common gawk extensions (POSIX XCU "awk", the
//! GNU Awk User's Guide), run in the sandbox.
//!
//! The program is lexed (`lexer`), parsed into a tree with resolved names
//! (`parser`, `ast`) and run by a tree-walking interpreter (`interp`,
//! `eval`, `builtins`) over byte-string values (`value`, the C locale).
//! The interpreter runs on its own thread and reaches the shell only
//! through requests (`host`): standard streams, files through the
//! shell's file system (Sandbox profile only), the deadline check. No
//! processes: `system()`, `cmd | getline` and `print | cmd` are errors.
//!
//! A utility of the command contract (`toolsh-command`): it depends on
//! that, not on the interpreter; `toolsh-utils`' standard set includes it.
//! Architecture invariant: files only through the shell's
//! [`toolsh_command::FileSystem`], every buffer bounded by the limits.
//!
//! ```
//! use toolsh_command::Utility;
//! assert_eq!(toolsh_awk::Awk.name(), "awk");
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]
// awk's semantics compare doubles exactly (`x == int(x)`, `$1 == 0`).
#![allow(clippy::float_cmp)]
// Format and regex code names offsets `i`, `s`, `e`, `m` as C does.
#![allow(clippy::many_single_char_names)]

mod ast;
mod builtins;
mod error;
mod eval;
mod fields;
mod format;
mod host;
mod interp;
mod io;
mod lexer;
mod memory;
mod parser;
mod random;
mod records;
mod regex;
mod timefmt;
mod value;
mod vars;

#[cfg(test)]
mod tests;

use std::time::SystemTime;

use async_trait::async_trait;

use self::error::{SourcePart, render_syntax_error};
use self::host::{Host, HostStop, StdStream};
use self::interp::{Bounds, Cell, Interp, Jump, slot};
use self::value::Value;
use toolsh_command::limits::{ExecutionLimits, Interrupt};
use toolsh_command::utility::{OperandError, Utility, UtilityContext, UtilityResult};

/// Stack of the interpreter thread: deep enough for `max_function_depth`
/// nested awk calls in a debug build.
const STACK_BYTES: usize = 256 * 1024 * 1024;

/// Exit status for a syntax error (gawk: 1).
const EXIT_SYNTAX: i32 = 1;

/// Exit status for a fatal error (gawk: 2).
const EXIT_FATAL: i32 = 2;

/// The `awk` utility.
///
/// `awk [-F fs] [-v var=value]... [-f progfile | -e program | 'program']
/// [--] [operand...]`; operands are files (`-` for standard input) or
/// `var=value` assignments. Exit status: the `exit` expression, 1 for a
/// syntax error, 2 for a fatal error (division by zero, unreadable file,
/// running a command), the limit status when a limit is hit.
#[derive(Debug, Default, Clone, Copy)]
pub struct Awk;

/// Where program text comes from.
enum SourceArg {
    Text(String),
    File(String),
}

/// The parsed command line.
#[derive(Default)]
struct Invocation {
    sources: Vec<SourceArg>,
    assigns: Vec<(String, Vec<u8>)>,
    fs: Option<Vec<u8>>,
    operands: Vec<String>,
}

fn valid_name(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn parse_assign(arg: &str) -> Result<(String, Vec<u8>), String> {
    let Some((name, value)) = arg.split_once('=') else {
        return Err(format!(
            "fatal: `{arg}' argument to `-v' not in `var=value' form"
        ));
    };
    if !valid_name(name) {
        return Err(format!("fatal: `{name}' is not a legal variable name"));
    }
    Ok((name.to_string(), value.as_bytes().to_vec()))
}

/// Parse the command line; errors carry the message and exit status
/// (usage errors 1, fatal errors 2, as gawk).
fn parse_args(args: &[String]) -> Result<Invocation, (String, i32)> {
    let mut inv = Invocation::default();
    let mut i = 0;
    let need = |i: &mut usize, opt: &str| -> Result<String, (String, i32)> {
        *i += 1;
        args.get(*i).cloned().ok_or_else(|| {
            (
                format!("option requires an argument -- '{opt}'"),
                EXIT_SYNTAX,
            )
        })
    };
    while i < args.len() {
        let a = &args[i];
        if a == "--" {
            i += 1;
            break;
        }
        if a == "-" || !a.starts_with('-') {
            break;
        }
        if let Some(long) = a.strip_prefix("--") {
            match long.split_once('=') {
                Some(("field-separator", v)) => inv.fs = Some(v.as_bytes().to_vec()),
                Some(("assign", v)) => inv
                    .assigns
                    .push(parse_assign(v).map_err(|m| (m, EXIT_FATAL))?),
                Some(("file", v)) => inv.sources.push(SourceArg::File(v.to_string())),
                Some(("source", v)) => inv.sources.push(SourceArg::Text(v.to_string())),
                None if matches!(
                    long,
                    "posix" | "traditional" | "re-interval" | "characters-as-bytes"
                ) => {}
                _ => return Err((format!("unrecognized option '--{long}'"), EXIT_SYNTAX)),
            }
            i += 1;
            continue;
        }
        let opt = &a[1..2];
        let rest = &a[2..];
        match opt {
            "F" => {
                let v = if rest.is_empty() {
                    need(&mut i, "F")?
                } else {
                    rest.to_string()
                };
                inv.fs = Some(v.into_bytes());
            }
            "v" => {
                let v = if rest.is_empty() {
                    need(&mut i, "v")?
                } else {
                    rest.to_string()
                };
                inv.assigns
                    .push(parse_assign(&v).map_err(|m| (m, EXIT_FATAL))?);
            }
            "f" => {
                let v = if rest.is_empty() {
                    need(&mut i, "f")?
                } else {
                    rest.to_string()
                };
                inv.sources.push(SourceArg::File(v));
            }
            "e" => {
                let v = if rest.is_empty() {
                    need(&mut i, "e")?
                } else {
                    rest.to_string()
                };
                inv.sources.push(SourceArg::Text(v));
            }
            "P" | "c" | "r" | "b" => {}
            _ => return Err((format!("invalid option -- '{opt}'"), EXIT_SYNTAX)),
        }
        i += 1;
    }
    if inv.sources.is_empty() {
        let Some(text) = args.get(i) else {
            return Err((
                "usage: awk [-F fs][-v var=value][prog | -f progfile][file ...]".to_string(),
                EXIT_SYNTAX,
            ));
        };
        inv.sources.push(SourceArg::Text(text.clone()));
        i += 1;
    }
    inv.operands = args[i..].to_vec();
    Ok(inv)
}

/// Everything the interpreter thread needs.
struct Job {
    src: Vec<u8>,
    parts: Vec<SourcePart>,
    inv: Invocation,
    env: Vec<(String, String)>,
    limits: ExecutionLimits,
    /// The execution's memory budget, which variables are held against.
    memory: std::sync::Arc<toolsh_command::MemoryBudget>,
    now: SystemTime,
    /// A UTF-8 locale: strings are measured and matched in characters.
    utf8: bool,
}

impl Job {
    /// Parse and run; messages go to standard error through `host`.
    fn run(self, host: Host) -> UtilityResult {
        let prog = match parser::parse_program(&self.src, self.limits.max_ast_depth) {
            Ok(p) => p,
            Err(e) => {
                let msg = render_syntax_error(&self.src, &self.parts, &e);
                let status = if e.fatal { EXIT_FATAL } else { EXIT_SYNTAX };
                return report(&host, &msg, status);
            }
        };
        let mut regexes = Vec::with_capacity(prog.regexes.len());
        for re in &prog.regexes {
            match regex::compile(re, self.utf8) {
                Ok(r) => regexes.push(std::rc::Rc::new(r)),
                Err(e) => {
                    let msg = format!(
                        "awk: fatal: invalid regexp /{}/: {e}\n",
                        String::from_utf8_lossy(re)
                    );
                    return report(&host, &msg, EXIT_FATAL);
                }
            }
        }
        let bounds = Bounds {
            max_buffer: self.limits.max_buffer_bytes,
            max_width: self.limits.max_format_width,
            max_loop: self.limits.max_loop_iterations,
            max_total_loop: self.limits.max_total_loop_iterations,
            max_depth: self.limits.max_function_depth,
            max_entries: self.limits.max_array_entries,
        };
        let mut it = Interp::new(&prog, io::Io::new(host), bounds, self.now);
        it.regexes = regexes;
        it.utf8 = self.utf8;
        it.cache = regex::RegexCache::new(self.utf8);
        it.held = std::cell::RefCell::new(self.memory.reservation());
        let r = setup(&mut it, &self.inv, &self.env).and_then(|()| it.run());
        match r {
            Ok(code) => Ok(code),
            Err(Jump::Fatal(msg)) => {
                let _ = it.io.flush_all();
                report(&it.io.host, &format!("awk: fatal: {msg}\n"), EXIT_FATAL)
            }
            Err(Jump::Stop(HostStop::BrokenPipe)) => Ok(141),
            Err(Jump::Stop(HostStop::Interrupt(i))) => {
                let _ = it.io.flush_all();
                Err(i)
            }
            Err(
                Jump::Exit
                | Jump::Next
                | Jump::NextFile
                | Jump::Break
                | Jump::Continue
                | Jump::Return(_),
            ) => Ok(it.exit_code),
        }
    }
}

/// Write `awk: {msg}` to standard error. (`UtilityContext::err_msg`
/// borrows the whole context across an await, which makes the future
/// non-`Send`; this only borrows the stream.)
async fn err_line(stderr: &toolsh_command::io::Output, msg: &str) -> Result<(), Interrupt> {
    let line = format!("awk: {msg}\n");
    toolsh_command::utility::write_status(stderr.write(line.as_bytes()).await).map(|_| ())
}

fn report(host: &Host, msg: &str, status: i32) -> UtilityResult {
    match host.write(StdStream::Stderr, msg.as_bytes().to_vec()) {
        Err(HostStop::Interrupt(i)) => Err(i),
        _ => Ok(status),
    }
}

/// ENVIRON, ARGV/ARGC, `-F` and `-v` before BEGIN.
fn setup(it: &mut Interp<'_>, inv: &Invocation, env: &[(String, String)]) -> Result<(), Jump> {
    if let Cell::Arr(a) = &it.globals[slot::ENVIRON] {
        let a = a.clone();
        for (k, v) in env {
            it.array_insert(
                &a,
                std::rc::Rc::from(k.as_bytes()),
                Value::strnum(v.as_bytes()),
            )?;
        }
    }
    if let Cell::Arr(a) = &it.globals[slot::ARGV] {
        let a = a.clone();
        let argv0 = std::iter::once("awk".to_string());
        for (i, op) in argv0.chain(inv.operands.iter().cloned()).enumerate() {
            let key = it.key_of(&Value::Num(i as f64));
            it.array_insert(&a, key, Value::strnum(op.as_bytes()))?;
        }
    }
    it.globals[slot::ARGC] = Cell::Val(Value::Num((inv.operands.len() + 1) as f64));
    if let Some(fs) = &inv.fs {
        let fs = lexer::unescape_str(fs);
        it.set_var(ast::Var::Global(slot::FS), Value::str(&fs))?;
    }
    for (name, value) in &inv.assigns {
        it.command_line_assign(name.as_bytes(), value)?;
    }
    Ok(())
}

#[async_trait]
impl Utility for Awk {
    fn name(&self) -> &'static str {
        "awk"
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let inv = match parse_args(&ctx.args[1..]) {
            Ok(inv) => inv,
            Err((msg, status)) => {
                err_line(ctx.stderr, &msg).await?;
                return Ok(status);
            }
        };
        let mut src = Vec::new();
        let mut parts = Vec::new();
        for s in &inv.sources {
            match s {
                SourceArg::Text(t) => {
                    parts.push(SourcePart {
                        name: "cmd. line".into(),
                        start: src.len(),
                    });
                    src.extend_from_slice(t.as_bytes());
                }
                SourceArg::File(path) => {
                    let data = match ctx.read_operand(path).await {
                        Ok(d) => d,
                        Err(OperandError::Fs(e)) => {
                            let msg =
                                format!("fatal: can't open source file `{path}' for reading: {e}");
                            err_line(ctx.stderr, &msg).await?;
                            return Ok(EXIT_FATAL);
                        }
                        Err(OperandError::Interrupt(i)) => return Err(i),
                    };
                    parts.push(SourcePart {
                        name: path.clone(),
                        start: src.len(),
                    });
                    src.extend_from_slice(&data);
                }
            }
            src.push(b'\n');
        }
        if src.len() > ctx.shell.limits().max_source_bytes {
            return Err(Interrupt::limit(
                toolsh_command::limits::LimitKind::SourceBytes,
                ctx.shell.limits().max_source_bytes,
            ));
        }
        let job = Job {
            src,
            parts,
            inv,
            env: ctx.shell.exported_vars(),
            limits: ctx.shell.limits().clone(),
            memory: ctx.shell.memory(),
            now: ctx.shell.now(),
            utf8: ctx.shell.locale().is_utf8(),
        };
        let (host, requests, replies) = host::channel();
        let (done_tx, done_rx) = tokio::sync::oneshot::channel();
        let spawned = std::thread::Builder::new()
            .name("awk".into())
            .stack_size(STACK_BYTES)
            .spawn(move || {
                // A panic leaves `done_tx` unsent: the internal error below.
                if let Ok(r) = toolsh_command::contain::catch_sync(|| job.run(host)) {
                    let _ = done_tx.send(r);
                }
            });
        if spawned.is_err() {
            err_line(ctx.stderr, "fatal: cannot start the interpreter").await?;
            return Ok(EXIT_FATAL);
        }
        host::serve(ctx, requests, replies).await;
        if let Ok(r) = done_rx.await {
            return r;
        }
        err_line(ctx.stderr, "fatal: internal error").await?;
        Ok(EXIT_FATAL)
    }
}
