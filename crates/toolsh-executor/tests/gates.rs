//! Safety rules of the executor layer a host relies on: fall-through past
//! a trust gate, confirmation and speculation honouring the gate,
//! checkpoints that stay true under concurrency and timeouts, spooled
//! previews the model can act on (and the command that reads them),
//! trajectories and replay.

use std::sync::Arc;
use std::time::Duration;

use serde_json::json;
use toolsh_caps::{PermissionMode, TrustLevel};
use toolsh_executor::*;

fn call(id: &str, tool: &str, script: &str) -> ToolCall {
    ToolCall::new(id, tool, json!({"commands": script}))
}

/// `Ok(None)` means "not mine": a trust gate around one executor must not
/// answer for a tool that executor does not own, so a composite reaches
/// the executor that does.
#[tokio::test]
async fn a_trust_gate_falls_through_for_tools_it_does_not_own() {
    let gated = Layered::new(
        ShellExecutor::sandbox_session(),
        TrustGate::new(PermissionMode::Auto, TrustLevel::Trusted),
    );
    let other = ShellExecutor::logic_only(Arc::new(|b| b)).tool_id("calc");
    assert!(
        gated
            .execute_tool_call(&call("0", "calc", "echo 1"))
            .await
            .unwrap()
            .is_none()
    );
    let comp = CompositeExecutor::new(gated, other);
    let out = comp
        .execute_tool_call(&call("1", "calc", "echo $((6*7))"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(out.result, "42\n");
    // The gated tool itself still needs confirmation in auto mode.
    assert!(matches!(
        comp.execute_tool_call(&call("2", "bash", "echo hi")).await,
        Err(ToolError::ConfirmationRequired { .. })
    ));
}

/// The metadata a host asks before running or speculating a call says
/// what the gate will do: auto mode needs confirmation for a write tool,
/// a blocked or quarantined runtime makes nothing speculatable.
#[tokio::test]
async fn layered_metadata_honours_the_gate() {
    let gate = Arc::new(TrustGate::new(PermissionMode::Auto, TrustLevel::Trusted));
    let ex = Layered::new(ShellExecutor::sandbox_session(), gate.clone());
    assert!(ex.requires_confirmation(&call("1", "bash", "echo hi")));
    let spec = Layered::new(
        ShellExecutor::logic_only(Arc::new(|b| b)).speculatable(true),
        gate.clone(),
    );
    assert!(
        spec.is_tool_speculatable("bash"),
        "a read tool in auto mode"
    );
    gate.set_effective_trust(TrustLevel::Blocked);
    assert!(!spec.is_tool_speculatable("bash"));
    let s = Speculator::new(Arc::new(spec));
    assert!(
        !s.speculate(&call("2", "bash", "echo x")),
        "nothing is dispatched while blocked"
    );
}

/// Concurrent calls on one session: each checkpoint's "before" state is
/// the state just before that call ran, so undoing one call removes
/// exactly that call's file.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn checkpoints_under_concurrent_writes() {
    let ex = Arc::new(ShellExecutor::sandbox_session());
    let mut tasks = Vec::new();
    for i in 0..16 {
        let ex = ex.clone();
        tasks.push(tokio::spawn(async move {
            ex.execute_tool_call(&call(
                &format!("w{i}"),
                "bash",
                &format!("echo {i} > f{i}; sleep 0.02"),
            ))
            .await
            .unwrap()
            .unwrap()
        }));
    }
    for t in tasks {
        assert_eq!(t.await.unwrap().status, OutputStatus::Done);
    }
    let fs = ex.fs().unwrap().clone();
    let count = || {
        (0..16)
            .filter(|i| fs.read_file(&format!("/tmp/f{i}")).is_ok())
            .count()
    };
    assert_eq!(count(), 16);
    let list = ex.checkpoint_list().unwrap();
    assert_eq!((list.undo_depth(), list.redo_depth()), (16, 0));
    for left in (0..16).rev() {
        let undone = ex.checkpoint_undo(1).await.unwrap();
        let id: usize = undone[0].call_id[1..].parse().unwrap();
        assert!(
            fs.read_file(&format!("/tmp/f{id}")).is_err(),
            "undoing w{id} removes f{id}"
        );
        assert_eq!(count(), left, "undo removes exactly one call's change");
    }
}

/// A call cut off by a timeout layer leaves no unrecorded change: its
/// file changes are a checkpoint that undo reverts.
#[tokio::test]
async fn a_timed_out_call_leaves_no_unrecorded_change() {
    let ex = Layered::new(
        ShellExecutor::sandbox_session(),
        Timeout(Duration::from_millis(100)),
    );
    let r = ex
        .execute_tool_call(&call("slow", "bash", "echo partial > half; sleep 5"))
        .await;
    assert!(matches!(r, Err(ToolError::Timeout(100))), "{r:?}");
    let undone = ex.checkpoint_undo(1).await.unwrap();
    assert_eq!(undone[0].call_id, "slow");
    let out = ex
        .execute_tool_call(&call("c", "bash", "cat half 2>/dev/null || echo gone"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(out.result, "gone\n");
}

/// A spooled preview never shows a host path (the sandboxed model cannot
/// open it); spool files of calls whose ids share a long prefix or
/// sanitize alike never overwrite each other.
#[tokio::test]
async fn spool_previews_name_no_host_path_and_ids_never_collide() {
    let dir = tempfile::tempdir().unwrap();
    let s = Spooler::new(SpoolTarget::Workspace(dir.path().to_path_buf())).threshold(10);
    let (shown, path) = s.spool("c1", "0123456789abcdef".into());
    let host = dir.path().display().to_string();
    assert!(!shown.contains(&host), "{shown}");
    assert!(path.unwrap().starts_with(&host));
    let long = "x".repeat(64);
    let mut paths = std::collections::BTreeSet::new();
    for i in 0..40 {
        let id = format!("{long}{i}");
        let (_, p) = s.spool(&id, format!("content {i} ........"));
        paths.insert(p.unwrap());
        let (_, p) = s.spool(&format!("a/b{i}"), format!("slash {i} ........"));
        paths.insert(p.unwrap());
        let (_, p) = s.spool(&format!("a_b{i}"), format!("under {i} ........"));
        paths.insert(p.unwrap());
    }
    assert_eq!(paths.len(), 120);
}

/// Replay keeps the confirmation gate: a recorded call that needed
/// confirmation does not run again on its own.
#[tokio::test]
async fn replay_keeps_confirmation_gates() {
    let dir = tempfile::tempdir().unwrap();
    let confirm = |s: &str| s.contains("rm ").then(|| "deletes files".to_string());
    let ex: Arc<dyn ToolExecutor> =
        Arc::new(ShellExecutor::sandbox_session().confirm_when(Arc::new(confirm)));
    let p = CallPipeline::new(ex.clone()).trajectory(Trajectory::new(dir.path(), "s"));
    p.handle_call(&call("1", "bash", "echo keep > k; rm -f nothing"), true)
        .await;
    let entries = Trajectory::read(&dir.path().join(".toolsh/trajectories/s.jsonl")).unwrap();
    let fresh = ShellExecutor::sandbox_session().confirm_when(Arc::new(confirm));
    let report = replay(&entries, &fresh).await;
    assert_eq!(report.matched, 0);
    assert!(
        report.divergences[0].replayed["result"]
            .as_str()
            .unwrap()
            .contains("confirmation required"),
        "{:?}",
        report.divergences
    );
    assert!(
        fresh.fs().unwrap().read_file("/tmp/k").is_err(),
        "nothing ran"
    );
}

/// A spooled call replays as a match: the trajectory keeps the whole
/// result, not the preview the model saw.
#[tokio::test]
async fn a_spooled_call_replays_against_its_full_content() {
    let dir = tempfile::tempdir().unwrap();
    let ex: Arc<dyn ToolExecutor> = Arc::new(ShellExecutor::logic_only(Arc::new(|b| b)));
    let p = CallPipeline::new(ex.clone())
        .spooler(Spooler::new(SpoolTarget::Workspace(
            dir.path().to_path_buf(),
        )))
        .trajectory(Trajectory::new(dir.path(), "s"));
    p.handle_call(&call("big", "bash", "printf 'x%.0s' $(seq 20000)"), false)
        .await;
    let entries = Trajectory::read(&dir.path().join(".toolsh/trajectories/s.jsonl")).unwrap();
    let report = replay(&entries, ex.as_ref()).await;
    assert_eq!(
        (report.total, report.matched),
        (1, 1),
        "{:?}",
        report.divergences
    );
}

/// A spooler for a model that reaches the spool through scripts names
/// the `read_tool_output` command, and that command (installed in the
/// model's shell) reads the spooled output by id: a slice, the end, a
/// refused id (status 1) and a usage error (status 2).
#[tokio::test]
async fn the_read_command_reads_what_a_preview_names() {
    let dir = tempfile::tempdir().unwrap();
    let s = Spooler::new(SpoolTarget::Workspace(dir.path().to_path_buf())).read_by_command();
    let mut text = String::new();
    for i in 0..4000 {
        std::fmt::Write::write_fmt(&mut text, format_args!("{i:05}\n")).unwrap();
    }
    let (shown, path) = s.spool("c1", text.clone());
    let id = path
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .trim_end_matches(".txt")
        .to_string();
    assert!(
        shown.ends_with(&format!(
            "saved as tool output {id}; read more with: read_tool_output {id} 2000]"
        )),
        "{}",
        &shown[shown.len() - 200..]
    );
    let reader = ReadToolOutput::new(s.clone());
    let ex = ShellExecutor::logic_only(Arc::new(move |b: toolsh_interp::ShellBuilder| {
        b.utility(Arc::new(reader.clone()))
    }));
    let run = |script: String| {
        let ex = &ex;
        async move {
            ex.execute_tool_call(&call("r", "bash", &script))
                .await
                .unwrap()
                .unwrap()
                .result
        }
    };
    assert_eq!(
        run(format!("read_tool_output {id} 1998 12")).await,
        "00333\n00334\n"
    );
    assert_eq!(run(format!("read_tool_output {id} 23994")).await, "03999\n");
    assert_eq!(
        run(format!("read_tool_output {id} 99999; echo \"end=$?\"")).await,
        "end=0\n"
    );
    assert_eq!(
        run("read_tool_output nope 2>&1; echo \"st=$?\"".into()).await,
        "read_tool_output: no tool output nope\nst=1\n"
    );
    assert_eq!(
        run(format!(
            "read_tool_output {id} x 2>/dev/null; echo \"st=$?\""
        ))
        .await,
        "st=2\n"
    );
}
