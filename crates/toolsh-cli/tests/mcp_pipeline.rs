//! `toolsh mcp --spool-dir DIR --trajectory FILE`: script results go
//! through the executor layer's pipeline: a large result reaches the
//! client as a head and tail preview naming a spool id (never a host
//! path), `read_tool_output` reads the rest, and every call is a
//! trajectory line holding the whole result. Without `--spool-dir` the
//! same happens in a private directory; `--no-spool` turns it off.

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

/// The spool id a preview names.
fn spool_id(text: &str) -> String {
    text.split("saved as tool output ")
        .nth(1)
        .and_then(|t| t.split(';').next())
        .unwrap_or_else(|| panic!("no spool id in {text}"))
        .to_string()
}

/// The `toolsh-spool-*` directories under `dir`.
fn spool_dirs(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("toolsh-spool-"))
        })
        .collect()
}

/// Plain `toolsh mcp` (no `--spool-dir`) spools a large result too, into
/// a private directory (mode 0700, under `TMPDIR`) that the session's end
/// removes, and serves `read_tool_output` over it; `--no-spool` returns
/// the result whole and serves no reader.
#[test]
fn large_results_are_spooled_by_default_and_whole_with_no_spool() {
    let tmp = tempfile::tempdir().unwrap();
    let (mut s, _) = Session::start_in(&[], &[("TMPDIR", tmp.path())]);
    s.send_line(r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#);
    let names: Vec<String> = s.next()["result"]["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(names, ["script", "read_tool_output"]);
    let r = s.call_script(3, &json!({"commands": "seq -f %05g 1 5000"}));
    let text = r["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.len() < 4000, "{} bytes reached the client", text.len());
    assert!(!text.contains(&tmp.path().display().to_string()), "{text}");
    let id = spool_id(text);
    let dirs = spool_dirs(tmp.path());
    assert_eq!(dirs.len(), 1, "{dirs:?}");
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&dirs[0]).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700, "{mode:o}");
    }
    s.send_line(
        &json!({"jsonrpc": "2.0", "id": 4, "method": "tools/call",
                "params": {"name": "read_tool_output", "arguments": {"id": id, "offset": 6 * 4998, "length": 100}}})
        .to_string(),
    );
    let slice = s.next();
    assert_eq!(
        slice["result"]["content"][0]["text"], "04999\n05000\n",
        "{slice}"
    );
    assert!(s.close().success());
    assert_eq!(spool_dirs(tmp.path()), Vec::<std::path::PathBuf>::new());

    let (mut s, _) = Session::start_with(&["--no-spool"]);
    s.send_line(r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#);
    let list = s.next();
    let tools = list["result"]["tools"].as_array().unwrap();
    assert_eq!(tools.len(), 1, "{list}");
    let r = s.call_script(3, &json!({"commands": "seq -f %05g 1 5000"}));
    let text = r["result"]["content"][0]["text"].as_str().unwrap();
    assert_eq!(text.len(), 30_000);
    assert!(text.ends_with("04999\n05000\n"));
}
