//! `limits(**kwargs)`: execution limits by name.

use std::time::Duration;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use toolsh::interp::ExecutionLimits;

/// The names `limits()` accepts, each an `ExecutionLimits` field of
/// toolsh-interp (`timeout_ms` sets its wall-clock `timeout`).
pub const NAMES: &[&str] = &[
    "max_commands",
    "max_loop_iterations",
    "max_total_loop_iterations",
    "max_function_depth",
    "max_subst_depth",
    "max_stdout_bytes",
    "max_stderr_bytes",
    "max_variable_bytes",
    "max_total_variable_bytes",
    "max_array_entries",
    "max_source_bytes",
    "max_memory_bytes",
    "timeout_ms",
];

/// Apply `kwargs` to `limits`.
///
/// # Errors
/// `TypeError` for an unknown name, `ValueError` for a value that is not a
/// whole number in range (0 and up; `timeout_ms` at least 1).
pub fn apply(limits: &mut ExecutionLimits, kwargs: &Bound<'_, PyDict>) -> PyResult<()> {
    for (k, v) in kwargs.iter() {
        let name: String = k.extract()?;
        let n: u64 = v.extract().map_err(|_| {
            PyValueError::new_err(format!("limits: {name} must be a whole number >= 0"))
        })?;
        let size = || {
            usize::try_from(n)
                .map_err(|_| PyValueError::new_err(format!("limits: {name} is too large")))
        };
        match name.as_str() {
            "max_commands" => limits.max_commands = n,
            "max_loop_iterations" => limits.max_loop_iterations = n,
            "max_total_loop_iterations" => limits.max_total_loop_iterations = n,
            "max_function_depth" => limits.max_function_depth = size()?,
            "max_subst_depth" => limits.max_subst_depth = size()?,
            "max_stdout_bytes" => limits.max_stdout_bytes = size()?,
            "max_stderr_bytes" => limits.max_stderr_bytes = size()?,
            "max_variable_bytes" => limits.max_variable_bytes = size()?,
            "max_total_variable_bytes" => limits.max_total_variable_bytes = size()?,
            "max_array_entries" => limits.max_array_entries = size()?,
            "max_source_bytes" => limits.max_source_bytes = size()?,
            "max_memory_bytes" => limits.max_memory_bytes = size()?,
            "timeout_ms" if n == 0 => {
                return Err(PyValueError::new_err(
                    "limits: timeout_ms must be at least 1",
                ));
            }
            "timeout_ms" => limits.timeout = Some(Duration::from_millis(n)),
            _ => {
                return Err(PyTypeError::new_err(format!(
                    "limits: unknown limit '{name}' (known: {})",
                    NAMES.join(", ")
                )));
            }
        }
    }
    Ok(())
}
