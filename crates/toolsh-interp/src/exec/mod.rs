//! The execution engine: walks the syntax tree (bash manual 3.7
//! "Executing Commands").
//!
//! An [`Interp`] is one thread of execution: a [`ShellState`], the
//! descriptor table and a handle on the per-`exec` [`Shared`] context
//! (limits, counters, file system, command table, jobs). Subshells,
//! command substitutions, pipeline stages and background jobs run on a
//! forked `Interp`. Recursive async functions return boxed futures.

#![allow(
    clippy::format_push_string,
    clippy::many_single_char_names,
    clippy::single_match_else
)]

mod access;
mod array_run;
mod compound;
mod cond;
mod devfd;
mod fds;
mod function;
mod jobs;
mod nameref;
mod pipeline;
mod procsub;
pub(crate) mod redirect;
pub(crate) mod shared;
mod simple;
mod special_vars;
mod syntax_status;
pub(crate) mod top;
pub(crate) mod vars;

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use toolsh_parser::{AndOr, AndOrList, Command, CompoundCommand, List, Pipeline, Script};

pub(crate) use fds::{Fd, Fds};
pub(crate) use nameref::circular_message;
pub(crate) use shared::Shared;
pub(crate) use simple::Call;

use crate::io::OutputError;
use crate::limits::Interrupt;
use crate::state::ShellState;

/// A boxed, sendable future (for async recursion).
pub(crate) type BoxFut<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// Non-local control flow.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Ctl {
    /// `break n` (levels left).
    Break(u32),
    /// `continue n`.
    Continue(u32),
    /// `return n`.
    Return(i32),
    /// `exit n`, `set -e`, a fatal expansion error: leave the (sub)shell.
    Exit(i32),
    /// An expansion error in a non-interactive shell: abandon the current
    /// top-level command with this status and go on with the next line.
    Abort(i32),
    /// A limit or cancellation: stop everything.
    Interrupt(Interrupt),
}

impl From<Interrupt> for Ctl {
    fn from(i: Interrupt) -> Self {
        Ctl::Interrupt(i)
    }
}

/// Result of executing something: a status or control flow.
pub(crate) type R<T> = Result<T, Ctl>;

/// One thread of execution.
pub(crate) struct Interp {
    /// Variables, functions, options...
    pub st: ShellState,
    /// Per-execution shared context.
    pub sh: Arc<Shared>,
    /// Open descriptors.
    pub fds: Fds,
    /// Source text of the script being run (for line computations).
    pub source: Arc<str>,
    /// Live process substitutions, innermost command last (bash manual
    /// 3.5.6); a fork sees its parent's so `/dev/fd/N` stays readable.
    pub procsubs: Vec<procsub::ProcSub>,
    /// Values of the `$` expansions of the arithmetic expression being
    /// evaluated on the fast path (node address, value); empty otherwise.
    pub arith_subs: Vec<(usize, i64)>,
    /// Set when arithmetic evaluation assigns a variable.
    pub arith_assigned: bool,
    /// Errors the (synchronous) arithmetic evaluation met and went on
    /// after, as bash does for a bad array subscript; reported (bash's
    /// `report_error`) when the evaluation returns.
    pub arith_reports: Vec<String>,
    /// Growth of this (sub)shell's variables held against the memory
    /// budget (see [`Interp::charge_var_bytes`]).
    pub var_charge: crate::Reservation,
    /// The positional parameters this call frame set (a function's
    /// arguments, `set --`) held against the memory budget: a recursion
    /// passing a million arguments down holds them once per level.
    pub pos_charge: crate::Reservation,
}

impl Interp {
    /// A fork for a subshell: copied state, same descriptors. Traps are
    /// reset except ignored ones, the ERR trap under `set -E` and the
    /// DEBUG and RETURN traps under `set -T` (bash manual 4.3.1: "any trap
    /// on ERR is inherited by ... commands executed in a subshell
    /// environment", and likewise for `-T`).
    pub fn fork(&self) -> Interp {
        let mut st = self.st.clone();
        st.subshell += 1;
        st.next_subshell = crate::state::SubshellRun::Checked;
        if !st.traps.is_empty() {
            let errtrace = st.opts.errtrace;
            let functrace = st.opts.functrace;
            let keep: crate::state::Map<String, String> = st
                .traps
                .iter()
                .filter(|(k, v)| {
                    v.is_empty()
                        || (errtrace && k.as_str() == "ERR")
                        || (functrace && matches!(k.as_str(), "DEBUG" | "RETURN"))
                })
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            st.traps = Arc::new(keep);
        }
        st.pid = self.sh.new_pid();
        Interp {
            st,
            sh: self.sh.clone(),
            fds: self.fds.clone(),
            source: self.source.clone(),
            procsubs: self.procsubs.clone(),
            arith_subs: Vec::new(),
            arith_assigned: false,
            arith_reports: Vec::new(),
            // The fork shares its parent's values until it writes them.
            var_charge: self.sh.memory.reservation(),
            pos_charge: self.sh.memory.reservation(),
        }
    }

    /// The bytes `args` hold as positional parameters, for the memory
    /// budget: their text and [`crate::state::ENTRY_BYTES`] each.
    pub fn positional_bytes(args: &[String]) -> usize {
        args.iter()
            .map(|a| a.len().saturating_add(crate::state::ENTRY_BYTES))
            .fold(0, usize::saturating_add)
    }

    /// Hold the current positional parameters against the memory budget
    /// in place of what this frame held for them before (after `set --`).
    pub fn charge_positional(&mut self) -> R<()> {
        let bytes = Self::positional_bytes(&self.st.positional);
        self.pos_charge.resize(bytes).map_err(Ctl::Interrupt)
    }

    /// Check cancellation and the deadline.
    pub fn checkpoint(&self) -> R<()> {
        self.sh.checkpoint().map_err(Ctl::Interrupt)
    }

    /// Write `msg` to standard error as `toolsh: line N: msg`.
    pub async fn error(&self, msg: &str) -> R<()> {
        let line = format!("toolsh: line {}: {msg}\n", self.st.lineno);
        // Boxed: an error path is rare, and inline its write would enlarge
        // the future of every caller that may report one.
        Box::pin(self.write_fd(2, line.as_bytes())).await
    }

    /// Report a shell error as bash's `report_error` does (bash's error.c;
    /// assigning to a readonly variable, a bad array subscript): print
    /// `msg` and, under `set -e`, exit the shell with the last status, or
    /// 1 when that is 0. Unlike a failing command, this exit is not
    /// suppressed by `||`, `&&`, `!` or a condition (`set -e; readonly r;
    /// r=2 || :` exits with status 1 in bash 5.2).
    pub async fn report_error(&mut self, msg: &str) -> R<()> {
        self.error(msg).await?;
        if self.st.opts.errexit {
            let status = if self.st.last_status == 0 {
                1
            } else {
                self.st.last_status
            };
            return Err(Ctl::Exit(status));
        }
        Ok(())
    }

    /// Write raw bytes to descriptor `fd`; interrupts propagate, other
    /// failures are ignored.
    pub async fn write_fd(&self, fd: usize, data: &[u8]) -> R<()> {
        match self.fds.output(fd).write(data).await {
            Err(OutputError::Interrupt(i)) => Err(Ctl::Interrupt(i)),
            _ => Ok(()),
        }
    }

    /// Write to standard output as a builtin does: a broken pipe ends the
    /// (sub)shell with status 141 as SIGPIPE would; a closed descriptor is
    /// reported and gives `Ok(false)`.
    pub async fn out(&self, data: &[u8]) -> R<bool> {
        self.out_for("", data).await
    }

    /// [`Self::out`] for the builtin `name`, which the write error names
    /// as bash's do (`echo: write error: No space left on device`,
    /// `sh_chkwrite` in bash's builtins/common.c); `""` names none.
    pub async fn out_for(&self, name: &str, data: &[u8]) -> R<bool> {
        match self.fds.output(1).write(data).await {
            Ok(()) => Ok(true),
            Err(OutputError::Interrupt(i)) => Err(Ctl::Interrupt(i)),
            Err(OutputError::BrokenPipe) => Err(Ctl::Exit(141)),
            Err(e) => {
                let prefix = if name.is_empty() {
                    String::new()
                } else {
                    format!("{name}: ")
                };
                self.error(&format!("{prefix}write error: {e}")).await?;
                Ok(false)
            }
        }
    }

    /// Run a whole script at top level: an [`Ctl::Abort`] abandons the
    /// rest of the line it happened on, as bash does when reading a script.
    pub async fn run_script(&mut self, script: &Script) -> R<i32> {
        self.run_items(script, false).await
    }

    /// Run a script's complete commands; with `sourced`, `return` ends
    /// the script (`source`, bash manual 4.1) instead of being ignored.
    pub async fn run_items(&mut self, script: &Script, sourced: bool) -> R<i32> {
        let items = &script.body.items;
        let mut i = 0;
        while i < items.len() {
            let item = &items[i];
            match self.run_item(item).await {
                Ok(s) => self.st.last_status = s,
                Err(Ctl::Abort(s)) => {
                    self.st.last_status = s;
                    let end_line = self.line_of(item.span.end as usize);
                    i += 1;
                    while i < items.len() && items[i].span.line <= end_line {
                        i += 1;
                    }
                    continue;
                }
                Err(Ctl::Break(_) | Ctl::Continue(_)) => {}
                Err(Ctl::Return(s)) if sourced => return Err(Ctl::Return(s)),
                Err(Ctl::Return(s)) => {
                    // `return` outside a function at top level: bash
                    // reports an error; treat as status.
                    self.st.last_status = s;
                }
                Err(e) => return Err(e),
            }
            i += 1;
        }
        Ok(self.st.last_status)
    }

    /// `$LINENO` for a subshell `( list )` at `span`: bash records the
    /// line of the closing `)` (parse.y reduces the subshell there), so
    /// the ERR trap after a multi-line subshell names its last line. Falls
    /// back to the opening line when `span` does not index the current
    /// source (a function defined by `eval` or `source`).
    pub(crate) fn subshell_line(&self, span: toolsh_parser::Span) -> u32 {
        let extra = self
            .source
            .get(span.range())
            .filter(|text| text.starts_with('('))
            .map_or(0, |text| {
                let text = text.strip_suffix('\n').unwrap_or(text);
                u32::try_from(text.bytes().filter(|&b| b == b'\n').count()).unwrap_or(0)
            });
        self.st.line_base + span.line + extra
    }

    /// The 1-based line of byte offset `pos` in the current source.
    pub fn line_of(&self, pos: usize) -> u32 {
        let end = pos.min(self.source.len());
        let upto = self.source.get(..end).unwrap_or("");
        // A span end points past its last byte; a trailing newline belongs
        // to the line before.
        let upto = upto.strip_suffix('\n').unwrap_or(upto);
        1 + upto.bytes().filter(|&b| b == b'\n').count() as u32
    }

    /// Run a list.
    pub fn run_list<'a>(&'a mut self, list: &'a List) -> BoxFut<'a, R<i32>> {
        Box::pin(async move {
            let mut status = 0;
            for item in &list.items {
                status = self.run_item(item).await?;
                self.st.last_status = status;
            }
            Ok(status)
        })
    }

    async fn run_item(&mut self, item: &toolsh_parser::ListItem) -> R<i32> {
        if item.background {
            return self.spawn_background(&item.and_or);
        }
        self.run_and_or(&item.and_or).await
    }

    /// Run an and-or list, applying `set -e` and the ERR trap to its final
    /// status (bash manual 4.3.1, `-e`).
    pub async fn run_and_or(&mut self, ao: &AndOrList) -> R<i32> {
        let mut status;
        if ao.rest.is_empty() {
            status = self.run_pipeline(&ao.first).await?;
        } else {
            self.st.errexit_suppressed += 1;
            let r = self.run_pipeline(&ao.first).await;
            self.st.errexit_suppressed -= 1;
            status = r?;
            let n = ao.rest.len();
            for (idx, (op, p)) in ao.rest.iter().enumerate() {
                self.st.last_status = status;
                let run = match op {
                    AndOr::And => status == 0,
                    AndOr::Or => status != 0,
                };
                if !run {
                    continue;
                }
                if idx + 1 < n {
                    self.st.errexit_suppressed += 1;
                    let r = self.run_pipeline(p).await;
                    self.st.errexit_suppressed -= 1;
                    status = r?;
                } else {
                    status = self.run_pipeline(p).await?;
                    self.st.last_status = status;
                    return self.after_status(status, p).await;
                }
            }
            // The last pipeline did not run: a failure here came from a
            // `&&`/`||` operand, which never triggers errexit.
            self.st.last_status = status;
            return Ok(status);
        }
        self.st.last_status = status;
        self.after_status(status, &ao.first).await
    }

    /// `set -e` and the ERR trap after pipeline `p`'s final status.
    ///
    /// A group, `if`, `case`, loop or `select` whose status comes from its
    /// body is not checked again here: the failing command inside was
    /// (bash manual 4.3.1, `-e`: "If a compound command other than a
    /// subshell returns a non-zero status because a command failed while
    /// -e was being ignored, the shell does not exit"; bash runs the ERR
    /// trap once, for the command that failed). A failed redirection of
    /// such a command is checked where it fails ([`Self::run_compound`]),
    /// and a subshell checks its own status (bash runs the ERR trap for
    /// `( list )` as a pipeline stage or a function body too).
    async fn after_status(&mut self, status: i32, p: &Pipeline) -> R<i32> {
        if status != 0 && !p.negated && !checked_within(p) {
            self.fail_status(status).await?;
        }
        Ok(status)
    }

    /// The ERR trap and `set -e` for a command that failed with `status`,
    /// unless a condition or an and-or list suppresses them.
    pub(crate) async fn fail_status(&mut self, status: i32) -> R<()> {
        if self.st.errexit_suppressed == 0 {
            if !self.st.in_trap
                && (self.st.frames.is_empty() || self.st.opts.errtrace)
                && let Some(action) = self.st.traps.get("ERR").cloned()
            {
                self.run_trap(&action).await?;
                self.st.last_status = status;
            }
            if self.st.opts.errexit {
                return Err(Ctl::Exit(status));
            }
        }
        Ok(())
    }

    /// Run the DEBUG trap before a simple command.
    /// `$BASH_COMMAND` is the command about to run (see
    /// [`Interp::note_command`]).
    ///
    /// Functions do not inherit the trap (bash manual 4.3.1 `set -T`):
    /// inside calls made since it was set, it runs only under `set -T` or
    /// when every such call is to a function with the trace attribute.
    pub async fn debug_trap(&mut self) -> R<()> {
        if self.st.in_trap {
            return Ok(());
        }
        if !self.st.opts.functrace
            && self
                .st
                .frames
                .get(self.st.debug_trap_depth..)
                .is_some_and(|calls| calls.iter().any(|f| !f.traced))
        {
            return Ok(());
        }
        let Some(action) = self.st.traps.get("DEBUG").cloned() else {
            return Ok(());
        };
        self.run_trap(&action).await
    }

    /// Run a trap action string (`eval`-like), keeping `$?`.
    pub async fn run_trap(&mut self, action: &str) -> R<()> {
        let saved = self.st.last_status;
        let was = self.st.in_trap;
        self.st.in_trap = true;
        let r = self.eval_string(action, "trap").await;
        self.st.in_trap = was;
        self.st.last_status = saved;
        match r {
            Ok(_) | Err(Ctl::Abort(_)) => Ok(()),
            Err(e) => Err(e),
        }
    }

    /// Parse and run `src` in the current shell (`eval`, traps, `source`).
    pub async fn eval_string(&mut self, src: &str, _what: &str) -> R<i32> {
        if src.len() > self.sh.limits.max_source_bytes {
            return Err(Ctl::Interrupt(Interrupt::limit(
                crate::limits::LimitKind::SourceBytes,
                self.sh.limits.max_source_bytes,
            )));
        }
        self.st.subst_depth += 1;
        if self.st.subst_depth > self.sh.limits.max_subst_depth {
            self.st.subst_depth -= 1;
            return Err(Ctl::Interrupt(Interrupt::limit(
                crate::limits::LimitKind::SubstDepth,
                self.sh.limits.max_subst_depth,
            )));
        }
        let r = match crate::parse::parse_script(src, &self.sh.limits, self.utf8_locale()) {
            Ok(script) => {
                let line = self.st.lineno;
                let base = std::mem::replace(&mut self.st.line_base, line.saturating_sub(1));
                let script = Arc::new(script);
                // Spans of the eval'd text index the eval'd text.
                let saved = std::mem::replace(&mut self.source, Arc::from(src));
                // An expansion error abandons the rest of the text and
                // `eval` returns its status (bash's `parse_and_execute`
                // catches the jump), so the caller's line goes on.
                let r = match self.run_list(&script.body).await {
                    Err(Ctl::Abort(s)) => Ok(s),
                    r => r,
                };
                self.source = saved;
                self.st.line_base = base;
                self.st.lineno = line;
                r
            }
            Err(e) => {
                if let Some(i) = crate::parse::limit_interrupt(&e, &self.sh.limits) {
                    self.st.subst_depth -= 1;
                    return Err(Ctl::Interrupt(i));
                }
                self.error(&e.message).await?;
                // bash reports a bad substitution when it expands, as a
                // run-time error.
                Ok(if e.message.contains("bad substitution") {
                    1
                } else {
                    2
                })
            }
        };
        self.st.subst_depth -= 1;
        r
    }
}

/// Whether pipeline `p` is one compound command whose failure is checked
/// within it: a group, `if`, `case`, a loop or `select`, whose status is
/// that of a command in its body, or a subshell, which checks its own
/// status wherever it runs (as a pipeline stage or a function body too);
/// as opposed to a simple command, `(( ))`, `[[ ]]` or a pipeline of
/// several.
fn checked_within(p: &Pipeline) -> bool {
    match p.commands.as_slice() {
        [stage] => match &stage.command {
            Command::Compound(c, _) => {
                !matches!(**c, CompoundCommand::Arith(..) | CompoundCommand::Cond(..))
            }
            _ => false,
        },
        _ => false,
    }
}

/// Poll several futures concurrently in the current task until all finish;
/// results in input order.
pub(crate) async fn join_all<T>(futs: Vec<BoxFut<'_, T>>) -> Vec<T> {
    let mut results: Vec<Option<T>> = futs.iter().map(|_| None).collect();
    let mut futs: Vec<Option<BoxFut<'_, T>>> = futs.into_iter().map(Some).collect();
    std::future::poll_fn(|cx| {
        let mut pending = false;
        for (i, slot) in futs.iter_mut().enumerate() {
            let Some(f) = slot else { continue };
            match f.as_mut().poll(cx) {
                std::task::Poll::Ready(v) => {
                    results[i] = Some(v);
                    // Drop the finished stage now: its pipe ends close.
                    *slot = None;
                }
                std::task::Poll::Pending => pending = true,
            }
        }
        if pending {
            std::task::Poll::Pending
        } else {
            std::task::Poll::Ready(())
        }
    })
    .await;
    results.into_iter().map(|r| r.expect("finished")).collect()
}

pub(crate) use toolsh_command::stack::GrowStack;
