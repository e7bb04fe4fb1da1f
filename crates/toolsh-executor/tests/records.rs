//! What a host keeps and inspects: trajectory entries tied to their
//! lease and audit entries, the undo and redo stacks over several
//! changes, and the speculation gate under many concurrent calls.

use std::sync::Arc;

use serde_json::json;
use toolsh_caps::{
    CapabilityCatalogLimits, CapabilityGrant, CapabilityRuntime, PermissionMode, ToolDef,
    ToolPolicy, TrustLevel,
};
use toolsh_executor::*;
use toolsh_interp::ExecutionLimits;
use toolsh_tools::ToolArgs;

fn call(id: &str, tool: &str, script: &str) -> ToolCall {
    ToolCall::new(id, tool, json!({"commands": script}))
}

/// A call run under a capability lease is recorded with the lease's id
/// and the sequence numbers of the audit entries it produced, so an
/// operator can go from a trajectory line to what the gate decided.
#[tokio::test]
async fn trajectory_entries_name_their_lease_and_audit_entries() {
    let rt = Arc::new(CapabilityRuntime::new(
        ExecutionLimits::default(),
        CapabilityCatalogLimits::default(),
    ));
    for name in ["notes.read", "notes.write"] {
        rt.register_tool(
            ToolDef::new(name, "Notes."),
            ToolPolicy::new(),
            |_a: ToolArgs| async { Ok("ok".to_string()) },
        )
        .unwrap();
    }
    let lease = rt
        .issue_capability_lease(&[CapabilityGrant::new("notes.read")])
        .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("run.jsonl");
    let ex: Arc<dyn ToolExecutor> = Arc::new(ScriptedToolExecutor::leased(
        rt.clone(),
        lease.clone(),
        "script",
    ));
    let p = CallPipeline::new(ex).trajectory(Trajectory::at(&file, "s1"));
    let out = p
        .handle_call(
            &call("1", "script", "notes.read; notes.write; notes.read"),
            false,
        )
        .await;
    // The script's last command succeeded; the denial is in its stderr.
    assert_eq!(
        out.model_json["result"],
        "ok\nok\n[stderr]\nnotes.write: denied: not granted by the capability lease\n"
    );
    let entries = Trajectory::read(&file).unwrap();
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].lease_id, Some(lease.id));
    let audit = rt.audit().entries();
    let ids: Vec<u64> = audit.iter().map(|e| e.seq).collect();
    assert_eq!(entries[0].audit_ids, ids);
    assert_eq!(ids.len(), 3, "{audit:?}");
    assert!(matches!(
        audit[1].outcome,
        toolsh_caps::AuditOutcome::Denied(_)
    ));
}

/// `undo(n)` reverts the last `n` changes at once (newest first), the
/// redo stack reports them next-first, and a new change empties it.
#[tokio::test]
async fn undo_of_several_changes_and_the_redo_stack() {
    let ex = ShellExecutor::sandbox_session();
    for i in 1..=4 {
        ex.execute_tool_call(&call(&format!("c{i}"), "bash", &format!("echo {i} >> log")))
            .await
            .unwrap()
            .unwrap();
    }
    let read = || {
        ex.fs()
            .unwrap()
            .read_file("/tmp/log")
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    };
    let undone = ex.checkpoint_undo(3).await.unwrap();
    let ids: Vec<&str> = undone.iter().map(|c| c.call_id.as_str()).collect();
    assert_eq!(ids, ["c4", "c3", "c2"]);
    assert_eq!(read(), "1\n");
    let list = ex.checkpoint_list().unwrap();
    assert_eq!((list.undo_depth(), list.redo_depth()), (1, 3));
    let next: Vec<&str> = list.redo.iter().map(|c| c.call_id.as_str()).collect();
    assert_eq!(next, ["c2", "c3", "c4"]);
    assert_eq!(ex.checkpoint_redo().await.unwrap().call_id, "c2");
    assert_eq!(read(), "1\n2\n");
    assert!(ex.checkpoint_undo(5).await.is_err(), "only 2 can be undone");
    ex.execute_tool_call(&call("c5", "bash", "echo 5 >> log"))
        .await
        .unwrap()
        .unwrap();
    let list = ex.checkpoint_list().unwrap();
    assert_eq!((list.undo_depth(), list.redo_depth()), (3, 0));
    assert_eq!(read(), "1\n2\n5\n");
}

/// Many calls speculated from many tasks while the trust level drops to
/// `Blocked`: once it has, no call is started early, and no result of a
/// call started before reaches the model: each resolves through the gate
/// and is denied.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_speculation_gate_holds_under_concurrency() {
    let gate = Arc::new(TrustGate::new(PermissionMode::Auto, TrustLevel::Trusted));
    let ex = Layered::new(
        ShellExecutor::logic_only(Arc::new(|b| b)).speculatable(true),
        gate.clone(),
    );
    let s = Arc::new(Speculator::new(Arc::new(ex)));
    let mut early = Vec::new();
    for i in 0..32 {
        let s = s.clone();
        early.push(tokio::spawn(async move {
            s.speculate(&call(
                &format!("e{i}"),
                "bash",
                &format!("sleep 0.05; echo {i}"),
            ))
        }));
    }
    let mut started = 0;
    for t in early {
        started += usize::from(t.await.unwrap());
    }
    assert_eq!(started, 32, "trusted read calls start early");
    gate.set_effective_trust(TrustLevel::Blocked);
    let mut late = Vec::new();
    for i in 32..64 {
        let s = s.clone();
        late.push(tokio::spawn(async move {
            s.speculate(&call(&format!("e{i}"), "bash", &format!("echo {i}")))
        }));
    }
    for t in late {
        assert!(!t.await.unwrap(), "nothing starts while blocked");
    }
    let mut resolved = Vec::new();
    for i in 0..32 {
        let s = s.clone();
        resolved.push(tokio::spawn(async move {
            s.resolve(&call(
                &format!("e{i}"),
                "bash",
                &format!("sleep 0.05; echo {i}"),
            ))
            .await
        }));
    }
    for t in resolved {
        let r = t.await.unwrap();
        assert!(matches!(r, Err(ToolError::Denied(_))), "{r:?}");
    }
}

/// A speculative run that reached the gate while the runtime was blocked
/// was refused; once trust is back, resolving the final call runs it
/// through the gates as they are now instead of returning that stale
/// refusal. (A current-thread runtime: the speculative task runs only at
/// the `yield_now`, while blocked.)
#[tokio::test]
async fn a_speculation_refused_when_it_ran_is_run_again_at_resolve() {
    let gate = Arc::new(TrustGate::new(PermissionMode::Full, TrustLevel::Trusted));
    let ex = Layered::new(
        ShellExecutor::logic_only(Arc::new(|b| b)).speculatable(true),
        gate.clone(),
    );
    let s = Speculator::new(Arc::new(ex));
    let c = call("early", "bash", "echo $((20 + 22))");
    assert!(s.speculate(&c));
    gate.set_effective_trust(TrustLevel::Blocked);
    for _ in 0..8 {
        tokio::task::yield_now().await;
    }
    gate.set_effective_trust(TrustLevel::Trusted);
    let out = s
        .resolve(&call("final", "bash", "echo $((20 + 22))"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (out.call_id.as_str(), out.result.as_str()),
        ("final", "42\n")
    );
}

/// The runtime's trust level and mode and a trust gate built over
/// `trust_state()` are one state: a change through either is what the
/// other enforces on its next call.
#[tokio::test]
async fn the_runtime_and_its_trust_gate_share_one_state() {
    let rt = Arc::new(CapabilityRuntime::new(
        ExecutionLimits::default(),
        CapabilityCatalogLimits::default(),
    ));
    let gate = TrustGate::shared(rt.trust_state());
    let ex = Layered::new(ShellExecutor::sandbox_session(), gate);
    let run = |id: &str| call(id, "bash", "echo hi");
    assert_eq!(
        ex.execute_tool_call(&run("1"))
            .await
            .unwrap()
            .unwrap()
            .result,
        "hi\n"
    );
    rt.set_effective_trust(TrustLevel::Blocked);
    assert!(matches!(
        ex.execute_tool_call(&run("2")).await,
        Err(ToolError::Denied(_))
    ));
    ex.hook().set_effective_trust(TrustLevel::Trusted);
    assert_eq!(rt.effective_trust(), TrustLevel::Trusted);
    ex.hook().set_permission_mode(PermissionMode::Auto);
    assert_eq!(rt.permission_mode(), PermissionMode::Auto);
    assert!(matches!(
        ex.execute_tool_call(&run("3")).await,
        Err(ToolError::ConfirmationRequired { .. })
    ));
}
