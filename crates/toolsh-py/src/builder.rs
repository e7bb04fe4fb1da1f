//! `ScriptedTool.builder(name)`: tools, limits, environment, prompt style,
//! capabilities and MCP upstreams, then `build()`.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use toolsh::interp::ExecutionLimits;
use toolsh::tools::{ScriptedTool, ToolImpl, ToolRegistry};

use crate::callback::{self, Surface};
use crate::caps::{self, Settings};
use crate::def::PyToolDef;
use crate::mcp::PyMcpServer;
use crate::tool::PyScriptedTool;

#[derive(Default)]
struct State {
    short_description: Option<String>,
    tools: Vec<ToolImpl>,
    env: Vec<(String, String)>,
    limits: ExecutionLimits,
    compact_prompt: bool,
    sanitize_errors: bool,
    call_timeout: Option<Duration>,
    caps: Option<Settings>,
    upstreams: Vec<Py<PyMcpServer>>,
}

/// Builds a `ScriptedTool`; every method returns the builder, so calls
/// chain. A builder builds once.
#[pyclass(name = "ScriptedToolBuilder", module = "toolsh._native", frozen)]
pub struct PyBuilder {
    name: String,
    state: Mutex<Option<State>>,
    surface: Arc<Surface>,
}

impl PyBuilder {
    /// A builder for a tool named `name`.
    pub fn new(name: String) -> Self {
        Self {
            name,
            state: Mutex::new(Some(State {
                sanitize_errors: true,
                ..State::default()
            })),
            surface: Arc::default(),
        }
    }

    fn with(
        slf: Bound<'_, Self>,
        f: impl FnOnce(&mut State) -> PyResult<()>,
    ) -> PyResult<Bound<'_, Self>> {
        {
            let b = slf.get();
            let mut g = b.state.lock().expect("builder lock");
            let st = g
                .as_mut()
                .ok_or_else(|| PyRuntimeError::new_err("this builder was already built"))?;
            f(st)?;
        }
        Ok(slf)
    }
}

#[pymethods]
impl PyBuilder {
    /// Add a tool: `func(params: dict, stdin: str | None)` returning `str`
    /// or any JSON-serialisable value; a plain function or `async def`.
    fn tool<'py>(
        slf: Bound<'py, Self>,
        def: PyToolDef,
        func: Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, Self>> {
        let py = slf.py();
        if !func.is_callable() {
            return Err(PyValueError::new_err(format!(
                "tool {}: the callback is not callable",
                def.def.name
            )));
        }
        let is_async: bool = callback::engine(py)?
            .call_method1("is_async", (&func,))?
            .extract()?;
        let surface = slf.get().surface.clone();
        Self::with(slf, |st| {
            st.tools.push(callback::tool_impl(
                def.def,
                func.unbind(),
                is_async,
                surface,
            ));
            Ok(())
        })
    }

    /// Every tool of an upstream MCP server (`toolsh.mcp.stdio(...)`), as
    /// `<server>.<tool>` commands.
    fn mcp<'py>(
        slf: Bound<'py, Self>,
        server: Bound<'py, PyMcpServer>,
    ) -> PyResult<Bound<'py, Self>> {
        let impls = server.get().tool_impls()?;
        Self::with(slf, |st| {
            st.tools.extend(impls);
            st.upstreams.push(server.unbind());
            Ok(())
        })
    }

    /// Execution limits by name (`max_commands=`, `timeout_ms=`, ...);
    /// unknown names raise `TypeError`.
    #[pyo3(signature = (**kwargs))]
    fn limits<'py>(
        slf: Bound<'py, Self>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, Self>> {
        Self::with(slf, |st| match kwargs {
            Some(k) => crate::limits::apply(&mut st.limits, k),
            None => Ok(()),
        })
    }

    /// A shell variable set (exported) in every execution.
    fn env(slf: Bound<'_, Self>, name: String, value: String) -> PyResult<Bound<'_, Self>> {
        Self::with(slf, |st| {
            st.env.push((name, value));
            Ok(())
        })
    }

    /// The one-line description heading the prompt and the tool definition.
    fn short_description(slf: Bound<'_, Self>, text: String) -> PyResult<Bound<'_, Self>> {
        Self::with(slf, |st| {
            st.short_description = Some(text);
            Ok(())
        })
    }

    /// List tools one line each in the system prompt, without schemas.
    #[pyo3(signature = (on=true))]
    fn compact_prompt(slf: Bound<'_, Self>, on: bool) -> PyResult<Bound<'_, Self>> {
        Self::with(slf, |st| {
            st.compact_prompt = on;
            Ok(())
        })
    }

    /// Hide callback exception messages from scripts (on by default: a
    /// script sees `<tool>: callback failed`, the message goes to the
    /// `tracing` log only); `sanitize_errors(False)` shows them.
    #[pyo3(signature = (on=true))]
    fn sanitize_errors(slf: Bound<'_, Self>, on: bool) -> PyResult<Bound<'_, Self>> {
        Self::with(slf, |st| {
            st.sanitize_errors = on;
            Ok(())
        })
    }

    /// A per-call timeout for callbacks, in milliseconds.
    fn call_timeout_ms(slf: Bound<'_, Self>, ms: u64) -> PyResult<Bound<'_, Self>> {
        Self::with(slf, |st| {
            st.call_timeout = Some(Duration::from_millis(ms.max(1)));
            Ok(())
        })
    }

    /// Grant `name` (at most `max_calls` calls per execution; default
    /// 10,000). Once anything is granted, only granted tools run; the
    /// others are hidden and denied.
    #[pyo3(signature = (name, max_calls=None))]
    fn grant(
        slf: Bound<'_, Self>,
        name: String,
        max_calls: Option<u32>,
    ) -> PyResult<Bound<'_, Self>> {
        Self::with(slf, |st| {
            st.caps
                .get_or_insert_with(Settings::default)
                .grants
                .insert(name, max_calls);
            Ok(())
        })
    }

    /// The permission mode: `"read-only"` (only tools tagged `read`),
    /// `"auto"` (read tools run, others ask `approve(request)`; without
    /// it they are denied) or `"full"`.
    #[pyo3(signature = (mode, approve=None))]
    fn mode<'py>(
        slf: Bound<'py, Self>,
        mode: &str,
        approve: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, Self>> {
        let py = slf.py();
        let mode = caps::parse_mode(mode)?;
        let approve = match approve {
            Some(f) => {
                let pair = callback::engine(py)?.call_method1("approval", (f,))?;
                let (w, is_async): (Bound<'_, PyAny>, bool) = pair.extract()?;
                Some((w.unbind(), is_async))
            }
            None => None,
        };
        Self::with(slf, |st| {
            let s = st.caps.get_or_insert_with(Settings::default);
            s.mode = mode;
            s.approve = approve;
            Ok(())
        })
    }

    /// Build the tool (tool names, schemas and grants are checked here:
    /// `ValueError`).
    fn build<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let st = self
            .state
            .lock()
            .expect("builder lock")
            .take()
            .ok_or_else(|| PyRuntimeError::new_err("this builder was already built"))?;
        let (registry, runtime) = if let Some(settings) = st.caps {
            let g = caps::gate(&st.tools, settings, st.limits.clone(), &self.surface)?;
            (g.registry, Some(g.runtime))
        } else {
            let mut r = ToolRegistry::new();
            for t in st.tools {
                r.register(t)
                    .map_err(|e| PyValueError::new_err(e.to_string()))?;
            }
            (r, None)
        };
        let mut b = ScriptedTool::from_registry(self.name.clone(), &registry)
            .limits(st.limits)
            .compact_prompt(st.compact_prompt)
            .sanitize_errors(st.sanitize_errors);
        for (k, v) in st.env {
            b = b.env(k, v);
        }
        if let Some(d) = st.short_description {
            b = b.short_description(d);
        }
        if let Some(t) = st.call_timeout {
            b = b.call_timeout(t);
        }
        let tool = b
            .build()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        let native = Bound::new(
            py,
            PyScriptedTool::new(tool, runtime, self.surface.clone(), st.upstreams),
        )?;
        callback::engine(py)?
            .getattr("ScriptedTool")?
            .call1((native,))
    }
}
