//! `toolsh.ToolDef`: a tool's name, description and schemas.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyType;

use crate::json;

/// A tool definition (`ToolDef` of toolsh-tools): a dotted command name
/// (`orders.list`), a description, the JSON Schema of its parameters
/// (default: any object), an optional output schema, tags (`read`,
/// `write`, `external`, `destructive` also give the risk class under
/// capabilities) and a category.
#[pyclass(name = "ToolDef", module = "toolsh._native", frozen, from_py_object)]
#[derive(Clone)]
pub struct PyToolDef {
    pub(crate) def: toolsh::tools::ToolDef,
}

#[pymethods]
impl PyToolDef {
    /// Raises `ValueError` for an invalid name or a schema that is not a
    /// JSON object (schemas are compiled, and refused if broken, when the
    /// tool is built).
    #[new]
    #[pyo3(signature = (name, description, input_schema=None, output_schema=None, tags=Vec::new(), category=None))]
    fn new(
        py: Python<'_>,
        name: String,
        description: String,
        input_schema: Option<Bound<'_, PyAny>>,
        output_schema: Option<Bound<'_, PyAny>>,
        tags: Vec<String>,
        category: Option<String>,
    ) -> PyResult<Self> {
        if !toolsh::tools::is_valid_tool_name(&name) {
            return Err(PyValueError::new_err(format!(
                "invalid tool name '{name}': use letters, digits, '_', '-' and '.' namespaces"
            )));
        }
        let mut def = toolsh::tools::ToolDef::new(name, description).with_tags(tags);
        if let Some(s) = input_schema {
            def = def.with_schema(schema(py, &s, "input_schema")?);
        }
        if let Some(s) = output_schema {
            def = def.with_output_schema(schema(py, &s, "output_schema")?);
        }
        if let Some(c) = category {
            def = def.with_category(c);
        }
        Ok(Self { def })
    }

    /// A definition whose input schema is `model.model_json_schema()` (a
    /// pydantic model class, or anything with that method); `name`
    /// defaults to the model's name in lower case, `description` to its
    /// docstring.
    // The arguments are Python keyword arguments, one per field.
    #[allow(clippy::too_many_arguments)]
    #[classmethod]
    #[pyo3(signature = (model, name=None, description=None, output_model=None, tags=Vec::new(), category=None))]
    fn from_model(
        _cls: &Bound<'_, PyType>,
        py: Python<'_>,
        model: &Bound<'_, PyAny>,
        name: Option<String>,
        description: Option<String>,
        output_model: Option<Bound<'_, PyAny>>,
        tags: Vec<String>,
        category: Option<String>,
    ) -> PyResult<Self> {
        let name = match name {
            Some(n) => n,
            None => model
                .getattr("__name__")?
                .extract::<String>()?
                .to_lowercase(),
        };
        let description = match description {
            Some(d) => d,
            None => model
                .getattr("__doc__")?
                .extract::<Option<String>>()?
                .map(|d| d.trim().to_string())
                .unwrap_or_default(),
        };
        let input = model.call_method0("model_json_schema")?;
        let output = output_model
            .map(|m| m.call_method0("model_json_schema"))
            .transpose()?;
        Self::new(py, name, description, Some(input), output, tags, category)
    }

    /// The command name.
    #[getter]
    fn name(&self) -> &str {
        &self.def.name
    }

    /// The description.
    #[getter]
    fn description(&self) -> &str {
        &self.def.description
    }

    /// The input schema, as a dict.
    #[getter]
    fn input_schema<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json::from_value(py, &self.def.input_schema)
    }

    /// The output schema, as a dict, or `None`.
    #[getter]
    fn output_schema<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        self.def
            .output_schema
            .as_ref()
            .map(|s| json::from_value(py, s))
            .transpose()
    }

    /// The tags.
    #[getter]
    fn tags(&self) -> Vec<String> {
        self.def.tags.clone()
    }

    /// The category, or `None`.
    #[getter]
    fn category(&self) -> Option<String> {
        self.def.category.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "ToolDef(name={:?}, description={:?})",
            self.def.name, self.def.description
        )
    }
}

fn schema(py: Python<'_>, obj: &Bound<'_, PyAny>, what: &str) -> PyResult<serde_json::Value> {
    let v = json::to_value(py, obj).map_err(|e| PyValueError::new_err(format!("{what}: {e}")))?;
    if !v.is_object() {
        return Err(PyValueError::new_err(format!(
            "{what}: a JSON Schema must be an object"
        )));
    }
    Ok(v)
}
