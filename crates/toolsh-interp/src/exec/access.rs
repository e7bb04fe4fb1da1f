//! The shell as utilities and tools see it ([`ShellAccess`]).

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, SystemTime};

use async_trait::async_trait;

use super::{Ctl, Fd, Interp};
use crate::fs::FileSystem;
use crate::io::{Input, Output};
use crate::limits::{ExecutionLimits, Interrupt};
use crate::profile::Profile;
use crate::state::attr;
use crate::utility::{ShellAccess, UtilityResult};

#[async_trait]
impl ShellAccess for Interp {
    fn var(&self, name: &str) -> Option<String> {
        self.get_scalar_ref(name)
    }

    fn set_var(&mut self, name: &str, value: String) -> Result<(), String> {
        Interp::set_var(self, name, value).map_err(|m| {
            if self.st.opts.errexit && crate::exec::vars::is_report_error(&m) {
                self.st.report_exit = true;
            }
            // A limit stops the script at the next check; the builtin
            // reports it as an ordinary failure meanwhile.
            match crate::exec::vars::parse_limit_msg(&m) {
                Some(i) => {
                    let shown = i.to_string();
                    self.sh.set_fatal(i);
                    shown
                }
                None => m,
            }
        })
    }

    fn exported_vars(&self) -> Vec<(String, String)> {
        self.st
            .vars
            .visible()
            .into_iter()
            .filter(|(_, v)| v.has(attr::EXPORT))
            .filter_map(|(k, v)| v.scalar_value().map(|s| (k.to_string(), s.to_string())))
            .collect()
    }

    fn cwd(&self) -> String {
        self.st.cwd.clone()
    }

    fn fs(&self) -> Arc<dyn FileSystem> {
        if self.procsubs.is_empty() {
            return self.sh.fs.clone();
        }
        self.devfd_fs()
    }

    fn profile(&self) -> Profile {
        self.sh.profile
    }

    fn memory(&self) -> Arc<crate::MemoryBudget> {
        self.sh.memory.clone()
    }

    fn limits(&self) -> &ExecutionLimits {
        &self.sh.limits
    }

    fn checkpoint(&mut self) -> Result<(), Interrupt> {
        self.sh.checkpoint()
    }

    fn now(&self) -> SystemTime {
        self.sh.now()
    }

    fn lineno(&self) -> usize {
        usize::try_from(self.st.lineno).unwrap_or(0)
    }

    fn random_u32(&mut self) -> u32 {
        let a = self.st.next_random();
        let b = self.st.next_random();
        (a << 15) ^ b ^ (self.st.next_random() << 30)
    }

    async fn sleep(&mut self, duration: Duration) -> Result<(), Interrupt> {
        self.sh.checkpoint()?;
        if self.sh.virtual_time {
            if let Some(d) = self.sh.limits.timeout {
                let elapsed =
                    Duration::from_millis(self.sh.virtual_elapsed_ms.load(Ordering::Relaxed));
                if elapsed.saturating_add(duration) > d {
                    return Err(self.sh.timeout_interrupt());
                }
            }
            self.sh
                .virtual_elapsed_ms
                .fetch_add(duration.as_millis() as u64, Ordering::Relaxed);
            return Ok(());
        }
        if let Some(d) = self.sh.deadline
            && std::time::Instant::now()
                .checked_add(duration)
                .is_none_or(|end| end > d)
        {
            tokio::select! {
                () = tokio::time::sleep_until(d.into()) => {}
                () = self.sh.cancelled() => return Err(Interrupt::Cancelled),
            }
            return Err(self.sh.timeout_interrupt());
        }
        tokio::select! {
            () = tokio::time::sleep(duration.min(crate::numarg::MAX_DURATION)) => Ok(()),
            () = self.sh.cancelled() => Err(Interrupt::Cancelled),
        }
    }

    async fn run_command(
        &mut self,
        argv: Vec<String>,
        stdin: Input,
        stdout: &Output,
        stderr: &Output,
    ) -> UtilityResult {
        if argv.is_empty() {
            return Ok(0);
        }
        let saved = self.fds.clone();
        self.fds.set_stdin(stdin);
        self.fds.set(1, Some(Fd::Out(stdout.clone())));
        self.fds.set(2, Some(Fd::Out(stderr.clone())));
        let r = self.dispatch(argv, Vec::new()).await;
        self.fds = saved;
        match r {
            Ok(s) | Err(Ctl::Exit(s) | Ctl::Abort(s) | Ctl::Return(s)) => Ok(s),
            Err(Ctl::Break(_) | Ctl::Continue(_)) => Ok(0),
            Err(Ctl::Interrupt(i)) => Err(i),
        }
    }

    async fn spawn_command(
        &mut self,
        argv: Vec<String>,
        stdin: Input,
        stdout: Output,
        stderr: Output,
    ) -> Result<crate::utility::Spawned, Interrupt> {
        let mut child = self.fork();
        child.fds.set_stdin(stdin);
        child.fds.set(1, Some(Fd::Out(stdout)));
        child.fds.set(2, Some(Fd::Out(stderr.clone())));
        // A started program has no loops around it and no EXIT trap.
        child.st.loop_depth = 0;
        std::sync::Arc::make_mut(&mut child.st.traps).remove("EXIT");
        // Nested `xargs` starting `xargs` is bounded like nested subshells.
        if let Err(Ctl::Interrupt(i)) = child.enter_subst_depth() {
            return Err(i);
        }
        let job = async move {
            match child.dispatch(argv, Vec::new()).await {
                Ok(s) | Err(Ctl::Exit(s) | Ctl::Abort(s) | Ctl::Return(s)) => Ok(s),
                Err(Ctl::Break(_) | Ctl::Continue(_)) => Ok(0),
                Err(Ctl::Interrupt(i)) => Err(i),
            }
        };
        // Its own task, its panic contained as a background job's is.
        let handle = tokio::spawn(async move {
            match crate::contain::CatchPanic::new(job).await {
                Ok(r) => r,
                Err(_) => {
                    let _ = stderr.write(b"toolsh: internal error\n").await;
                    Ok(crate::contain::EXIT_INTERNAL)
                }
            }
        });
        Ok(Box::pin(async move { handle.await.unwrap_or(Ok(1)) }))
    }

    async fn run_command_in(
        &mut self,
        dir: &str,
        argv: Vec<String>,
        stdin: Input,
        stdout: &Output,
        stderr: &Output,
    ) -> UtilityResult {
        let saved = std::mem::replace(&mut self.st.cwd, dir.to_string());
        let r = ShellAccess::run_command(self, argv, stdin, stdout, stderr).await;
        // The command may have changed directory itself; the caller's
        // directory comes back either way.
        self.st.cwd = saved;
        r
    }
}
