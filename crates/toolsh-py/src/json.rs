//! JSON values across the boundary. Python to JSON goes through the
//! standard library's `json.dumps` (C-accelerated), so whatever it accepts
//! is accepted here, with its error messages. JSON to Python is built
//! directly from the `serde_json::Value` (dicts in the value's key order,
//! ints, floats, strs, bools, None): the shape `json.loads` gives for the
//! same text, without printing and re-parsing it (for a callback's
//! parameters that was most of the binding's cost per call).

use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use serde_json::Value;

static DUMPS: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

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

/// A JSON value as a Python object, as `json.loads` of its text would
/// give it (a `u64` or `i64` as an int, any other number as a float).
/// Values deeper than serde_json's parser allows (128 levels) come only
/// from Rust code; the recursion is as deep as the value.
///
/// # Errors
/// Only a Python allocation failure.
pub fn from_value<'py>(py: Python<'py>, value: &Value) -> PyResult<Bound<'py, PyAny>> {
    use pyo3::IntoPyObjectExt;
    use pyo3::types::{PyDict, PyList};
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => b.into_bound_py_any(py)?,
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                i.into_bound_py_any(py)?
            } else if let Some(u) = n.as_u64() {
                u.into_bound_py_any(py)?
            } else {
                n.as_f64().unwrap_or(f64::NAN).into_bound_py_any(py)?
            }
        }
        Value::String(s) => s.into_bound_py_any(py)?,
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(from_value(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, from_value(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

/// A serializable Rust value (a trace entry, an audit entry) as a Python
/// object.
///
/// # Errors
/// `ValueError` when it does not serialize to JSON.
pub fn from_serialize<'py, T: serde::Serialize>(
    py: Python<'py>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let v = serde_json::to_value(value)
        .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.to_string()))?;
    from_value(py, &v)
}
