//! The capability layer's rules, each driven through real scripts.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use async_trait::async_trait;
use serde_json::{Value, json};
use toolsh_caps::*;
use toolsh_interp::ExecutionLimits;
use toolsh_tools::ToolArgs;

fn runtime() -> CapabilityRuntime {
    let rt = CapabilityRuntime::new(
        ExecutionLimits::default(),
        CapabilityCatalogLimits::default(),
    )
    .with_nonce([9; 32]);
    rt.register_validated_json_tool(
        ToolDef::new("math.add", "Add two integers."),
        ToolPolicy::new().max_calls(3),
        JsonToolContract::new(
            json!({"type": "object", "required": ["a", "b"], "additionalProperties": false, "properties": {"a": {"type": "integer"}, "b": {"type": "integer"}}}),
            json!({"type": "object", "required": ["sum"], "properties": {"sum": {"type": "integer"}}}),
        ),
        |v: Value| async move { Ok(json!({"sum": v["a"].as_i64().unwrap_or(0) + v["b"].as_i64().unwrap_or(0)})) },
    )
    .unwrap();
    rt.register_tool(
        ToolDef::new("notes.read", "Read notes."),
        ToolPolicy::new(),
        |_a: ToolArgs| async { Ok("note one\nnote two".to_string()) },
    )
    .unwrap();
    rt.register_tool(
        ToolDef::new("notes.delete", "Delete all notes."),
        ToolPolicy::new().risk(RiskClass::Destructive),
        |_a: ToolArgs| async { Ok("deleted".to_string()) },
    )
    .unwrap();
    rt
}

#[tokio::test]
async fn granted_calls_run_and_are_audited() {
    let rt = runtime();
    let lease = rt
        .issue_capability_lease(&[CapabilityGrant::new("math.add")])
        .unwrap();
    let r = rt
        .eval_with_capability_lease("math.add --a 2 --b 40 | jq .sum", &lease)
        .await
        .unwrap();
    assert_eq!((r.stdout.as_str(), r.exit_code), ("42\n", 0));
    let audit = rt.audit().entries();
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].label, "math.add");
    assert_eq!(audit[0].outcome, AuditOutcome::Granted);
    assert_eq!(audit[0].exit_code, Some(0));
    assert!(rt.audit().to_json_lines().starts_with("{\"seq\":1,"));
}

#[tokio::test]
async fn ungranted_and_over_limit_calls_are_denied() {
    let rt = runtime();
    let lease = rt
        .issue_capability_lease(&[CapabilityGrant::limited("math.add", 2)])
        .unwrap();
    let script = "notes.read; echo \"read=$?\"; for i in 1 2 3; do math.add --a $i --b 0 >/dev/null; echo \"add=$?\"; done";
    let r = rt.eval_with_capability_lease(script, &lease).await.unwrap();
    assert_eq!(r.stdout, "read=1\nadd=0\nadd=0\nadd=1\n");
    assert!(
        r.stderr
            .contains("notes.read: denied: not granted by the capability lease"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("math.add: denied: call limit reached (2 per execution)"),
        "{}",
        r.stderr
    );
    // Computed names go through the same reservation.
    let r = rt
        .eval_with_capability_lease("t=notes; $t.read", &lease)
        .await
        .unwrap();
    assert_eq!(r.exit_code, 1);
}

#[tokio::test]
async fn lease_limit_cannot_exceed_policy() {
    let rt = runtime();
    let lease = rt
        .issue_capability_lease(&[CapabilityGrant::limited("math.add", 50)])
        .unwrap();
    assert_eq!(lease.limit("math.add"), Some(3));
}

#[tokio::test]
async fn contract_errors_do_not_use_the_budget() {
    let rt = runtime();
    let lease = rt
        .issue_capability_lease(&[CapabilityGrant::limited("math.add", 1)])
        .unwrap();
    let script = "math.add --a x --b 1; echo \"bad=$?\"; math.add --c 1; echo \"unknown=$?\"; math.add --a 1 --b 1; echo \"ok=$?\"";
    let r = rt.eval_with_capability_lease(script, &lease).await.unwrap();
    assert_eq!(r.stdout, "bad=2\nunknown=2\n{\"sum\":2}\nok=0\n");
    let outcomes: Vec<AuditOutcome> = rt
        .audit()
        .entries()
        .into_iter()
        .map(|e| e.outcome)
        .collect();
    assert!(matches!(outcomes[0], AuditOutcome::ContractError(_)));
    assert!(matches!(outcomes[1], AuditOutcome::ContractError(_)));
    assert_eq!(outcomes[2], AuditOutcome::Granted);
}

#[tokio::test]
async fn per_tool_limit_is_exact_under_concurrency() {
    let rt = CapabilityRuntime::new(
        ExecutionLimits::default(),
        CapabilityCatalogLimits::default(),
    );
    let calls = Arc::new(AtomicUsize::new(0));
    let c = calls.clone();
    rt.register_tool(
        ToolDef::new("slow.op", "Slow."),
        ToolPolicy::new().max_calls(5),
        move |_a: ToolArgs| {
            let c = c.clone();
            async move {
                c.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(20)).await;
                Ok("done".to_string())
            }
        },
    )
    .unwrap();
    let lease = rt
        .issue_capability_lease(&[CapabilityGrant::new("slow.op")])
        .unwrap();
    let script = "for i in $(seq 1 20); do slow.op >/dev/null 2>&1 & done; wait; echo finished";
    let r = rt.eval_with_capability_lease(script, &lease).await.unwrap();
    assert_eq!(r.stdout, "finished\n");
    assert_eq!(calls.load(Ordering::SeqCst), 5);
    let granted = rt
        .audit()
        .entries()
        .iter()
        .filter(|e| e.outcome == AuditOutcome::Granted)
        .count();
    assert_eq!(granted, 5);
}

#[tokio::test]
async fn catalog_changes_invalidate_leases() {
    let rt = runtime();
    let fp1 = rt.fingerprint();
    let lease = rt
        .issue_capability_lease(&[CapabilityGrant::new("notes.read")])
        .unwrap();
    rt.register_tool(
        ToolDef::new("extra.tool", "More."),
        ToolPolicy::new(),
        |_a: ToolArgs| async { Ok(String::new()) },
    )
    .unwrap();
    assert_ne!(rt.fingerprint(), fp1);
    let err = rt
        .eval_with_capability_lease("notes.read", &lease)
        .await
        .unwrap_err();
    assert_eq!(err.kind, CapsErrorKind::StaleLease);
}

#[test]
fn fingerprint_changes_with_any_descriptor_field() {
    let make = |limit: u32, desc: &str| {
        let rt = CapabilityRuntime::new(
            ExecutionLimits::default(),
            CapabilityCatalogLimits::default(),
        );
        rt.register_tool(
            ToolDef::new("a.b", desc),
            ToolPolicy::new().max_calls(limit),
            |_a: ToolArgs| async { Ok(String::new()) },
        )
        .unwrap();
        rt.fingerprint()
    };
    assert_eq!(make(1, "x"), make(1, "x"));
    assert_ne!(make(1, "x"), make(2, "x"));
    assert_ne!(make(1, "x"), make(1, "y"));
}

#[test]
fn registration_rules_and_catalog_limits() {
    let limits = CapabilityCatalogLimits {
        max_tools: 2,
        ..CapabilityCatalogLimits::default()
    };
    let rt = CapabilityRuntime::new(ExecutionLimits::default(), limits);
    let ok = |_a: ToolArgs| async { Ok(String::new()) };
    assert_eq!(
        rt.register_tool(ToolDef::new("bad name", ""), ToolPolicy::new(), ok)
            .unwrap_err()
            .kind,
        CapsErrorKind::InvalidName
    );
    rt.register_tool(ToolDef::new("a", ""), ToolPolicy::new(), ok)
        .unwrap();
    assert_eq!(
        rt.register_tool(ToolDef::new("a", ""), ToolPolicy::new(), ok)
            .unwrap_err()
            .kind,
        CapsErrorKind::Duplicate
    );
    rt.register_tool(ToolDef::new("b", ""), ToolPolicy::new(), ok)
        .unwrap();
    assert_eq!(
        rt.register_tool(ToolDef::new("c", ""), ToolPolicy::new(), ok)
            .unwrap_err()
            .kind,
        CapsErrorKind::CatalogLimit
    );
    assert_eq!(rt.tool_catalog().len(), 2);

    let small = CapabilityRuntime::new(
        ExecutionLimits::default(),
        CapabilityCatalogLimits {
            max_serialized_bytes: 600,
            ..CapabilityCatalogLimits::default()
        },
    );
    let err = small
        .register_tool(ToolDef::new("big", "x".repeat(1000)), ToolPolicy::new(), ok)
        .unwrap_err();
    assert_eq!(err.kind, CapsErrorKind::CatalogLimit);
    assert!(small.tool_catalog().is_empty(), "nothing retained");

    let err = rt
        .register_validated_json_tool(
            ToolDef::new("j", ""),
            ToolPolicy::new(),
            JsonToolContract::new(json!({"oneOf": []}), json!({})),
            |v: Value| async move { Ok(v) },
        )
        .unwrap_err();
    assert_eq!(err.kind, CapsErrorKind::Contract);
    assert!(err.message.contains("'oneOf'"));
}

#[tokio::test]
async fn descriptors_report_contracts() {
    let rt = runtime();
    let cat = rt.tool_catalog();
    let names: Vec<&str> = cat.iter().map(|d| d.def.name.as_str()).collect();
    assert_eq!(names, ["math.add", "notes.delete", "notes.read"]);
    assert!(cat[0].contract_enforced);
    assert_eq!(cat[0].format, ToolFormat::Json);
    assert!(!cat[2].contract_enforced);
    let v = serde_json::to_value(&cat[0]).unwrap();
    assert_eq!(v["max_calls_per_execution"], 3);
}

struct Approver {
    asked: AtomicUsize,
}

#[async_trait]
impl ApprovalHandler for Approver {
    async fn decide(&self, req: ApprovalRequest) -> ApprovalDecision {
        self.asked.fetch_add(1, Ordering::SeqCst);
        assert_eq!(req.risk, RiskClass::Destructive);
        ApprovalDecision::Deny("the operator said no".into())
    }
}

#[tokio::test]
async fn permission_modes_and_approvals() {
    let rt = runtime();
    let lease = rt.issue_full_lease().unwrap();
    rt.set_permission_mode(PermissionMode::ReadOnly);
    assert!(rt.tool_catalog().iter().all(|d| d.risk == RiskClass::Read));
    let r = rt
        .eval_with_capability_lease("notes.delete", &lease)
        .await
        .unwrap();
    assert!(
        r.stderr.contains("notes.delete: denied: read-only mode"),
        "{}",
        r.stderr
    );

    rt.set_permission_mode(PermissionMode::Auto);
    let r = rt
        .eval_with_capability_lease("notes.delete", &lease)
        .await
        .unwrap();
    assert!(
        r.stderr
            .contains("denied: approval required, and no approver is available"),
        "{}",
        r.stderr
    );
    let approver = Arc::new(Approver {
        asked: AtomicUsize::new(0),
    });
    rt.set_approval_handler(approver.clone());
    let r = rt
        .eval_with_capability_lease("notes.read >/dev/null; notes.delete; echo $?", &lease)
        .await
        .unwrap();
    assert_eq!(r.stdout, "1\n");
    assert!(
        r.stderr
            .contains("notes.delete: denied: the operator said no"),
        "{}",
        r.stderr
    );
    assert_eq!(
        approver.asked.load(Ordering::SeqCst),
        1,
        "read tools are not asked about"
    );

    rt.set_permission_mode(PermissionMode::Full);
    let r = rt
        .eval_with_capability_lease("notes.delete", &lease)
        .await
        .unwrap();
    assert_eq!(r.stdout, "deleted\n");
}

#[tokio::test]
async fn trust_levels() {
    let rt = runtime();
    let lease = rt.issue_full_lease().unwrap();
    rt.set_effective_trust(TrustLevel::Quarantined);
    let r = rt
        .eval_with_capability_lease("notes.read | head -1; notes.delete; echo $?", &lease)
        .await
        .unwrap();
    assert_eq!(r.stdout, "note one\n1\n");
    rt.set_effective_trust(TrustLevel::Blocked);
    let r = rt
        .eval_with_capability_lease("notes.read; echo $?", &lease)
        .await
        .unwrap();
    assert_eq!(r.stdout, "1\n");
    assert!(r.stderr.contains("the runtime is blocked"));
}

struct DenyTenantless;

#[async_trait]
impl ToolCallAuthorizer for DenyTenantless {
    async fn authorize(
        &self,
        tool: &str,
        params: &Value,
        _tenant: Option<&str>,
    ) -> Result<(), String> {
        if tool == "math.add" && params["a"] == json!(13) {
            Err("unlucky number".into())
        } else {
            Ok(())
        }
    }
}

#[tokio::test]
async fn authorizer_decides_per_call() {
    let rt = runtime();
    rt.set_authorizer(Arc::new(DenyTenantless));
    let lease = rt.issue_full_lease().unwrap();
    let r = rt
        .eval_with_capability_lease("math.add --a 13 --b 1; math.add --a 1 --b 1", &lease)
        .await
        .unwrap();
    assert_eq!(r.stdout, "{\"sum\":2}\n");
    assert!(r.stderr.contains("math.add: denied: unlucky number"));
}

#[tokio::test]
async fn modules_map_to_contract_tools_and_reserve_the_target() {
    let rt = runtime();
    assert_eq!(
        rt.add_module("arith.x", "notes.read", ModuleMode::Synchronous)
            .unwrap_err()
            .kind,
        CapsErrorKind::Module
    );
    rt.add_module("arithmetic.add", "math.add", ModuleMode::Synchronous)
        .unwrap();
    assert_eq!(
        rt.add_module("arithmetic.plus", "math.add", ModuleMode::Synchronous)
            .unwrap_err()
            .kind,
        CapsErrorKind::Module
    );
    let lease = rt
        .issue_capability_lease(&[CapabilityGrant::limited("math.add", 1)])
        .unwrap();
    assert_eq!(
        rt.add_module("other.add", "math.add", ModuleMode::Synchronous)
            .unwrap_err()
            .kind,
        CapsErrorKind::Busy,
        "sealed"
    );
    let r = rt
        .eval_with_capability_lease(
            "arithmetic.add --a 1 --b 2; arithmetic.add --a 1 --b 2; echo $?",
            &lease,
        )
        .await
        .unwrap();
    assert_eq!(r.stdout, "{\"sum\":3}\n1\n");
}

#[tokio::test]
async fn external_dispatch_is_claimed_and_completed_by_the_host() {
    let rt = Arc::new(CapabilityRuntime::new(
        ExecutionLimits::default(),
        CapabilityCatalogLimits::default(),
    ));
    rt.register_external_tool(
        ToolDef::new("human.review", "Ask a human."),
        ToolPolicy::new()
            .external(Duration::from_secs(5))
            .max_attempts(2)
            .stream(StreamLimits::new(4, 16)),
        None,
    )
    .unwrap();
    let lease = rt.issue_full_lease().unwrap();
    let host = {
        let rt = rt.clone();
        tokio::spawn(async move {
            let first = rt.claim_external_wait().await;
            assert_eq!((first.tool.as_str(), first.attempt), ("human.review", 1));
            rt.fail(first.id, "reviewer busy").unwrap();
            let again = rt.claim_external_wait().await;
            assert_eq!((again.id, again.attempt), (first.id, 2));
            rt.push_chunk(again.id, "looks ").unwrap();
            assert!(rt.push_chunk(again.id, "x".repeat(17)).is_err());
            rt.complete(again.id, "good").unwrap();
        })
    };
    let r = rt
        .eval_with_capability_lease("human.review --doc 7", &lease)
        .await
        .unwrap();
    host.await.unwrap();
    assert_eq!((r.stdout.as_str(), r.exit_code), ("looks good\n", 0));
}

#[tokio::test]
async fn external_calls_time_out_at_their_deadline() {
    let rt = CapabilityRuntime::new(
        ExecutionLimits::default(),
        CapabilityCatalogLimits::default(),
    );
    rt.register_external_tool(
        ToolDef::new("never.done", ""),
        ToolPolicy::new().external(Duration::from_millis(50)),
        None,
    )
    .unwrap();
    let lease = rt.issue_full_lease().unwrap();
    let r = rt
        .eval_with_capability_lease("never.done; echo $?", &lease)
        .await
        .unwrap();
    assert_eq!(r.stdout, "1\n");
    assert!(
        rt.claim_external().is_none(),
        "an abandoned call is not left for the host"
    );
}

#[tokio::test]
async fn hint_report_truncates_at_1024_sites() {
    let rt = runtime();
    let r = rt
        .tool_call_hint_report("math.add --a 1 --b 2\nx=$(notes.read)\necho hi")
        .unwrap();
    assert_eq!(r.sites.len(), 2);
    assert_eq!(
        (r.sites[1].name.as_str(), r.sites[1].line, r.sites[1].column),
        ("notes.read", 2, 5)
    );
    assert_eq!(r.sites[0].flags, ["--a", "--b"]);
    let script = "notes.read\n".repeat(1025);
    let r = rt.tool_call_hint_report(&script).unwrap();
    assert_eq!(r.sites.len(), 1024);
    assert!(r.truncated);
    let r = rt
        .tool_call_hint_report(&"notes.read\n".repeat(1024))
        .unwrap();
    assert!(!r.truncated);
}

#[tokio::test]
async fn workflows_run_step_by_step_and_resume_without_regranting() {
    let rt = runtime();
    let plan = WorkflowPlan::new([
        ("sum", "math.add --a 1 --b 1"),
        ("read", "notes.read | wc -l"),
    ]);
    let review = plan.review(&rt);
    assert_eq!(review[0].hints.as_ref().unwrap().sites[0].name, "math.add");
    assert_eq!(
        plan.approve(&rt, vec![]).unwrap_err().kind,
        CapsErrorKind::Workflow
    );
    let bad = vec![
        (
            "read".to_string(),
            StepAuthority::Lease(rt.issue_full_lease().unwrap()),
        ),
        (
            "sum".to_string(),
            StepAuthority::Lease(rt.issue_full_lease().unwrap()),
        ),
    ];
    assert_eq!(
        plan.approve(&rt, bad).unwrap_err().kind,
        CapsErrorKind::Workflow
    );
    let auth = vec![
        (
            "sum".to_string(),
            StepAuthority::Policy(WorkflowStepCapabilityPolicy {
                step: "sum".into(),
                grants: vec![CapabilityGrant::new("math.add")],
            }),
        ),
        (
            "read".to_string(),
            StepAuthority::Lease(rt.issue_capability_lease(&[]).unwrap()),
        ),
    ];
    let mut wf = plan.approve(&rt, auth).unwrap();
    let r = wf.run_next(&rt).await.unwrap().unwrap();
    assert_eq!(r.stdout, "{\"sum\":2}\n");
    let cp = wf.checkpoint();
    assert_eq!(cp.completed, ["sum"]);
    assert_eq!(cp.remaining.len(), 1);
    // The second step was approved with no grants: notes.read is denied.
    let r = wf.run_next(&rt).await.unwrap().unwrap();
    assert_eq!(r.stdout, "0\n");
    assert!(wf.run_next(&rt).await.is_none());
    // Resuming from the checkpoint needs authority for the suffix only.
    let mut resumed = cp
        .resume(
            &rt,
            vec![(
                "read".to_string(),
                StepAuthority::Lease(rt.issue_full_lease().unwrap()),
            )],
        )
        .unwrap();
    assert_eq!(resumed.position(), 1);
    let r = resumed.run_next(&rt).await.unwrap().unwrap();
    assert_eq!(r.stdout, "2\n");
}

#[tokio::test]
async fn registration_while_running_is_refused() {
    let rt = Arc::new(CapabilityRuntime::new(
        ExecutionLimits::default(),
        CapabilityCatalogLimits::default(),
    ));
    rt.register_tool(
        ToolDef::new("wait.a.bit", ""),
        ToolPolicy::new(),
        |_a: ToolArgs| async {
            tokio::time::sleep(Duration::from_millis(200)).await;
            Ok(String::new())
        },
    )
    .unwrap();
    let lease = rt.issue_full_lease().unwrap();
    let running = {
        let rt = rt.clone();
        tokio::spawn(async move { rt.eval_with_capability_lease("wait.a.bit", &lease).await })
    };
    tokio::time::sleep(Duration::from_millis(50)).await;
    let err = rt
        .register_tool(
            ToolDef::new("late", ""),
            ToolPolicy::new(),
            |_a: ToolArgs| async { Ok(String::new()) },
        )
        .unwrap_err();
    assert_eq!(err.kind, CapsErrorKind::Busy);
    running.await.unwrap().unwrap();
}

#[tokio::test]
async fn unknown_commands_are_audited_under_a_label_never_verbatim() {
    let rt = runtime();
    let lease = rt.issue_full_lease().unwrap();
    let r = rt
        .eval_with_capability_lease("echo a\nSecret:Tool@NAME --x 1\necho \"st=$?\"", &lease)
        .await
        .unwrap();
    assert_eq!(r.stdout, "a\nst=127\n");
    assert_eq!(
        r.stderr,
        "toolsh: line 2: Secret:Tool@NAME: command not found\n"
    );
    let log = rt.audit().to_json_lines();
    assert!(!log.contains("Secret:Tool@NAME"), "{log}");
    let entries = rt.audit().entries();
    let last = entries.last().unwrap();
    assert_eq!(
        last.outcome,
        toolsh_caps::AuditOutcome::Denied("unknown command".into())
    );
    assert_eq!(last.exit_code, Some(127));
    // An invalid name (`:` and `@`) is recorded as `digest:` + 32 hex digits.
    assert!(last.label.starts_with("digest:"), "{}", last.label);
    assert_eq!(last.label.len(), "digest:".len() + 32);
}

/// What a leased script cannot call is listed nowhere it looks (`help`,
/// `help --json`, `discover`), and what it can call shows the detail it
/// would without a lease: a text tool's own output schema included.
#[tokio::test]
async fn listings_show_only_what_the_lease_and_mode_allow() {
    let rt = runtime();
    let def = ToolDef::new("notes.count", "Count notes.")
        .with_output_schema(json!({"type": "object", "required": ["n"]}));
    rt.register_tool(
        def,
        ToolPolicy::new().risk(RiskClass::Read),
        |_a: ToolArgs| async { Ok("{\"n\":2}".to_string()) },
    )
    .unwrap();
    let names = "help --list | cut -d' ' -f1 | paste -sd,; help --json | jq -c 'map(.name)'; \
                 discover --search notes | grep -c delete; \
                 help notes.count --json | jq -c .output_schema";
    let lease = rt.issue_full_lease().unwrap();
    let r = rt.eval_with_capability_lease(names, &lease).await.unwrap();
    assert_eq!(
        r.stdout,
        "math.add,notes.count,notes.delete,notes.read\n\
         [\"math.add\",\"notes.count\",\"notes.delete\",\"notes.read\"]\n1\n\
         {\"type\":\"object\",\"required\":[\"n\"]}\n",
        "{}",
        r.stderr
    );
    // The registry a host serves over MCP hides the same tools.
    rt.set_permission_mode(PermissionMode::ReadOnly);
    let r = rt.eval_with_capability_lease(names, &lease).await.unwrap();
    assert_eq!(
        r.stdout,
        "math.add,notes.count,notes.read\n[\"math.add\",\"notes.count\",\"notes.read\"]\n0\n\
         {\"type\":\"object\",\"required\":[\"n\"]}\n",
        "{}",
        r.stderr
    );
    let served = rt.registry_for_lease(&lease).unwrap();
    assert_eq!(
        served.names().collect::<Vec<_>>(),
        ["math.add", "notes.count", "notes.read"]
    );
    // Hidden, yet still denied (not unknown) when called.
    let r = rt
        .eval_with_capability_lease("notes.delete; echo $?", &lease)
        .await
        .unwrap();
    assert_eq!(r.stdout, "1\n");
    assert!(r.stderr.contains("notes.delete: denied: read-only mode"));

    rt.set_permission_mode(PermissionMode::Full);
    let lease = rt
        .issue_capability_lease(&[CapabilityGrant::new("math.add")])
        .unwrap();
    let r = rt
        .eval_with_capability_lease("help --list | cut -d' ' -f1", &lease)
        .await
        .unwrap();
    assert_eq!(r.stdout, "math.add\n");
}
