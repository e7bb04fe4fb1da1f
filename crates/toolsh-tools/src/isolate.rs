//! Running one script execution off the host's async runtime: on a thread
//! of its own, under a current-thread tokio runtime of its own.
//!
//! The interpreter checks its deadline and cancellation flag at every
//! checkpoint but does not yield to the runtime between them, so a script
//! in a tight loop holds the thread that polls it until it ends. On a
//! worker of the host's runtime that starves everything else scheduled
//! there: two such scripts froze `toolsh mcp` (both of a 2-core machine's
//! workers), and under `toolsh run` the signal watcher in the same task
//! never ran, so SIGTERM was caught and never acted on. Here the script
//! holds only its own thread; tasks it spawns (background jobs, pipeline
//! stages, tool callbacks) run on its own runtime, and dropping that
//! runtime when the script ends drops whatever it left running. Tool
//! callbacks still reach host resources through channels (an upstream MCP
//! server's session lives on the host runtime), which work across
//! runtimes.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use toolsh_interp::CancelHandle;

/// Execution threads still running (their runtime not yet dropped).
static LIVE: AtomicUsize = AtomicUsize::new(0);

/// Waits up to `limit` for every isolated execution thread to end, and
/// returns `true` if none is left. A process about to exit calls this
/// after cancelling its executions (dropping their waits): a thread ends
/// only once its runtime is dropped, which kills the processes its tools
/// started (`kill_on_drop`); exiting first would leave them running.
pub fn wait_for_executions(limit: Duration) -> bool {
    let start = Instant::now();
    while LIVE.load(Ordering::SeqCst) > 0 {
        if start.elapsed() >= limit {
            return false;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    true
}

/// Counts one live execution thread until dropped.
struct Live;

impl Live {
    fn new() -> Self {
        LIVE.fetch_add(1, Ordering::SeqCst);
        Live
    }
}

impl Drop for Live {
    fn drop(&mut self) {
        LIVE.fetch_sub(1, Ordering::SeqCst);
    }
}

/// The stack of an execution thread, in bytes (32 MiB). Reserved address
/// space, touched only as deep as the script's nesting goes; deeper than a
/// tokio worker's 2 MiB so that nesting within `max_ast_depth` and
/// `max_function_depth` fits.
pub const EXECUTION_STACK_BYTES: usize = 32 * 1024 * 1024;

/// Why an isolated execution produced no value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IsolatedError {
    /// The execution panicked; the panic's message.
    #[error("internal error: {0}")]
    Panicked(String),
    /// The thread or its runtime could not be started (the OS error).
    #[error("cannot start an execution thread: {0}")]
    Start(String),
}

/// Cancels the execution when dropped unless disarmed: a request whose
/// caller went away (a client cancelled it, the server is shutting down,
/// `toolsh run` got SIGTERM) stops the script at its next checkpoint
/// instead of letting it run to its deadline.
struct CancelOnDrop(Option<CancelHandle>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(c) = self.0.take() {
            c.cancel();
        }
    }
}

/// Run the future `make` builds on a new thread (named `toolsh-exec`, with
/// [`EXECUTION_STACK_BYTES`] of stack) under a current-thread runtime with
/// time and I/O enabled, and wait for its output here without blocking the
/// caller's runtime.
///
/// `make` runs on the new thread, so the future need not be `Send`. When
/// the returned future is dropped before the output arrives, `cancel` (the
/// execution's [`CancelHandle`]) is cancelled, so the script stops at its
/// next checkpoint and the thread ends.
///
/// # Errors
/// [`IsolatedError::Panicked`] with the panic's message when the execution
/// panicked (the host keeps running: the panic ends only that thread);
/// [`IsolatedError::Start`] when no thread or runtime could be made.
pub async fn run_isolated<T, F, Fut>(
    make: F,
    cancel: Option<CancelHandle>,
) -> Result<T, IsolatedError>
where
    T: Send + 'static,
    F: FnOnce() -> Fut + Send + 'static,
    Fut: Future<Output = T> + 'static,
{
    let mut guard = CancelOnDrop(cancel);
    let (tx, rx) = tokio::sync::oneshot::channel();
    // The caller's span goes with the execution: spans the script opens
    // (tool calls) are its children, on whichever thread they run.
    let span = tracing::Span::current();
    std::thread::Builder::new()
        .name("toolsh-exec".into())
        .stack_size(EXECUTION_STACK_BYTES)
        .spawn(move || {
            let live = Live::new();
            let runtime = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(r) => r,
                Err(e) => {
                    let _ = tx.send(Err(IsolatedError::Start(e.to_string())));
                    return;
                }
            };
            let out = toolsh_interp::contain::catch_sync(|| {
                runtime.block_on(tracing::Instrument::instrument(make(), span))
            })
            .map_err(|p| IsolatedError::Panicked(p.message));
            // Tasks the script left (background jobs) are dropped with the
            // runtime, before the caller hears of the end.
            drop(runtime);
            drop(live);
            let _ = tx.send(out);
        })
        .map_err(|e| IsolatedError::Start(e.to_string()))?;
    let out = rx
        .await
        .unwrap_or_else(|_| Err(IsolatedError::Panicked("the execution thread ended".into())));
    guard.0 = None;
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn output_panics_and_cancellation() {
        assert_eq!(run_isolated(|| async { 7 }, None).await, Ok(7));
        let e = run_isolated(|| async { panic!("boom") }, None).await;
        assert_eq!(e, Err::<(), _>(IsolatedError::Panicked("boom".into())));
        // A spinning execution does not hold the caller's runtime: a timer
        // here still fires, and dropping the wait cancels the script.
        let limits = toolsh_interp::ExecutionLimits::default()
            .with_max_commands(u64::MAX)
            .with_max_loop_iterations(u64::MAX)
            .with_max_total_loop_iterations(u64::MAX);
        let shell = toolsh_interp::Shell::builder().limits(limits).build();
        let cancel = shell.cancel_handle();
        let wait = run_isolated(
            move || async move {
                let mut shell = shell;
                shell.exec("while :; do :; done").await
            },
            Some(cancel.clone()),
        );
        let waited = tokio::time::timeout(std::time::Duration::from_millis(200), wait).await;
        assert!(waited.is_err(), "the loop ended by itself");
        assert!(cancel.is_cancelled(), "dropping the wait cancels");
    }
}
