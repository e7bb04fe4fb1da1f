//! The executor layer under many tasks at once: checkpoints of 64
//! concurrent writes interleaved with undos, and the speculation gate
//! under 128 concurrent speculations while the mode and trust change.

use std::collections::BTreeSet;
use std::sync::Arc;

use serde_json::json;
use toolsh_caps::{PermissionMode, TrustLevel};
use toolsh_executor::*;
use toolsh_interp::fs::MemoryFs;

fn call(id: &str, tool: &str, script: &str) -> ToolCall {
    ToolCall::new(id, tool, json!({"commands": script}))
}

/// Concurrent writers in the checkpoint test.
const WRITERS: usize = 64;
/// Concurrent speculations per phase in the speculation test.
const SPECULATIONS: usize = 128;

fn read(fs: &MemoryFs, path: &str) -> Option<String> {
    fs.read_file(path)
        .ok()
        .map(|b| String::from_utf8_lossy(&b).into_owned())
}

/// 64 calls on one session, each writing its own file and appending to a
/// shared log, race 16 undos. Whatever the interleaving, each checkpoint
/// reverts exactly its own call: the files left are those of the calls
/// not undone, the log holds exactly those calls' lines, and the undo
/// stack (bounded to `MAX_CHECKPOINTS`) is the newest of them in order,
/// so undoing it all reverts exactly those calls.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn checkpoints_hold_under_64_concurrent_writes_and_undos() {
    let fs = Arc::new(MemoryFs::new());
    let ex = Arc::new(ShellExecutor::sandbox_session_with(
        fs.clone(),
        Arc::new(|b| b),
    ));
    let mut writers = Vec::new();
    for i in 0..WRITERS {
        let ex = ex.clone();
        writers.push(tokio::spawn(async move {
            let out = ex
                .execute_tool_call(&call(
                    &format!("w{i}"),
                    "bash",
                    &format!("echo {i} > f{i}; echo {i} >> log"),
                ))
                .await
                .unwrap()
                .unwrap();
            assert_eq!(out.status, OutputStatus::Done, "{}", out.result);
        }));
    }
    let mut undoers = Vec::new();
    for j in 0..16u64 {
        let ex = ex.clone();
        undoers.push(tokio::spawn(async move {
            tokio::time::sleep(std::time::Duration::from_millis(j)).await;
            // Empty stack early on: an error, nothing undone.
            ex.checkpoint_undo(1).await.unwrap_or_default()
        }));
    }
    for w in writers {
        w.await.unwrap();
    }
    let mut undone = BTreeSet::new();
    for u in undoers {
        for info in u.await.unwrap() {
            let i: usize = info.call_id[1..].parse().unwrap();
            assert!(undone.insert(i), "w{i} undone twice");
        }
    }
    let present: BTreeSet<usize> = (0..WRITERS)
        .filter(|i| read(&fs, &format!("/tmp/f{i}")).is_some())
        .collect();
    let all: BTreeSet<usize> = (0..WRITERS).collect();
    assert_eq!(
        present,
        all.difference(&undone)
            .copied()
            .collect::<BTreeSet<usize>>(),
        "undone: {undone:?}"
    );
    let log: Vec<usize> = read(&fs, "/tmp/log")
        .unwrap_or_default()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(log.iter().copied().collect::<BTreeSet<_>>(), present);
    assert_eq!(log.len(), present.len(), "each kept call's line once");
    let list = ex.checkpoint_list().unwrap();
    let stack: Vec<usize> = list
        .undo
        .iter()
        .map(|c| c.call_id[1..].parse().unwrap())
        .collect();
    assert!(
        !stack.is_empty() && stack.len() <= present.len().min(MAX_CHECKPOINTS),
        "{stack:?}"
    );
    assert_eq!(
        stack,
        log[log.len() - stack.len()..],
        "the undo stack is the newest kept calls, in order"
    );
    // Undoing the whole stack now reverts exactly those calls, newest first.
    let reverted = ex.checkpoint_undo(stack.len()).await.unwrap();
    let ids: Vec<usize> = reverted
        .iter()
        .map(|c| c.call_id[1..].parse().unwrap())
        .collect();
    assert_eq!(ids, stack.iter().rev().copied().collect::<Vec<_>>());
    let rest: Vec<usize> = read(&fs, "/tmp/log")
        .unwrap_or_default()
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(rest, log[..log.len() - stack.len()]);
}

/// A read tool (`calc`, a fresh logic-only shell) and a write tool
/// (`bash`, a sandbox session; both declared speculatable) behind one
/// trust gate. In each phase 128 tasks speculate at once: in auto mode no
/// write call is dispatched (it needs confirmation) while read calls
/// are; quarantined, no write call; blocked, nothing. While the mode
/// flips between full and auto under 128 speculations, every result that
/// reaches the caller has passed the gate as it stands at resolve: with
/// the mode left at auto, each write call resolves as needing
/// confirmation, and nothing written by a speculative run is reported.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_speculation_gate_holds_for_128_concurrent_speculations() {
    let fs = Arc::new(MemoryFs::new());
    let write = ShellExecutor::sandbox_session_with(fs.clone(), Arc::new(|b| b)).speculatable(true);
    let read_tool = ShellExecutor::logic_only(Arc::new(|b| b))
        .tool_id("calc")
        .speculatable(true);
    let gate = Arc::new(TrustGate::new(PermissionMode::Auto, TrustLevel::Trusted));
    let ex: Arc<dyn ToolExecutor> = Arc::new(Layered::new(
        CompositeExecutor::new(read_tool, write),
        gate.clone(),
    ));
    let written = || {
        (0..4 * SPECULATIONS)
            .filter(|i| fs.read_file(&format!("/tmp/s{i}")).is_ok())
            .count()
    };
    let s = Arc::new(Speculator::new(ex.clone()));
    let speculate_all = |ids: std::ops::Range<usize>| {
        let mut tasks = Vec::new();
        for i in ids {
            let s = s.clone();
            tasks.push(tokio::spawn(async move {
                let (tool, script) = if i % 2 == 0 {
                    ("bash", format!("echo {i} > s{i}"))
                } else {
                    ("calc", format!("echo $(({i} * 2))"))
                };
                (i, s.speculate(&call(&format!("c{i}"), tool, &script)))
            }));
        }
        tasks
    };

    // Auto: reads start early, writes (confirmation needed) never do.
    for t in speculate_all(0..SPECULATIONS) {
        let (i, started) = t.await.unwrap();
        assert_eq!(started, i % 2 == 1, "c{i}");
    }
    // Quarantined: writes are refused by trust; blocked: everything is.
    gate.set_permission_mode(PermissionMode::Full);
    gate.set_effective_trust(TrustLevel::Quarantined);
    for t in speculate_all(SPECULATIONS..2 * SPECULATIONS) {
        let (i, started) = t.await.unwrap();
        assert_eq!(started, i % 2 == 1, "c{i}");
    }
    gate.set_effective_trust(TrustLevel::Blocked);
    for t in speculate_all(2 * SPECULATIONS..3 * SPECULATIONS) {
        let (i, started) = t.await.unwrap();
        assert!(!started, "c{i} started while blocked");
    }
    // The started reads resolve to their own results; nothing was written.
    gate.set_effective_trust(TrustLevel::Trusted);
    for i in (1..2 * SPECULATIONS).step_by(2) {
        let out = s
            .resolve(&call(
                &format!("c{i}"),
                "calc",
                &format!("echo $(({i} * 2))"),
            ))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(out.result, format!("{}\n", i * 2));
    }
    assert_eq!(written(), 0, "no write call was dispatched early");

    // Racing: the mode flips while 128 tasks speculate write calls.
    let flipper = {
        let gate = gate.clone();
        tokio::spawn(async move {
            for k in 0..200 {
                gate.set_permission_mode(if k % 2 == 0 {
                    PermissionMode::Full
                } else {
                    PermissionMode::Auto
                });
                tokio::task::yield_now().await;
            }
            gate.set_permission_mode(PermissionMode::Auto);
        })
    };
    let racing = 3 * SPECULATIONS..4 * SPECULATIONS;
    let mut tasks = Vec::new();
    for i in racing.clone() {
        let s = s.clone();
        tasks.push(tokio::spawn(async move {
            s.speculate(&call(&format!("c{i}"), "bash", &format!("echo {i} > s{i}")))
        }));
    }
    let mut started = 0;
    for t in tasks {
        started += usize::from(t.await.unwrap());
    }
    flipper.await.unwrap();
    assert!(
        written() <= started,
        "only calls the gate let start may write"
    );
    for i in racing {
        let r = s
            .resolve(&call(&format!("c{i}"), "bash", &format!("echo {i} > s{i}")))
            .await;
        assert!(
            matches!(r, Err(ToolError::ConfirmationRequired { .. })),
            "c{i}: {r:?}"
        );
    }
}
