//! `toolsh run --trajectory FILE` records runs in the executor layer's
//! trajectory format, and `toolsh replay FILE` re-runs them against the
//! same tools, reporting divergences with the gates active.

use std::process::Stdio;

use serde_json::Value;

use crate::common::{run_ok, text, toolsh};

/// Two recorded runs (one failing) replay as matches against the same
/// tools; against a tool that now answers differently, the run diverges
/// (exit 1) and the report shows both results.
#[test]
fn recorded_runs_replay_and_divergences_are_reported() {
    let dir = tempfile::tempdir().unwrap();
    let tools = dir.path().join("tools.toml");
    let write = |answer: &str| {
        std::fs::write(
            &tools,
            format!("[[tool]]\nname = \"greet\"\nexec = [\"sh\", \"-c\", \"cat >/dev/null; echo {answer}\"]\n"),
        )
        .unwrap();
    };
    write("hello");
    let traj = dir.path().join("t.jsonl");
    let t = traj.display().to_string();
    let m = tools.display().to_string();
    run_ok(toolsh().args([
        "run",
        "--tools",
        &m,
        "--trajectory",
        &t,
        "-c",
        "greet; echo x > f; cat f",
    ]));
    let out = toolsh()
        .args([
            "run",
            "--tools",
            &m,
            "--trajectory",
            &t,
            "-c",
            "greet; echo oops >&2; exit 4",
        ])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(4));
    assert_eq!(
        text(&out.stdout),
        "hello\n",
        "the run's own output is unchanged"
    );
    let lines: Vec<Value> = std::fs::read_to_string(&traj)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(
        lines[0]["request"]["params"]["commands"],
        "greet; echo x > f; cat f"
    );
    assert_eq!(lines[0]["result"]["result"], "hello\nx\n");
    assert_eq!(
        lines[1]["result"],
        serde_json::json!({"status": "error", "result": "hello\n[stderr]\noops\n[exit status 4]"})
    );
    let out = run_ok(toolsh().args(["replay", &t, "--tools", &m]));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (report["total"].as_u64(), report["matched"].as_u64()),
        (Some(2), Some(2)),
        "{report}"
    );

    write("bonjour");
    let out = toolsh()
        .args(["replay", &t, "--tools", &m])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["matched"], 0);
    assert_eq!(
        report["divergences"][0]["replayed"]["result"],
        "bonjour\nx\n"
    );
}

/// A run under a lease records the lease and its audit entries; replay
/// keeps the gates: under a grant that no longer covers the tool, the
/// call is denied and the run diverges.
#[test]
fn leased_runs_record_lease_and_audit_and_replay_under_gates() {
    let dir = tempfile::tempdir().unwrap();
    let tools = dir.path().join("tools.toml");
    std::fs::write(
        &tools,
        "[[tool]]\nname = \"a.read\"\ntags = [\"read\"]\nexec = [\"sh\", \"-c\", \"cat >/dev/null; echo A\"]\n\n[[tool]]\nname = \"b.read\"\ntags = [\"read\"]\nexec = [\"sh\", \"-c\", \"cat >/dev/null; echo B\"]\n",
    )
    .unwrap();
    let (m, t) = (tools.display().to_string(), dir.path().join("t.jsonl"));
    let t = t.display().to_string();
    run_ok(toolsh().args([
        "run",
        "--tools",
        &m,
        "--grant",
        "a.read",
        "--trajectory",
        &t,
        "-c",
        "a.read; a.read",
    ]));
    let line: Value = serde_json::from_str(std::fs::read_to_string(&t).unwrap().trim()).unwrap();
    assert!(line["lease_id"].as_u64().is_some(), "{line}");
    assert_eq!(line["audit_ids"], serde_json::json!([1, 2]));
    let out = run_ok(toolsh().args(["replay", &t, "--tools", &m, "--grant", "a.read"]));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["matched"], 1, "{report}");
    let out = toolsh()
        .args(["replay", &t, "--tools", &m, "--grant", "b.read"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    let replayed = report["divergences"][0]["replayed"]["result"]
        .as_str()
        .unwrap();
    assert!(replayed.contains("a.read: denied"), "{replayed}");
}
