//! What a host builds on: workflow checkpoints that survive a restart,
//! the skill environment, tool-layer tools as enforced JSON contracts,
//! and the catalog staying fixed while many executions run.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::json;
use toolsh_caps::*;
use toolsh_interp::ExecutionLimits;
use toolsh_tools::{ToolArgs, ToolImpl};

fn rt() -> CapabilityRuntime {
    CapabilityRuntime::new(
        ExecutionLimits::default(),
        CapabilityCatalogLimits::default(),
    )
}

fn counter_tool(rt: &CapabilityRuntime, runs: &Arc<AtomicUsize>) {
    let runs = runs.clone();
    rt.register_tool(
        ToolDef::new("step.mark", "Count a step."),
        ToolPolicy::new().risk(RiskClass::Write),
        move |_a: ToolArgs| {
            let runs = runs.clone();
            async move { Ok(format!("run {}", runs.fetch_add(1, Ordering::SeqCst) + 1)) }
        },
    )
    .unwrap();
}

fn leases(rt: &CapabilityRuntime, ids: &[&str]) -> Vec<(String, StepAuthority)> {
    ids.iter()
        .map(|id| {
            (
                (*id).to_string(),
                StepAuthority::Lease(rt.issue_full_lease().unwrap()),
            )
        })
        .collect()
}

/// A checkpoint written as JSON by one runtime resumes in a new runtime
/// (a restart) under the same workflow key, running only the unexecuted
/// suffix; an edited checkpoint or another key is refused.
#[tokio::test]
async fn a_checkpoint_survives_a_restart_and_refuses_edits() {
    let key = [7u8; 32];
    let runs = Arc::new(AtomicUsize::new(0));
    let first = rt();
    first.set_workflow_key(key);
    counter_tool(&first, &runs);
    let plan = WorkflowPlan::new([
        ("a", "step.mark"),
        ("b", "step.mark; exit 3"),
        ("c", "step.mark"),
    ]);
    let mut wf = plan
        .approve(&first, leases(&first, &["a", "b", "c"]))
        .unwrap();
    wf.run_next(&first).await.unwrap().unwrap();
    let saved = serde_json::to_string(&wf.checkpoint()).unwrap();
    drop(wf);
    drop(first);

    let second = rt();
    second.set_workflow_key(key);
    counter_tool(&second, &runs);
    let cp: WorkflowCheckpoint = serde_json::from_str(&saved).unwrap();
    assert_eq!(
        (cp.position(), cp.plan.as_str()),
        (1, plan.digest().as_str())
    );
    let mut wf = cp.resume(&second, leases(&second, &["b", "c"])).unwrap();
    let r = wf.run_next(&second).await.unwrap().unwrap();
    assert_eq!((r.stdout.as_str(), r.exit_code), ("run 2\n", 3));
    assert_eq!(runs.load(Ordering::SeqCst), 2, "step a is not run again");

    let mut edited: serde_json::Value = serde_json::from_str(&saved).unwrap();
    edited["remaining"][0]["script"] = json!("step.mark; step.mark");
    let edited: WorkflowCheckpoint = serde_json::from_value(edited).unwrap();
    let err = edited
        .resume(&second, leases(&second, &["b", "c"]))
        .unwrap_err();
    assert_eq!(err.kind, CapsErrorKind::Workflow);
    let other = rt();
    other.set_workflow_key([8u8; 32]);
    counter_tool(&other, &runs);
    let cp: WorkflowCheckpoint = serde_json::from_str(&saved).unwrap();
    assert!(cp.verify(&other).is_err(), "another key does not verify");
}

/// The skill environment reaches every leased shell as exported
/// variables, is bounded, and refuses names that are not shell names.
#[tokio::test]
async fn the_skill_environment_reaches_leased_shells() {
    let rt = rt();
    rt.set_skill_env([("REGION", "eu-west-1"), ("PROJECT", "p1")])
        .unwrap();
    let lease = rt.issue_full_lease().unwrap();
    let r = rt
        .eval_with_capability_lease(
            "echo \"$REGION/$PROJECT\"; env | grep -c '^REGION='",
            &lease,
        )
        .await
        .unwrap();
    assert_eq!(r.stdout, "eu-west-1/p1\n1\n", "{}", r.stderr);
    for bad in ["1X", "A-B", ""] {
        let err = rt.set_skill_env([(bad, "v")]).unwrap_err();
        assert_eq!(err.kind, CapsErrorKind::Environment, "{bad:?}");
    }
    let many: Vec<(String, String)> = (0..=MAX_SKILL_ENV_VARS)
        .map(|i| (format!("V{i}"), String::new()))
        .collect();
    assert!(rt.set_skill_env(many).is_err());
    assert_eq!(rt.skill_env().len(), 2, "a refused set changes nothing");
}

/// A tool of the tool layer with an output schema becomes a validated
/// JSON tool: `contract_enforced` in its descriptor, the input checked
/// before the callback runs, the output checked before the script sees it.
#[tokio::test]
async fn tool_impls_with_an_output_schema_are_enforced_contracts() {
    let rt = rt();
    let calls = Arc::new(AtomicUsize::new(0));
    let c2 = calls.clone();
    let def = ToolDef::new("stock.get", "Stock of a SKU.")
        .with_schema(json!({"type": "object", "required": ["sku"], "properties": {"sku": {"type": "string"}}}))
        .with_output_schema(json!({"type": "object", "required": ["qty"], "properties": {"qty": {"type": "integer"}}}));
    let tool = ToolImpl::new(def).with_async_exec(move |a: ToolArgs| {
        let c2 = c2.clone();
        async move {
            c2.fetch_add(1, Ordering::SeqCst);
            Ok(match a.params["sku"].as_str() {
                Some("bad") => "{\"qty\": \"many\"}".to_string(),
                Some("text") => "twelve".to_string(),
                // The whole arguments reach a validated tool: its stdin too.
                Some("stdin") => format!("{{\"qty\": {}}}", a.stdin.unwrap_or_default().trim()),
                _ => "{\n  \"qty\": 12\n}\n".to_string(),
            })
        }
    });
    rt.register_tool_impl(&tool, ToolPolicy::new()).unwrap();
    let plain = ToolImpl::new(ToolDef::new("note.echo", "Echo stdin."))
        .with_async_exec(|a: ToolArgs| async move { Ok(a.stdin.unwrap_or_default()) });
    rt.register_tool_impl(&plain, ToolPolicy::new()).unwrap();
    let cat = rt.tool_catalog();
    let enforced: Vec<(String, bool)> = cat
        .iter()
        .map(|d| (d.def.name.clone(), d.contract_enforced))
        .collect();
    assert_eq!(
        enforced,
        [
            ("note.echo".to_string(), false),
            ("stock.get".to_string(), true)
        ]
    );
    assert_eq!(cat[1].format, ToolFormat::Json);
    let lease = rt.issue_full_lease().unwrap();
    let r = rt
        .eval_with_capability_lease(
            "stock.get --sku a; echo \"st=$?\"; stock.get --sku bad; echo \"st=$?\"; \
             stock.get --sku text; echo \"st=$?\"; stock.get; echo \"st=$?\"; echo hi | note.echo; \
             echo 7 | stock.get --sku stdin",
            &lease,
        )
        .await
        .unwrap();
    assert_eq!(
        r.stdout, "{\"qty\":12}\nst=0\nst=1\nst=1\nst=2\nhi\n{\"qty\":7}\n",
        "{}",
        r.stderr
    );
    assert_eq!(
        calls.load(Ordering::SeqCst),
        4,
        "bad input never reaches the callback"
    );
}

/// While many executions run, the catalog cannot change under them (a
/// registration is refused as busy), every call of every execution runs
/// under its lease, and the change made afterwards invalidates the lease
/// for the next execution.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn the_catalog_holds_still_under_concurrent_executions() {
    let rt = Arc::new(rt());
    let running = Arc::new(AtomicUsize::new(0));
    let r2 = running.clone();
    rt.register_tool(
        ToolDef::new("slow.read", "Slow."),
        ToolPolicy::new().max_calls(3),
        move |_a: ToolArgs| {
            let r2 = r2.clone();
            async move {
                r2.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(30)).await;
                Ok("x".to_string())
            }
        },
    )
    .unwrap();
    let lease = rt.issue_full_lease().unwrap();
    let mut tasks = Vec::new();
    for _ in 0..24 {
        let (rt, lease) = (rt.clone(), lease.clone());
        tasks.push(tokio::spawn(async move {
            rt.eval_with_capability_lease("for i in 1 2 3 4; do slow.read; done; echo", &lease)
                .await
                .unwrap()
        }));
    }
    while running.load(Ordering::SeqCst) == 0 {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    let busy = rt.register_tool(
        ToolDef::new("late.tool", "Late."),
        ToolPolicy::new(),
        |_a: ToolArgs| async { Ok(String::new()) },
    );
    assert_eq!(busy.unwrap_err().kind, CapsErrorKind::Busy);
    for t in tasks {
        let r = t.await.unwrap();
        // Each execution has its own budget of 3: the fourth call is denied.
        assert_eq!(r.stdout, "x\nx\nx\n\n", "{}", r.stderr);
        assert_eq!(r.stderr.matches("denied").count(), 1, "{}", r.stderr);
    }
    rt.register_tool(
        ToolDef::new("late.tool", "Late."),
        ToolPolicy::new(),
        |_a: ToolArgs| async { Ok(String::new()) },
    )
    .unwrap();
    let err = rt
        .eval_with_capability_lease("slow.read", &lease)
        .await
        .unwrap_err();
    assert_eq!(err.kind, CapsErrorKind::StaleLease);
}
