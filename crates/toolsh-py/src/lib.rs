//! toolsh-py: the Python package `toolsh`, a thin PyO3 binding over the
//! Rust API.
//!
//! Beside the stack, like the CLI: it depends on the facade crate `toolsh`
//! (tools, caps, mcp) and reimplements nothing. What it owns is the
//! boundary: Python callables become tool callbacks
//! ([`callback::tool_impl`]), JSON crosses through the standard `json`
//! module ([`json`]), and executions run on one tokio runtime
//! ([`runtime`]) with the GIL released. The asyncio half (context
//! snapshots, event loops, cancellation) is Python, in
//! `python/toolsh/_engine.py`; this module is `toolsh._native`.
//!
//! Invariants: a callback runs in the scope of the execution that called
//! it (its `contextvars` snapshot, its event loop), found by execution id,
//! never by thread; no lock of this crate is held while Python runs or the
//! GIL is waited for, except the short scope-table lookups; the GIL is
//! never held while a script runs.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod builder;
pub mod callback;
pub mod caps;
pub mod def;
pub mod json;
pub mod limits;
pub mod mcp;
pub mod runtime;
pub mod tool;

use pyo3::prelude::*;

/// A builder for a tool named `name` (the name the LLM calls, e.g.
/// `script`).
#[pyfunction]
#[pyo3(name = "builder")]
fn new_builder(name: String) -> builder::PyBuilder {
    builder::PyBuilder::new(name)
}

/// The extension module `toolsh._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<def::PyToolDef>()?;
    m.add_class::<builder::PyBuilder>()?;
    m.add_class::<tool::PyScriptedTool>()?;
    m.add_class::<tool::PyToolResponse>()?;
    m.add_class::<tool::PyExecution>()?;
    m.add_class::<callback::Reply>()?;
    m.add_class::<mcp::PyMcpServer>()?;
    m.add_function(wrap_pyfunction!(new_builder, m)?)?;
    m.add_function(wrap_pyfunction!(mcp::stdio, m)?)?;
    m.add_function(wrap_pyfunction!(mcp::http, m)?)?;
    m.add_function(wrap_pyfunction!(runtime::shutdown, m)?)?;
    m.py()
        .import("atexit")?
        .call_method1("register", (m.getattr("shutdown")?,))?;
    m.add("LIMITS", limits::NAMES.to_vec())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
