//! The capability layer under many tasks at once: per-tool call limits
//! across 64 concurrent executions (each its own lease gate, and one gate
//! shared by all, as a server has it), and leases invalidated while calls
//! are in flight.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::Semaphore;
use toolsh_caps::*;
use toolsh_interp::ExecutionLimits;
use toolsh_tools::{ScriptedTool, ToolArgs, ToolCallRequest, ToolRequest};

/// Concurrent executions in each test.
const EXECUTIONS: usize = 64;

fn rt() -> Arc<CapabilityRuntime> {
    Arc::new(CapabilityRuntime::new(
        ExecutionLimits::default(),
        CapabilityCatalogLimits::default(),
    ))
}

/// A tool that counts its runs and sleeps a little, so calls overlap.
fn counting_tool(rt: &CapabilityRuntime, name: &str, policy: ToolPolicy) -> Arc<AtomicUsize> {
    let runs = Arc::new(AtomicUsize::new(0));
    let r = runs.clone();
    rt.register_tool(
        ToolDef::new(name, "Counts."),
        policy,
        move |_a: ToolArgs| {
            let r = r.clone();
            async move {
                r.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(5)).await;
                Ok("ran".to_string())
            }
        },
    )
    .unwrap();
    runs
}

/// A tool whose calls wait until `gate` gives them a permit: `entered`
/// counts the calls that reached the handler.
fn holding_tool(
    rt: &CapabilityRuntime,
    name: &str,
    risk: RiskClass,
    gate: &Arc<Semaphore>,
) -> Arc<AtomicUsize> {
    let entered = Arc::new(AtomicUsize::new(0));
    let (e, g) = (entered.clone(), gate.clone());
    rt.register_tool(
        ToolDef::new(name, "Waits."),
        ToolPolicy::new().risk(risk),
        move |_a: ToolArgs| {
            let (e, g) = (e.clone(), g.clone());
            async move {
                e.fetch_add(1, Ordering::SeqCst);
                g.acquire().await.expect("semaphore open").forget();
                Ok("held".to_string())
            }
        },
    )
    .unwrap();
    entered
}

async fn until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !done() {
        assert!(tokio::time::Instant::now() < deadline, "timed out: {what}");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

fn granted_per_execution(rt: &CapabilityRuntime) -> HashMap<u64, usize> {
    let mut m = HashMap::new();
    for e in rt.audit().entries() {
        if e.outcome == AuditOutcome::Granted {
            *m.entry(e.execution).or_insert(0) += 1;
        }
    }
    m
}

/// 64 executions under one lease (a grant of 3 calls), each starting 8
/// background calls at once: every execution gets exactly its 3, never
/// more, whatever the interleaving; the other 5 are denied as a limit.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn call_limits_hold_across_64_concurrent_executions() {
    let rt = rt();
    let runs = counting_tool(&rt, "slow.op", ToolPolicy::new().max_calls(4));
    let lease = rt
        .issue_capability_lease(&[CapabilityGrant::limited("slow.op", 3)])
        .unwrap();
    let script = "for i in 1 2 3 4 5 6 7 8; do slow.op & done; wait; echo end";
    let mut tasks = Vec::new();
    for _ in 0..EXECUTIONS {
        let (rt, lease) = (rt.clone(), lease.clone());
        tasks.push(tokio::spawn(async move {
            rt.eval_with_capability_lease(script, &lease).await.unwrap()
        }));
    }
    for t in tasks {
        let r = t.await.unwrap();
        assert_eq!(r.stdout, "ran\nran\nran\nend\n", "{}", r.stderr);
        assert_eq!(
            r.stderr
                .matches("call limit reached (3 per execution)")
                .count(),
            5,
            "{}",
            r.stderr
        );
    }
    assert_eq!(runs.load(Ordering::SeqCst), EXECUTIONS * 3);
    let granted = granted_per_execution(&rt);
    assert_eq!(granted.len(), EXECUTIONS);
    assert!(granted.values().all(|&n| n == 3), "{granted:?}");
}

/// One lease gate shared by 64 concurrent scripts (how `toolsh mcp`
/// serves a lease): the budget is per execution, keyed by each request's
/// execution id, so each script gets its own 3 calls and no more.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_shared_gate_budgets_each_of_64_concurrent_executions() {
    let rt = rt();
    let runs = counting_tool(&rt, "slow.op", ToolPolicy::new().max_calls(3));
    let lease = rt.issue_full_lease().unwrap();
    let registry = rt
        .registry_for_lease(&lease)
        .unwrap()
        .with_gate(rt.lease_gate(&lease).unwrap());
    let tool = ScriptedTool::from_registry("script", &registry)
        .build()
        .unwrap();
    let mut tasks = Vec::new();
    for _ in 0..EXECUTIONS {
        let tool = tool.clone();
        tasks.push(tokio::spawn(async move {
            let call = ToolCallRequest::default();
            let id = call.execution;
            let r = tool
                .execute_for(
                    ToolRequest::new("for i in 1 2 3 4 5 6; do slow.op & done; wait; echo end"),
                    call,
                )
                .await;
            (id, r)
        }));
    }
    let mut ids = Vec::new();
    for t in tasks {
        let (id, r) = t.await.unwrap();
        assert_eq!(r.stdout, "ran\nran\nran\nend\n", "{}", r.stderr);
        assert_eq!(r.stderr.matches("call limit reached").count(), 3);
        ids.push(id);
    }
    assert_eq!(runs.load(Ordering::SeqCst), EXECUTIONS * 3);
    let granted = granted_per_execution(&rt);
    for id in ids {
        assert_eq!(granted.get(&id), Some(&3), "execution {id}");
    }
}

/// A catalog change while 64 scripts each have a call in flight through a
/// shared lease gate: the calls already admitted finish, and every later
/// call of every script is denied (the lease is bound to the old
/// catalog), none reaching its handler; the old lease can no longer be
/// used to prepare anything.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_catalog_change_mid_run_denies_every_later_call() {
    let rt = rt();
    let release = Arc::new(Semaphore::new(0));
    let entered = holding_tool(&rt, "hold.op", RiskClass::Read, &release);
    let lease = rt.issue_full_lease().unwrap();
    let registry = rt
        .registry_for_lease(&lease)
        .unwrap()
        .with_gate(rt.lease_gate(&lease).unwrap());
    let tool = ScriptedTool::from_registry("script", &registry)
        .build()
        .unwrap();
    let mut tasks = Vec::new();
    for _ in 0..EXECUTIONS {
        let tool = tool.clone();
        tasks.push(tokio::spawn(async move {
            tool.execute_for(
                ToolRequest::new(
                    "hold.op; echo \"first=$?\"; hold.op; echo \"second=$?\"; hold.op; echo \"third=$?\"",
                ),
                ToolCallRequest::default(),
            )
            .await
        }));
    }
    until("every script has a call in flight", || {
        entered.load(Ordering::SeqCst) == EXECUTIONS
    })
    .await;
    let before = rt.fingerprint();
    rt.register_tool(
        ToolDef::new("late.tool", "Added mid-run."),
        ToolPolicy::new(),
        |_a: ToolArgs| async { Ok(String::new()) },
    )
    .unwrap();
    assert_ne!(rt.fingerprint(), before);
    release.add_permits(EXECUTIONS * 3);
    for t in tasks {
        let r = t.await.unwrap();
        assert_eq!(
            r.stdout, "held\nfirst=0\nsecond=1\nthird=1\n",
            "{}",
            r.stderr
        );
        assert_eq!(
            r.stderr
                .matches("hold.op: denied: the catalog changed since the lease was issued")
                .count(),
            2,
            "{}",
            r.stderr
        );
    }
    assert_eq!(
        entered.load(Ordering::SeqCst),
        EXECUTIONS,
        "no call after the change reached the handler"
    );
    assert_eq!(
        rt.lease_gate(&lease).err().map(|e| e.kind),
        Some(CapsErrorKind::StaleLease)
    );
    assert_eq!(
        rt.prepare_execution(&lease, ToolCallRequest::default())
            .err()
            .map(|e| e.kind),
        Some(CapsErrorKind::StaleLease)
    );
}

/// 64 leased executions each with a call in flight: the catalog cannot
/// change under them (registration refused as busy, the fingerprint and
/// every lease still valid), a permission change mid-run denies their
/// next write call, and once they have ended the change goes through and
/// every one of their leases is stale.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn leased_executions_in_flight_hold_the_catalog_and_see_mode_changes() {
    let rt = rt();
    let release = Arc::new(Semaphore::new(0));
    let entered = holding_tool(&rt, "hold.write", RiskClass::Write, &release);
    let fingerprint = rt.fingerprint();
    let mut tasks = Vec::new();
    let mut leases = Vec::new();
    for _ in 0..EXECUTIONS {
        let rt2 = rt.clone();
        let lease = rt.issue_full_lease().unwrap();
        leases.push(lease.clone());
        tasks.push(tokio::spawn(async move {
            rt2.eval_with_capability_lease(
                "hold.write; echo \"first=$?\"; hold.write; echo \"second=$?\"",
                &lease,
            )
            .await
            .unwrap()
        }));
    }
    until("every execution has a call in flight", || {
        entered.load(Ordering::SeqCst) == EXECUTIONS
    })
    .await;
    let late = || {
        rt.register_tool(
            ToolDef::new("late.tool", "Late."),
            ToolPolicy::new(),
            |_a: ToolArgs| async { Ok(String::new()) },
        )
    };
    assert_eq!(late().unwrap_err().kind, CapsErrorKind::Busy);
    assert_eq!(rt.fingerprint(), fingerprint);
    rt.set_permission_mode(PermissionMode::ReadOnly);
    release.add_permits(EXECUTIONS * 2);
    for t in tasks {
        let r = t.await.unwrap();
        assert_eq!(r.stdout, "held\nfirst=0\nsecond=1\n", "{}", r.stderr);
        assert!(r.stderr.contains("hold.write: denied: "), "{}", r.stderr);
    }
    assert_eq!(entered.load(Ordering::SeqCst), EXECUTIONS);
    rt.set_permission_mode(PermissionMode::Full);
    late().unwrap();
    for lease in &leases {
        let err = rt
            .eval_with_capability_lease("hold.write", lease)
            .await
            .unwrap_err();
        assert_eq!(err.kind, CapsErrorKind::StaleLease);
    }
    assert_eq!(entered.load(Ordering::SeqCst), EXECUTIONS);
}
