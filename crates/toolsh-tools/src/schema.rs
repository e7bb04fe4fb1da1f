//! Reading JSON Schemas (2020-12) for flag coercion and help: local `$ref`
//! resolution, effective types through `oneOf`/`anyOf`/`allOf`, property and
//! item schemas, and the registration-time reference check.

use std::collections::HashSet;

use serde_json::Value;

/// Deepest chain of `$ref` hops followed before giving up.
pub const MAX_REF_DEPTH: usize = 16;

/// A schema that cannot be used, found at registration.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SchemaError {
    /// `$ref` is not a string.
    #[error("$ref at {at} is not a string")]
    NonStringRef {
        /// JSON pointer of the schema holding the `$ref`.
        at: String,
    },
    /// `$ref` points outside the document (a URL or another file); a sandbox
    /// never fetches schemas.
    #[error("$ref at {at} is external ({reference}); only local references (#/...) are allowed")]
    ExternalRef {
        /// JSON pointer of the schema holding the `$ref`.
        at: String,
        /// The reference.
        reference: String,
    },
    /// `$ref` does not resolve inside the document.
    #[error("$ref at {at} does not resolve: {reference}")]
    UnresolvedRef {
        /// JSON pointer of the schema holding the `$ref`.
        at: String,
        /// The reference.
        reference: String,
    },
    /// A chain of references that leads back to itself without consuming
    /// any instance (`#/$defs/a` → `#/$defs/b` → `#/$defs/a`), or a chain
    /// deeper than [`MAX_REF_DEPTH`].
    #[error("$ref at {at} is cyclic or nested deeper than {MAX_REF_DEPTH}: {reference}")]
    CyclicRef {
        /// JSON pointer of the schema holding the `$ref`.
        at: String,
        /// The reference.
        reference: String,
    },
    /// The schema is not valid JSON Schema.
    #[error("invalid schema: {0}")]
    Invalid(String),
}

/// Resolve a local reference `#/a/b` (or `#`) against `root`.
fn lookup<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let pointer = reference.strip_prefix('#')?;
    if pointer.is_empty() {
        return Some(root);
    }
    // JSON pointers in URI fragments may be percent-encoded; the common
    // forms (`#/$defs/Name`) are not.
    root.pointer(pointer)
}

/// Follow `$ref` hops from `schema` until a schema without `$ref` (at most
/// [`MAX_REF_DEPTH`] hops; returns the last reachable schema otherwise).
/// References were checked at registration, so failures here are treated
/// as "no information" rather than errors.
pub fn resolve<'a>(root: &'a Value, mut schema: &'a Value) -> &'a Value {
    for _ in 0..MAX_REF_DEPTH {
        match schema.get("$ref").and_then(Value::as_str) {
            Some(r) => match lookup(root, r) {
                Some(next) => schema = next,
                None => return schema,
            },
            None => return schema,
        }
    }
    schema
}

/// Check every `$ref` in `root`: a string, local, resolvable, and not part
/// of a cycle of pure references. Called when a tool is registered, so bad
/// schemas fail closed before any call.
pub fn check_refs(root: &Value) -> Result<(), SchemaError> {
    let mut stack = vec![(root, String::new())];
    while let Some((node, at)) = stack.pop() {
        match node {
            Value::Object(map) => {
                if let Some(r) = map.get("$ref") {
                    check_one_ref(root, r, &at)?;
                }
                for (k, v) in map {
                    if k == "enum" || k == "const" || k == "default" || k == "examples" {
                        continue;
                    }
                    stack.push((v, format!("{at}/{}", escape_pointer(k))));
                }
            }
            Value::Array(items) => {
                for (i, v) in items.iter().enumerate() {
                    stack.push((v, format!("{at}/{i}")));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn escape_pointer(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

fn check_one_ref(root: &Value, r: &Value, at: &str) -> Result<(), SchemaError> {
    let at_display = if at.is_empty() {
        "#".to_string()
    } else {
        format!("#{at}")
    };
    let Some(reference) = r.as_str() else {
        return Err(SchemaError::NonStringRef { at: at_display });
    };
    if !reference.starts_with('#') {
        return Err(SchemaError::ExternalRef {
            at: at_display,
            reference: reference.to_string(),
        });
    }
    let mut seen = HashSet::new();
    let mut current = reference;
    for _ in 0..=MAX_REF_DEPTH {
        if !seen.insert(current) {
            return Err(SchemaError::CyclicRef {
                at: at_display,
                reference: reference.to_string(),
            });
        }
        let Some(target) = lookup(root, current) else {
            return Err(SchemaError::UnresolvedRef {
                at: at_display,
                reference: current.to_string(),
            });
        };
        match target.get("$ref") {
            None => return Ok(()),
            Some(next) => {
                let Some(next) = next.as_str() else {
                    return Err(SchemaError::NonStringRef { at: at_display });
                };
                if !next.starts_with('#') {
                    return Err(SchemaError::ExternalRef {
                        at: at_display,
                        reference: next.to_string(),
                    });
                }
                current = next;
            }
        }
    }
    Err(SchemaError::CyclicRef {
        at: at_display,
        reference: reference.to_string(),
    })
}

/// The JSON types a schema admits, as far as flag coercion cares.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Types {
    /// `"string"`.
    pub string: bool,
    /// `"integer"`.
    pub integer: bool,
    /// `"number"`.
    pub number: bool,
    /// `"boolean"`.
    pub boolean: bool,
    /// `"array"`.
    pub array: bool,
    /// `"object"`.
    pub object: bool,
    /// `"null"`.
    pub null: bool,
}

impl Types {
    /// `true` when nothing is known about the type.
    pub fn is_unknown(self) -> bool {
        self == Types::default()
    }

    fn add(&mut self, name: &str) {
        match name {
            "string" => self.string = true,
            "integer" => self.integer = true,
            "number" => self.number = true,
            "boolean" => self.boolean = true,
            "array" => self.array = true,
            "object" => self.object = true,
            "null" => self.null = true,
            _ => {}
        }
    }

    fn union(&mut self, o: Types) {
        self.string |= o.string;
        self.integer |= o.integer;
        self.number |= o.number;
        self.boolean |= o.boolean;
        self.array |= o.array;
        self.object |= o.object;
        self.null |= o.null;
    }

    /// The type names for usage text, such as `integer|null`.
    pub fn describe(self) -> String {
        let mut names = Vec::new();
        for (on, n) in [
            (self.string, "string"),
            (self.integer, "integer"),
            (self.number, "number"),
            (self.boolean, "boolean"),
            (self.array, "array"),
            (self.object, "object"),
            (self.null, "null"),
        ] {
            if on {
                names.push(n);
            }
        }
        if names.is_empty() {
            "value".to_string()
        } else {
            names.join("|")
        }
    }
}

/// The sub-schemas that together describe `schema`: itself (resolved) and
/// every branch of `allOf`/`anyOf`/`oneOf`, recursively (bounded).
pub fn branches<'a>(root: &'a Value, schema: &'a Value) -> Vec<&'a Value> {
    let mut out = Vec::new();
    let mut stack = vec![(resolve(root, schema), 0usize)];
    while let Some((s, depth)) = stack.pop() {
        out.push(s);
        if depth >= MAX_REF_DEPTH || out.len() > 256 {
            continue;
        }
        for key in ["allOf", "anyOf", "oneOf"] {
            if let Some(Value::Array(list)) = s.get(key) {
                for b in list.iter().rev() {
                    stack.push((resolve(root, b), depth + 1));
                }
            }
        }
    }
    out
}

/// The effective types of `schema`: from `type` (a string or a list),
/// `const`/`enum` values, and implicitly from `properties` (object) or
/// `items` (array), across all branches.
pub fn types(root: &Value, schema: &Value) -> Types {
    let mut t = Types::default();
    for s in branches(root, schema) {
        match s.get("type") {
            Some(Value::String(name)) => t.add(name),
            Some(Value::Array(names)) => names
                .iter()
                .filter_map(Value::as_str)
                .for_each(|n| t.add(n)),
            _ => {}
        }
        let mut implicit = Types::default();
        if s.get("properties").is_some() || s.get("additionalProperties").is_some() {
            implicit.object = true;
        }
        if s.get("items").is_some() || s.get("prefixItems").is_some() {
            implicit.array = true;
        }
        let mut literals: Vec<&Value> = s
            .get("enum")
            .and_then(Value::as_array)
            .map(|v| v.iter().collect())
            .unwrap_or_default();
        if let Some(c) = s.get("const") {
            literals.push(c);
        }
        for v in literals {
            implicit.union(type_of_value(v));
        }
        t.union(implicit);
    }
    t
}

fn type_of_value(v: &Value) -> Types {
    let mut t = Types::default();
    match v {
        Value::Null => t.null = true,
        Value::Bool(_) => t.boolean = true,
        Value::Number(n) => {
            if n.is_i64() || n.is_u64() {
                t.integer = true;
            } else {
                t.number = true;
            }
        }
        Value::String(_) => t.string = true,
        Value::Array(_) => t.array = true,
        Value::Object(_) => t.object = true,
    }
    t
}

/// The schema of property `key` of an object schema, looked up through all
/// branches (first match wins).
pub fn property<'a>(root: &'a Value, schema: &'a Value, key: &str) -> Option<&'a Value> {
    branches(root, schema)
        .into_iter()
        .find_map(|s| s.get("properties").and_then(|p| p.get(key)))
        .map(|p| resolve(root, p))
}

/// Every property name an object schema defines, in definition order,
/// across branches, without duplicates.
pub fn property_names(root: &Value, schema: &Value) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for s in branches(root, schema) {
        if let Some(Value::Object(props)) = s.get("properties") {
            for k in props.keys() {
                if !names.iter().any(|n| n == k) {
                    names.push(k.clone());
                }
            }
        }
    }
    names
}

/// The `required` names of an object schema, across `allOf` branches and
/// the schema itself.
pub fn required(root: &Value, schema: &Value) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let top = resolve(root, schema);
    let mut sources = vec![top];
    if let Some(Value::Array(all)) = top.get("allOf") {
        sources.extend(all.iter().map(|s| resolve(root, s)));
    }
    for s in sources {
        if let Some(Value::Array(req)) = s.get("required") {
            for r in req.iter().filter_map(Value::as_str) {
                if !out.iter().any(|o| o == r) {
                    out.push(r.to_string());
                }
            }
        }
    }
    out
}

/// `true` when the object schema forbids properties it does not define
/// (`additionalProperties: false` or `unevaluatedProperties: false`).
pub fn is_closed(root: &Value, schema: &Value) -> bool {
    let top = resolve(root, schema);
    [
        top.get("additionalProperties"),
        top.get("unevaluatedProperties"),
    ]
    .into_iter()
    .flatten()
    .any(|v| v == &Value::Bool(false))
}

/// The schema of the items of an array schema, through branches.
pub fn items<'a>(root: &'a Value, schema: &'a Value) -> Option<&'a Value> {
    branches(root, schema)
        .into_iter()
        .find_map(|s| s.get("items").filter(|i| i.is_object()))
        .map(|i| resolve(root, i))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn types_through_refs_unions_and_implicit_keywords() {
        let root = json!({
            "$defs": {"Id": {"type": ["integer", "null"]}},
            "properties": {
                "id": {"$ref": "#/$defs/Id"},
                "tags": {"items": {"type": "string"}},
                "mode": {"enum": ["a", "b"]},
                "either": {"anyOf": [{"type": "boolean"}, {"type": "number"}]}
            }
        });
        let id = property(&root, &root, "id").unwrap();
        let t = types(&root, id);
        assert!(t.integer && t.null && !t.string);
        assert!(types(&root, property(&root, &root, "tags").unwrap()).array);
        assert!(types(&root, property(&root, &root, "mode").unwrap()).string);
        let e = types(&root, property(&root, &root, "either").unwrap());
        assert!(e.boolean && e.number);
        assert!(types(&root, &root).object);
    }

    #[test]
    fn check_refs_rejects_bad_references() {
        assert!(
            check_refs(&json!({"properties": {"a": {"$ref": "#/$defs/x"}}, "$defs": {"x": {}}}))
                .is_ok()
        );
        assert!(matches!(
            check_refs(&json!({"$ref": 3})),
            Err(SchemaError::NonStringRef { .. })
        ));
        assert!(matches!(
            check_refs(&json!({"$ref": "https://example.com/s.json"})),
            Err(SchemaError::ExternalRef { .. })
        ));
        assert!(matches!(
            check_refs(&json!({"$ref": "#/nope"})),
            Err(SchemaError::UnresolvedRef { .. })
        ));
        let cyclic = json!({"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"});
        assert!(matches!(
            check_refs(&cyclic),
            Err(SchemaError::CyclicRef { .. })
        ));
    }

    #[test]
    fn recursive_schema_through_properties_is_allowed() {
        let tree = json!({"$defs": {"node": {"properties": {"kids": {"items": {"$ref": "#/$defs/node"}}}}}, "$ref": "#/$defs/node"});
        assert!(check_refs(&tree).is_ok());
    }

    #[test]
    fn closed_and_required() {
        let s = json!({"additionalProperties": false, "required": ["a"], "allOf": [{"required": ["b"]}]});
        assert!(is_closed(&s, &s));
        assert_eq!(required(&s, &s), vec!["a", "b"]);
    }
}
