//! The capability layer through the binary: `toolsh catalog` prints the
//! capability catalog, manifest tools with an `output_schema` are
//! validated JSON tools, and `--audit FILE` shows what the gate decided.

use std::process::Stdio;

use serde_json::Value;

use crate::common::{run_ok, text, toolsh};

const MANIFEST: &str = r#"
[[tool]]
name = "stock.get"
description = "Stock of a SKU."
input_schema = { type = "object", required = ["sku"], properties = { sku = { type = "string" } } }
output_schema = { type = "object", required = ["qty"], properties = { qty = { type = "integer" } } }
exec = ["sh", "-c", "read -r p; case $p in *bad*) echo '{\"qty\": \"lots\"}';; *) printf '{\n  \"qty\": 12\n}\n';; esac"]

[[tool]]
name = "notes.write"
description = "Writes a note."
exec = ["sh", "-c", "cat >/dev/null; echo written"]
"#;

fn manifest() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tools.toml");
    std::fs::write(&path, MANIFEST).unwrap();
    let p = path.display().to_string();
    (dir, p)
}

/// `toolsh catalog`: the fingerprint leases are bound to, the limits in
/// force, and one descriptor per tool; the tool with an output schema is
/// a JSON tool whose contract is enforced.
#[test]
fn catalog_prints_the_capability_catalog() {
    let (_d, m) = manifest();
    let out = run_ok(toolsh().args(["catalog", "--tools", &m]));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    let fp = v["fingerprint"].as_str().unwrap();
    assert!(
        fp.len() == 64 && fp.bytes().all(|b| b.is_ascii_hexdigit()),
        "{fp}"
    );
    assert!(v["limits"]["max_tools"].as_u64().unwrap() >= 2, "{v}");
    let tools = v["tools"].as_array().unwrap();
    let facts: Vec<(&str, bool, &str, &str)> = tools
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap(),
                t["contract_enforced"].as_bool().unwrap(),
                t["format"].as_str().unwrap(),
                t["risk"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        facts,
        [
            ("notes.write", false, "text", "write"),
            ("stock.get", true, "json", "write")
        ]
    );
    // The same tools give the same fingerprint on every run.
    let again = run_ok(toolsh().args(["catalog", "--tools", &m]));
    let w: Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(w["fingerprint"], v["fingerprint"]);
}

/// Under a lease, the validated JSON tool's output is checked against its
/// schema (a wrong type is an error, status 1) and reaches the script as
/// compact JSON.
#[test]
fn a_manifest_output_schema_is_an_enforced_contract() {
    let (_d, m) = manifest();
    let out = toolsh()
        .args(["run", "--tools", &m, "--grant", "stock.get", "-c"])
        .arg("stock.get --sku a; echo \"st=$?\"; stock.get --sku bad; echo \"st=$?\"")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(
        text(&out.stdout),
        "{\"qty\":12}\nst=0\nst=1\n",
        "{}",
        text(&out.stderr)
    );
}

/// `--audit FILE`: one JSON line per reservation, granted and denied with
/// the reason, an over-limit call as `limit`, and an invalid command name
/// only under a digest label.
#[test]
fn audit_file_shows_what_was_allowed_and_denied() {
    let (d, m) = manifest();
    let audit = d.path().join("audit.jsonl");
    let out = toolsh()
        .args(["run", "--tools", &m, "--grant", "stock.get:1", "--audit"])
        .arg(&audit)
        .arg("-c")
        .arg("stock.get --sku a >/dev/null; stock.get --sku b; notes.write; 'secret token!'; true")
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let body = std::fs::read_to_string(&audit).unwrap();
    let lines: Vec<Value> = body
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let seen: Vec<(&str, &str)> = lines
        .iter()
        .map(|l| (l["label"].as_str().unwrap(), l["outcome"].as_str().unwrap()))
        .collect();
    assert_eq!(seen.len(), 4, "{body}");
    assert_eq!(seen[0], ("stock.get", "granted"));
    assert_eq!(seen[1], ("stock.get", "limit"));
    assert_eq!(seen[2], ("notes.write", "denied"));
    assert_eq!(seen[3].1, "denied");
    // A name that is not a valid tool name appears only as a digest label.
    assert!(!body.contains("secret"), "{body}");
    assert!(
        lines[2]["reason"].as_str().unwrap().contains("not granted"),
        "{body}"
    );
    // Without grants or a mode, --audit still records: every tool granted.
    let all = d.path().join("all.jsonl");
    run_ok(
        toolsh()
            .args(["run", "--tools", &m, "--audit"])
            .arg(&all)
            .args(["-c", "notes.write"]),
    );
    let body = std::fs::read_to_string(&all).unwrap();
    assert_eq!(body.lines().count(), 1, "{body}");
    assert!(body.contains("\"outcome\":\"granted\""), "{body}");
}
