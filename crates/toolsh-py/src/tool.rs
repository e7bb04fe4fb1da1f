//! The native half of `toolsh.ScriptedTool`: running executions (blocking
//! with the GIL released, or started for an asyncio future), schemas,
//! prompts, the trace and the audit log. The Python half
//! (`toolsh._engine.ScriptedTool`) snapshots the context and picks the
//! event loop.

use std::sync::Arc;

use pyo3::prelude::*;
use toolsh::caps::CapabilityRuntime;
use toolsh::tools::{
    DiscoveryMode, ScriptedTool, ScriptingToolSet, ToolCallRequest, ToolRequest, ToolResponse,
};

use crate::callback::{self, Surface};
use crate::json;
use crate::mcp::PyMcpServer;

/// What an execution produced: `stdout`, `stderr`, `exit_code` (124 when
/// a limit stopped it) and `error` (a short message when the execution
/// itself failed: a limit, cancellation; `None` otherwise).
#[pyclass(name = "ToolResponse", module = "toolsh._native", frozen, get_all)]
pub struct PyToolResponse {
    stdout: String,
    stderr: String,
    exit_code: i32,
    error: Option<String>,
}

impl From<ToolResponse> for PyToolResponse {
    fn from(r: ToolResponse) -> Self {
        Self {
            stdout: r.stdout,
            stderr: r.stderr,
            exit_code: r.exit_code,
            error: r.error,
        }
    }
}

#[pymethods]
impl PyToolResponse {
    /// The response as a dict (the tool's output schema).
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let d = pyo3::types::PyDict::new(py);
        d.set_item("stdout", &self.stdout)?;
        d.set_item("stderr", &self.stderr)?;
        d.set_item("exit_code", self.exit_code)?;
        if let Some(e) = &self.error {
            d.set_item("error", e)?;
        }
        Ok(d.into_any())
    }

    fn __repr__(&self) -> String {
        format!(
            "ToolResponse(exit_code={}, stdout={:?}, stderr={:?}, error={:?})",
            self.exit_code, self.stdout, self.stderr, self.error
        )
    }
}

/// A running `execute()`: cancel it from the awaiting task.
#[pyclass(name = "Execution", module = "toolsh._native", frozen)]
pub struct PyExecution {
    cancel: toolsh::interp::CancelHandle,
}

#[pymethods]
impl PyExecution {
    /// Stop the script at its next check (its status is then the
    /// interpreter's cancellation status and `error` says so).
    fn cancel(&self) {
        self.cancel.cancel();
    }
}

/// A built tool (see the Python class `toolsh.ScriptedTool`).
#[pyclass(name = "NativeScriptedTool", module = "toolsh._native", frozen)]
pub struct PyScriptedTool {
    tool: ScriptedTool,
    runtime: Option<Arc<CapabilityRuntime>>,
    surface: Arc<Surface>,
    /// Upstream MCP servers whose tools this tool calls (kept running as
    /// long as the tool lives).
    _upstreams: Vec<Py<PyMcpServer>>,
}

impl PyScriptedTool {
    /// Wrap a built tool.
    pub fn new(
        tool: ScriptedTool,
        runtime: Option<Arc<CapabilityRuntime>>,
        surface: Arc<Surface>,
        upstreams: Vec<Py<PyMcpServer>>,
    ) -> Self {
        Self {
            tool,
            runtime,
            surface,
            _upstreams: upstreams,
        }
    }

    fn request(script: String, timeout_ms: Option<u64>) -> ToolRequest {
        ToolRequest {
            commands: script,
            timeout_ms: timeout_ms.map(|t| t.max(1)),
        }
    }
}

#[pymethods]
impl PyScriptedTool {
    /// Run `script` to its end on this thread with the GIL released, its
    /// callbacks in `scope`.
    #[pyo3(signature = (script, timeout_ms, scope))]
    fn run(
        &self,
        py: Python<'_>,
        script: String,
        timeout_ms: Option<u64>,
        scope: Py<PyAny>,
    ) -> PyToolResponse {
        let call = ToolCallRequest::default();
        let guard = callback::enter(call.execution, scope);
        let exec = self
            .tool
            .execution_for(Self::request(script, timeout_ms), call);
        let r = py.detach(move || crate::runtime::block_on(exec.run()));
        drop(guard);
        r.into()
    }

    /// Start `script` on the runtime, its callbacks in `scope`; `done` is
    /// called (from a runtime thread) with the `ToolResponse` when it ends.
    #[pyo3(signature = (script, timeout_ms, scope, done))]
    fn start(
        &self,
        script: String,
        timeout_ms: Option<u64>,
        scope: Py<PyAny>,
        done: Py<PyAny>,
    ) -> PyExecution {
        let call = ToolCallRequest::default();
        let guard = callback::enter(call.execution, scope);
        let exec = self
            .tool
            .execution_for(Self::request(script, timeout_ms), call);
        let cancel = exec.cancel_handle();
        crate::runtime::handle().spawn(async move {
            let r = exec.run().await;
            drop(guard);
            crate::runtime::attach(|py| {
                let resp = PyToolResponse::from(r);
                if let Err(e) = done.call1(py, (resp,)) {
                    e.write_unraisable(py, None);
                }
                drop(done);
            });
        });
        PyExecution { cancel }
    }

    /// Serve the tool over MCP on this process's stdin/stdout until the
    /// client disconnects (GIL released); callbacks run in `scope`.
    /// `discovery` adds the `<name>_discover` tool.
    #[pyo3(signature = (scope, discovery=false))]
    fn serve_stdio(&self, py: Python<'_>, scope: Py<PyAny>, discovery: bool) -> PyResult<()> {
        self.surface.set_fallback(scope);
        let mode = if discovery {
            DiscoveryMode::WithDiscovery
        } else {
            DiscoveryMode::Exclusive
        };
        let set = ScriptingToolSet::from_tool(self.tool.clone(), mode);
        py.detach(move || crate::runtime::block_on(toolsh::mcp::serve_stdio(set)))
            .map_err(|e| pyo3::exceptions::PyOSError::new_err(e.to_string()))
    }

    /// The tool's name.
    #[getter]
    fn name(&self) -> &str {
        self.tool.name()
    }

    /// The command names of the tools, sorted.
    fn tool_names(&self) -> Vec<String> {
        let mut v: Vec<String> = self.tool.registry().names().map(str::to_string).collect();
        v.sort();
        v
    }

    /// The markdown system prompt.
    fn system_prompt(&self) -> String {
        self.tool.system_prompt()
    }

    /// The description used in tool definitions.
    fn description(&self) -> String {
        self.tool.description()
    }

    /// `{"openai": {...}, "anthropic": {...}}` tool definitions.
    fn build_tool_definition<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json::from_value(py, &self.tool.build_tool_definition())
    }

    /// The JSON Schema of the input (`commands`, `timeout_ms`).
    fn build_input_schema<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json::from_value(py, &self.tool.build_input_schema())
    }

    /// The JSON Schema of a `ToolResponse`.
    fn build_output_schema<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json::from_value(py, &self.tool.build_output_schema())
    }

    /// The LLM-facing tools as `{name, description, input_schema}` dicts:
    /// the script tool (full prompt in its description), or with
    /// `discovery` a compact script tool and `<name>_discover`
    /// (`ScriptingToolSet` of toolsh-tools).
    #[pyo3(signature = (discovery))]
    fn toolset_definitions<'py>(
        &self,
        py: Python<'py>,
        discovery: bool,
    ) -> PyResult<Bound<'py, PyAny>> {
        let set = ScriptingToolSet::from_tool(
            self.tool.clone(),
            if discovery {
                DiscoveryMode::WithDiscovery
            } else {
                DiscoveryMode::Exclusive
            },
        );
        json::from_serialize(py, &set.tools())
    }

    /// Answer a `<name>_discover` call (`{"query": ...}` or `{"tool":
    /// ...}`); `ValueError` with the message of a bad input.
    fn discover(&self, py: Python<'_>, input: &Bound<'_, PyAny>) -> PyResult<String> {
        let v = json::to_value(py, input)?;
        ScriptingToolSet::from_tool(self.tool.clone(), DiscoveryMode::WithDiscovery)
            .discover(&v)
            .map_err(pyo3::exceptions::PyValueError::new_err)
    }

    /// The invocation trace of the last finished execution, as a list of
    /// dicts (`name`, `kind`, `argv`, `exit_code`, `duration` in ms,
    /// `params`, `output`); emptied by reading.
    fn last_execution_trace<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json::from_serialize(py, &self.tool.take_last_execution_trace())
    }

    /// The capability audit log as a list of dicts (`seq`, `execution`,
    /// `label`, `outcome`, `reason`, `bytes_in`, `bytes_out`,
    /// `duration_ms`, `exit_code`), oldest first; empty without
    /// capabilities.
    fn audit<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let entries = self
            .runtime
            .as_ref()
            .map(|r| r.audit().entries())
            .unwrap_or_default();
        json::from_serialize(py, &entries)
    }
}
