//! Simple commands (bash manual 3.7.1 "Simple Command Expansion", 3.7.2
//! "Command Search and Execution").

use std::sync::Arc;

use toolsh_parser::{Assignment, Command, SimpleCommand, Word};

use super::{Ctl, Interp, R};
use crate::builtins;
use crate::io::{Input, Output};
use crate::limits::Interrupt;
use crate::profile::Profile;
use crate::utility::UtilityContext;

/// The arguments of a shell builtin: expanded words, plus the compound
/// array assignments among the arguments of declaration builtins.
pub(crate) struct Call<'a> {
    /// `args[0]` is the name.
    pub args: Vec<String>,
    /// `(argument index, assignment)` for `declare a=(...)`-style words.
    pub arrays: Vec<(usize, &'a Assignment)>,
}

impl Interp {
    /// Run one command.
    pub fn run_command<'a>(&'a mut self, cmd: &'a Command) -> super::BoxFut<'a, R<i32>> {
        Box::pin(super::GrowStack::new(self.command(cmd)))
    }

    /// The body of [`Self::run_command`]: the future boxed once per
    /// command (its size is what each command allocates; see the test
    /// below).
    async fn command(&mut self, cmd: &Command) -> R<i32> {
        match cmd {
            Command::Simple(c) => {
                let mark = self.procsub_mark();
                let r = self.run_simple(c).await;
                self.finish_procsubs(mark, r).await
            }
            Command::Compound(c, redirs) => {
                let mark = self.procsub_mark();
                // Boxed: a compound command's future is the larger one, and
                // inline it would size every simple command's future too
                // (1,032 bytes against 920; see the test below).
                let r = Box::pin(self.run_compound(c, redirs)).await;
                self.finish_procsubs(mark, r).await
            }
            Command::Function(f) => {
                self.st.lineno = self.st.line_base + f.span.line;
                if self.st.readonly_funcs.iter().any(|n| *n == f.name) {
                    self.error(&format!("{}: readonly function", f.name))
                        .await?;
                    return Ok(1);
                }
                let def = Arc::new((**f).clone());
                Arc::make_mut(&mut self.st.funcs).insert(f.name.to_string(), def.clone());
                if let Some(text) = self.source.get(f.span.range())
                    && (text
                        .strip_prefix(f.name.as_str())
                        .is_some_and(|r| r.trim_start().starts_with('('))
                        || text.starts_with("function"))
                {
                    Arc::make_mut(&mut self.st.func_text)
                        .insert(f.name.to_string(), (def, Arc::from(text)));
                }
                Ok(0)
            }
            Command::Coproc(c) => {
                self.st.lineno = self.st.line_base + c.span.line;
                self.error("coproc: not supported").await?;
                Ok(1)
            }
        }
    }

    /// Expand command words: plain words fully; assignment-form arguments
    /// of declaration builtins as assignments.
    pub async fn expand_args<'a>(
        &mut self,
        words: &'a [Word],
    ) -> R<(Vec<String>, Vec<(usize, &'a Assignment)>)> {
        let mut args = Vec::with_capacity(words.len());
        let mut arrays = Vec::new();
        let mut bytes = 0;
        for w in words {
            if let [toolsh_parser::WordPart::AssignmentWord(a)] = w.parts.as_slice() {
                match &a.value {
                    toolsh_parser::AssignValue::Array(_) => {
                        arrays.push((args.len(), &**a));
                        args.push(a.name.to_string());
                    }
                    toolsh_parser::AssignValue::Scalar(v) => {
                        let mut s = a.name.to_string();
                        if let Some(sub) = &a.subscript {
                            s.push('[');
                            s.push_str(&self.expand_string(sub).await?);
                            s.push(']');
                        }
                        s.push_str(if a.append { "+=" } else { "=" });
                        s.push_str(&self.expand_assign_value(v).await?);
                        args.push(s);
                    }
                }
                continue;
            }
            self.expand_word_counted(w, &mut args, &mut bytes).await?;
        }
        Ok((args, arrays))
    }

    /// Run a simple command.
    pub async fn run_simple(&mut self, c: &SimpleCommand) -> R<i32> {
        self.st.lineno = self.st.line_base + c.span.line;
        if self.st.opts.noexec {
            return Ok(0);
        }
        self.sh.count_command()?;
        self.note_command(c.span);
        if std::mem::take(&mut self.st.debug_trap_ran) {
        } else if !self.st.traps.is_empty() && self.st.traps.contains_key("DEBUG") {
            self.debug_trap().await?;
        }
        self.st.subst_status = None;
        let (argv, arrays) = self.expand_args(&c.words).await?;
        if self.st.opts.xtrace {
            self.trace(c, &argv).await?;
        }
        if argv.is_empty() {
            let saved = self.fds.clone();
            let r = self.apply_redirects(&c.redirects).await;
            self.fds = saved;
            if !r? {
                return Ok(1);
            }
            for a in &c.assignments {
                if !self.assign_stmt(a, false).await? {
                    return Ok(1);
                }
            }
            return Ok(self.st.subst_status.unwrap_or(0));
        }
        if argv.len() == 1 && argv[0] == "exec" && c.assignments.is_empty() {
            // `exec` with redirections only: they stay in effect.
            return Ok(i32::from(!self.apply_redirects(&c.redirects).await?));
        }
        let is_exec = argv.len() == 1 && argv[0] == "exec";
        if let Some(last) = argv.last() {
            self.st.last_arg.clone_from(last);
        }
        let saved = self.fds.clone();
        let ok = match self.apply_redirects(&c.redirects).await {
            Ok(ok) => ok,
            Err(e) => {
                self.fds = saved;
                return Err(e);
            }
        };
        if !ok {
            self.fds = saved;
            return Ok(1);
        }
        let temp = !c.assignments.is_empty();
        let r = if temp {
            self.st.vars.push_scope(true);
            let mut ok = true;
            for a in &c.assignments {
                match self.assign_stmt(a, true).await {
                    Ok(true) => {}
                    Ok(false) => {
                        ok = false;
                        break;
                    }
                    Err(e) => {
                        self.st.vars.pop_scope();
                        self.fds = saved;
                        return Err(e);
                    }
                }
            }
            let r = if ok {
                self.dispatch(argv, arrays).await
            } else {
                Ok(1)
            };
            self.st.vars.pop_scope();
            r
        } else {
            self.dispatch(argv, arrays).await
        };
        if !is_exec {
            self.fds = saved;
        }
        r
    }

    /// Record the command about to run for `$BASH_COMMAND` (not while a
    /// trap runs: the trap sees the command that triggered it).
    pub fn note_command(&mut self, span: toolsh_parser::Span) {
        if self.st.in_trap {
            return;
        }
        match &mut self.st.command {
            // The same source as last time: only the span changes (no
            // reference-count traffic per command).
            Some((src, at)) if Arc::ptr_eq(src, &self.source) => *at = span,
            c => *c = Some((Arc::clone(&self.source), span)),
        }
    }

    /// `set -x`: print the assignments and the command, quoted for
    /// re-input, after `$PS4`.
    async fn trace(&mut self, c: &SimpleCommand, argv: &[String]) -> R<()> {
        let ps4 = self.get_scalar("PS4").unwrap_or_else(|| "+ ".to_string());
        let mut out = String::new();
        for a in &c.assignments {
            let v = match &a.value {
                toolsh_parser::AssignValue::Scalar(w) => {
                    let v = self.expand_assign_value(w).await?;
                    crate::quote::for_set(&v)
                }
                toolsh_parser::AssignValue::Array(_) => "(...)".to_string(),
            };
            out.push_str(&format!(
                "{ps4}{}{}={v}\n",
                a.name,
                if a.append { "+" } else { "" }
            ));
        }
        if !argv.is_empty() {
            let words: Vec<String> = argv.iter().map(|a| crate::quote::for_set(a)).collect();
            out.push_str(&format!("{ps4}{}\n", words.join(" ")));
        }
        self.write_fd(2, out.as_bytes()).await
    }

    /// Find and run a command: function, shell builtin, utility or tool.
    pub async fn dispatch(
        &mut self,
        argv: Vec<String>,
        arrays: Vec<(usize, &Assignment)>,
    ) -> R<i32> {
        let name = argv[0].as_str();
        if let Some(f) = self.st.funcs.get(name).cloned() {
            return self.call_function(f, argv).await;
        }
        if !self.sh.host_overrides.contains(name)
            && let Some(b) = builtins::lookup(name)
        {
            return b(self, Call { args: argv, arrays }).await;
        }
        self.run_external(argv).await
    }

    /// Run a utility or tool (no functions, no shell builtins).
    pub async fn run_external(&mut self, argv: Vec<String>) -> R<i32> {
        let name = argv[0].as_str();
        let found = self.sh.commands.get(name).cloned().or_else(|| {
            if name.contains('/') {
                None
            } else {
                self.sh.not_found.clone()
            }
        });
        if let Some(b) = found {
            let stdin = self.fds.input(0);
            let stdout = self.fds.output(1);
            let stderr = self.fds.output(2);
            let stdin_from_loop = self.fds.stdin_from_loop;
            let r = match stdin {
                Some(shared) => {
                    let mut guard = shared.lock().await;
                    let mut ctx = UtilityContext {
                        args: argv,
                        stdin: &mut guard,
                        stdout: &stdout,
                        stderr: &stderr,
                        shell: self,
                        stdin_from_loop,
                    };
                    b.run(&mut ctx).await
                }
                None => {
                    let mut empty = Input::empty();
                    let mut ctx = UtilityContext {
                        args: argv,
                        stdin: &mut empty,
                        stdout: &stdout,
                        stderr: &stderr,
                        shell: self,
                        stdin_from_loop,
                    };
                    b.run(&mut ctx).await
                }
            };
            let status = r.map_err(Ctl::Interrupt)?;
            if std::mem::take(&mut self.st.report_exit) {
                return Err(Ctl::Exit(if self.st.last_status == 0 {
                    1
                } else {
                    self.st.last_status
                }));
            }
            if let Output::Pipe(tx) = &stdout
                && tx.is_closed()
                && status != 0
            {
                return Ok(141);
            }
            return Ok(status);
        }
        // The rare paths are boxed so that their large futures do not
        // enlarge every simple command's future.
        if name.contains('/') {
            return Box::pin(self.run_path(argv)).await;
        }
        if let Some(handler) = self.st.funcs.get("command_not_found_handle").cloned() {
            return Box::pin(self.not_found_handler(handler, argv)).await;
        }
        self.error(&format!("{name}: command not found")).await?;
        Ok(127)
    }

    /// bash manual 3.7.2: `command_not_found_handle` runs in a subshell
    /// with the command and its arguments; its status is the command's.
    async fn not_found_handler(
        &mut self,
        handler: crate::state::Function,
        argv: Vec<String>,
    ) -> R<i32> {
        let mut child = self.fork();
        child.enter_subst_depth()?;
        let mut hargv = Vec::with_capacity(argv.len() + 1);
        hargv.push("command_not_found_handle".to_string());
        hargv.extend(argv);
        let r = child.call_function(handler, hargv).await;
        child.finish_subshell(r).await
    }

    /// `./script`: run a file of the sandbox file system as a shell
    /// script in a subshell; refused in the logic-only profile.
    async fn run_path(&mut self, argv: Vec<String>) -> R<i32> {
        let name = argv[0].clone();
        if self.sh.profile == Profile::LogicOnly {
            self.error(&format!(
                "{name}: path execution is disabled in the logic-only profile"
            ))
            .await?;
            return Ok(126);
        }
        let path = crate::fs::normalize_path(&self.st.cwd, &name);
        let data = match self.sh.fs.metadata(&path).await {
            Ok(m) if m.is_dir() => {
                self.error(&format!("{name}: Is a directory")).await?;
                return Ok(126);
            }
            Ok(m) if m.mode & 0o111 == 0 => {
                self.error(&format!("{name}: Permission denied")).await?;
                return Ok(126);
            }
            Ok(_) => match self.sh.fs.read(&path).await {
                Ok(d) => d,
                Err(e) => {
                    self.error(&format!("{name}: {e}")).await?;
                    return Ok(126);
                }
            },
            Err(e) => {
                self.error(&format!("{name}: {e}")).await?;
                return Ok(127);
            }
        };
        let src = String::from_utf8_lossy(&data).into_owned();
        let mut child = self.fork();
        child.st.positional = argv[1..].to_vec().into();
        child.charge_positional()?;
        child.st.arg0 = name;
        child.st.funcs = Arc::default();
        child.source = Arc::from(src.as_str());
        child.st.script_depth += 1;
        Ok(match Box::pin(child.run_sourced(&src)).await {
            Ok(s) | Err(Ctl::Exit(s) | Ctl::Abort(s) | Ctl::Return(s)) => s,
            Err(Ctl::Interrupt(i)) => return Err(Ctl::Interrupt(i)),
            Err(_) => 0,
        })
    }

    /// Parse and run a script text at the current level (`source`).
    pub async fn run_sourced(&mut self, src: &str) -> R<i32> {
        // A file that sources or runs itself: bounded like recursion.
        if self.st.call_depth() >= self.sh.limits.max_function_depth {
            return Err(Ctl::Interrupt(Interrupt::limit(
                crate::limits::LimitKind::FunctionDepth,
                self.sh.limits.max_function_depth,
            )));
        }
        if src.len() > self.sh.limits.max_source_bytes {
            return Err(Ctl::Interrupt(Interrupt::limit(
                crate::limits::LimitKind::SourceBytes,
                self.sh.limits.max_source_bytes,
            )));
        }
        match crate::parse::parse_script(src, &self.sh.limits, self.utf8_locale()) {
            Ok(script) => {
                let script = Arc::new(script);
                let saved = std::mem::replace(&mut self.source, Arc::from(src));
                let r = self.run_items(&script, true).await;
                self.source = saved;
                r
            }
            Err(e) => {
                if let Some(i) = crate::parse::limit_interrupt(&e, &self.sh.limits) {
                    return Err(Ctl::Interrupt(i));
                }
                // As bash reads a file: the complete commands before the
                // line with the error run, then the error is reported.
                let end = super::top::runnable_prefix_end(src, &e);
                if let Ok(prefix) =
                    crate::parse::parse_script(&src[..end], &self.sh.limits, self.utf8_locale())
                {
                    let saved = std::mem::replace(&mut self.source, Arc::from(src));
                    let r = self.run_items(&prefix, true).await;
                    self.source = saved;
                    match r {
                        Ok(_) => {}
                        Err(Ctl::Return(s)) => return Ok(s),
                        Err(other) => return Err(other),
                    }
                }
                self.st.lineno = e.line;
                self.error(&e.message).await?;
                Ok(2)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The size of the future `f` returns, without making one.
    fn future_size<'a, A: 'a, F: Future>(_f: impl FnOnce(&'a mut Interp, &'a A) -> F) -> usize {
        std::mem::size_of::<F>()
    }

    /// docs/architecture.md: the rare paths of a command are boxed where
    /// taken, so the future boxed per command (that of a simple command
    /// included) stays under 1 KiB.
    #[test]
    fn a_commands_boxed_future_stays_under_one_kib() {
        let command = future_size(Interp::command);
        let simple = future_size(Interp::run_simple);
        eprintln!("future sizes: command {command} bytes, simple command {simple} bytes");
        assert!(command < 1024, "command future: {command} bytes");
        assert!(simple < 1024, "simple command future: {simple} bytes");
    }
}
