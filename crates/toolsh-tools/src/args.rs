//! What a callback receives: the parsed parameters, piped stdin and who is
//! calling.

use serde::de::DeserializeOwned;
use serde_json::Value;

/// The arguments of one tool call.
///
/// `params` is the JSON object built from the flags and validated against
/// the tool's `input_schema`; `stdin` is the command's piped standard input
/// (`None` when nothing was piped).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolArgs {
    /// The parameters (a JSON object).
    pub params: Value,
    /// Piped standard input, if any.
    pub stdin: Option<String>,
    pub(crate) tenant: Option<String>,
    pub(crate) surface: Option<String>,
    pub(crate) execution: u64,
}

impl ToolArgs {
    /// Arguments with the given parameters and nothing else.
    pub fn new(params: Value) -> Self {
        Self {
            params,
            ..Self::default()
        }
    }

    /// Set the piped stdin.
    #[must_use]
    pub fn with_stdin(mut self, stdin: impl Into<String>) -> Self {
        self.stdin = Some(stdin.into());
        self
    }

    /// A string parameter.
    pub fn param_str(&self, key: &str) -> Option<&str> {
        self.params.get(key).and_then(Value::as_str)
    }

    /// An integer parameter.
    pub fn param_i64(&self, key: &str) -> Option<i64> {
        self.params.get(key).and_then(Value::as_i64)
    }

    /// A number parameter (integers convert).
    pub fn param_f64(&self, key: &str) -> Option<f64> {
        self.params.get(key).and_then(Value::as_f64)
    }

    /// A boolean parameter.
    pub fn param_bool(&self, key: &str) -> Option<bool> {
        self.params.get(key).and_then(Value::as_bool)
    }

    /// The tenant of the execution (from the `ToolCallRequest`), if any.
    pub fn tenant(&self) -> Option<&str> {
        self.tenant.as_deref()
    }

    /// The surface the call came from (`"script"`, `"mcp"`, ...), if set.
    pub fn surface(&self) -> Option<&str> {
        self.surface.as_deref()
    }

    /// The id of the execution making the call
    /// ([`crate::ToolCallRequest::execution`]; 0 for arguments built by
    /// hand): lets a host keep per-execution state of its own, such as the
    /// Python binding's callback context, outside the shared registry.
    pub fn execution(&self) -> u64 {
        self.execution
    }

    /// Deserialize the parameters into a typed struct.
    pub fn deserialize<T: DeserializeOwned>(&self) -> Result<T, serde_json::Error> {
        T::deserialize(&self.params)
    }
}
