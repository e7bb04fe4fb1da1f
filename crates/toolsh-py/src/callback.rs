//! Python callbacks as toolsh tools, and the per-execution scope they run
//! in.
//!
//! A registry is shared by every execution, so a callback finds its
//! execution's scope by the execution id its arguments carry
//! ([`ToolArgs::execution`]): `execute()`/`execute_sync()` enter the scope
//! (a `toolsh._engine.Scope`: the caller's `contextvars` snapshot and the
//! event loop async callbacks run on) for the id of the execution they
//! start, and leave it when the execution ends. Executions started by Rust
//! itself (an MCP client calling the served tool) use the surface's
//! fallback scope.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use toolsh::tools::{ToolArgs, ToolDef, ToolFuture, ToolImpl, ToolResult};

static SCOPES: LazyLock<Mutex<HashMap<u64, Py<PyAny>>>> = LazyLock::new(Mutex::default);
static ENGINE: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// The Python half of the callback engine, `toolsh._engine`.
///
/// # Errors
/// An `ImportError` when the package is incomplete.
pub fn engine(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    ENGINE
        .get_or_try_init(py, || Ok::<_, PyErr>(py.import("toolsh._engine")?.unbind()))
        .map(|m| m.bind(py))
}

const EXITING: &str = "the Python interpreter is exiting";

/// What one Python surface (a built tool) shares with its callbacks: the
/// scope of executions that no Python call started (MCP serving).
#[derive(Default)]
pub struct Surface {
    fallback: Mutex<Option<Py<PyAny>>>,
}

impl Surface {
    /// Use `scope` for executions started outside Python.
    pub fn set_fallback(&self, scope: Py<PyAny>) {
        *self.fallback.lock().expect("scope lock") = Some(scope);
    }
}

/// Keeps a scope entered for one execution; leaves it when dropped.
pub struct ScopeGuard(u64);

impl Drop for ScopeGuard {
    fn drop(&mut self) {
        let old = SCOPES.lock().expect("scope lock").remove(&self.0);
        // Decrementing a Python reference needs the interpreter; pyo3
        // defers it when this thread is not attached.
        drop(old);
    }
}

/// Enter `scope` for the execution with id `execution`.
pub fn enter(execution: u64, scope: Py<PyAny>) -> ScopeGuard {
    SCOPES.lock().expect("scope lock").insert(execution, scope);
    ScopeGuard(execution)
}

/// The scope of `execution`: the entered one, else the surface's fallback.
fn scope_of<'py>(
    py: Python<'py>,
    execution: u64,
    surface: &Surface,
) -> Result<Bound<'py, PyAny>, String> {
    if let Some(s) = SCOPES.lock().expect("scope lock").get(&execution) {
        return Ok(s.bind(py).clone());
    }
    if let Some(s) = &*surface.fallback.lock().expect("scope lock") {
        return Ok(s.bind(py).clone());
    }
    Err("toolsh: no Python scope for this execution".into())
}

/// A raised exception as a failed call's message (`Type: message`); the
/// registry shows it to the script only when sanitization is off.
pub fn describe(py: Python<'_>, err: &PyErr) -> String {
    let ty = err
        .get_type(py)
        .name()
        .map_or_else(|_| "Exception".to_string(), |n| n.to_string());
    match err.value(py).str() {
        Ok(s) if !s.to_string().is_empty() => format!("{ty}: {s}"),
        _ => ty,
    }
}

/// Where an async callback's answer comes back from the event loop.
#[pyclass(frozen, module = "toolsh._native")]
pub struct Reply {
    tx: Mutex<Option<tokio::sync::oneshot::Sender<ToolResult>>>,
}

impl Reply {
    fn send(&self, r: ToolResult) {
        if let Some(tx) = self.tx.lock().expect("reply lock").take() {
            let _ = tx.send(r);
        }
    }
}

#[pymethods]
impl Reply {
    /// The callback returned `text` (already converted to a string).
    fn ok(&self, text: String) {
        self.send(Ok(text));
    }

    /// The callback failed with `message`.
    fn fail(&self, message: String) {
        self.send(Err(message));
    }
}

/// Call `func` synchronously in the scope of `execution` with `first` (a
/// JSON value, given to Python as a dict, list, ...) and `stdin`: the
/// scope runs it under its context (`ctx.run`) and returns its result as
/// text.
pub fn call_sync(
    func: &Py<PyAny>,
    execution: u64,
    surface: &Surface,
    first: &serde_json::Value,
    stdin: Option<&str>,
) -> ToolResult {
    crate::runtime::attach(|py| {
        let scope = scope_of(py, execution, surface)?;
        let first = crate::json::from_value(py, first).map_err(|e| describe(py, &e))?;
        scope
            .call_method1(
                pyo3::intern!(py, "call_sync"),
                (func.bind(py), first, stdin),
            )
            .and_then(|r| r.extract::<String>())
            .map_err(|e| describe(py, &e))
    })
    .unwrap_or_else(|| Err(EXITING.into()))
}

/// Start `func` on the scope's event loop (under its context) and return
/// the future of its answer.
pub fn call_async(
    func: &Py<PyAny>,
    execution: u64,
    surface: &Surface,
    first: &serde_json::Value,
    stdin: Option<&str>,
) -> ToolFuture {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let started = crate::runtime::attach(|py| {
        let scope = scope_of(py, execution, surface)?;
        let first = crate::json::from_value(py, first).map_err(|e| describe(py, &e))?;
        let reply = Reply {
            tx: Mutex::new(Some(tx)),
        };
        scope
            .call_method1(
                pyo3::intern!(py, "call_async"),
                (func.bind(py), first, stdin, reply),
            )
            .map(drop)
            .map_err(|e| describe(py, &e))
    })
    .unwrap_or_else(|| Err(EXITING.into()));
    Box::pin(async move {
        started?;
        rx.await
            .unwrap_or_else(|_| Err("the event loop dropped the callback".into()))
    })
}

/// A tool whose callback is the Python callable `func`, called as
/// `func(params: dict, stdin: str | None)`; `is_async` for an `async def`
/// (or any callable returning an awaitable to await).
pub fn tool_impl(def: ToolDef, func: Py<PyAny>, is_async: bool, surface: Arc<Surface>) -> ToolImpl {
    if is_async {
        ToolImpl::new(def).with_async_exec(move |args: ToolArgs| {
            call_async(
                &func,
                args.execution(),
                &surface,
                &args.params,
                args.stdin.as_deref(),
            )
        })
    } else {
        ToolImpl::new(def).with_exec(move |args: &ToolArgs| {
            call_sync(
                &func,
                args.execution(),
                &surface,
                &args.params,
                args.stdin.as_deref(),
            )
        })
    }
}
