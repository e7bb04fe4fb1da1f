//! The one contract for commands implemented in Rust that the shell runs
//! by name: the text and file utilities and (in the tool layer) tools.
//! The shell's own builtins (`cd`, `read`, `declare`, ...) are the
//! interpreter's and do not use it.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use async_trait::async_trait;

use crate::fs::{FileSystem, FsError, normalize_path};
use crate::io::{Input, Output, OutputError};
use crate::limits::{ExecutionLimits, Interrupt, LimitKind};
use crate::profile::Profile;

/// What a builtin returns: its exit status, or an [`Interrupt`] that stops
/// the whole script (a limit was hit or the host cancelled).
pub type UtilityResult = Result<i32, Interrupt>;

/// A command started by [`ShellAccess::spawn_command`]: resolves to its
/// status (or the interrupt that stopped it).
pub type Spawned = std::pin::Pin<Box<dyn Future<Output = UtilityResult> + Send>>;

/// A command implemented in Rust.
///
/// `run` receives the arguments (`args[0]` is the name the command was
/// invoked as), its standard streams and access to the shell. It returns
/// the exit status. Long-running builtins call
/// [`ShellAccess::checkpoint`] in their loops so the deadline and
/// cancellation are honoured.
#[async_trait]
pub trait Utility: Send + Sync {
    /// The command name (`jq`, `orders.list`).
    fn name(&self) -> &str;

    /// Run the command.
    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult;
}

/// The shell as seen by a builtin: variables, current directory, file
/// system, limits, clock, randomness and the ability to run another
/// command (for `xargs`, `find -exec`, `timeout`).
#[async_trait]
pub trait ShellAccess: Send + Sync {
    /// The value of a shell variable (scalar, or element 0 of an array).
    fn var(&self, name: &str) -> Option<String>;
    /// Assign a scalar shell variable. Errors are messages such as
    /// `x: readonly variable`.
    fn set_var(&mut self, name: &str, value: String) -> Result<(), String>;
    /// The exported variables, as `env` prints them (insertion order).
    fn exported_vars(&self) -> Vec<(String, String)>;
    /// The current directory (absolute).
    fn cwd(&self) -> String;
    /// The file-system backend.
    fn fs(&self) -> Arc<dyn FileSystem>;
    /// The sandbox profile.
    fn profile(&self) -> Profile;
    /// The limits of this execution.
    fn limits(&self) -> &ExecutionLimits;
    /// Check the deadline and cancellation; call in long loops.
    fn checkpoint(&mut self) -> Result<(), Interrupt>;
    /// The clock the host gave the shell.
    fn now(&self) -> SystemTime;
    /// A pseudo-random number from the shell's seeded generator.
    fn random_u32(&mut self) -> u32;
    /// When the execution deadline expires, if there is one. Commands that
    /// wait on something outside the shell (tool callbacks) bound the wait
    /// by it. The interpreter overrides this; the default is no deadline.
    fn deadline(&self) -> Option<std::time::Instant> {
        None
    }
    /// The memory budget of this execution
    /// ([`ExecutionLimits::max_memory_bytes`]): a command holds a
    /// [`crate::Reservation`] from it for each buffer it grows. The
    /// interpreter overrides this; the default is a budget of its own
    /// that nothing exhausts.
    fn memory(&self) -> Arc<crate::MemoryBudget> {
        crate::MemoryBudget::unlimited()
    }
    /// The line of the script being executed (`$LINENO`), for messages
    /// in bash's `toolsh: line N: ...` form; 0 when unknown.
    fn lineno(&self) -> usize {
        0
    }
    /// Sleep on the shell's clock, bounded by the deadline and cancellation.
    async fn sleep(&mut self, duration: Duration) -> Result<(), Interrupt>;
    /// Run a command by name (builtin, function or tool; never a host
    /// program) with the given standard streams; returns its status.
    async fn run_command(
        &mut self,
        argv: Vec<String>,
        stdin: Input,
        stdout: &Output,
        stderr: &Output,
    ) -> UtilityResult;
    /// Start a command by name (as [`ShellAccess::run_command`])
    /// concurrently with the caller, in a copy of the shell: as a child
    /// process would, it sees the shell's variables, functions and
    /// directory as they are now, and nothing it changes reaches the
    /// caller. The returned [`Spawned`] resolves to its status; dropping
    /// it does not stop the command. Callers bound how many they keep
    /// running (`xargs -P` caps at [`ExecutionLimits::max_background_jobs`]).
    /// The default, for shells that cannot run commands concurrently,
    /// runs the command to completion before returning.
    ///
    /// # Errors
    /// An interrupt (a limit, cancellation) raised while starting it.
    async fn spawn_command(
        &mut self,
        argv: Vec<String>,
        stdin: Input,
        stdout: Output,
        stderr: Output,
    ) -> Result<Spawned, Interrupt> {
        let status = self.run_command(argv, stdin, &stdout, &stderr).await;
        Ok(Box::pin(async move { status }))
    }
    /// [`ShellAccess::run_command`] with the current directory set to
    /// the absolute path `dir` for the command's duration (`find
    /// -execdir`). The default, for shells without a working directory,
    /// runs it in place.
    async fn run_command_in(
        &mut self,
        dir: &str,
        argv: Vec<String>,
        stdin: Input,
        stdout: &Output,
        stderr: &Output,
    ) -> UtilityResult {
        let _ = dir;
        self.run_command(argv, stdin, stdout, stderr).await
    }
}

/// Everything a running builtin gets.
pub struct UtilityContext<'a> {
    /// The arguments; `args[0]` is the command name as invoked.
    pub args: Vec<String>,
    /// Standard input.
    pub stdin: &'a mut Input,
    /// Standard output.
    pub stdout: &'a Output,
    /// Standard error.
    pub stderr: &'a Output,
    /// The shell.
    pub shell: &'a mut dyn ShellAccess,
    /// Standard input is the stream of an enclosing `while`/`until`/`for`
    /// loop, shared by every iteration (`... | while read -r x; do cmd;
    /// done`), not one a pipe or redirection set up for this command. A
    /// command that reads stdin only when given some (a tool) leaves it
    /// alone then, as a program that does not read stdin would in bash.
    pub stdin_from_loop: bool,
}

impl UtilityContext<'_> {
    /// The command name (`args[0]`).
    pub fn name(&self) -> &str {
        self.args.first().map_or("", String::as_str)
    }

    /// Resolve a path operand against the shell's current directory.
    pub fn resolve_path(&self, path: &str) -> String {
        normalize_path(&self.shell.cwd(), path)
    }

    /// Read a file operand through the backend (`-` means standard input),
    /// bounded by `max_buffer_bytes`.
    ///
    /// This is where every utility opens a file operand: `/dev/stdin` (and
    /// `/dev/fd/0`) is the command's standard input as `-` is, in every
    /// profile; `/dev/null` reads as empty through the backend
    /// ([`crate::fs::DevicesFs`]); `/dev/zero` and `/dev/urandom` fail
    /// with [`LimitKind::BufferBytes`] (they never end).
    pub async fn read_operand(&mut self, path: &str) -> Result<Vec<u8>, OperandError> {
        if self.is_stdin_operand(path) {
            let max = self.shell.limits().max_buffer_bytes;
            return Ok(self.stdin.read_to_end(max).await?);
        }
        if self.endless_operand(path).is_some() {
            // `/dev/zero`, `/dev/urandom`: the whole contents exceed any
            // buffer. Utilities that stream open them with
            // `endless_operand` instead.
            let max = self.shell.limits().max_buffer_bytes;
            return Err(Interrupt::limit(LimitKind::BufferBytes, max).into());
        }
        let abs = self.resolve_path(path);
        let fs = self.shell.fs();
        let meta = fs.metadata(&abs).await?;
        if meta.is_dir() {
            return Err(OperandError::Fs(FsError::IsADirectory));
        }
        Ok(fs.read(&abs).await?)
    }

    /// The endless device (`/dev/zero`, `/dev/urandom`) the operand `path`
    /// names, if any, in every profile: a utility that streams its
    /// operands reads it as [`crate::Input::from_device`]; reading it
    /// whole ([`UtilityContext::read_operand`]) fails with the buffer
    /// limit.
    pub fn endless_operand(&self, path: &str) -> Option<crate::fs::EndlessDevice> {
        if path == "-" {
            return None;
        }
        crate::fs::EndlessDevice::at(&self.resolve_path(path))
    }

    /// `true` when the operand `path` names standard input: `-`,
    /// `/dev/stdin` or `/dev/fd/0` (relative forms such as `stdin` in
    /// `/dev` included).
    pub fn is_stdin_operand(&self, path: &str) -> bool {
        path == "-" || crate::fs::STDIN_NAMES.contains(&self.resolve_path(path).as_str())
    }

    /// Write to standard output, mapping the error to what a utility
    /// should do: `Ok(true)` to go on, `Ok(false)` when the reader has gone
    /// (stop quietly), `Err` for an interrupt.
    pub async fn out(&self, data: &[u8]) -> Result<bool, Interrupt> {
        write_status(self.stdout.write(data).await)
    }

    /// Write a line `"{name}: {msg}\n"` to standard error.
    pub async fn err_msg(&self, msg: &str) -> Result<(), Interrupt> {
        let line = format!("{}: {msg}\n", self.name());
        write_status(self.stderr.write(line.as_bytes()).await).map(|_| ())
    }
}

/// Map a write result: `Ok(true)` written, `Ok(false)` broken pipe or
/// closed descriptor (stop quietly), `Err` for an interrupt.
pub fn write_status(r: Result<(), OutputError>) -> Result<bool, Interrupt> {
    match r {
        Ok(()) => Ok(true),
        Err(OutputError::Interrupt(i)) => Err(i),
        Err(_) => Ok(false),
    }
}

/// Why a file operand could not be read.
#[derive(Debug, thiserror::Error)]
pub enum OperandError {
    /// The backend refused (`No such file or directory`, disabled, ...).
    #[error("{0}")]
    Fs(#[from] FsError),
    /// A limit was hit while reading standard input.
    #[error(transparent)]
    Interrupt(#[from] Interrupt),
}
