//! What toolsh answers when an upstream server asks for input in the
//! middle of a tool call (MCP specification, client features,
//! elicitation). A script has no person to ask, so the answer is a policy
//! the host chooses per server.

use rmcp::model::{
    ElicitRequestParams, ElicitResult, ElicitationAction, ElicitationCapability,
    FormElicitationCapability,
};
use serde_json::{Map, Value};

/// How toolsh answers an upstream's `elicitation/create` (the manifest's
/// `[[mcp]] elicitation = "decline" | "defaults"`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum ElicitationPolicy {
    /// Announce no elicitation support; a server that asks anyway is
    /// declined. The default: nobody is there to answer.
    #[default]
    Decline,
    /// Announce form elicitation and accept each form with the defaults
    /// its schema gives (SEP-1034: a client pre-fills every field that has
    /// a `default`), leaving out fields without one; a form with a
    /// required field that has no default is declined, and URL-mode
    /// elicitation is declined.
    Defaults,
}

impl ElicitationPolicy {
    /// The capability to announce in `initialize`, if any.
    pub fn capability(self) -> Option<ElicitationCapability> {
        match self {
            Self::Decline => None,
            Self::Defaults => Some(
                ElicitationCapability::default().with_form(FormElicitationCapability::default()),
            ),
        }
    }

    /// The answer to one request.
    pub fn answer(self, request: &ElicitRequestParams) -> ElicitResult {
        let decline = ElicitResult::new(ElicitationAction::Decline);
        let (
            Self::Defaults,
            ElicitRequestParams::FormElicitationParams {
                requested_schema, ..
            },
        ) = (self, request)
        else {
            return decline;
        };
        let Ok(schema) = serde_json::to_value(requested_schema) else {
            return decline;
        };
        match defaults_of(&schema) {
            Some(content) => {
                ElicitResult::new(ElicitationAction::Accept).with_content(Value::Object(content))
            }
            None => decline,
        }
    }
}

/// The `default` of every property of an object schema, or `None` when a
/// `required` property has none.
fn defaults_of(schema: &Value) -> Option<Map<String, Value>> {
    let empty = Map::new();
    let properties = schema
        .get("properties")
        .and_then(Value::as_object)
        .unwrap_or(&empty);
    let content: Map<String, Value> = properties
        .iter()
        .filter_map(|(k, p)| p.get("default").map(|d| (k.clone(), d.clone())))
        .collect();
    let required = schema.get("required").and_then(Value::as_array);
    let complete = required.is_none_or(|r| {
        r.iter()
            .filter_map(Value::as_str)
            .all(|k| content.contains_key(k))
    });
    complete.then_some(content)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn every_default_is_taken_and_missing_required_declines() {
        let schema = json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "default": "John Doe"},
                "age": {"type": "integer", "default": 30},
                "note": {"type": "string"}
            },
            "required": ["name"]
        });
        let got = defaults_of(&schema).unwrap();
        assert_eq!(Value::Object(got), json!({"name": "John Doe", "age": 30}));
        let strict = json!({"properties": {"x": {"type": "string"}}, "required": ["x"]});
        assert_eq!(defaults_of(&strict), None);
    }
}
