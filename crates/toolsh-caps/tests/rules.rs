//! Rules of the capability layer that a host relies on for safety, each
//! with the script or host sequence that once broke it.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use serde_json::{Value, json};
use toolsh_caps::*;
use toolsh_interp::ExecutionLimits;
use toolsh_tools::ToolArgs;

fn rt() -> CapabilityRuntime {
    CapabilityRuntime::new(
        ExecutionLimits::default(),
        CapabilityCatalogLimits::default(),
    )
    .with_nonce([3; 32])
}

fn echo_tool(rt: &CapabilityRuntime, name: &str) {
    rt.register_tool(
        ToolDef::new(name, "Echo."),
        ToolPolicy::new(),
        |_a: ToolArgs| async { Ok("ok".to_string()) },
    )
    .unwrap();
}

/// MCP tool names are case-sensitive and commonly camelCase (the MCP
/// specification's tool-name rule allows A-Z, a-z, 0-9, `_`, `-`, `.`):
/// such a tool is registered, granted and callable.
#[tokio::test]
async fn camel_case_names_register_and_run_under_a_grant() {
    let rt = rt();
    rt.register_tool(
        ToolDef::new("getWeather", "Weather."),
        ToolPolicy::new(),
        |_a: ToolArgs| async { Ok("sunny".to_string()) },
    )
    .unwrap();
    let lease = rt
        .issue_capability_lease(&[CapabilityGrant::new("getWeather")])
        .unwrap();
    let r = rt
        .eval_with_capability_lease("getWeather", &lease)
        .await
        .unwrap();
    assert_eq!(
        (r.stdout.as_str(), r.exit_code),
        ("sunny\n", 0),
        "{}",
        r.stderr
    );
    assert_eq!(rt.audit().entries()[0].label, "getWeather");
}

/// Attempts bound external operations only: a local handler runs once per
/// call (a retried write would run twice), so a policy asking for retries
/// of a local tool is refused at registration.
#[tokio::test]
async fn local_handlers_are_never_retried() {
    let rt = rt();
    let runs = Arc::new(AtomicUsize::new(0));
    let r2 = runs.clone();
    let res = rt.register_tool(
        ToolDef::new("rows.insert", "Insert."),
        ToolPolicy::new().max_attempts(3).risk(RiskClass::Write),
        move |_a: ToolArgs| {
            let r2 = r2.clone();
            async move {
                r2.fetch_add(1, Ordering::SeqCst);
                Err::<String, _>("disk full".to_string())
            }
        },
    );
    let err = res.expect_err("max_attempts on a local tool is refused");
    assert_eq!(err.kind, CapsErrorKind::Registry);
    assert!(err.message.contains("external"), "{}", err.message);
    let r2 = runs.clone();
    rt.register_tool(
        ToolDef::new("rows.insert", "Insert."),
        ToolPolicy::new().risk(RiskClass::Write),
        move |_a: ToolArgs| {
            let r2 = r2.clone();
            async move {
                r2.fetch_add(1, Ordering::SeqCst);
                Err::<String, _>("disk full".to_string())
            }
        },
    )
    .unwrap();
    let lease = rt.issue_full_lease().unwrap();
    let r = rt
        .eval_with_capability_lease("rows.insert; echo $?", &lease)
        .await
        .unwrap();
    assert_eq!(r.stdout, "1\n");
    assert_eq!(runs.load(Ordering::SeqCst), 1);
}

fn items_tool(rt: &CapabilityRuntime) {
    rt.register_validated_json_tool(
        ToolDef::new("cart.add", "Add items."),
        ToolPolicy::new(),
        JsonToolContract::new(
            json!({"type": "object", "required": ["items"], "additionalProperties": false, "properties": {"items": {"type": "array", "items": {"type": "object", "additionalProperties": false, "properties": {"sku": {"type": "string"}, "qty": {"type": "integer"}}}}}}),
            json!({"type": "object"}),
        ),
        |v: Value| async move { Ok(json!({"got": v["items"]})) },
    )
    .unwrap();
}

/// Repeated flags may each use either form: JSON in one occurrence,
/// `key=value` pairs in the next; mixing both inside one occurrence is a
/// usage error (exit 2) naming the flag.
#[tokio::test]
async fn flag_forms_mix_across_occurrences_not_within_one() {
    let rt = rt();
    items_tool(&rt);
    let lease = rt.issue_full_lease().unwrap();
    let r = rt
        .eval_with_capability_lease(
            r#"cart.add --items '[{"sku":"a","qty":1}]' --items sku=b qty=2 | jq -c .got"#,
            &lease,
        )
        .await
        .unwrap();
    assert_eq!(
        (r.stdout.as_str(), r.exit_code),
        ("[{\"sku\":\"a\",\"qty\":1},{\"sku\":\"b\",\"qty\":2}]\n", 0),
        "{}",
        r.stderr
    );
    let r = rt
        .eval_with_capability_lease(
            r#"cart.add --items sku=b '{"sku":"a"}'; echo "st=$?""#,
            &lease,
        )
        .await
        .unwrap();
    assert_eq!(r.stdout, "st=2\n");
    assert!(
        r.stderr
            .contains("flag --items: do not mix JSON and key=value forms in one occurrence"),
        "{}",
        r.stderr
    );
}

/// A lease handed in at approval must belong to the catalog as it is now:
/// approval refuses a stale one instead of approving a step that can
/// never run.
#[tokio::test]
async fn workflow_approval_checks_leases_against_the_current_catalog() {
    let rt = rt();
    echo_tool(&rt, "a.one");
    let old = rt.issue_full_lease().unwrap();
    echo_tool(&rt, "a.two");
    let plan = WorkflowPlan::new([("s1", "a.one")]);
    let err = plan
        .approve(&rt, vec![("s1".into(), StepAuthority::Lease(old))])
        .unwrap_err();
    assert_eq!(err.kind, CapsErrorKind::StaleLease);
}

/// A second resume continues where the first stopped, and the position
/// counts every step run since the plan began.
#[tokio::test]
async fn a_second_resume_reports_the_plan_position() {
    let rt = rt();
    echo_tool(&rt, "a.one");
    let plan = WorkflowPlan::new([("s1", "a.one"), ("s2", "a.one"), ("s3", "a.one")]);
    let full = |ids: &[&str]| -> Vec<(String, StepAuthority)> {
        ids.iter()
            .map(|id| {
                (
                    (*id).to_string(),
                    StepAuthority::Lease(rt.issue_full_lease().unwrap()),
                )
            })
            .collect()
    };
    let mut wf = plan.approve(&rt, full(&["s1", "s2", "s3"])).unwrap();
    wf.run_next(&rt).await.unwrap().unwrap();
    let cp1 = wf.checkpoint();
    let mut wf2 = cp1.resume(&rt, full(&["s2", "s3"])).unwrap();
    assert_eq!(wf2.position(), 1);
    wf2.run_next(&rt).await.unwrap().unwrap();
    assert_eq!(wf2.position(), 2);
    let cp2 = wf2.checkpoint();
    assert_eq!(cp2.completed, ["s1", "s2"]);
    let wf3 = cp2.resume(&rt, full(&["s3"])).unwrap();
    assert_eq!(wf3.position(), 2);
}

/// The pending external-call queue is bounded: calls past the bound fail
/// at once with a message saying so instead of queueing without end.
#[tokio::test]
async fn the_external_queue_is_bounded() {
    let rt = CapabilityRuntime::new(
        ExecutionLimits::default(),
        CapabilityCatalogLimits {
            max_pending_external: 4,
            ..CapabilityCatalogLimits::default()
        },
    );
    rt.register_external_tool(
        ToolDef::new("slow.ext", ""),
        ToolPolicy::new().external(Duration::from_millis(300)),
        None,
    )
    .unwrap();
    let lease = rt.issue_full_lease().unwrap();
    let script = "for i in $(seq 1 12); do slow.ext 2>>/dev/stderr & done; wait; echo done";
    let r = rt.eval_with_capability_lease(script, &lease).await.unwrap();
    assert_eq!(r.stdout, "done\n");
    let full = r
        .stderr
        .matches("too many pending external calls (4)")
        .count();
    assert_eq!(full, 8, "{}", r.stderr);
}
