//! The one tokio runtime of the Python package, and how a blocking call
//! reaches it without deadlocking when it is made from inside it.

use std::future::Future;
use std::sync::OnceLock;

use tokio::runtime::{Builder, Handle, Runtime};

static RUNTIME: OnceLock<Runtime> = OnceLock::new();

/// The process-wide multi-thread runtime (started on first use; its worker
/// threads run scripts for `execute()` and the tasks of async callbacks).
pub fn handle() -> &'static Handle {
    RUNTIME
        .get_or_init(|| {
            Builder::new_multi_thread()
                .thread_name("toolsh-py")
                .enable_all()
                .build()
                .expect("toolsh: cannot start the tokio runtime")
        })
        .handle()
}

/// Run `fut` to completion on the calling thread (its spawned tasks on the
/// runtime's workers). A call made from inside the runtime (a sync
/// callback calling `execute_sync` again) runs on a fresh thread instead,
/// since a thread already driving a runtime cannot block on it again: the
/// outer execution waits for the inner one, and neither holds the GIL.
pub fn block_on<F>(fut: F) -> F::Output
where
    F: Future + Send,
    F::Output: Send,
{
    let rt = handle();
    if Handle::try_current().is_err() {
        return rt.block_on(fut);
    }
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("toolsh-py-nested".into())
            .spawn_scoped(s, || rt.block_on(fut))
            .expect("toolsh: cannot start a thread")
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p))
    })
}

/// Threads of this runtime inside [`attach`] now.
static ATTACHED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
/// Set once the interpreter is exiting ([`shutdown`], an `atexit` hook).
static EXITING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Run `f` attached to the interpreter from a thread Python did not start
/// (a runtime worker), unless the interpreter is exiting: a thread that
/// waits for the GIL while the interpreter finalizes is ended by CPython
/// in the middle of Rust code, which aborts the process. `None` once
/// exiting.
pub fn attach<R>(f: impl for<'py> FnOnce(pyo3::Python<'py>) -> R) -> Option<R> {
    use std::sync::atomic::Ordering;
    ATTACHED.fetch_add(1, Ordering::SeqCst);
    let r = if EXITING.load(Ordering::SeqCst) {
        None
    } else {
        Some(pyo3::Python::attach(f))
    };
    ATTACHED.fetch_sub(1, Ordering::SeqCst);
    r
}

/// The `atexit` hook: refuse new [`attach`]es, then wait (GIL released, at
/// most a second) for the runtime threads inside one to leave.
#[pyo3::pyfunction]
pub fn shutdown(py: pyo3::Python<'_>) {
    use std::sync::atomic::Ordering;
    EXITING.store(true, Ordering::SeqCst);
    py.detach(|| {
        let until = std::time::Instant::now() + std::time::Duration::from_secs(1);
        while ATTACHED.load(Ordering::SeqCst) > 0 && std::time::Instant::now() < until {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    });
}
