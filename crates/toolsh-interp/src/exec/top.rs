//! Running a whole script: parse (executing the complete commands before a
//! syntax error, as bash does when it reads a script), run, the EXIT trap,
//! waiting for background jobs.

use std::sync::Arc;

use super::{Ctl, Interp};
use crate::limits::{Interrupt, LimitKind};

/// Run `src` as the top-level script of `it`.
pub(crate) async fn run_top(it: &mut Interp, src: &str) -> Result<i32, Interrupt> {
    let utf8 = it.utf8_locale();
    let limits = &it.sh.limits;
    if src.len() > limits.max_source_bytes {
        return Err(Interrupt::limit(
            LimitKind::SourceBytes,
            limits.max_source_bytes,
        ));
    }
    let parsed = crate::parse::parse_script(src, limits, utf8);
    let (script, syntax_error) = match parsed {
        Ok(s) => (Some(s), None),
        Err(e) => {
            if let Some(i) = crate::parse::limit_interrupt(&e, limits) {
                return Err(i);
            }
            // Run the whole commands before the error.
            let prefix_end = runnable_prefix_end(src, &e);
            let prefix = crate::parse::parse_script(&src[..prefix_end], limits, utf8).ok();
            (prefix, Some(e))
        }
    };
    let mut status = 0;
    let mut exited = false;
    it.st.expansion_exit = false;
    if let Some(script) = script {
        let script = Arc::new(script);
        match it.run_script(&script).await {
            Ok(s) => status = s,
            Err(Ctl::Exit(s)) => {
                // bash -c leaves with 127 after a fatal expansion error in
                // the shell itself (a script file, or a subshell, with 1).
                status = if it.sh.command_string && it.st.expansion_exit {
                    127
                } else {
                    s
                };
                exited = true;
            }
            Err(Ctl::Interrupt(i)) => return Err(i),
            Err(Ctl::Abort(s) | Ctl::Return(s)) => status = s,
            Err(Ctl::Break(_) | Ctl::Continue(_)) => {}
        }
    }
    if let Some(e) = syntax_error
        && !exited
    {
        it.st.lineno = e.line;
        let _ = it.error(&e.message).await;
        status = super::syntax_status::syntax_error_status(src, &e, status);
    }
    it.st.last_status = status;
    if let Some(action) = it.st.traps.get("EXIT").cloned() {
        std::sync::Arc::make_mut(&mut it.st.traps).remove("EXIT");
        match it.run_trap_exit(&action).await {
            Ok(Some(s)) => status = s,
            Ok(None) => {}
            Err(i) => return Err(i),
        }
    }
    it.wait_all_jobs().await.map_err(|c| match c {
        Ctl::Interrupt(i) => i,
        _ => Interrupt::Cancelled,
    })?;
    // A limit recorded by a builtin (e.g. `printf -v` past the variable
    // size) in the last command.
    it.sh.check_fatal()?;
    Ok(status)
}

/// Byte offset where 1-based `line` starts.
/// Where the text that bash would have read and run before reporting
/// syntax error `e` ends: the start of the line holding the error, or of
/// the line where the top-level command holding it begins when that is
/// earlier (`if` opened on line 2 and never closed: line 1 runs). bash
/// reads a line at a time, so a command before the error on its own line
/// does not run.
pub(crate) fn runnable_prefix_end(src: &str, e: &toolsh_parser::ParseError) -> usize {
    let command = (e.command_start as usize).min(src.len());
    let command_line = src[..command].rfind('\n').map_or(0, |i| i + 1);
    line_start(src, e.line).min(command_line)
}

pub(crate) fn line_start(src: &str, line: u32) -> usize {
    if line <= 1 {
        return 0;
    }
    let mut n = 1;
    for (i, b) in src.bytes().enumerate() {
        if b == b'\n' {
            n += 1;
            if n == line {
                return i + 1;
            }
        }
    }
    src.len()
}

impl Interp {
    /// Run the EXIT trap; `Some(status)` when it called `exit`.
    ///
    /// bash runs it with its line counter reset (trap.c, `run_exit_trap`,
    /// `SEVAL_RESETLINE`): `$LINENO` counts the lines of the action
    /// string from 1, whatever line the script exited on.
    pub async fn run_trap_exit(&mut self, action: &str) -> Result<Option<i32>, Interrupt> {
        let saved = self.st.last_status;
        self.st.in_trap = true;
        let line = std::mem::replace(&mut self.st.lineno, 1);
        let r = self.eval_string(action, "trap").await;
        self.st.lineno = line;
        self.st.in_trap = false;
        self.st.last_status = saved;
        match r {
            Err(Ctl::Exit(s)) => Ok(Some(s)),
            Err(Ctl::Interrupt(i)) => Err(i),
            _ => Ok(None),
        }
    }
}
