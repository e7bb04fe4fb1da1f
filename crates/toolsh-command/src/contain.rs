//! Panics contained per execution: the one mechanism that turns a panic
//! inside a script's execution (a utility, a builtin, expansion, a tool
//! callback) into an error of that execution instead of a crash of the
//! host.
//!
//! [`CatchPanic`] wraps a future, [`catch_sync`] a closure; both catch the
//! unwind and mark the current thread as inside a contained region while
//! they run, so the hook of [`install_quiet_panic_hook`] logs such a panic
//! through `tracing` (target `toolsh::panic`, with its message and
//! location) instead of printing a backtrace on the process's stderr.
//! [`crate::Shell::exec`] runs every script under [`CatchPanic`] and
//! reports a panic as `toolsh: internal error` with status
//! [`EXIT_INTERNAL`]; the tool registry runs callbacks under the same two
//! wrappers.

use std::any::Any;
use std::cell::Cell;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::pin::Pin;
use std::task::{Context, Poll};

/// Exit status of an execution stopped by a panic inside toolsh: 70,
/// `EX_SOFTWARE` of BSD's `sysexits.h` ("internal software error").
pub const EXIT_INTERNAL: i32 = 70;

thread_local! {
    /// Contained regions (nested) the current thread is running in.
    static CONTAINED: Cell<u32> = const { Cell::new(0) };
}

/// Marks the current thread as inside a contained region until dropped
/// (also when a panic unwinds through it).
struct Region;

impl Region {
    fn enter() -> Self {
        CONTAINED.with(|c| c.set(c.get() + 1));
        Region
    }
}

impl Drop for Region {
    fn drop(&mut self) {
        CONTAINED.with(|c| c.set(c.get().saturating_sub(1)));
    }
}

/// A panic caught by [`CatchPanic`] or [`catch_sync`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("internal error: {message}")]
pub struct Panicked {
    /// The panic's message (`"unknown panic"` when its payload is not a
    /// string). For logs: it may name internals, so it is not shown to a
    /// script.
    pub message: String,
}

impl Panicked {
    /// The panic carried by `payload` (what `catch_unwind` returns).
    pub fn from_payload(payload: &(dyn Any + Send)) -> Self {
        let message = if let Some(s) = payload.downcast_ref::<&str>() {
            (*s).to_string()
        } else if let Some(s) = payload.downcast_ref::<String>() {
            s.clone()
        } else {
            "unknown panic".to_string()
        };
        Panicked { message }
    }
}

pin_project_lite::pin_project! {
    /// A future whose panics are caught: it resolves to `Err` with the
    /// panic instead of unwinding into its poller. Each poll runs inside a
    /// contained region (see the module docs). After an `Err` the inner
    /// future is not polled again.
    pub struct CatchPanic<F> {
        #[pin]
        fut: F,
        done: bool,
    }
}

impl<F> CatchPanic<F> {
    /// Wrap `fut`.
    pub fn new(fut: F) -> Self {
        CatchPanic { fut, done: false }
    }
}

impl<F: Future> Future for CatchPanic<F> {
    type Output = Result<F::Output, Panicked>;

    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let this = self.project();
        if *this.done {
            return Poll::Ready(Err(Panicked {
                message: "polled after a panic".to_string(),
            }));
        }
        let fut = this.fut;
        let _region = Region::enter();
        match std::panic::catch_unwind(AssertUnwindSafe(|| fut.poll(cx))) {
            Ok(Poll::Ready(v)) => Poll::Ready(Ok(v)),
            Ok(Poll::Pending) => Poll::Pending,
            Err(payload) => {
                *this.done = true;
                Poll::Ready(Err(Panicked::from_payload(&*payload)))
            }
        }
    }
}

/// Run `f`, catching a panic, inside a contained region.
///
/// # Errors
/// The panic, if `f` panicked.
pub fn catch_sync<T>(f: impl FnOnce() -> T) -> Result<T, Panicked> {
    let _region = Region::enter();
    std::panic::catch_unwind(AssertUnwindSafe(f)).map_err(|p| Panicked::from_payload(&*p))
}

/// Install (once per process) a panic hook that logs a panic raised in a
/// contained region through `tracing` at error level, without a
/// backtrace, and hands every other panic to the hook that was installed
/// before (by default Rust's, which prints it with a backtrace).
/// [`crate::Shell::exec`] calls it; hosts that install their own hook
/// should do so before the first execution, or call this after it.
pub fn install_quiet_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if CONTAINED.with(Cell::get) == 0 {
                previous(info);
                return;
            }
            let message = Panicked::from_payload(info.payload()).message;
            let location = info
                .location()
                .map(|l| format!("{}:{}", l.file(), l.line()))
                .unwrap_or_default();
            tracing::error!(target: "toolsh::panic", %location, "contained panic: {message}");
        }));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sync_and_async_panics_are_caught_with_their_message() {
        install_quiet_panic_hook();
        assert_eq!(catch_sync(|| 7), Ok(7));
        let e = catch_sync(|| panic!("boom {}", 1)).unwrap_err();
        assert_eq!(e.message, "boom 1");
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let r: Result<(), _> = rt.block_on(CatchPanic::new(async { panic!("async boom") }));
        assert_eq!(r.unwrap_err().message, "async boom");
        assert_eq!(CONTAINED.with(Cell::get), 0);
    }
}
