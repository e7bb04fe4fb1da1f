//! The file-descriptor table of a running command.

use std::sync::Arc;

use crate::io::{Input, Output};
use crate::numarg::MAX_FD;

/// A shared readable stream: commands in a loop body share the loop's
/// standard input, as processes share an open file description.
pub(crate) type SharedInput = Arc<tokio::sync::Mutex<Input>>;

/// One open descriptor.
#[derive(Debug, Clone)]
pub(crate) enum Fd {
    /// Open for reading.
    In(SharedInput),
    /// Open for writing.
    Out(Output),
}

/// Descriptors 0..n; `None` is closed. The table is saved around every
/// simple command with redirections and forked for every subshell, so it is
/// shared (`Arc`) and copied on the first change.
#[derive(Debug, Clone, Default)]
pub(crate) struct Fds {
    slots: Arc<Vec<Option<Fd>>>,
    /// Standard input is the stream of an enclosing loop, shared by every
    /// iteration; cleared whenever descriptor 0 is set again.
    pub stdin_from_loop: bool,
}

impl Fds {
    /// A table with stdin, stdout and stderr.
    pub fn new(stdin: Input, stdout: Output, stderr: Output) -> Self {
        Fds {
            slots: Arc::new(vec![
                Some(Fd::In(Arc::new(tokio::sync::Mutex::new(stdin)))),
                Some(Fd::Out(stdout)),
                Some(Fd::Out(stderr)),
            ]),
            stdin_from_loop: false,
        }
    }

    /// A table whose stdin is an already shared stream (one that outlives
    /// a single `exec`, such as a host pipe).
    pub fn with_shared_stdin(stdin: SharedInput, stdout: Output, stderr: Output) -> Self {
        Fds {
            slots: Arc::new(vec![
                Some(Fd::In(stdin)),
                Some(Fd::Out(stdout)),
                Some(Fd::Out(stderr)),
            ]),
            stdin_from_loop: false,
        }
    }

    /// The descriptor `n`.
    pub fn get(&self, n: usize) -> Option<&Fd> {
        self.slots.get(n).and_then(Option::as_ref)
    }

    /// Set (or with `None`, close) descriptor `n`. The table grows to
    /// `n + 1` slots, so `n` must be below [`MAX_FD`] (callers refuse a
    /// larger number from the script first); a larger one is ignored.
    pub fn set(&mut self, n: usize, fd: Option<Fd>) {
        debug_assert!(n < MAX_FD, "descriptor {n} past MAX_FD");
        if n >= MAX_FD {
            return;
        }
        let slots = Arc::make_mut(&mut self.slots);
        if slots.len() <= n {
            slots.resize(n + 1, None);
        }
        slots[n] = fd;
        if n == 0 {
            self.stdin_from_loop = false;
        }
    }

    /// The output for descriptor `n`: closed when not open for writing.
    pub fn output(&self, n: usize) -> Output {
        match self.get(n) {
            Some(Fd::Out(o)) => o.clone(),
            _ => Output::Closed,
        }
    }

    /// The input for descriptor `n`, if open for reading.
    pub fn input(&self, n: usize) -> Option<SharedInput> {
        match self.get(n) {
            Some(Fd::In(i)) => Some(i.clone()),
            Some(Fd::Out(Output::ReadWrite(f))) => Some(f.input.clone()),
            _ => None,
        }
    }

    /// The lowest free descriptor at or above `from` (for `{var}>`), if
    /// one is left below [`MAX_FD`].
    pub fn free_from(&self, from: usize) -> Option<usize> {
        (from..MAX_FD).find(|&n| self.get(n).is_none())
    }

    /// Replace standard input with a fresh stream.
    pub fn set_stdin(&mut self, input: Input) {
        self.set(0, Some(Fd::In(Arc::new(tokio::sync::Mutex::new(input)))));
    }
}
