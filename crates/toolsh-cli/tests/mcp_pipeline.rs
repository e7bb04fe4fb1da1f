//! `toolsh mcp --spool-dir DIR --trajectory FILE`: script results go
//! through the executor layer's pipeline: a large result reaches the
//! client as a head and tail preview naming a spool id (never a host
//! path), `read_tool_output` reads the rest, and every call is a
//! trajectory line holding the whole result.

use serde_json::{Value, json};

use crate::mcp_stdio::Session;

#[test]
fn large_results_are_spooled_with_a_preview_and_readable_by_id() {
    let dir = tempfile::tempdir().unwrap();
    let spool = dir.path().join("spool");
    let traj = dir.path().join("t.jsonl");
    let (spool_s, traj_s) = (spool.display().to_string(), traj.display().to_string());
    let (mut s, _) = Session::start_with(&["--spool-dir", &spool_s, "--trajectory", &traj_s]);
    s.send_line(r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#);
    let names: Vec<String> = s.next()["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, ["script", "read_tool_output"]);

    // 30,000 bytes: lines "00001" .. "05000" (6 bytes each).
    let r = s.call_script(3, &json!({"commands": "seq -f %05g 1 5000"}));
    let text = r["result"]["content"][0]["text"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(text.len() < 4000, "{} bytes reached the client", text.len());
    assert!(text.starts_with("00001\n00002\n"), "{text}");
    assert!(text.contains("04999\n05000"), "the tail is kept: {text}");
    assert!(!text.contains(&spool_s), "no host path: {text}");
    let id = text
        .split("saved as tool output ")
        .nth(1)
        .and_then(|t| t.split(';').next())
        .unwrap_or_else(|| panic!("no spool id in {text}"))
        .to_string();
    assert_eq!(
        r["result"]["structuredContent"]["stdout"].as_str(),
        Some(text.as_str())
    );

    s.send_line(
        &json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
                "params": {"name": "read_tool_output", "arguments": {"id": id, "offset": 6 * 2500, "length": 12}}})
        .to_string(),
    );
    let slice = s.next();
    assert_eq!(
        slice["result"]["content"][0]["text"], "02501\n02502\n",
        "{slice}"
    );
    s.send_line(
        &json!({"jsonrpc": "2.0", "id": 5, "method": "tools/call",
                "params": {"name": "read_tool_output", "arguments": {"id": "../../etc/passwd"}}})
        .to_string(),
    );
    let bad = s.next();
    assert_eq!(bad["result"]["isError"], true, "{bad}");

    // A small result is returned whole.
    let r = s.call_script(6, &json!({"commands": "echo small; exit 3"}));
    assert_eq!(r["result"]["content"][0]["text"], "small\n[exit status 3]");

    let lines: Vec<Value> = std::fs::read_to_string(&traj)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2, "two script calls");
    assert_eq!(lines[0]["content"].as_str().unwrap().len(), 30_000);
    assert_eq!(
        lines[0]["request"]["params"]["commands"],
        "seq -f %05g 1 5000"
    );
    assert_eq!(
        lines[1]["result"],
        json!({"status": "error", "result": "small\n[exit status 3]"})
    );
}
