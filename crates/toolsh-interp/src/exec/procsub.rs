//! Process substitution (bash manual 3.5.6): `<(list)` and `>(list)`
//! expand to a `/dev/fd/N` path naming a descriptor of the shell.
//!
//! There are no processes in the sandbox, so the list does not run
//! concurrently with the command that uses the path:
//! - `<(list)` runs `list` in a subshell first, its standard output
//!   captured (bounded by `max_buffer_bytes`); descriptor `N` is opened
//!   for reading on those bytes.
//! - `>(list)` opens descriptor `N` on a bounded buffer; when the command
//!   that used it completes, `list` runs in a subshell with the bytes as
//!   its standard input and the shell's standard output (as it was when
//!   the word was expanded) as its own.
//!
//! `N` counts down from 63, skipping open descriptors, as bash numbers
//! them. The descriptors stay open until the command whose expansion made
//! them completes (bash closes them then too). Utilities reach them by
//! path through [`super::devfd::DevFdFs`].

use std::sync::Arc;

use toolsh_parser::Script;

use super::shared::Job;
use super::{Ctl, Fd, Interp, R};
use crate::io::{Capture, Output};
use crate::limits::LimitKind;

/// The highest descriptor a process substitution gets (bash uses 63).
const FIRST_FD: usize = 63;
/// The lowest (descriptors below 10 are the user's, bash manual 3.6).
const LAST_FD: usize = 10;

/// A live process substitution of the current command.
#[derive(Debug, Clone)]
pub(crate) struct ProcSub {
    /// The descriptor `/dev/fd/N` names.
    pub fd: usize,
    /// For `>(list)`: what runs once the command completes.
    writer: Option<Arc<Writer>>,
}

/// The pending list of a `>(list)`.
#[derive(Debug)]
struct Writer {
    /// What the command wrote to the descriptor.
    bytes: Arc<Capture>,
    /// The list to feed it to.
    script: Script,
    /// Standard output when the word was expanded.
    stdout: Output,
    /// `$!` for the substitution.
    pid: u32,
}

impl Interp {
    /// Where the live process substitutions end before a command runs:
    /// pass it to [`Interp::finish_procsubs`] after the command.
    pub fn procsub_mark(&self) -> usize {
        self.procsubs.len()
    }

    /// Expand `<(script)` (`read`) or `>(script)`: open the descriptor and
    /// give its `/dev/fd/N` path.
    pub async fn process_subst(&mut self, read: bool, script: &Script) -> R<String> {
        let Some(fd) = (LAST_FD..=FIRST_FD)
            .rev()
            .find(|&n| self.fds.get(n).is_none())
        else {
            self.error("process substitution: Too many open files")
                .await?;
            return Err(Ctl::Abort(1));
        };
        if read {
            let pid = self.sh.new_pid();
            let bytes = self.run_reader(script, pid).await?;
            self.st.last_bg = Some(pid);
            let input = Arc::new(tokio::sync::Mutex::new(self.held_input(bytes)?));
            self.fds.set(fd, Some(Fd::In(input)));
            self.procsubs.push(ProcSub { fd, writer: None });
        } else {
            let (out, bytes) =
                Output::capture(self.sh.limits.max_buffer_bytes, LimitKind::BufferBytes);
            bytes.charge_to(&self.sh.memory);
            let pid = self.sh.new_pid();
            let writer = Writer {
                bytes,
                script: script.clone(),
                stdout: self.fds.output(1),
                pid,
            };
            self.fds.set(fd, Some(Fd::Out(out)));
            self.procsubs.push(ProcSub {
                fd,
                writer: Some(Arc::new(writer)),
            });
            self.st.last_bg = Some(pid);
        }
        Ok(format!("/dev/fd/{fd}"))
    }

    /// Run the list of a `<(list)` in a subshell with process id `pid` and
    /// give its output; record it as a finished job so `$!` names it and
    /// `wait $!` gives its status (bash manual 3.5.6, 3.4.2).
    async fn run_reader(&mut self, script: &Script, pid: u32) -> R<Vec<u8>> {
        let mut child = self.fork();
        child.st.pid = pid;
        child.enter_subst_depth()?;
        let (out, cap) = Output::capture(self.sh.limits.max_buffer_bytes, LimitKind::BufferBytes);
        cap.charge_to(&self.sh.memory);
        child.fds.set(1, Some(Fd::Out(out)));
        let r = child.run_list(&script.body).await;
        let status = child.finish_subshell(r).await?;
        drop(child);
        self.sh.jobs.lock().expect("jobs").push(Job {
            pid,
            handle: Some(tokio::spawn(async move { status })),
            status: None,
        });
        Ok(cap.take())
    }

    /// Close the process substitutions opened since `mark` and run the
    /// lists of the `>(list)` ones, then give back `r` (the command's
    /// result). After an interrupt nothing more runs.
    pub async fn finish_procsubs(&mut self, mark: usize, r: R<i32>) -> R<i32> {
        if self.procsubs.len() <= mark {
            return r;
        }
        let done = self.procsubs.split_off(mark);
        for p in &done {
            self.fds.set(p.fd, None);
        }
        if matches!(r, Err(Ctl::Interrupt(_))) {
            return r;
        }
        let saved_status = self.st.last_status;
        for p in done {
            if let Some(w) = p.writer {
                Box::pin(self.run_writer(&w)).await?;
            }
        }
        self.st.last_status = saved_status;
        r
    }

    /// Run the list of a `>(list)` on what the command wrote; record it as
    /// a finished job so `wait $!` works.
    async fn run_writer(&mut self, w: &Writer) -> R<()> {
        let mut child = self.fork();
        child.st.pid = w.pid;
        child.enter_subst_depth()?;
        let input = child.held_input(w.bytes.take())?;
        child.fds.set_stdin(input);
        child.fds.set(1, Some(Fd::Out(w.stdout.clone())));
        let r = child.run_list(&w.script.body).await;
        let status = child.finish_subshell(r).await?;
        drop(child);
        self.sh.jobs.lock().expect("jobs").push(Job {
            pid: w.pid,
            handle: Some(tokio::spawn(async move { status })),
            status: None,
        });
        Ok(())
    }
}

impl Interp {
    /// `true` when the absolute `path` is `/dev/fd/N` of a live process
    /// substitution.
    pub fn is_procsub_path(&self, path: &str) -> bool {
        path.strip_prefix("/dev/fd/")
            .and_then(|n| n.parse::<usize>().ok())
            .is_some_and(|n| self.procsubs.iter().any(|p| p.fd == n))
    }

    /// The backend plus standard input as `/dev/fd/0`: what `source
    /// /dev/stdin` reads (bash reads its descriptor 0, a pipe or a
    /// here-string; no file is involved).
    pub fn stdin_fs(&self) -> Arc<dyn crate::fs::FileSystem> {
        Arc::new(super::devfd::DevFdFs {
            inner: self.sh.fs.clone(),
            fds: self
                .fds
                .get(0)
                .map(|f| (0, f.clone()))
                .into_iter()
                .collect(),
            shared: self.sh.clone(),
        })
    }

    /// The file system utilities see while substitutions are live: the
    /// backend plus their `/dev/fd/N`.
    pub fn devfd_fs(&self) -> Arc<dyn crate::fs::FileSystem> {
        let fds = self
            .procsubs
            .iter()
            .filter_map(|p| self.fds.get(p.fd).map(|f| (p.fd, f.clone())))
            .collect();
        Arc::new(super::devfd::DevFdFs {
            inner: self.sh.fs.clone(),
            fds,
            shared: self.sh.clone(),
        })
    }
}
