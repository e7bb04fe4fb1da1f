//! Schema-driven flag parsing (`toolsh_tools::parse_flags`): any argv
//! against any of a few schemas gives a JSON object or a `FlagError`, never
//! a panic; a success is always an object whose keys are flag names.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::json;

fuzz_target!(|data: &[u8]| {
    if data.is_empty() {
        return;
    }
    let schemas = [
        json!({"type":"object","properties":{
            "id":{"type":"integer"},"name":{"type":"string"},"dry_run":{"type":"boolean"},
            "tags":{"type":"array","items":{"type":"string"}},
            "ratio":{"type":"number"},"meta":{"type":"object"},
            "mode":{"enum":["a","b"]},"nums":{"type":"array","items":{"type":"integer"}}},
            "required":["id"],"additionalProperties":false}),
        json!({"type":"object"}),
        json!({"type":"object","properties":{"x":{"$ref":"#/$defs/x"},"y":{"anyOf":[{"type":"integer"},{"type":"null"}]}},
            "$defs":{"x":{"type":["string","integer"]}}}),
        json!({"type":"object","properties":{"deep":{"type":"object","properties":{"a":{"type":"integer"}}}}}),
    ];
    let schema = &schemas[usize::from(data[0]) % schemas.len()];
    let argv: Vec<String> = data[1..]
        .split(|b| *b == 0)
        .map(|p| String::from_utf8_lossy(p).into_owned())
        .collect();
    if let Ok(map) = toolsh_tools::parse_flags(schema, &argv) {
        let _ = serde_json::Value::Object(map).to_string();
    }
});
