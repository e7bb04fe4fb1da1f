//! Schema-driven flag parsing: the one function that turns a tool
//! command's arguments into its JSON parameters, with the same rules on
//! every surface (shell, dry run, `toolsh check`).
//!
//! Forms: `--key value`, `--key=value`, a bare `--flag` (true for a boolean
//! property, or an unknown flag of an open schema), a JSON value for arrays
//! and objects (`--tags '["a","b"]'`), `key=value` pairs for objects
//! (`--server host=db port=5432`), repeated pair groups for arrays of
//! objects (`--items sku=a qty=1 sku=b qty=2`, or the flag repeated), and
//! comma lists or repetition for arrays of scalars (`--tags a,b --tags c`).
//! Values are coerced by the property's JSON Schema type; a value that
//! does not coerce is kept as a string so that validation reports the real
//! error.

use serde_json::{Map, Number, Value};

use crate::schema::{self, Types};

/// Most bytes of flag values in one invocation.
pub const MAX_FLAG_BYTES: usize = 64 * 1024;
/// Most items in one array parameter.
pub const MAX_ARRAY_ITEMS: usize = 4096;

/// Why the arguments do not form valid flags. Reported with exit status 2.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FlagError {
    /// A word that is not a flag where a flag was expected.
    #[error("unexpected argument '{arg}': tools take --flags only")]
    Positional {
        /// The argument.
        arg: String,
    },
    /// A flag the schema does not define (`additionalProperties: false`).
    #[error("unknown flag --{flag}{}; flags: {}", suggestion.as_ref().map(|s| format!(" (did you mean --{s}?)")).unwrap_or_default(), known_list(known))]
    UnknownFlag {
        /// The flag as given, without dashes.
        flag: String,
        /// The nearest defined flag, if close enough.
        suggestion: Option<String>,
        /// Every defined flag.
        known: Vec<String>,
    },
    /// A non-boolean flag with no value.
    #[error("flag --{flag} needs a value ({expected})")]
    MissingValue {
        /// The flag.
        flag: String,
        /// The expected type, e.g. `integer`.
        expected: String,
    },
    /// A scalar flag given twice.
    #[error("flag --{flag} given more than once")]
    Repeated {
        /// The flag.
        flag: String,
    },
    /// JSON and `key=value` forms mixed inside one occurrence of a flag
    /// (`--items sku=a '{"sku":"b"}'`). Repeated occurrences may each use
    /// either form: `--items '[{"sku":"a"}]' --items sku=b` is two items.
    #[error("flag --{flag}: do not mix JSON and key=value forms in one occurrence")]
    MixedForms {
        /// The flag.
        flag: String,
    },
    /// A `key=value` pair whose key the object schema does not define.
    #[error("flag --{flag}: unknown key '{key}'; keys: {}", known_list(known))]
    UnknownKey {
        /// The flag.
        flag: String,
        /// The key.
        key: String,
        /// The keys the object schema defines.
        known: Vec<String>,
    },
    /// A word after an object flag that is not `key=value`.
    #[error("flag --{flag}: expected key=value, got '{arg}'")]
    NotAPair {
        /// The flag.
        flag: String,
        /// The argument.
        arg: String,
    },
    /// Flag values above [`MAX_FLAG_BYTES`] or an array above
    /// [`MAX_ARRAY_ITEMS`].
    #[error("{what} exceeds the limit of {limit}")]
    TooLarge {
        /// What was too large.
        what: String,
        /// The limit.
        limit: usize,
    },
}

fn known_list(known: &[String]) -> String {
    if known.is_empty() {
        "(none)".to_string()
    } else {
        known
            .iter()
            .map(|k| format!("--{k}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// One flag occurrence: its name, an inline `=value`, and the words after
/// it up to the next flag.
struct Occurrence<'a> {
    name: &'a str,
    inline: Option<&'a str>,
    words: Vec<&'a str>,
}

/// Split arguments into flag occurrences. A word that starts with `--` (and
/// is longer than `--`) begins a flag; everything else belongs to the
/// preceding flag.
fn occurrences(argv: &[String]) -> Result<Vec<Occurrence<'_>>, FlagError> {
    let mut out: Vec<Occurrence<'_>> = Vec::new();
    for arg in argv {
        if let Some(body) = arg.strip_prefix("--").filter(|b| !b.is_empty()) {
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (body, None),
            };
            out.push(Occurrence {
                name,
                inline,
                words: Vec::new(),
            });
        } else if let Some(last) = out.last_mut() {
            last.words.push(arg);
        } else {
            return Err(FlagError::Positional { arg: arg.clone() });
        }
    }
    Ok(out)
}

/// Map a flag spelling to a property name: exact, then with `-` and `_`
/// swapped.
fn property_key(names: &[String], flag: &str) -> Option<String> {
    if names.iter().any(|n| n == flag) {
        return Some(flag.to_string());
    }
    let alt1 = flag.replace('-', "_");
    let alt2 = flag.replace('_', "-");
    names.iter().find(|n| **n == alt1 || **n == alt2).cloned()
}

/// The closest defined name to `given`, when it is close enough to be a
/// plausible typo.
pub fn suggest<'a>(given: &str, names: impl IntoIterator<Item = &'a str>) -> Option<String> {
    names
        .into_iter()
        .map(|n| (strsim::damerau_levenshtein(given, n), n))
        .filter(|(d, n)| *d <= 2.max(n.len() / 3) && *d < n.len().max(given.len()))
        .min_by_key(|(d, _)| *d)
        .map(|(_, n)| n.to_string())
}

/// Parse tool arguments (everything after the command name) into a JSON
/// object, guided by `schema` (the tool's `input_schema`).
///
/// Errors are [`FlagError`]s; a value that does not coerce to the property
/// type is kept as a string (validation then names the rule it breaks).
pub fn parse_flags(schema: &Value, argv: &[String]) -> Result<Map<String, Value>, FlagError> {
    let total: usize = argv.iter().map(String::len).sum();
    if total > MAX_FLAG_BYTES {
        return Err(FlagError::TooLarge {
            what: format!("flag values ({total} bytes)"),
            limit: MAX_FLAG_BYTES,
        });
    }
    let root = schema;
    let names = schema::property_names(root, root);
    let closed = schema::is_closed(root, root);
    let mut out = Map::new();
    for occ in occurrences(argv)? {
        let key = match property_key(&names, occ.name) {
            Some(k) => k,
            None if closed => {
                return Err(FlagError::UnknownFlag {
                    flag: occ.name.to_string(),
                    suggestion: suggest(occ.name, names.iter().map(String::as_str)),
                    known: names.clone(),
                });
            }
            None => occ.name.to_string(),
        };
        let prop = schema::property(root, root, &key);
        let types = prop.map(|p| schema::types(root, p)).unwrap_or_default();
        let words: Vec<&str> = occ
            .inline
            .into_iter()
            .chain(occ.words.iter().copied())
            .collect();
        let flag = occ.name;

        if types.array && !(types.string && words.len() == 1 && !looks_like_json(words[0])) {
            let item_schema = prop.and_then(|p| schema::items(root, p));
            let items = array_items(root, flag, item_schema, &words)?;
            let entry = out
                .entry(key.clone())
                .or_insert_with(|| Value::Array(Vec::new()));
            match (entry, items) {
                (Value::Array(have), Value::Array(new)) => {
                    if have.len() + new.len() > MAX_ARRAY_ITEMS {
                        return Err(FlagError::TooLarge {
                            what: format!("--{flag} ({} items)", have.len() + new.len()),
                            limit: MAX_ARRAY_ITEMS,
                        });
                    }
                    have.extend(new);
                }
                (slot, v) => *slot = v,
            }
            continue;
        }
        if out.contains_key(&key) {
            return Err(FlagError::Repeated {
                flag: flag.to_string(),
            });
        }
        let value =
            if types.object && !(types.string && words.len() == 1 && !words[0].contains('=')) {
                object_value(root, flag, prop, &words)?
            } else {
                scalar_value(flag, types, &words)?
            };
        out.insert(key, value);
    }
    Ok(out)
}

/// Refuse one occurrence that mixes a JSON word with other words (the
/// `key=value` form): each occurrence is JSON alone or pairs alone.
fn single_form(flag: &str, words: &[&str]) -> Result<(), FlagError> {
    if words.len() > 1 && words.iter().any(|w| looks_like_json(w)) {
        return Err(FlagError::MixedForms {
            flag: flag.to_string(),
        });
    }
    Ok(())
}

fn looks_like_json(w: &str) -> bool {
    let t = w.trim_start();
    t.starts_with('[') || t.starts_with('{')
}

/// A scalar (or untyped) flag: exactly one value word, or none for a
/// boolean / unknown flag.
fn scalar_value(flag: &str, types: Types, words: &[&str]) -> Result<Value, FlagError> {
    match words {
        [] => {
            if types.boolean || types.is_unknown() {
                Ok(Value::Bool(true))
            } else {
                Err(FlagError::MissingValue {
                    flag: flag.to_string(),
                    expected: types.describe(),
                })
            }
        }
        [one] => Ok(coerce(one, types)),
        [_, extra, ..] => Err(FlagError::Positional {
            arg: (*extra).to_string(),
        }),
    }
}

/// Coerce one word by the schema types; anything that does not fit stays a
/// string.
pub fn coerce(word: &str, types: Types) -> Value {
    if types.is_unknown() || (types.string && !types.null) {
        // Strings win over other readings when the schema allows them.
        if types.is_unknown() || !(types.integer || types.number || types.boolean) {
            return Value::String(word.to_string());
        }
    }
    if types.null && word == "null" {
        return Value::Null;
    }
    if (types.integer || types.number)
        && let Ok(i) = word.parse::<i64>()
    {
        return Value::Number(i.into());
    }
    if types.number
        && let Ok(f) = word.parse::<f64>()
        && let Some(n) = Number::from_f64(f)
    {
        return Value::Number(n);
    }
    if types.boolean {
        match word {
            "true" => return Value::Bool(true),
            "false" => return Value::Bool(false),
            _ => {}
        }
    }
    if (types.array || types.object)
        && looks_like_json(word)
        && let Ok(v) = serde_json::from_str(word)
    {
        return v;
    }
    Value::String(word.to_string())
}

/// Items of an array flag occurrence.
fn array_items(
    root: &Value,
    flag: &str,
    item_schema: Option<&Value>,
    words: &[&str],
) -> Result<Value, FlagError> {
    let item_types = item_schema
        .map(|s| schema::types(root, s))
        .unwrap_or_default();
    if item_types.object {
        single_form(flag, words)?;
    }
    if let [one] = words
        && looks_like_json(one)
    {
        return Ok(match serde_json::from_str::<Value>(one) {
            Ok(Value::Array(items)) => {
                if items.len() > MAX_ARRAY_ITEMS {
                    return Err(FlagError::TooLarge {
                        what: format!("--{flag} ({} items)", items.len()),
                        limit: MAX_ARRAY_ITEMS,
                    });
                }
                Value::Array(items)
            }
            // A single JSON object for an array of objects is one item.
            Ok(v @ Value::Object(_)) if item_types.object => Value::Array(vec![v]),
            // Not valid JSON (or not an array): keep the text so validation
            // reports the real problem.
            _ => Value::String((*one).to_string()),
        });
    }
    if words.is_empty() {
        return Err(FlagError::MissingValue {
            flag: flag.to_string(),
            expected: "array".to_string(),
        });
    }
    if item_types.object && !item_types.string {
        let objects = pair_groups(root, flag, item_schema, words)?;
        return Ok(Value::Array(objects));
    }
    let mut items = Vec::new();
    for w in words {
        for part in w.split(',') {
            if items.len() >= MAX_ARRAY_ITEMS {
                return Err(FlagError::TooLarge {
                    what: format!("--{flag} (more than {MAX_ARRAY_ITEMS} items)"),
                    limit: MAX_ARRAY_ITEMS,
                });
            }
            items.push(coerce(part, item_types));
        }
    }
    Ok(Value::Array(items))
}

/// An object flag occurrence: JSON text or `key=value` pairs.
fn object_value(
    root: &Value,
    flag: &str,
    prop: Option<&Value>,
    words: &[&str],
) -> Result<Value, FlagError> {
    single_form(flag, words)?;
    if let [one] = words
        && looks_like_json(one)
    {
        return Ok(serde_json::from_str(one).unwrap_or_else(|_| Value::String((*one).to_string())));
    }
    if words.is_empty() {
        return Err(FlagError::MissingValue {
            flag: flag.to_string(),
            expected: "object".to_string(),
        });
    }
    let mut groups = pair_groups(root, flag, prop, words)?;
    if groups.len() > 1 {
        // A key given twice inside one object flag.
        let dup = words
            .iter()
            .filter_map(|w| w.split_once('=').map(|(k, _)| k))
            .enumerate()
            .find(|(i, k)| {
                words
                    .iter()
                    .take(*i)
                    .any(|w| w.split_once('=').map(|(k2, _)| k2) == Some(*k))
            })
            .map_or_else(String::new, |(_, k)| k.to_string());
        return Err(FlagError::Repeated {
            flag: format!("{flag} key {dup}"),
        });
    }
    Ok(groups.pop().unwrap_or(Value::Object(Map::new())))
}

/// `key=value` words into objects; a key seen again starts a new object.
fn pair_groups(
    root: &Value,
    flag: &str,
    obj_schema: Option<&Value>,
    words: &[&str],
) -> Result<Vec<Value>, FlagError> {
    let (keys, closed) = match obj_schema {
        Some(s) => (schema::property_names(root, s), schema::is_closed(root, s)),
        None => (Vec::new(), false),
    };
    let mut objects = Vec::new();
    let mut current = Map::new();
    for w in words {
        let Some((k, v)) = w.split_once('=') else {
            return Err(FlagError::NotAPair {
                flag: flag.to_string(),
                arg: (*w).to_string(),
            });
        };
        let key = match property_key(&keys, k) {
            Some(key) => key,
            None if closed => {
                return Err(FlagError::UnknownKey {
                    flag: flag.to_string(),
                    key: k.to_string(),
                    known: keys.clone(),
                });
            }
            None => k.to_string(),
        };
        if current.contains_key(&key) {
            objects.push(Value::Object(std::mem::take(&mut current)));
            if objects.len() >= MAX_ARRAY_ITEMS {
                return Err(FlagError::TooLarge {
                    what: format!("--{flag} (more than {MAX_ARRAY_ITEMS} items)"),
                    limit: MAX_ARRAY_ITEMS,
                });
            }
        }
        let vt = obj_schema
            .and_then(|s| schema::property(root, s, &key))
            .map(|p| schema::types(root, p))
            .unwrap_or_default();
        let value = if vt.array && !vt.string && !looks_like_json(v) {
            Value::Array(v.split(',').map(|p| coerce(p, Types::default())).collect())
        } else {
            coerce(v, vt)
        };
        current.insert(key, value);
    }
    if !current.is_empty() {
        objects.push(Value::Object(current));
    }
    Ok(objects)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn argv(s: &[&str]) -> Vec<String> {
        s.iter().map(|x| (*x).to_string()).collect()
    }

    fn parse(schema: &Value, args: &[&str]) -> Result<Value, FlagError> {
        parse_flags(schema, &argv(args)).map(Value::Object)
    }

    fn shop() -> Value {
        json!({
            "type": "object",
            "additionalProperties": false,
            "$defs": {"item": {"type": "object", "properties": {"sku": {"type": "string"}, "qty": {"type": "integer"}}, "additionalProperties": false}},
            "properties": {
                "customer_id": {"type": "string"},
                "limit": {"type": "integer"},
                "ratio": {"type": "number"},
                "verbose": {"type": "boolean"},
                "tags": {"type": "array", "items": {"type": "string"}},
                "ids": {"type": "array", "items": {"type": "integer"}},
                "server": {"type": "object", "properties": {"host": {"type": "string"}, "port": {"type": "integer"}}},
                "items": {"type": "array", "items": {"$ref": "#/$defs/item"}},
                "cursor": {"type": ["integer", "null"]}
            }
        })
    }

    #[test]
    fn both_value_forms_and_coercion() {
        let s = shop();
        assert_eq!(
            parse(
                &s,
                &[
                    "--limit",
                    "5",
                    "--ratio=0.5",
                    "--customer-id",
                    "acme",
                    "--verbose"
                ]
            )
            .unwrap(),
            json!({"limit": 5, "ratio": 0.5, "customer_id": "acme", "verbose": true})
        );
        assert_eq!(
            parse(&s, &["--verbose=false"]).unwrap(),
            json!({"verbose": false})
        );
        assert_eq!(
            parse(&s, &["--cursor", "null"]).unwrap(),
            json!({"cursor": null})
        );
        assert_eq!(parse(&s, &["--ratio", "3"]).unwrap(), json!({"ratio": 3}));
    }

    #[test]
    fn uncoercible_values_stay_strings() {
        assert_eq!(
            parse(&shop(), &["--limit", "ten"]).unwrap(),
            json!({"limit": "ten"})
        );
        assert_eq!(
            parse(&shop(), &["--tags", "[oops"]).unwrap(),
            json!({"tags": "[oops"})
        );
    }

    #[test]
    fn arrays_by_json_comma_and_repetition() {
        let s = shop();
        assert_eq!(
            parse(&s, &["--tags", "a,b", "--tags", "c"]).unwrap(),
            json!({"tags": ["a", "b", "c"]})
        );
        assert_eq!(
            parse(&s, &["--ids", "[1,2]"]).unwrap(),
            json!({"ids": [1, 2]})
        );
        assert_eq!(
            parse(&s, &["--ids", "1,x"]).unwrap(),
            json!({"ids": [1, "x"]})
        );
    }

    #[test]
    fn objects_and_arrays_of_objects_by_pairs() {
        let s = shop();
        assert_eq!(
            parse(&s, &["--server", "host=db", "port=5432"]).unwrap(),
            json!({"server": {"host": "db", "port": 5432}})
        );
        assert_eq!(
            parse(
                &s,
                &[
                    "--items", "sku=a", "qty=1", "sku=b", "qty=2", "--items", "sku=c"
                ]
            )
            .unwrap(),
            json!({"items": [{"sku": "a", "qty": 1}, {"sku": "b", "qty": 2}, {"sku": "c"}]})
        );
        assert_eq!(
            parse(&s, &["--items", r#"[{"sku":"a"}]"#]).unwrap(),
            json!({"items": [{"sku": "a"}]})
        );
    }

    #[test]
    fn forms_mix_across_occurrences_not_within_one() {
        assert_eq!(
            parse(
                &shop(),
                &["--items", r#"[{"sku":"a"}]"#, "--items", "sku=b", "qty=2"],
            )
            .unwrap(),
            json!({"items": [{"sku": "a"}, {"sku": "b", "qty": 2}]})
        );
        assert_eq!(
            parse(&shop(), &["--items", "sku=b", "--items", r#"{"sku":"c"}"#]).unwrap(),
            json!({"items": [{"sku": "b"}, {"sku": "c"}]})
        );
        for mixed in [
            &["--items", r#"[{"sku":"a"}]"#, "sku=b"][..],
            &["--items", "sku=b", r#"{"sku":"a"}"#][..],
        ] {
            assert_eq!(
                parse(&shop(), mixed).unwrap_err(),
                FlagError::MixedForms {
                    flag: "items".into()
                },
                "{mixed:?}"
            );
        }
    }

    #[test]
    fn unknown_flag_on_closed_schema_suggests() {
        let err = parse(&shop(), &["--limti", "3"]).unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.starts_with("unknown flag --limti (did you mean --limit?); flags: --customer_id"),
            "{msg}"
        );
        let err = parse(&shop(), &["--items", "sku=a", "colour=red"]).unwrap_err();
        assert!(matches!(err, FlagError::UnknownKey { ref key, .. } if key == "colour"));
    }

    #[test]
    fn open_schema_keeps_unknown_flags_as_strings() {
        let open = json!({"type": "object", "properties": {"n": {"type": "integer"}}});
        assert_eq!(
            parse(&open, &["--zip", "007", "--flag", "--n", "2"]).unwrap(),
            json!({"zip": "007", "flag": true, "n": 2})
        );
    }

    #[test]
    fn positional_missing_and_repeated() {
        let s = shop();
        assert_eq!(
            parse(&s, &["acme"]).unwrap_err(),
            FlagError::Positional { arg: "acme".into() }
        );
        assert_eq!(
            parse(&s, &["--limit", "1", "2"]).unwrap_err(),
            FlagError::Positional { arg: "2".into() }
        );
        assert!(matches!(
            parse(&s, &["--limit"]).unwrap_err(),
            FlagError::MissingValue { .. }
        ));
        assert!(matches!(
            parse(&s, &["--limit", "1", "--limit", "2"]).unwrap_err(),
            FlagError::Repeated { .. }
        ));
    }

    #[test]
    fn bounds_fail_before_building_values() {
        let big = "x".repeat(MAX_FLAG_BYTES + 1);
        assert!(matches!(
            parse(&shop(), &["--customer-id", &big]).unwrap_err(),
            FlagError::TooLarge { .. }
        ));
        let many = vec!["1"; MAX_ARRAY_ITEMS + 1].join(",");
        assert!(matches!(
            parse(&shop(), &["--ids", &many]).unwrap_err(),
            FlagError::TooLarge { .. }
        ));
    }

    #[test]
    fn negative_numbers_are_values_not_flags() {
        assert_eq!(
            parse(&shop(), &["--limit", "-3"]).unwrap(),
            json!({"limit": -3})
        );
    }
}
