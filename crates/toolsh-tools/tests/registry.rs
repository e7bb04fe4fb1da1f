//! The call path of the registry, driven directly (no shell): every step
//! and its exit status.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use async_trait::async_trait;
use serde_json::{Value, json};
use toolsh_tools::{
    CallGate, CallReport, PendingCall, PolicyDecision, ToolArgs, ToolCallRequest, ToolDef,
    ToolImpl, ToolRegistry, TraceKind,
};

fn args(a: &[&str]) -> Vec<String> {
    a.iter().map(|s| (*s).to_string()).collect()
}

fn orders_schema() -> Value {
    json!({
        "type": "object",
        "additionalProperties": false,
        "required": ["customer"],
        "properties": {
            "customer": {"type": "string"},
            "limit": {"type": "integer", "minimum": 1}
        }
    })
}

fn registry() -> ToolRegistry {
    let mut r = ToolRegistry::new();
    r.register(
        ToolImpl::new(ToolDef::new("orders.list", "List orders.").with_schema(orders_schema())).with_exec(|a: &ToolArgs| {
            Ok(json!({"customer": a.param_str("customer"), "limit": a.param_i64("limit"), "tenant": a.tenant()}).to_string())
        }),
    )
    .unwrap();
    r.register(
        ToolImpl::new(ToolDef::new("fail", "Always fails."))
            .with_exec(|_| Err("db password is hunter2".into())),
    )
    .unwrap();
    r.register(ToolImpl::new(ToolDef::new("boom", "Panics.")).with_exec(|_| panic!("kaboom")))
        .unwrap();
    r.register(
        ToolImpl::new(ToolDef::new("slow", "Sleeps.")).with_async_exec(|_| async {
            tokio::time::sleep(Duration::from_secs(5)).await;
            Ok("late".to_string())
        }),
    )
    .unwrap();
    r.register(
        ToolImpl::new(
            ToolDef::new("typed", "Returns a number where an object is promised.")
                .with_output_schema(json!({"type": "object"})),
        )
        .with_exec(|_| Ok("42".into())),
    )
    .unwrap();
    r.register(
        ToolImpl::new(ToolDef::new("cat.stdin", "Echoes stdin.")).with_async_exec(
            |a: ToolArgs| async move { Ok(a.stdin.unwrap_or_else(|| "<none>".into())) },
        ),
    )
    .unwrap();
    r
}

#[tokio::test]
async fn ok_call_coerces_flags_and_terminates_output() {
    let r = registry();
    let req = ToolCallRequest::for_tenant("acme-co");
    let out = r
        .call(
            "orders.list",
            &args(&["--customer", "acme", "--limit=3"]),
            None,
            &req,
            None,
        )
        .await;
    assert_eq!(out.exit_code, 0, "{out:?}");
    assert_eq!(
        out.stdout,
        "{\"customer\":\"acme\",\"limit\":3,\"tenant\":\"acme-co\"}\n"
    );
    let trace = req.trace.take();
    assert_eq!(trace.len(), 1);
    assert_eq!(trace[0].kind, TraceKind::Tool);
    assert_eq!(
        trace[0].params,
        Some(json!({"customer": "acme", "limit": 3}))
    );
    assert_eq!(trace[0].output.as_ref().unwrap()["limit"], 3);
}

#[tokio::test]
async fn bad_flags_and_invalid_params_exit_2_with_usage() {
    let r = registry();
    let req = ToolCallRequest::default();
    let out = r
        .call("orders.list", &args(&["--custmer", "x"]), None, &req, None)
        .await;
    assert_eq!(out.exit_code, 2);
    assert!(
        out.stderr
            .starts_with("orders.list: unknown flag --custmer (did you mean --customer?)"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr
            .contains("usage: orders.list --customer <string> [--limit <integer>]"),
        "{}",
        out.stderr
    );

    let out = r
        .call(
            "orders.list",
            &args(&["--customer", "a", "--limit", "0"]),
            None,
            &req,
            None,
        )
        .await;
    assert_eq!(out.exit_code, 2);
    assert!(
        out.stderr.contains("/limit: ") && out.stderr.contains("(minimum)"),
        "{}",
        out.stderr
    );

    let out = r
        .call("orders.list", &args(&["--limit", "two"]), None, &req, None)
        .await;
    assert_eq!(out.exit_code, 2);
    assert!(
        out.stderr.contains("(required)") && out.stderr.contains("(type)"),
        "{}",
        out.stderr
    );
}

#[tokio::test]
async fn unknown_tool_is_127_with_suggestion() {
    let out = registry()
        .call("orders.lst", &[], None, &ToolCallRequest::default(), None)
        .await;
    assert_eq!(out.exit_code, 127);
    assert_eq!(
        out.stderr,
        "orders.lst: unknown tool (did you mean orders.list?)\n"
    );
}

#[tokio::test]
async fn callback_errors_are_sanitized_unless_opted_out() {
    let req = ToolCallRequest::default();
    let out = registry().call("fail", &[], None, &req, None).await;
    assert_eq!(
        (out.exit_code, out.stderr.as_str()),
        (1, "fail: callback failed\n")
    );
    let out = registry()
        .sanitize_errors(false)
        .call("fail", &[], None, &req, None)
        .await;
    assert_eq!(
        (out.exit_code, out.stderr.as_str()),
        (1, "fail: db password is hunter2\n")
    );
}

#[tokio::test]
async fn panicking_callback_is_a_failure_not_a_crash() {
    let out = registry()
        .sanitize_errors(false)
        .call("boom", &[], None, &ToolCallRequest::default(), None)
        .await;
    assert_eq!(out.exit_code, 1);
    assert_eq!(out.stderr, "boom: callback panicked: kaboom\n");
}

#[tokio::test]
async fn deadline_drops_slow_async_callback() {
    let r = registry();
    let start = Instant::now();
    let out = r
        .call(
            "slow",
            &[],
            None,
            &ToolCallRequest::default(),
            Some(Instant::now() + Duration::from_millis(50)),
        )
        .await;
    assert_eq!(out.exit_code, 1);
    assert!(
        out.stderr.starts_with("slow: timed out after "),
        "{}",
        out.stderr
    );
    assert!(start.elapsed() < Duration::from_secs(2));
    let out = r
        .with_call_timeout(Duration::from_millis(20))
        .call("slow", &[], None, &ToolCallRequest::default(), None)
        .await;
    assert_eq!(out.exit_code, 1);
}

#[tokio::test]
async fn output_schema_is_enforced() {
    let out = registry()
        .call("typed", &[], None, &ToolCallRequest::default(), None)
        .await;
    assert_eq!(out.exit_code, 1);
    assert!(
        out.stderr
            .starts_with("typed: output does not match the output schema: /: "),
        "{}",
        out.stderr
    );
}

#[tokio::test]
async fn policy_denies_with_reason() {
    let r = registry().with_policy(|c: &PendingCall<'_>| {
        if c.params.get("customer") == Some(&json!("blocked")) {
            PolicyDecision::Deny("customer is blocked".into())
        } else {
            PolicyDecision::Allow
        }
    });
    let req = ToolCallRequest::default();
    let out = r
        .call(
            "orders.list",
            &args(&["--customer", "blocked"]),
            None,
            &req,
            None,
        )
        .await;
    assert_eq!(
        (out.exit_code, out.stderr.as_str()),
        (1, "orders.list: denied: customer is blocked\n")
    );
    assert_eq!(
        r.call(
            "orders.list",
            &args(&["--customer", "ok"]),
            None,
            &req,
            None
        )
        .await
        .exit_code,
        0
    );
}

struct CountingGate {
    admitted: AtomicUsize,
    finished: AtomicUsize,
    budget: usize,
}

#[async_trait]
impl CallGate for CountingGate {
    async fn admit(&self, _call: &PendingCall<'_>) -> PolicyDecision {
        if self.admitted.fetch_add(1, Ordering::SeqCst) < self.budget {
            PolicyDecision::Allow
        } else {
            PolicyDecision::Deny("budget exhausted".into())
        }
    }
    fn finish(&self, _call: &PendingCall<'_>, report: &CallReport) {
        assert!(report.bytes_in > 0);
        self.finished.fetch_add(1, Ordering::SeqCst);
    }
}

#[tokio::test]
async fn gates_see_only_validated_calls() {
    let gate = Arc::new(CountingGate {
        admitted: AtomicUsize::new(0),
        finished: AtomicUsize::new(0),
        budget: 1,
    });
    let r = registry().with_gate(gate.clone());
    let req = ToolCallRequest::default();
    // Invalid input never reaches the gate, so it does not use the budget.
    assert_eq!(
        r.call("orders.list", &args(&["--limit", "1"]), None, &req, None)
            .await
            .exit_code,
        2
    );
    assert_eq!(gate.admitted.load(Ordering::SeqCst), 0);
    assert_eq!(
        r.call("orders.list", &args(&["--customer", "a"]), None, &req, None)
            .await
            .exit_code,
        0
    );
    let out = r
        .call("orders.list", &args(&["--customer", "a"]), None, &req, None)
        .await;
    assert_eq!(
        (out.exit_code, out.stderr.as_str()),
        (1, "orders.list: denied: budget exhausted\n")
    );
    assert_eq!(gate.finished.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn dry_run_validates_without_calling() {
    let r = registry();
    let req = ToolCallRequest::default();
    let out = r
        .call("fail", &args(&["--dry-run", "--x", "1"]), None, &req, None)
        .await;
    assert_eq!(out.exit_code, 0);
    assert_eq!(
        out.stdout,
        "{\"dry_run\":true,\"valid\":true,\"params\":{\"x\":\"1\"}}\n"
    );
    let out = r
        .call("orders.list", &args(&["--dry-run"]), None, &req, None)
        .await;
    assert_eq!(out.exit_code, 2);
    let v: Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["valid"], false);
    assert!(v["errors"][0].as_str().unwrap().contains("required"));
}

#[tokio::test]
async fn help_flag_prints_usage() {
    let out = registry()
        .call(
            "orders.list",
            &args(&["--help"]),
            None,
            &ToolCallRequest::default(),
            None,
        )
        .await;
    assert_eq!(out.exit_code, 0);
    assert!(
        out.stdout
            .starts_with("orders.list - List orders.\n\nusage: orders.list --customer <string>"),
        "{}",
        out.stdout
    );
}

#[tokio::test]
async fn stdin_reaches_the_callback() {
    let r = registry();
    let req = ToolCallRequest::default();
    assert_eq!(
        r.call("cat.stdin", &[], Some("piped\n".into()), &req, None)
            .await
            .stdout,
        "piped\n"
    );
    assert_eq!(
        r.call("cat.stdin", &[], None, &req, None).await.stdout,
        "<none>\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_registry_serves_100_tenants_with_isolated_traces() {
    let r = Arc::new(registry());
    let mut handles = Vec::new();
    for i in 0..100 {
        let r = r.clone();
        handles.push(tokio::spawn(async move {
            let req = ToolCallRequest::for_tenant(format!("t{i}"));
            for _ in 0..3 {
                let out = r
                    .call("orders.list", &args(&["--customer", "c"]), None, &req, None)
                    .await;
                assert!(out.stdout.contains(&format!("\"tenant\":\"t{i}\"")));
            }
            let trace = req.trace.take();
            assert_eq!(trace.len(), 3);
            assert!(
                trace
                    .iter()
                    .all(|t| t.output.as_ref().unwrap()["tenant"] == format!("t{i}"))
            );
        }));
    }
    for h in handles {
        h.await.unwrap();
    }
}

#[test]
fn registration_fails_closed() {
    let mut r = ToolRegistry::new();
    let bad_ref = ToolImpl::new(ToolDef::new("x", "").with_schema(json!({"$ref": "#/missing"})))
        .with_exec(|_| Ok(String::new()));
    assert!(r.register(bad_ref).is_err());
    let no_cb = ToolImpl::new(ToolDef::new("y", ""));
    assert!(r.register(no_cb).is_err());
    let reserved = ToolImpl::new(ToolDef::new("help", "")).with_exec(|_| Ok(String::new()));
    assert!(r.register(reserved).is_err());
    let bad_name = ToolImpl::new(ToolDef::new("a b", "")).with_exec(|_| Ok(String::new()));
    assert!(r.register(bad_name).is_err());
    assert!(r.is_empty());
}
