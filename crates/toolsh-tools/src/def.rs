//! Tool definitions: what a tool is called, what it does and the JSON
//! Schemas of its parameters and output. The one description of a tool in
//! every layer: the capability catalog and the executor wrap it with what
//! they add (a policy, behaviour hints) rather than copying its fields.

use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

/// A tool's definition.
///
/// `name` is the shell command (dotted names are namespaces:
/// `orders.list`); `input_schema` is a JSON Schema (2020-12) object schema
/// of the parameters, `{}` when unset (any flags, kept as strings);
/// `output_schema`, when set, is checked against the callback's output
/// (parsed as JSON) before it reaches the script.
///
/// Serialized as `{name, description, input_schema, output_schema?,
/// tags?, category?}`; deserializing fills a missing schema with `{}` and
/// missing tags with none.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolDef {
    /// Command name: letters, digits, `.`, `_`, `-`; must not start with `-`.
    pub name: String,
    /// One-paragraph description (the first line is the summary shown by
    /// `help --list` and `discover`).
    pub description: String,
    /// JSON Schema of the parameters.
    #[serde(default = "open_schema")]
    pub input_schema: Value,
    /// JSON Schema of the output, if the output is JSON.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_schema: Option<Value>,
    /// Free-form tags for `discover --tag`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tags: Vec<String>,
    /// A category for `discover --category`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
}

impl ToolDef {
    /// A definition with an open schema (`{}`), no tags and no category.
    pub fn new(name: impl Into<String>, description: impl Into<String>) -> Self {
        Self {
            name: name.into(),
            description: description.into(),
            input_schema: json!({}),
            output_schema: None,
            tags: Vec::new(),
            category: None,
        }
    }

    /// Set the input schema.
    #[must_use]
    pub fn with_schema(mut self, schema: Value) -> Self {
        self.input_schema = schema;
        self
    }

    /// Set the output schema.
    #[must_use]
    pub fn with_output_schema(mut self, schema: Value) -> Self {
        self.output_schema = Some(schema);
        self
    }

    /// Set the tags.
    #[must_use]
    pub fn with_tags<I, S>(mut self, tags: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<String>,
    {
        self.tags = tags.into_iter().map(Into::into).collect();
        self
    }

    /// Set the category.
    #[must_use]
    pub fn with_category(mut self, category: impl Into<String>) -> Self {
        self.category = Some(category.into());
        self
    }

    /// A definition whose input schema is derived from a Rust type with
    /// `schemars` (the type's doc comment becomes the description when
    /// there is one). The name is the type name in lower case; rename with
    /// [`ToolDef::named`].
    pub fn from_type<T: schemars::JsonSchema>() -> Self {
        let schema = schemars::schema_for!(T);
        let mut value = serde_json::to_value(&schema).unwrap_or_else(|_| json!({}));
        let description = value
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        if let Some(obj) = value.as_object_mut() {
            obj.remove("$schema");
            obj.remove("title");
        }
        let name = T::schema_name().to_lowercase();
        Self::new(name, description).with_schema(value)
    }

    /// Rename the definition.
    #[must_use]
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The first line of the description.
    pub fn summary(&self) -> &str {
        self.description.lines().next().unwrap_or("").trim()
    }

    /// The OpenAI function-tool shape:
    /// `{"type": "function", "function": {name, description, parameters}}`.
    pub fn to_openai(&self) -> Value {
        json!({"type": "function", "function": {"name": self.name, "description": self.description, "parameters": self.input_schema}})
    }

    /// The Anthropic tool shape: `{name, description, input_schema}`.
    pub fn to_anthropic(&self) -> Value {
        json!({"name": self.name, "description": self.description, "input_schema": self.input_schema})
    }
}

/// The schema of a definition that gives none: any object.
fn open_schema() -> Value {
    json!({})
}

/// `true` when `name` may be a tool command: non-empty, at most 128 bytes,
/// ASCII letters, digits, `.`, `_`, `-`, not starting with `-` or `.`.
pub fn is_valid_tool_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 128
        && !name.starts_with(['-', '.'])
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Look up orders.
    #[derive(schemars::JsonSchema)]
    #[allow(dead_code)]
    struct OrderQuery {
        /// Customer id.
        customer: String,
        limit: Option<u32>,
    }

    #[test]
    fn from_type_derives_schema_and_description() {
        let def = ToolDef::from_type::<OrderQuery>().named("orders.list");
        assert_eq!(def.name, "orders.list");
        assert_eq!(def.description, "Look up orders.");
        assert_eq!(def.input_schema["properties"]["customer"]["type"], "string");
        assert_eq!(def.input_schema["required"], json!(["customer"]));
    }

    #[test]
    fn names() {
        assert!(is_valid_tool_name("orders.list"));
        assert!(is_valid_tool_name("get_user-2"));
        assert!(!is_valid_tool_name("-x"));
        assert!(!is_valid_tool_name("a b"));
        assert!(!is_valid_tool_name(""));
        assert!(!is_valid_tool_name(&"a".repeat(129)));
    }
}
