//! JSON tool contracts: input and output schemas that are enforced before a
//! handler runs and before its output returns. The supported subset is
//! small and bounded so that a reviewer can read every contract.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::{CapsError, CapsErrorKind};

/// Largest serialized contract schema, in bytes.
pub const MAX_CONTRACT_BYTES: usize = 32 * 1024;
/// Deepest nesting of a contract schema.
pub const MAX_CONTRACT_DEPTH: usize = 32;
/// Most properties (summed over every object schema) in one contract schema.
pub const MAX_CONTRACT_PROPERTIES: usize = 128;

/// Keywords a contract schema may use: types, properties, required,
/// additionalProperties, items, enum/const, numeric bounds, length bounds,
/// and annotations.
pub const CONTRACT_KEYWORDS: [&str; 20] = [
    "type",
    "properties",
    "required",
    "additionalProperties",
    "items",
    "enum",
    "const",
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "description",
    "title",
    "default",
    "examples",
    "$schema",
];

/// The input and output schemas of a JSON tool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct JsonToolContract {
    /// The parameters' schema.
    pub input: Value,
    /// The output's schema.
    pub output: Value,
}

impl JsonToolContract {
    /// A contract; checked when the tool is registered.
    pub fn new(input: Value, output: Value) -> Self {
        Self { input, output }
    }

    /// Check both schemas against the subset and its bounds.
    pub fn check(&self) -> Result<(), CapsError> {
        check_schema("input", &self.input)?;
        check_schema("output", &self.output)
    }
}

/// Check one schema; the error names the keyword and where it is.
pub fn check_schema(which: &str, schema: &Value) -> Result<(), CapsError> {
    let size = serde_json::to_string(schema).map_or(usize::MAX, |s| s.len());
    if size > MAX_CONTRACT_BYTES {
        return Err(CapsError::new(
            CapsErrorKind::Contract,
            format!("{which} schema is {size} bytes; the limit is {MAX_CONTRACT_BYTES}"),
        ));
    }
    let mut properties = 0usize;
    walk(which, schema, "#", 0, &mut properties)
}

fn walk(
    which: &str,
    s: &Value,
    at: &str,
    depth: usize,
    properties: &mut usize,
) -> Result<(), CapsError> {
    let err = |msg: String| {
        Err(CapsError::new(
            CapsErrorKind::Contract,
            format!("{which} schema at {at}: {msg}"),
        ))
    };
    if depth > MAX_CONTRACT_DEPTH {
        return err(format!("nested deeper than {MAX_CONTRACT_DEPTH}"));
    }
    let obj = match s {
        Value::Bool(_) => return Ok(()),
        Value::Object(o) => o,
        _ => return err("a schema must be an object or a boolean".into()),
    };
    for (k, v) in obj {
        if !CONTRACT_KEYWORDS.contains(&k.as_str()) {
            return err(format!(
                "keyword '{k}' is not supported in contracts (supported: {})",
                CONTRACT_KEYWORDS.join(", ")
            ));
        }
        match k.as_str() {
            "properties" => {
                let Value::Object(props) = v else {
                    return err("'properties' must be an object".into());
                };
                *properties += props.len();
                if *properties > MAX_CONTRACT_PROPERTIES {
                    return err(format!("more than {MAX_CONTRACT_PROPERTIES} properties"));
                }
                for (name, sub) in props {
                    walk(
                        which,
                        sub,
                        &format!("{at}/properties/{name}"),
                        depth + 1,
                        properties,
                    )?;
                }
            }
            "items" | "additionalProperties" => {
                walk(which, v, &format!("{at}/{k}"), depth + 1, properties)?;
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn subset_accepted() {
        let c = JsonToolContract::new(
            json!({"type": "object", "required": ["a"], "additionalProperties": false, "properties": {"a": {"type": "integer", "minimum": 0}, "tags": {"type": "array", "items": {"type": "string", "maxLength": 10}}}}),
            json!({"type": "object", "properties": {"sum": {"type": "number"}}}),
        );
        assert!(c.check().is_ok());
    }

    #[test]
    fn outside_subset_names_keyword_and_path() {
        let e =
            check_schema("input", &json!({"properties": {"a": {"pattern": "^x"}}})).unwrap_err();
        assert!(
            e.message
                .starts_with("input schema at #/properties/a: keyword 'pattern' is not supported"),
            "{e}"
        );
        let e = check_schema("output", &json!({"$ref": "#/x"})).unwrap_err();
        assert!(e.message.contains("'$ref'"), "{e}");
    }

    #[test]
    fn bounds() {
        let mut deep = json!({"type": "string"});
        for _ in 0..40 {
            deep = json!({"items": deep});
        }
        assert!(
            check_schema("input", &deep)
                .unwrap_err()
                .message
                .contains("nested deeper")
        );
        let props: serde_json::Map<String, Value> =
            (0..129).map(|i| (format!("p{i}"), json!({}))).collect();
        assert!(
            check_schema("input", &json!({"properties": props}))
                .unwrap_err()
                .message
                .contains("more than 128")
        );
        let big = json!({"description": "x".repeat(MAX_CONTRACT_BYTES)});
        assert!(
            check_schema("input", &big)
                .unwrap_err()
                .message
                .contains("bytes")
        );
    }
}
