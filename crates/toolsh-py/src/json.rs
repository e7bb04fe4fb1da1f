//! JSON values across the boundary: Python objects go through the
//! standard library's `json` module (C-accelerated), so whatever
//! `json.dumps` accepts is accepted here, with its error messages.

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use serde_json::Value;

static DUMPS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static LOADS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

fn json_fn<'py>(
    py: Python<'py>,
    cell: &PyOnceLock<Py<PyAny>>,
    name: &str,
) -> PyResult<Bound<'py, PyAny>> {
    cell.get_or_try_init(py, || {
        Ok::<_, PyErr>(py.import("json")?.getattr(name)?.unbind())
    })
    .map(|f| f.bind(py).clone())
}

/// `json.dumps(obj)` as a Rust string.
///
/// # Errors
/// `TypeError`/`ValueError` from `json.dumps` for a value it cannot encode.
pub fn dumps(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<String> {
    json_fn(py, &DUMPS, "dumps")?.call1((obj,))?.extract()
}

/// A Python object (dict, list, str, ...) as a JSON value.
///
/// # Errors
/// As [`dumps`]; `ValueError` for NaN or infinities, which JSON has not.
pub fn to_value(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Value> {
    let text = dumps(py, obj)?;
    serde_json::from_str(&text)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(format!("not valid JSON: {e}")))
}

/// A JSON text as a Python object (`json.loads`).
///
/// # Errors
/// `json.JSONDecodeError` (never for text serde_json produced).
pub fn loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    json_fn(py, &LOADS, "loads")?.call1((text,))
}

/// A JSON value as a Python object.
///
/// # Errors
/// As [`loads`].
pub fn from_value<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    loads(py, &value.to_string())
}

/// A serializable Rust value (a trace entry, an audit entry) as a Python
/// object.
///
/// # Errors
/// As [`loads`].
pub fn from_serialize<'py, T: serde::Serialize>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    loads(py, &text)
}
