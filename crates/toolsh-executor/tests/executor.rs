//! The executor layer: fenced blocks and structured calls, fall-through,
//! confirmation, checkpoints, composition, layers, normalization, spooling,
//! trajectories and replay, speculation.

use std::sync::Arc;
use std::sync::Mutex;

use async_trait::async_trait;
use serde_json::json;
use toolsh_caps::{PermissionMode, RiskClass, TrustLevel};
use toolsh_executor::*;
use toolsh_tools::{ScriptedTool, ToolRegistry, demo::shop_tools};

fn call(id: &str, tool: &str, script: &str) -> ToolCall {
    ToolCall::new(id, tool, json!({"commands": script}))
}

#[tokio::test]
async fn fenced_blocks_and_fall_through() {
    let ex = ShellExecutor::sandbox_session();
    let out = ex
        .execute("Here:\n```bash\nx=5\necho $((x*2))\n```\nand\n```sh\necho $x\n```")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(out.result, "[block 1]\n10\n\n[block 2]\n5\n");
    assert_eq!(out.status, OutputStatus::Done);
    assert!(ex.execute("no code").await.unwrap().is_none());
    assert!(
        ex.execute_tool_call(&call("1", "other", "x"))
            .await
            .unwrap()
            .is_none()
    );
    let err = ex
        .execute_tool_call(&ToolCall::new("2", "bash", json!({"nope": 1})))
        .await
        .unwrap_err();
    assert!(matches!(err, ToolError::InvalidParams(_)));
}

#[tokio::test]
async fn session_state_persists_and_failures_are_outputs() {
    let ex = ShellExecutor::sandbox_session();
    ex.execute_tool_call(&call("1", "bash", "n=41; echo data > notes.txt"))
        .await
        .unwrap();
    let out = ex
        .execute_tool_call(&call("2", "bash", "echo $((n+1)); cat notes.txt; ls nope"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(out.status, OutputStatus::Error);
    assert!(
        out.result.starts_with("42\ndata\n[stderr]\n"),
        "{}",
        out.result
    );
    assert!(out.result.ends_with("[exit status 2]"), "{}", out.result);
    assert_eq!(out.to_model_json()["status"], "error");
}

#[tokio::test]
async fn confirmation_gate_and_confirmed_variants() {
    let ex = ShellExecutor::sandbox_session().confirm_when(Arc::new(|s: &str| {
        s.contains("rm ").then(|| "deletes files".to_string())
    }));
    let c = call("1", "bash", "touch a; rm a");
    assert!(ex.requires_confirmation(&c));
    assert!(matches!(
        ex.execute_tool_call(&c).await,
        Err(ToolError::ConfirmationRequired { .. })
    ));
    assert!(matches!(
        ex.execute("```bash\nrm x\n```").await,
        Err(ToolError::ConfirmationRequired { .. })
    ));
    let out = ex.execute_tool_call_confirmed(&c).await.unwrap().unwrap();
    assert_eq!(out.status, OutputStatus::Done);
    assert!(!ex.requires_confirmation(&call("2", "bash", "echo hi")));
}

#[tokio::test]
async fn undo_redo_over_writes() {
    let ex = ShellExecutor::sandbox_session();
    ex.execute_tool_call(&call("w1", "bash", "echo one > f"))
        .await
        .unwrap();
    ex.execute_tool_call(&call("r", "bash", "cat f"))
        .await
        .unwrap();
    ex.execute_tool_call(&call("w2", "bash", "echo two > f"))
        .await
        .unwrap();
    let list = ex.checkpoint_list().unwrap().undo;
    assert_eq!(
        list.iter().map(|c| c.call_id.as_str()).collect::<Vec<_>>(),
        ["w1", "w2"],
        "reads make no checkpoint"
    );
    let cat = || async {
        ex.execute_tool_call(&call("c", "bash", "cat f 2>/dev/null || echo none"))
            .await
            .unwrap()
            .unwrap()
            .result
    };
    ex.checkpoint_undo(1).await.unwrap();
    assert_eq!(cat().await, "one\n");
    ex.checkpoint_undo(1).await.unwrap();
    assert_eq!(cat().await, "none\n");
    ex.checkpoint_redo().await.unwrap();
    assert_eq!(cat().await, "one\n");
    // A new write clears the redo stack.
    ex.execute_tool_call(&call("w3", "bash", "echo three > g"))
        .await
        .unwrap();
    assert!(ex.checkpoint_redo().await.is_err());
    assert!(ex.checkpoint_undo(99).await.is_err());
    let fresh = ShellExecutor::logic_only(Arc::new(|b| b));
    assert!(matches!(
        fresh.checkpoint_list(),
        Err(ToolError::Unsupported(_))
    ));
}

#[tokio::test]
async fn scripted_tool_executor_and_composite() {
    let mut b = ScriptedTool::builder("shop");
    for t in shop_tools() {
        b = b.tool(t);
    }
    let shop = ScriptedToolExecutor::new(b.build().unwrap());
    let comp = CompositeExecutor::new(shop, ShellExecutor::sandbox_session());
    let names: Vec<String> = comp
        .tool_definitions()
        .into_iter()
        .map(|d| d.def.name)
        .collect();
    assert_eq!(names, ["shop", "bash"]);
    let out = comp
        .execute_tool_call(&call(
            "1",
            "shop",
            "customers.get --id c-acme | jq -r .name",
        ))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(out.result, "Acme Corp\n");
    let out = comp
        .execute_tool_call(&call("2", "bash", "echo from-bash"))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(out.result, "from-bash\n");
    assert!(
        comp.execute_tool_call(&call("3", "nobody", "x"))
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        comp.checkpoint_list().is_ok(),
        "the second executor's checkpoints are reachable"
    );
}

/// Records which trait methods were called, to prove wrappers forward all.
#[derive(Default)]
struct Recorder {
    seen: Mutex<Vec<&'static str>>,
}

impl Recorder {
    fn hit(&self, m: &'static str) {
        self.seen.lock().unwrap().push(m);
    }
}

#[async_trait]
impl ToolExecutor for Recorder {
    async fn execute(&self, _r: &str) -> ExecOutcome {
        self.hit("execute");
        Ok(None)
    }
    async fn execute_confirmed(&self, _r: &str) -> ExecOutcome {
        self.hit("execute_confirmed");
        Ok(None)
    }
    async fn execute_tool_call(&self, _c: &ToolCall) -> ExecOutcome {
        self.hit("execute_tool_call");
        Ok(None)
    }
    async fn execute_tool_call_confirmed(&self, _c: &ToolCall) -> ExecOutcome {
        self.hit("execute_tool_call_confirmed");
        Ok(None)
    }
    fn tool_definitions(&self) -> Vec<OfferedTool> {
        self.hit("tool_definitions");
        vec![OfferedTool {
            def: ToolDef::new("rec", ""),
            idempotent: true,
            side_effect_free: true,
            requires_confirmation: false,
            risk: RiskClass::Read,
        }]
    }
    fn requires_confirmation(&self, _c: &ToolCall) -> bool {
        self.hit("requires_confirmation");
        false
    }
    fn is_tool_speculatable(&self, _t: &str) -> bool {
        self.hit("is_tool_speculatable");
        true
    }
    fn is_tool_retryable(&self, _t: &str) -> bool {
        self.hit("is_tool_retryable");
        true
    }
    async fn checkpoint_undo(&self, _n: usize) -> Result<Vec<CheckpointInfo>, ToolError> {
        self.hit("checkpoint_undo");
        Ok(vec![])
    }
    async fn checkpoint_redo(&self) -> Result<CheckpointInfo, ToolError> {
        self.hit("checkpoint_redo");
        Err(ToolError::InvalidParams("nothing".into()))
    }
    fn checkpoint_list(&self) -> Result<CheckpointList, ToolError> {
        self.hit("checkpoint_list");
        Ok(CheckpointList::default())
    }
}

const ALL_METHODS: [&str; 11] = [
    "execute",
    "execute_confirmed",
    "execute_tool_call",
    "execute_tool_call_confirmed",
    "tool_definitions",
    "requires_confirmation",
    "is_tool_speculatable",
    "is_tool_retryable",
    "checkpoint_undo",
    "checkpoint_redo",
    "checkpoint_list",
];

async fn exercise(ex: &dyn ToolExecutor) {
    let c = ToolCall::new("1", "rec", json!({}));
    let _ = ex.execute("x").await;
    let _ = ex.execute_confirmed("x").await;
    let _ = ex.execute_tool_call(&c).await;
    let _ = ex.execute_tool_call_confirmed(&c).await;
    let _ = ex.tool_definitions();
    let _ = ex.requires_confirmation(&c);
    let _ = ex.is_tool_speculatable("rec");
    let _ = ex.is_tool_retryable("rec");
    let _ = ex.checkpoint_undo(1).await;
    let _ = ex.checkpoint_redo().await;
    let _ = ex.checkpoint_list();
}

fn missing(rec: &Recorder) -> Vec<&'static str> {
    let seen = rec.seen.lock().unwrap();
    ALL_METHODS
        .iter()
        .copied()
        .filter(|m| !seen.contains(m))
        .collect()
}

#[tokio::test]
async fn every_wrapper_forwards_every_method() {
    let rec = Arc::new(Recorder::default());
    struct Shared(Arc<Recorder>);
    #[async_trait]
    impl ToolExecutor for Shared {
        async fn execute(&self, r: &str) -> ExecOutcome {
            self.0.execute(r).await
        }
        async fn execute_confirmed(&self, r: &str) -> ExecOutcome {
            self.0.execute_confirmed(r).await
        }
        async fn execute_tool_call(&self, c: &ToolCall) -> ExecOutcome {
            self.0.execute_tool_call(c).await
        }
        async fn execute_tool_call_confirmed(&self, c: &ToolCall) -> ExecOutcome {
            self.0.execute_tool_call_confirmed(c).await
        }
        fn tool_definitions(&self) -> Vec<OfferedTool> {
            self.0.tool_definitions()
        }
        fn requires_confirmation(&self, c: &ToolCall) -> bool {
            self.0.requires_confirmation(c)
        }
        fn is_tool_speculatable(&self, t: &str) -> bool {
            self.0.is_tool_speculatable(t)
        }
        fn is_tool_retryable(&self, t: &str) -> bool {
            self.0.is_tool_retryable(t)
        }
        async fn checkpoint_undo(&self, n: usize) -> Result<Vec<CheckpointInfo>, ToolError> {
            self.0.checkpoint_undo(n).await
        }
        async fn checkpoint_redo(&self) -> Result<CheckpointInfo, ToolError> {
            self.0.checkpoint_redo().await
        }
        fn checkpoint_list(&self) -> Result<CheckpointList, ToolError> {
            self.0.checkpoint_list()
        }
    }
    let wrappers: Vec<(&str, Box<dyn ToolExecutor>)> = vec![
        (
            "trust",
            Box::new(Layered::new(
                Shared(rec.clone()),
                TrustGate::new(PermissionMode::Full, TrustLevel::Trusted),
            )),
        ),
        (
            "audit",
            Box::new(Layered::new(Shared(rec.clone()), AuditHook::default())),
        ),
        (
            "rate",
            Box::new(Layered::new(
                Shared(rec.clone()),
                RateLimit::per_session(100),
            )),
        ),
        (
            "timeout",
            Box::new(Layered::new(
                Shared(rec.clone()),
                Timeout(std::time::Duration::from_secs(5)),
            )),
        ),
        (
            "composite",
            Box::new(CompositeExecutor::new(
                Shared(rec.clone()),
                ShellExecutor::logic_only(Arc::new(|b| b)),
            )),
        ),
    ];
    for (name, w) in wrappers {
        rec.seen.lock().unwrap().clear();
        exercise(w.as_ref()).await;
        assert!(
            missing(&rec).is_empty(),
            "{name} does not forward {:?}",
            missing(&rec)
        );
    }
}

#[tokio::test]
async fn trust_gate_denies_asks_and_hides() {
    let gate = Arc::new(TrustGate::new(PermissionMode::Auto, TrustLevel::Trusted));
    let ex = Layered::new(ShellExecutor::sandbox_session(), gate.clone());
    let c = call("1", "bash", "echo hi");
    assert!(matches!(
        ex.execute_tool_call(&c).await,
        Err(ToolError::ConfirmationRequired { .. })
    ));
    assert_eq!(
        ex.execute_tool_call_confirmed(&c)
            .await
            .unwrap()
            .unwrap()
            .result,
        "hi\n"
    );
    gate.set_effective_trust(TrustLevel::Quarantined);
    assert!(matches!(
        ex.execute_tool_call_confirmed(&c).await,
        Err(ToolError::Denied(_))
    ));
    assert!(
        ex.tool_definitions().is_empty(),
        "a write tool is hidden under quarantine"
    );
    gate.set_effective_trust(TrustLevel::Blocked);
    assert!(matches!(
        ex.execute("```bash\necho\n```").await,
        Err(ToolError::Denied(_))
    ));
}

#[tokio::test]
async fn rate_limit_and_timeout_layers() {
    let ex = Layered::new(ShellExecutor::sandbox_session(), RateLimit::per_session(1));
    assert!(
        ex.execute_tool_call(&call("1", "bash", "true"))
            .await
            .is_ok()
    );
    assert!(matches!(
        ex.execute_tool_call(&call("2", "bash", "true")).await,
        Err(ToolError::RateLimited(_))
    ));
    let ex = Layered::new(
        ShellExecutor::sandbox_session(),
        Timeout(std::time::Duration::from_millis(50)),
    );
    let r = ex.execute_tool_call(&call("1", "bash", "sleep 5")).await;
    assert!(matches!(r, Err(ToolError::Timeout(50))), "{r:?}");
}

struct Panicky;

#[async_trait]
impl ToolExecutor for Panicky {
    async fn execute(&self, _r: &str) -> ExecOutcome {
        panic!("boom in execute")
    }
    async fn execute_confirmed(&self, _r: &str) -> ExecOutcome {
        panic!("boom")
    }
    async fn execute_tool_call(&self, _c: &ToolCall) -> ExecOutcome {
        panic!("boom in a callback")
    }
    async fn execute_tool_call_confirmed(&self, _c: &ToolCall) -> ExecOutcome {
        panic!("boom")
    }
    fn tool_definitions(&self) -> Vec<OfferedTool> {
        vec![]
    }
    fn requires_confirmation(&self, _c: &ToolCall) -> bool {
        false
    }
    fn is_tool_speculatable(&self, _t: &str) -> bool {
        false
    }
    fn is_tool_retryable(&self, _t: &str) -> bool {
        false
    }
    async fn checkpoint_undo(&self, _n: usize) -> Result<Vec<CheckpointInfo>, ToolError> {
        Ok(vec![])
    }
    async fn checkpoint_redo(&self) -> Result<CheckpointInfo, ToolError> {
        Err(ToolError::Unsupported(String::new()))
    }
    fn checkpoint_list(&self) -> Result<CheckpointList, ToolError> {
        Ok(CheckpointList::default())
    }
}

#[tokio::test]
async fn pipeline_normalizes_panics_errors_and_none() {
    let p = CallPipeline::new(Arc::new(Panicky));
    let r = p.handle_call(&call("1", "x", "y"), false).await;
    assert_eq!(
        r.model_json,
        json!({"status": "error", "result": "internal error: boom in a callback"})
    );
    let p = CallPipeline::new(Arc::new(ShellExecutor::sandbox_session()));
    let r = p.handle_call(&call("1", "nobody", "y"), false).await;
    assert_eq!(
        r.model_json,
        json!({"status": "error", "result": "no executor handles this call"})
    );
    let r = p.handle_call(&call("2", "bash", "echo ok"), false).await;
    assert_eq!(r.model_json, json!({"status": "done", "result": "ok\n"}));
}

#[tokio::test]
async fn pipeline_spools_and_records_a_replayable_trajectory() {
    let dir = tempfile::tempdir().unwrap();
    let ex: Arc<dyn ToolExecutor> = Arc::new(ShellExecutor::logic_only(Arc::new(|b| b)));
    let p = CallPipeline::new(ex.clone())
        .spooler(Spooler::new(SpoolTarget::Workspace(
            dir.path().to_path_buf(),
        )))
        .trajectory(Trajectory::new(dir.path(), "s1"));
    let big = p
        .handle_call(&call("big", "bash", "printf 'x%.0s' $(seq 20000)"), false)
        .await;
    let path = big.spool_path.clone().unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap().len(), 20000);
    let id = path.rsplit('/').next().unwrap().trim_end_matches(".txt");
    let shown = big.model_json["result"].as_str().unwrap();
    assert!(
        shown.ends_with(&format!(
            "saved as tool output {id}; read more with read_tool_output {{\"id\": \"{id}\", \"offset\": 2000}}]"
        )),
        "{shown}"
    );
    assert!(!shown.contains(&dir.path().display().to_string()));
    p.handle_call(&call("small", "bash", "echo $((6*7))"), false)
        .await;
    p.handle_response("```bash\necho fenced\n```", false).await;
    let entries = Trajectory::read(&dir.path().join(".toolsh/trajectories/s1.jsonl")).unwrap();
    assert_eq!(entries.len(), 3);
    assert_eq!(entries[0].spool_path.as_deref(), Some(path.as_str()));
    assert_eq!(
        entries[1].result,
        json!({"status": "done", "result": "42\n"})
    );
    // Replaying against the same deterministic executor matches, the
    // spooled call too (compared with its whole recorded content).
    assert_eq!(entries[0].content.as_ref().map(String::len), Some(20000));
    let report = replay(&entries, ex.as_ref()).await;
    assert_eq!((report.total, report.matched), (3, 3));
}

#[tokio::test]
async fn providers_toolsets_and_schemas() {
    let mut reg = ToolRegistry::new();
    for t in shop_tools() {
        reg.register(t).unwrap();
    }
    let reg = Arc::new(reg);
    let provider: Arc<dyn ToolProvider> = Arc::new(RegistryProvider::new("shop", reg.clone()));
    let sets = vec![ProviderGroup {
        name: "shop".into(),
        providers: vec![provider],
    }];
    let all = resolve_tool_schemas(&sets, PermissionMode::Full, TrustLevel::Trusted).await;
    assert_eq!(all.definitions.len(), 7);
    assert_eq!(all.openai[0]["function"]["name"], "customers.get");
    let ro = resolve_tool_schemas(&sets, PermissionMode::ReadOnly, TrustLevel::Trusted).await;
    assert!(ro.definitions.iter().all(|d| d.risk == RiskClass::Read));
    assert!(
        !ro.definitions
            .iter()
            .any(|d| d.def.name == "payments.charge")
    );
    let ex = ProviderExecutor::new(&sets).await;
    let out = ex
        .execute_tool_call(&ToolCall::new(
            "1",
            "customers.get",
            json!({"id": "c-globex"}),
        ))
        .await
        .unwrap()
        .unwrap();
    assert!(out.result.contains("Globex"));
    let out = ex
        .execute_tool_call(&ToolCall::new("2", "customers.get", json!({"id": 5})))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(out.status, OutputStatus::Error);
    assert!(ex.is_tool_speculatable("customers.get"));
    assert!(!ex.is_tool_retryable("payments.charge"));
}

#[tokio::test]
async fn speculation_reuses_matching_calls() {
    let ex: Arc<dyn ToolExecutor> =
        Arc::new(ShellExecutor::logic_only(Arc::new(|b| b)).speculatable(true));
    let s = Speculator::new(ex);
    let c = ToolCall::new("early", "bash", json!({"commands": "echo spec"}));
    assert!(s.speculate(&c));
    assert!(!s.speculate(&c), "already running");
    let final_call = ToolCall::new("final", "bash", json!({"commands": "echo spec"}));
    let out = s.resolve(&final_call).await.unwrap().unwrap();
    assert_eq!(
        (out.call_id.as_str(), out.result.as_str()),
        ("final", "spec\n")
    );
    let not_spec = Speculator::new(Arc::new(ShellExecutor::sandbox_session()));
    assert!(!not_spec.speculate(&c));
}
