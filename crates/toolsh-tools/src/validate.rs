//! Schema validation of parameters and outputs (JSON Schema 2020-12,
//! through the `jsonschema` crate; local references only).

use serde_json::Value;

use crate::schema::{self, SchemaError};

/// Most validation errors reported for one value.
const MAX_REPORTED: usize = 5;

/// A compiled schema.
pub struct CompiledSchema {
    validator: jsonschema::Validator,
}

impl std::fmt::Debug for CompiledSchema {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CompiledSchema")
    }
}

impl CompiledSchema {
    /// Check the references (local only, resolvable, acyclic) and compile.
    pub fn compile(schema: &Value) -> Result<Self, SchemaError> {
        schema::check_refs(schema)?;
        let validator =
            jsonschema::validator_for(schema).map_err(|e| SchemaError::Invalid(e.to_string()))?;
        Ok(Self { validator })
    }

    /// Validate `value`. Each error reads `<path>: <message>` where the
    /// path is a JSON pointer into the value (`/items/0/qty`, or `/` for the
    /// whole value) followed by the failed keyword in parentheses.
    pub fn validate(&self, value: &Value) -> Result<(), Vec<String>> {
        if self.validator.is_valid(value) {
            return Ok(());
        }
        let mut errors: Vec<String> = self
            .validator
            .iter_errors(value)
            .take(MAX_REPORTED)
            .map(|e| {
                let path = e.instance_path().as_str().to_string();
                let path = if path.is_empty() {
                    "/".to_string()
                } else {
                    path
                };
                format!("{path}: {e} ({})", e.kind().keyword())
            })
            .collect();
        if errors.is_empty() {
            errors.push("/: value does not match the schema".to_string());
        }
        Err(errors)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reports_path_message_and_keyword() {
        let s = CompiledSchema::compile(&json!({
            "type": "object",
            "required": ["customer"],
            "properties": {"limit": {"type": "integer", "minimum": 1}}
        }))
        .unwrap();
        assert!(s.validate(&json!({"customer": "a", "limit": 3})).is_ok());
        let errs = s.validate(&json!({"limit": 0})).unwrap_err();
        assert!(
            errs.iter()
                .any(|e| e.starts_with("/limit: ") && e.ends_with("(minimum)")),
            "{errs:?}"
        );
        assert!(
            errs.iter()
                .any(|e| e.starts_with("/: ") && e.ends_with("(required)")),
            "{errs:?}"
        );
    }

    #[test]
    fn external_refs_fail_closed() {
        assert!(CompiledSchema::compile(&json!({"$ref": "http://x/y.json"})).is_err());
        assert!(CompiledSchema::compile(&json!({"type": 7})).is_err());
    }
}
