//! Growing the stack for deep recursion.

use std::future::Future;
use std::pin::Pin;

pin_project_lite::pin_project! {
    /// A future polled on a fresh stack segment when the current one runs
    /// low (deep recursion of functions, subshells and `eval` in debug
    /// builds). Generic over the inner future so that boxing a `GrowStack`
    /// is the one allocation per command.
    pub struct GrowStack<F> {
        #[pin]
        fut: F,
    }
}

impl<F> GrowStack<F> {
    /// Poll `fut` on a grown stack when needed.
    pub fn new(fut: F) -> Self {
        Self { fut }
    }
}

impl<F: Future> Future for GrowStack<F> {
    type Output = F::Output;
    fn poll(self: Pin<&mut Self>, cx: &mut std::task::Context<'_>) -> std::task::Poll<F::Output> {
        let fut = self.project().fut;
        stacker::maybe_grow(256 * 1024, 8 * 1024 * 1024, || fut.poll(cx))
    }
}
