//! Compound commands (bash manual 3.2.5): groups, subshells, `if`, loops,
//! `case`, `select`, `(( ))` and `[[ ]]`.

use toolsh_parser::{CaseTerminator, CompoundCommand, List, Redirect, Word};

use super::{Ctl, Interp, R};
use crate::state::SubshellRun;

/// What a loop body's control flow asks for.
enum LoopStep {
    Next,
    Stop,
}

impl Interp {
    /// Run a compound command with its redirections.
    pub async fn run_compound(&mut self, c: &CompoundCommand, redirs: &[Redirect]) -> R<i32> {
        if redirs.is_empty() {
            return self.run_compound_inner(c).await;
        }
        let saved = self.fds.clone();
        let ok = match self.apply_redirects(redirs).await {
            Ok(ok) => ok,
            Err(e) => {
                self.fds = saved;
                return Err(e);
            }
        };
        let r = if ok {
            self.run_compound_inner(c).await
        } else {
            // The command itself failed: the and-or list does not check a
            // body's status again (`checked_within`), so check it here.
            self.fds = saved;
            self.st.last_status = 1;
            self.fail_status(1).await?;
            return Ok(1);
        };
        self.fds = saved;
        r
    }

    /// Run a condition list: `set -e` does not apply inside it.
    pub async fn run_condition(&mut self, list: &List) -> R<i32> {
        self.st.errexit_suppressed += 1;
        let r = self.run_list(list).await;
        self.st.errexit_suppressed -= 1;
        r
    }

    /// What a loop does after its body: `break`/`continue` leave the
    /// status of the builtin (0, or 1 for an out-of-range count, in
    /// `break_status`) as the loop's status.
    fn loop_ctl(r: R<i32>, status: &mut i32, break_status: &mut i32) -> R<LoopStep> {
        match r {
            Ok(s) => {
                *status = s;
                Ok(LoopStep::Next)
            }
            Err(Ctl::Break(n)) => {
                *status = *break_status;
                if n > 1 {
                    Err(Ctl::Break(n - 1))
                } else {
                    *break_status = 0;
                    Ok(LoopStep::Stop)
                }
            }
            Err(Ctl::Continue(n)) => {
                *status = 0;
                if n > 1 {
                    Err(Ctl::Continue(n - 1))
                } else {
                    Ok(LoopStep::Next)
                }
            }
            Err(e) => Err(e),
        }
    }

    async fn run_compound_inner(&mut self, c: &CompoundCommand) -> R<i32> {
        match c {
            CompoundCommand::BraceGroup(list, _) => self.run_list(list).await,
            CompoundCommand::Subshell(list, span) => {
                self.st.lineno = self.subshell_line(*span);
                // bash sets `$BASH_COMMAND` to `( list )` here, without a
                // DEBUG trap.
                self.note_command(*span);
                let run = std::mem::take(&mut self.st.next_subshell);
                let status = if run == SubshellRun::Stage {
                    // The pipeline stage's fork is this subshell, and a
                    // subshell is outside every loop (bash's
                    // `execute_in_subshell` clears `loop_level`).
                    self.st.loop_depth = 0;
                    if lone_subshell(list) {
                        self.st.next_subshell = SubshellRun::NoFork;
                    }
                    Box::pin(self.run_list(list)).await?
                } else {
                    Box::pin(self.run_subshell(list)).await?
                };
                if status != 0 && run == SubshellRun::Checked {
                    // Checked here, not by the and-or list (`checked_within`).
                    self.st.last_status = status;
                    self.fail_status(status).await?;
                }
                Ok(status)
            }
            CompoundCommand::If {
                branches,
                otherwise,
                span,
            } => {
                self.st.lineno = self.st.line_base + span.line;
                for (cond, body) in branches {
                    if self.run_condition(cond).await? == 0 {
                        return self.run_list(body).await;
                    }
                }
                match otherwise {
                    Some(body) => self.run_list(body).await,
                    None => Ok(0),
                }
            }
            CompoundCommand::While {
                until,
                cond,
                body,
                span,
            } => {
                self.st.lineno = self.st.line_base + span.line;
                let mut status = 0;
                let mut n: u64 = 0;
                self.st.loop_depth += 1;
                let outer_stdin_from_loop = std::mem::replace(&mut self.fds.stdin_from_loop, true);
                let r = async {
                    loop {
                        n += 1;
                        self.sh.count_iteration(n)?;
                        let c = self.run_condition(cond).await;
                        let c = match c {
                            Ok(c) => c,
                            Err(Ctl::Break(1)) => break,
                            Err(Ctl::Continue(1)) => continue,
                            Err(Ctl::Break(k)) => return Err(Ctl::Break(k - 1)),
                            Err(Ctl::Continue(k)) => return Err(Ctl::Continue(k - 1)),
                            Err(e) => return Err(e),
                        };
                        if (c == 0) == *until {
                            break;
                        }
                        let r = self.run_list(body).await;
                        if let LoopStep::Stop =
                            Self::loop_ctl(r, &mut status, &mut self.st.break_status)?
                        {
                            break;
                        }
                    }
                    Ok(status)
                }
                .await;
                self.st.loop_depth -= 1;
                self.fds.stdin_from_loop = outer_stdin_from_loop;
                r
            }
            CompoundCommand::For {
                var,
                words,
                body,
                span,
            } => {
                self.st.lineno = self.st.line_base + span.line;
                let items: Vec<String> = match words {
                    Some(ws) => Box::pin(self.expand_words(ws)).await?,
                    None => self.st.positional.to_vec(),
                };
                let mut status = 0;
                self.st.loop_depth += 1;
                let outer_stdin_from_loop = std::mem::replace(&mut self.fds.stdin_from_loop, true);
                let r = async {
                    for (n, item) in items.into_iter().enumerate() {
                        self.sh.count_iteration(n as u64 + 1)?;
                        if self.st.vars.circular(var) {
                            // bash 5.2 warns and fails before the body.
                            self.error(&crate::exec::circular_message(var)).await?;
                            return Ok(1);
                        }
                        let nameref = self
                            .st
                            .vars
                            .get_raw(var)
                            .is_some_and(|v| v.has(crate::state::attr::NAMEREF));
                        if nameref {
                            // The item becomes the name referred to: it
                            // must be a name or an array element.
                            let (base, _) = crate::exec::vars::split_subscript(&item);
                            if !crate::exec::vars::is_name(base) {
                                self.error(&format!("`{item}': not a valid identifier"))
                                    .await?;
                                return Ok(1);
                            }
                            if let Some(v) = self.st.vars.get_raw_mut(var) {
                                v.value = crate::state::Value::Scalar(item);
                            }
                        } else if let Err(msg) = self.set_var(var, item) {
                            // bash's `report_error`: `set -e` exits.
                            self.report_error(&msg).await?;
                            return Ok(1);
                        }
                        let r = self.run_list(body).await;
                        if let LoopStep::Stop =
                            Self::loop_ctl(r, &mut status, &mut self.st.break_status)?
                        {
                            break;
                        }
                    }
                    Ok(status)
                }
                .await;
                self.st.loop_depth -= 1;
                self.fds.stdin_from_loop = outer_stdin_from_loop;
                r
            }
            CompoundCommand::ArithFor {
                init,
                cond,
                step,
                body,
                span,
            } => {
                self.st.lineno = self.st.line_base + span.line;
                if let Some(e) = init
                    && let Err(s) = self.arith_command(e).await?
                {
                    return Ok(s);
                }
                let mut status = 0;
                let mut n: u64 = 0;
                self.st.loop_depth += 1;
                let r = async {
                    loop {
                        n += 1;
                        self.sh.count_iteration(n)?;
                        // The header is on the `for` line, whatever line
                        // the body ran last (bash sets `$LINENO` for each
                        // evaluation).
                        let header_line = self.st.line_base + span.line;
                        self.st.lineno = header_line;
                        if let Some(e) = cond {
                            match self.arith_command(e).await? {
                                Ok(0) => break,
                                Ok(_) => {}
                                Err(s) => return Ok(s),
                            }
                        }
                        let r = self.run_list(body).await;
                        if let LoopStep::Stop =
                            Self::loop_ctl(r, &mut status, &mut self.st.break_status)?
                        {
                            break;
                        }
                        self.st.lineno = header_line;
                        if let Some(e) = step
                            && let Err(s) = self.arith_command(e).await?
                        {
                            return Ok(s);
                        }
                    }
                    Ok(status)
                }
                .await;
                self.st.loop_depth -= 1;
                r
            }
            CompoundCommand::Select {
                var,
                words,
                body,
                span,
            } => {
                self.st.lineno = self.st.line_base + span.line;
                Box::pin(self.run_select(var, words.as_deref(), body)).await
            }
            CompoundCommand::Case { word, items, span } => {
                self.st.lineno = self.st.line_base + span.line;
                let subject = self.expand_string(word).await?;
                let mut i = 0;
                let mut status = 0;
                let mut fall = false;
                while i < items.len() {
                    let item = &items[i];
                    let mut hit = fall;
                    if !hit {
                        for p in &item.patterns {
                            if self.matches_pattern_word(&subject, p, false).await? {
                                hit = true;
                                break;
                            }
                        }
                    }
                    if hit {
                        status = self.run_list(&item.body).await?;
                        match item.terminator {
                            CaseTerminator::Break => return Ok(status),
                            CaseTerminator::FallThrough => fall = true,
                            CaseTerminator::Continue => fall = false,
                        }
                    }
                    i += 1;
                }
                Ok(status)
            }
            CompoundCommand::Arith(e, span) => {
                self.st.lineno = self.st.line_base + span.line;
                self.sh.count_command()?;
                self.note_command(*span);
                // bash runs the DEBUG trap before (( )) and [[ ]] too.
                if self.st.traps.contains_key("DEBUG") {
                    self.debug_trap().await?;
                }
                Ok(match self.arith_command(e).await? {
                    Ok(v) => i32::from(v == 0),
                    Err(s) => s,
                })
            }
            CompoundCommand::Cond(e, span) => {
                self.st.lineno = self.st.line_base + span.line;
                self.sh.count_command()?;
                self.note_command(*span);
                if self.st.traps.contains_key("DEBUG") {
                    self.debug_trap().await?;
                }
                self.eval_cond(e).await
            }
        }
    }

    /// `( list )`: run on a fork; changes do not leak back.
    pub async fn run_subshell(&mut self, list: &List) -> R<i32> {
        let mut child = self.fork();
        // `break`/`continue` in `( ... )` do not reach the loops around it.
        child.st.loop_depth = 0;
        child.enter_subst_depth()?;
        if lone_subshell(list) {
            child.st.next_subshell = SubshellRun::NoFork;
        }
        let r = child.run_list(list).await;
        child.finish_subshell(r).await
    }

    /// Increment the substitution depth, failing at the limit.
    pub fn enter_subst_depth(&mut self) -> R<()> {
        self.st.subst_depth += 1;
        if self.st.subst_depth > self.sh.limits.max_subst_depth {
            return Err(Ctl::Interrupt(crate::limits::Interrupt::limit(
                crate::limits::LimitKind::SubstDepth,
                self.sh.limits.max_subst_depth,
            )));
        }
        Ok(())
    }

    /// The status of a finished subshell, running its EXIT trap.
    pub async fn finish_subshell(&mut self, r: R<i32>) -> R<i32> {
        let status = match r {
            Ok(s) | Err(Ctl::Exit(s) | Ctl::Abort(s) | Ctl::Return(s)) => s,
            Err(Ctl::Break(_) | Ctl::Continue(_)) => 0,
            Err(Ctl::Interrupt(i)) => return Err(Ctl::Interrupt(i)),
        };
        self.st.last_status = status;
        if let Some(action) = self.st.traps.get("EXIT").cloned() {
            std::sync::Arc::make_mut(&mut self.st.traps).remove("EXIT");
            match self.run_trap_exit(&action).await {
                Ok(Some(s)) => return Ok(s),
                Ok(None) => {}
                Err(i) => return Err(Ctl::Interrupt(i)),
            }
        }
        Ok(status)
    }

    async fn run_select(&mut self, var: &str, words: Option<&[Word]>, body: &List) -> R<i32> {
        let items: Vec<String> = match words {
            Some(ws) => self.expand_words(ws).await?,
            None => self.st.positional.to_vec(),
        };
        if items.is_empty() {
            return Ok(0);
        }
        let mut status = 0;
        let mut n = 0;
        self.st.loop_depth += 1;
        let r = async {
            loop {
                n += 1;
                self.sh.count_iteration(n)?;
                let mut menu = String::new();
                for (i, it) in items.iter().enumerate() {
                    menu.push_str(&format!("{}) {it}\n", i + 1));
                }
                let ps3 = self.get_scalar("PS3").unwrap_or_else(|| "#? ".to_string());
                menu.push_str(&ps3);
                self.write_fd(2, menu.as_bytes()).await?;
                let Some(line) = self.read_line_fd0().await? else {
                    self.out(b"\n").await?;
                    status = 1;
                    break;
                };
                let line = line.trim_end_matches('\n').to_string();
                let _ = self.set_var("REPLY", line.clone());
                if line.is_empty() {
                    continue;
                }
                let choice = line
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .and_then(|i| items.get(i.wrapping_sub(1)))
                    .cloned()
                    .unwrap_or_default();
                let _ = self.set_var(var, choice);
                let r = self.run_list(body).await;
                if let LoopStep::Stop = Self::loop_ctl(r, &mut status, &mut self.st.break_status)? {
                    break;
                }
            }
            Ok(status)
        }
        .await;
        self.st.loop_depth -= 1;
        r
    }

    /// Read one line from standard input (with its newline); `None` at end
    /// of file.
    pub async fn read_line_fd0(&mut self) -> R<Option<String>> {
        let Some(input) = self.fds.input(0) else {
            return Ok(None);
        };
        let mut guard = input.lock().await;
        let mut buf = Vec::new();
        if guard.read_line(&mut buf).await {
            Ok(Some(String::from_utf8_lossy(&buf).into_owned()))
        } else {
            Ok(None)
        }
    }
}

/// Whether `list` is one subshell and nothing else (`( (false) )`'s body),
/// which bash 5.2 runs without a fork of its own (execute_cmd.c,
/// `execute_in_subshell`, `CMD_NO_FORK`).
fn lone_subshell(list: &List) -> bool {
    match list.items.as_slice() {
        [item] => {
            !item.background
                && item.and_or.rest.is_empty()
                && !item.and_or.first.negated
                && matches!(item.and_or.first.commands.as_slice(), [stage] if super::pipeline::is_subshell(&stage.command))
        }
        _ => false,
    }
}
