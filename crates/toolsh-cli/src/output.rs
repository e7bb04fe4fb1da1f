//! A script's output on this process's stdout and stderr, written as it
//! is produced, and the two ways a terminal user ends a command early.
//!
//! - The reader of stdout goes away (`toolsh run script | head -1`). A
//!   shell killed by SIGPIPE there exits quietly with status 141; toolsh
//!   ignores SIGPIPE (Rust's runtime does), so the first write that fails
//!   with `EPIPE` marks stdout gone and cancels the script instead: the
//!   run then ends as quietly, with [`STDOUT_GONE_STATUS`], after dropping
//!   its tools' processes as on any other exit.
//! - Ctrl-C in `toolsh repl` cancels the running command
//!   ([`HostOutput::interrupt`]); bash prints a newline there, so the
//!   interpreter's `execution cancelled` report becomes one.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use toolsh_interp::{CancelHandle, OutputSink};

use crate::progress::Spinner;

/// The status of a run whose stdout reader went away: 128 + SIGPIPE, what
/// a shell reports for a command killed by it.
pub const STDOUT_GONE_STATUS: i32 = 128 + 13;

/// What the interpreter writes to stderr when its execution is cancelled
/// (`Interrupt::Cancelled`).
const CANCELLED_REPORT: &[u8] = b"toolsh: execution cancelled\n";

/// This process's standard streams.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Stream {
    /// Standard output.
    Stdout,
    /// Standard error.
    Stderr,
}

/// The sinks of one shell and what ended its current command early.
/// Cheap to clone; the clones share state.
#[derive(Clone, Default)]
pub struct HostOutput {
    stdout_gone: Arc<AtomicBool>,
    interrupted: Arc<AtomicBool>,
    cancel: Arc<OnceLock<CancelHandle>>,
}

impl HostOutput {
    /// The shell these sinks serve, cancelled when stdout goes away.
    pub fn cancels(&self, handle: CancelHandle) {
        let _ = self.cancel.set(handle);
    }

    /// `true` once a write to stdout failed because its reader is gone.
    pub fn stdout_gone(&self) -> bool {
        self.stdout_gone.load(Ordering::SeqCst)
    }

    /// Cancels the running command on the user's behalf (Ctrl-C): its
    /// cancellation report is shown as a newline, as bash does.
    pub fn interrupt(&self) {
        self.interrupted.store(true, Ordering::SeqCst);
        if let Some(c) = self.cancel.get() {
            c.cancel();
        }
    }

    /// Clears [`Self::interrupt`] before the next command.
    pub fn reset_interrupt(&self) {
        self.interrupted.store(false, Ordering::SeqCst);
    }

    fn mark_stdout_gone(&self) {
        self.stdout_gone.store(true, Ordering::SeqCst);
        if let Some(c) = self.cancel.get() {
            c.cancel();
        }
    }

    /// A sink that writes to this process's `stream` as the script
    /// writes, so stdout and stderr interleave as produced (the spinner,
    /// if any, is hidden during each write). `replace` swaps one exact
    /// write for another: the interpreter's report of the script's syntax
    /// error (`toolsh: line N: MESSAGE`, bash's form) for the form `toolsh
    /// check` prints, with the column and a caret. Once stdout's reader is
    /// gone, stdout writes fail with `BrokenPipe` without being attempted
    /// and the cancellation report that follows is dropped.
    pub fn sink(
        &self,
        spinner: Option<Spinner>,
        stream: Stream,
        replace: Option<(String, String)>,
    ) -> OutputSink {
        let this = self.clone();
        Arc::new(move |data: &[u8]| {
            let data = match &replace {
                Some((from, to)) if data == from.as_bytes() => to.as_bytes(),
                _ => data,
            };
            let data = if stream == Stream::Stderr && data == CANCELLED_REPORT {
                if this.stdout_gone() {
                    return Ok(());
                }
                if this.interrupted.load(Ordering::SeqCst) {
                    b"\n"
                } else {
                    data
                }
            } else {
                data
            };
            if stream == Stream::Stdout && this.stdout_gone() {
                return Err(std::io::ErrorKind::BrokenPipe.into());
            }
            let write = || match stream {
                Stream::Stdout => write_all(&mut std::io::stdout().lock(), data),
                Stream::Stderr => write_all(&mut std::io::stderr().lock(), data),
            };
            let written = match &spinner {
                Some(s) => s.suspend(write),
                None => write(),
            };
            if let Err(e) = &written
                && e.kind() == std::io::ErrorKind::BrokenPipe
                && stream == Stream::Stdout
            {
                this.mark_stdout_gone();
            }
            written
        })
    }
}

fn write_all(out: &mut impl Write, data: &[u8]) -> std::io::Result<()> {
    out.write_all(data)?;
    out.flush()
}
