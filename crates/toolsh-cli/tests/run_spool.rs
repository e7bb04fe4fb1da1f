//! `toolsh run --spool-dir DIR`: a stdout of 16 KiB or more reaches the
//! caller as a head and tail preview naming a spool id (never a host
//! path) and the `read_tool_output` command, which the scripts of later
//! runs with the same `--spool-dir` use to read the rest.

use std::process::Stdio;

use serde_json::Value;

use crate::common::{run_ok, text, toolsh};

#[test]
fn a_large_stdout_is_spooled_and_read_back_by_a_later_run() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().display().to_string();
    let traj = dir.path().join("t.jsonl");
    let t = traj.display().to_string();
    // 30,000 bytes: lines "00001" .. "05000" (6 bytes each).
    let out = run_ok(toolsh().args([
        "run",
        "--spool-dir",
        &d,
        "--trajectory",
        &t,
        "-c",
        "seq -f %05g 1 5000",
    ]));
    let shown = text(&out.stdout);
    assert!(shown.len() < 4000, "{} bytes printed", shown.len());
    assert!(shown.starts_with("00001\n00002\n"), "{shown}");
    assert!(
        shown.contains("04999\n05000\n"),
        "the tail is kept: {shown}"
    );
    assert!(!shown.contains(&d), "no host path: {shown}");
    let id = shown
        .split("saved as tool output ")
        .nth(1)
        .and_then(|t| t.split(';').next())
        .unwrap_or_else(|| panic!("no spool id in {shown}"))
        .to_string();
    assert!(
        shown.ends_with(&format!("read more with: read_tool_output {id} 2000]\n")),
        "{shown}"
    );
    // The trajectory keeps the whole stdout, not the preview.
    let line: Value = serde_json::from_str(std::fs::read_to_string(&traj).unwrap().trim()).unwrap();
    assert_eq!(line["result"]["result"].as_str().unwrap().len(), 30_000);

    // A later run reads it: line 2500 starts at character 6 * 2499.
    let script = format!("read_tool_output {id} 14994 12; read_tool_output {id} 29994");
    let out = run_ok(toolsh().args(["run", "--spool-dir", &d, "-c", &script]));
    assert_eq!(text(&out.stdout), "02500\n02501\n05000\n");

    let status = |script: &str| {
        let out = toolsh()
            .args(["run", "--spool-dir", &d, "-c", script])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        (out.status.code(), text(&out.stdout), text(&out.stderr))
    };
    let (code, _, err) = status("read_tool_output ../../etc/passwd; echo \"st=$?\" >&2");
    assert!(err.ends_with("st=1\n"), "{err}");
    assert!(err.contains("not a tool output id"), "{err}");
    let (_, _, err) = status("read_tool_output; echo \"st=$?\" >&2");
    assert!(err.ends_with("st=2\n"), "{err}");
    assert_eq!(code, Some(0));
    // Below the threshold the stdout is printed as it is.
    assert_eq!(status("echo small").1, "small\n");
    // Without --spool-dir nothing is spooled, and there is no reader.
    let out = run_ok(toolsh().args(["run", "-c", "seq -f %05g 1 5000"]));
    assert_eq!(out.stdout.len(), 30_000);
    let out = toolsh()
        .args(["run", "-c", &format!("read_tool_output {id}")])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(127), "{}", text(&out.stderr));
}
