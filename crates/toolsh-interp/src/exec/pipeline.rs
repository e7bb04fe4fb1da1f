//! Pipelines (bash manual 3.2.3): stages run concurrently on forks joined
//! by bounded pipes; `PIPESTATUS`, `pipefail`, `lastpipe`, `!`. The
//! stages running at once are bounded by `max_pipeline_stages`.

use toolsh_parser::{Command, CompoundCommand, Pipeline};

use super::{BoxFut, Ctl, Fd, Interp, R, join_all};
use crate::io::Output;

impl Interp {
    /// Run a pipeline; sets `PIPESTATUS`.
    pub async fn run_pipeline(&mut self, p: &Pipeline) -> R<i32> {
        // `!` ignores failures inside only when `set -e` is already on as
        // it starts (execute_cmd.c: `if (exit_immediately_on_error &&
        // invert) command->flags |= CMD_IGNORE_RETURN`): a function run
        // under `!` that turns `set -e` on exits at its next failure.
        let suppress = p.negated && self.st.opts.errexit;
        if suppress {
            self.st.errexit_suppressed += 1;
        }
        let r = self.run_pipeline_inner(p).await;
        if suppress {
            self.st.errexit_suppressed -= 1;
        }
        let status = r?;
        if status != 0 && p.commands.len() > 1 && !self.st.opts.lastpipe && ends_in_subshell(p) {
            // bash 5.2 (execute_cmd.c, `cm_subshell`) checks a subshell
            // that ends a pipeline when it waits for it, with the
            // pipeline's status (after `pipefail`): the ERR trap runs
            // for it and then again for the pipeline (`true | (false)`
            // prints ERR twice), or `set -e` exits first. Negation
            // belongs to the pipeline, not to this stage: only `set -e`
            // keeps `! true | (false)` from running the trap.
            if !p.negated || !self.st.opts.errexit {
                self.st.last_status = status;
                self.fail_status(status).await?;
            }
        }
        Ok(if p.negated {
            i32::from(status == 0)
        } else {
            status
        })
    }

    async fn run_pipeline_inner(&mut self, p: &Pipeline) -> R<i32> {
        if p.commands.len() == 1 {
            let status = self.run_command(&p.commands[0].command).await?;
            self.st.pipestatus.clear();
            self.st.pipestatus.push(status);
            return Ok(status);
        }
        let n = p.commands.len();
        // Each stage is a fork: bound them before making any.
        let _stages = self.sh.enter_pipeline(n)?;
        let lastpipe = self.st.opts.lastpipe;
        let mut futs: Vec<BoxFut<'_, R<i32>>> = Vec::with_capacity(n);
        let mut prev_in = None;
        let saved_fds = if lastpipe {
            Some(self.fds.clone())
        } else {
            None
        };
        let mut last_in = None;
        for (i, stage) in p.commands.iter().enumerate() {
            let (out, next_in) = if i + 1 < n {
                let (o, inp) = Output::charged_pipe(&self.sh.memory);
                (Some(o), Some(inp))
            } else {
                (None, None)
            };
            if i + 1 == n && lastpipe {
                last_in = prev_in.take();
                break;
            }
            match &stage.command {
                // bash notes a simple stage and runs the DEBUG trap in the
                // shell before the stage forks: `$BASH_COMMAND` after
                // `true | false` is `false` (the fork has no DEBUG trap).
                // It also sets `$LINENO` there, so the ERR trap after the
                // pipeline names the line of its last simple or subshell
                // stage (execute_cmd.c, execute_simple_command).
                toolsh_parser::Command::Simple(c) => {
                    self.st.lineno = self.st.line_base + c.span.line;
                    self.note_command(c.span);
                    if self.st.traps.contains_key("DEBUG") {
                        self.debug_trap().await?;
                    }
                }
                // A subshell stage is noted without a DEBUG trap.
                toolsh_parser::Command::Compound(c, _)
                    if matches!(**c, toolsh_parser::CompoundCommand::Subshell(..)) =>
                {
                    self.st.lineno = self.subshell_line(c.span());
                    self.note_command(c.span());
                }
                _ => {}
            }
            let mut child = self.fork();
            // Under `set -T` the fork keeps the DEBUG trap; it already ran
            // for this stage.
            child.st.debug_trap_ran = matches!(stage.command, toolsh_parser::Command::Simple(_));
            if is_subshell(&stage.command) {
                child.st.next_subshell = crate::state::SubshellRun::Stage;
            }
            if let Some(inp) = prev_in.take() {
                child.fds.set_stdin(inp);
            }
            if let Some(o) = out {
                if stage.pipe_stderr {
                    child.fds.set(2, Some(Fd::Out(o.clone())));
                }
                child.fds.set(1, Some(Fd::Out(o)));
            }
            futs.push(Box::pin(async move {
                let r = match child.enter_subst_depth() {
                    Ok(()) => child.run_command(&stage.command).await,
                    Err(e) => Err(e),
                };
                let s = match child.finish_subshell(r).await {
                    // A limit in one stage ends the whole script: tell the
                    // other stages now, so they stop at their next check
                    // instead of running on (`:(){ :|:; };:`).
                    Err(Ctl::Interrupt(i)) => {
                        child.sh.set_fatal(i.clone());
                        return Err(Ctl::Interrupt(i));
                    }
                    other => other?,
                };
                let closed = matches!(child.fds.output(1), Output::Pipe(tx) if tx.is_closed());
                Ok(if closed && s != 0 { 141 } else { s })
            }));
            prev_in = next_in;
        }
        if let Some(inp) = last_in {
            self.fds.set_stdin(inp);
            let stage = &p.commands[n - 1];
            futs.push(Box::pin(self.run_command(&stage.command)));
        }
        let results = join_all(futs).await;
        if let Some(f) = saved_fds {
            self.fds = f;
        }
        let mut statuses = Vec::with_capacity(n);
        let mut ctl = None;
        for r in results {
            match r {
                Ok(s) => statuses.push(s),
                Err(Ctl::Interrupt(i)) => return Err(Ctl::Interrupt(i)),
                Err(e) => {
                    // Only the lastpipe stage can return control flow.
                    statuses.push(match &e {
                        Ctl::Exit(s) | Ctl::Abort(s) | Ctl::Return(s) => *s,
                        _ => 0,
                    });
                    ctl = Some(e);
                }
            }
        }
        self.st.pipestatus = statuses;
        if let Some(e) = ctl {
            return Err(e);
        }
        let last = *self.st.pipestatus.last().unwrap_or(&0);
        if self.st.opts.pipefail {
            return Ok(self
                .st
                .pipestatus
                .iter()
                .rev()
                .find(|&&s| s != 0)
                .copied()
                .unwrap_or(0));
        }
        Ok(last)
    }
}

/// Whether the last stage of `p` is a subshell, `( list )`.
fn ends_in_subshell(p: &Pipeline) -> bool {
    p.commands
        .last()
        .is_some_and(|stage| is_subshell(&stage.command))
}

/// Whether `c` is a subshell, `( list )`.
pub(crate) fn is_subshell(c: &Command) -> bool {
    matches!(c, Command::Compound(c, _) if matches!(**c, CompoundCommand::Subshell(..)))
}
