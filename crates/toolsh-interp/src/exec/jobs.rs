//! Background jobs (bash manual 3.2.4 `&`, 4.2 `wait`, 7 "Job Control"):
//! tasks running concurrently inside the interpreter.

use std::sync::Arc;

use toolsh_parser::AndOrList;

use super::shared::Job;
use super::{Ctl, Interp, R};
use crate::io::Input;
use crate::limits::{Interrupt, LimitKind};

impl Interp {
    /// Start `ao` as a background job; `$!` is its pid.
    pub fn spawn_background(&mut self, ao: &AndOrList) -> R<i32> {
        self.sh.count_command()?;
        let running = {
            let jobs = self.sh.jobs.lock().expect("jobs");
            // A job being awaited (its handle taken by `wait`) still runs
            // until its status is recorded: count it, or a script that
            // waits in a loop could keep unboundedly many jobs alive.
            jobs.iter()
                .filter(|j| {
                    j.status.is_none() && j.handle.as_ref().is_none_or(|h| !h.is_finished())
                })
                .count()
        };
        if running >= self.sh.limits.max_background_jobs {
            return Err(Ctl::Interrupt(Interrupt::limit(
                LimitKind::BackgroundJobs,
                self.sh.limits.max_background_jobs,
            )));
        }
        let mut child = self.fork();
        child.fds.set_stdin(Input::empty());
        // A job is outside the loops around it (bash: `break` in `{ ...; } &`
        // is "only meaningful in a loop").
        child.st.loop_depth = 0;
        let pid = child.st.pid;
        let ao = Arc::new(ao.clone());
        let sh = self.sh.clone();
        let stderr = child.fds.output(2);
        let job = async move {
            let r = match child.enter_subst_depth() {
                Ok(()) => child.run_and_or(&ao).await,
                Err(e) => Err(e),
            };
            match child.finish_subshell(r).await {
                Ok(s) => s,
                Err(Ctl::Interrupt(i)) => {
                    sh.set_fatal(i.clone());
                    i.exit_status()
                }
                Err(_) => 1,
            }
        };
        // A job is its own task: its panic is contained here, as the
        // main script's is in `Shell::exec`.
        let handle = tokio::spawn(async move {
            match crate::contain::CatchPanic::new(job).await {
                Ok(s) => s,
                Err(_) => {
                    let _ = stderr.write(b"toolsh: internal error\n").await;
                    crate::contain::EXIT_INTERNAL
                }
            }
        });
        self.sh.jobs.lock().expect("jobs").push(Job {
            pid,
            handle: Some(handle),
            status: None,
        });
        self.st.last_bg = Some(pid);
        Ok(0)
    }

    /// Wait for job `pid`; `None` when no such job.
    pub async fn wait_job(&mut self, pid: u32) -> R<Option<i32>> {
        let handle = {
            let mut jobs = self.sh.jobs.lock().expect("jobs");
            let Some(j) = jobs.iter_mut().find(|j| j.pid == pid) else {
                return Ok(None);
            };
            if j.status.is_some() {
                return Ok(None);
            }
            j.handle.take()
        };
        let Some(h) = handle else {
            return Ok(Some(127));
        };
        let s = h.await.unwrap_or(1);
        self.sh.check_fatal()?;
        let mut jobs = self.sh.jobs.lock().expect("jobs");
        if let Some(j) = jobs.iter_mut().find(|j| j.pid == pid) {
            j.status = Some(s);
        }
        Ok(Some(s))
    }

    /// Wait for every job; returns 0 (as `wait` without operands).
    pub async fn wait_all_jobs(&mut self) -> R<i32> {
        loop {
            let pids: Vec<u32> = {
                let jobs = self.sh.jobs.lock().expect("jobs");
                jobs.iter()
                    .filter(|j| j.handle.is_some())
                    .map(|j| j.pid)
                    .collect()
            };
            if pids.is_empty() {
                return Ok(0);
            }
            for p in pids {
                self.wait_job(p).await?;
            }
        }
    }

    /// `wait -n`: the next job to finish; `None` when there are none.
    pub async fn wait_any(&mut self) -> R<Option<(u32, i32)>> {
        let mut handles: Vec<(u32, tokio::task::JoinHandle<i32>)> = {
            let mut jobs = self.sh.jobs.lock().expect("jobs");
            jobs.iter_mut()
                .filter_map(|j| j.handle.take().map(|h| (j.pid, h)))
                .collect()
        };
        if handles.is_empty() {
            return Ok(None);
        }
        let (idx, res) = std::future::poll_fn(|cx| {
            for (i, (_, h)) in handles.iter_mut().enumerate() {
                if let std::task::Poll::Ready(r) = std::pin::Pin::new(h).poll(cx) {
                    return std::task::Poll::Ready((i, r));
                }
            }
            std::task::Poll::Pending
        })
        .await;
        let (pid, _) = handles.remove(idx);
        let s = res.unwrap_or(1);
        {
            let mut jobs = self.sh.jobs.lock().expect("jobs");
            for (p, h) in handles {
                if let Some(j) = jobs.iter_mut().find(|j| j.pid == p) {
                    j.handle = Some(h);
                }
            }
            if let Some(j) = jobs.iter_mut().find(|j| j.pid == pid) {
                j.status = Some(s);
            }
        }
        self.sh.check_fatal()?;
        Ok(Some((pid, s)))
    }
}
