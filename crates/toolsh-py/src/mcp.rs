//! `toolsh.mcp.stdio(...)` and `toolsh.mcp.http(...)`: an upstream MCP
//! server (a child process, or a server at a URL), whose tools a builder
//! adds with `.mcp(server)`.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use toolsh::mcp::{McpUpstream, UpstreamSpec, UpstreamTransport};
use toolsh::tools::ToolImpl;

/// A running upstream MCP server (toolsh-mcp `McpUpstream`): its tools are
/// named `<name>.<tool>`. Closed by `close()` or when collected.
#[pyclass(name = "McpServer", module = "toolsh._native", frozen)]
pub struct PyMcpServer {
    name: String,
    upstream: Mutex<Option<McpUpstream>>,
}

impl PyMcpServer {
    /// Its tools as toolsh tools.
    ///
    /// # Errors
    /// `RuntimeError` once closed.
    pub fn tool_impls(&self) -> PyResult<Vec<ToolImpl>> {
        self.upstream
            .lock()
            .expect("upstream lock")
            .as_ref()
            .map(McpUpstream::tool_impls)
            .ok_or_else(|| PyRuntimeError::new_err(format!("MCP server {} is closed", self.name)))
    }
}

#[pymethods]
impl PyMcpServer {
    /// The namespace of its tools.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The upstream tool names, as listed by the server.
    fn tool_names(&self) -> PyResult<Vec<String>> {
        Ok(self.tool_impls()?.into_iter().map(|t| t.def.name).collect())
    }

    /// Shut the server down (its process group is killed).
    fn close(&self, py: Python<'_>) {
        let up = self.upstream.lock().expect("upstream lock").take();
        if let Some(up) = up {
            py.detach(|| crate::runtime::block_on(up.shutdown()));
        }
    }
}

/// Start `command args...` as an MCP server over stdio, complete the
/// handshake and list its tools within `connect_timeout_ms`. The child
/// gets only `HOME`, `LOGNAME`, `PATH`, `SHELL`, `TERM`, `USER` of this
/// process's environment, plus `env`.
///
/// # Errors
/// `ValueError` for an invalid name; `OSError` when the server cannot be
/// started, exits, or does not answer in time (the message says which).
#[pyfunction]
#[pyo3(signature = (name, command, args=Vec::new(), env=None, connect_timeout_ms=30_000, call_timeout_ms=None))]
pub fn stdio(
    py: Python<'_>,
    name: String,
    command: String,
    args: Vec<String>,
    env: Option<BTreeMap<String, String>>,
    connect_timeout_ms: u64,
    call_timeout_ms: Option<u64>,
) -> PyResult<PyMcpServer> {
    let transport = UpstreamTransport::Stdio {
        command,
        args,
        env: env.unwrap_or_default().into_iter().collect(),
    };
    open(py, name, transport, connect_timeout_ms, call_timeout_ms)
}

/// Connect to the MCP server at `url` (`http://` or `https://`):
/// streamable HTTP, or the older HTTP+SSE transport when the server does
/// not take a streamable HTTP `initialize` (toolsh-mcp's
/// `UpstreamTransport::Http`), and list its tools within
/// `connect_timeout_ms`. `headers` (such as `Authorization`) go with every
/// request; their values never appear in errors.
///
/// # Errors
/// `ValueError` for an invalid name; `OSError` when the server cannot be
/// reached, refuses the handshake or does not answer in time (the message
/// names the URL's origin only).
#[pyfunction]
#[pyo3(signature = (name, url, headers=None, connect_timeout_ms=30_000, call_timeout_ms=None))]
pub fn http(
    py: Python<'_>,
    name: String,
    url: String,
    headers: Option<BTreeMap<String, String>>,
    connect_timeout_ms: u64,
    call_timeout_ms: Option<u64>,
) -> PyResult<PyMcpServer> {
    let transport = UpstreamTransport::Http {
        url,
        headers: headers.unwrap_or_default().into_iter().collect(),
    };
    open(py, name, transport, connect_timeout_ms, call_timeout_ms)
}

/// Open the upstream `name` over `transport` (GIL released meanwhile).
fn open(
    py: Python<'_>,
    name: String,
    transport: UpstreamTransport,
    connect_timeout_ms: u64,
    call_timeout_ms: Option<u64>,
) -> PyResult<PyMcpServer> {
    if name.is_empty() || name.contains('.') || !toolsh::tools::is_valid_tool_name(&name) {
        return Err(PyValueError::new_err(format!(
            "invalid MCP server name '{name}'"
        )));
    }
    let spec = UpstreamSpec {
        name: name.clone(),
        transport,
        call_timeout: call_timeout_ms.map(Duration::from_millis),
        max_concurrent_calls: None,
    };
    let wait = Duration::from_millis(connect_timeout_ms.max(1));
    let up = py
        .detach(|| crate::runtime::block_on(McpUpstream::spawn_within(&spec, wait)))
        .map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))?;
    Ok(PyMcpServer {
        name,
        upstream: Mutex::new(Some(up)),
    })
}
