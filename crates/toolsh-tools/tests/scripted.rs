//! ScriptedTool through real scripts: help, discover, traces, isolation
//! between executions, prompts and definitions, the tower service, the
//! extension on a plain shell.

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use toolsh_interp::{ExecutionLimits, Shell, Utility, UtilityContext, UtilityResult};
use toolsh_tools::{
    DiscoveryMode, Locale, ScriptedTool, ScriptingToolSet, ToolArgs, ToolDef, ToolDefExtension,
    ToolRequest, TraceKind, demo::shop_tools,
};
use tower_service::Service;

fn shop() -> ScriptedTool {
    let mut b = ScriptedTool::builder("shop").short_description("A small shop API.");
    for t in shop_tools() {
        b = b.tool(t);
    }
    b.build().unwrap()
}

async fn run(tool: &ScriptedTool, script: &str) -> toolsh_tools::ToolResponse {
    tool.execute(ToolRequest::new(script)).await
}

#[tokio::test]
async fn tools_compose_with_pipes_and_jq() {
    let t = shop();
    let r = run(&t, "customers.list --tier gold | jq -r '.[].id' | while read -r id; do orders.list --customer \"$id\" | jq length; done").await;
    assert_eq!(
        (r.stdout.as_str(), r.exit_code),
        ("2\n1\n", 0),
        "{}",
        r.stderr
    );
}

#[tokio::test]
async fn help_and_discover_commands() {
    let t = shop();
    let r = run(&t, "help --list | head -2").await;
    assert_eq!(
        r.stdout,
        "customers.get    Get one customer by id.\ncustomers.list   List customers, optionally by tier.\n"
    );
    let r = run(&t, "help orders.list").await;
    assert!(
        r.stdout
            .starts_with("orders.list - List a customer's orders with their totals.\n"),
        "{}",
        r.stdout
    );
    let r = run(
        &t,
        "help orders.list --json | jq -r '.input_schema.required[0]'",
    )
    .await;
    assert_eq!(r.stdout, "customer\n");
    let r = run(&t, "discover --search quote").await;
    assert_eq!(
        r.stdout,
        "shipping.quote  Quote shipping for a weight to a country (async carrier API).\n"
    );
    let r = run(&t, "discover --categories --json | jq -c '.[0]'").await;
    assert_eq!(r.stdout, "{\"category\":\"customers\",\"count\":2}\n");
    let r = run(&t, "help nosuch; echo $?").await;
    assert_eq!(r.stdout, "127\n");
}

#[tokio::test]
async fn trace_records_kinds_and_is_per_execution() {
    let t = shop();
    let r = run(&t, "help >/dev/null; discover --tag read >/dev/null; customers.get --id c-acme >/dev/null; orders.get; true").await;
    assert_eq!(r.exit_code, 0);
    let trace = t.take_last_execution_trace();
    let kinds: Vec<(TraceKind, i32)> = trace.iter().map(|e| (e.kind, e.exit_code)).collect();
    assert_eq!(
        kinds,
        [
            (TraceKind::Help, 0),
            (TraceKind::Discover, 0),
            (TraceKind::Tool, 0),
            (TraceKind::Tool, 2)
        ]
    );
    assert_eq!(trace[2].output.as_ref().unwrap()["name"], "Acme Corp");
    assert!(t.take_last_execution_trace().is_empty());
}

#[tokio::test]
async fn every_execution_gets_a_fresh_shell() {
    let t = shop();
    run(&t, "x=leaked; f() { echo fn; }").await;
    let r = run(
        &t,
        "echo \"${x:-unset}\"; type f >/dev/null 2>&1 || echo no-f",
    )
    .await;
    assert_eq!(r.stdout, "unset\nno-f\n");
}

#[tokio::test]
async fn logic_only_profile_has_no_files() {
    let r = run(
        &shop(),
        "echo hi > /tmp/x; echo status=$?; cat /etc/passwd; echo status=$?",
    )
    .await;
    assert_eq!(r.stdout, "status=1\nstatus=1\n");
}

#[tokio::test]
async fn failing_callback_is_sanitized_and_exit_1() {
    let r = run(
        &shop(),
        "payments.charge --customer c-acme --amount 5; echo \"status=$?\"",
    )
    .await;
    assert_eq!(r.stdout, "status=1\n");
    assert_eq!(r.stderr, "payments.charge: callback failed\n");
}

#[tokio::test]
async fn five_background_tool_calls_run_concurrently() {
    let t = ScriptedTool::builder("t")
        .async_tool_fn(
            ToolDef::new("slow", "Sleeps 100 ms."),
            |_a: ToolArgs| async {
                tokio::time::sleep(Duration::from_millis(100)).await;
                Ok("ok".to_string())
            },
        )
        .build()
        .unwrap();
    let start = Instant::now();
    let r = run(&t, "for i in 1 2 3 4 5; do slow & done; wait").await;
    let elapsed = start.elapsed();
    assert_eq!(r.stdout, "ok\nok\nok\nok\nok\n");
    assert!(elapsed < Duration::from_millis(400), "took {elapsed:?}");
}

#[tokio::test]
async fn timeout_ms_bounds_the_execution() {
    let t = ScriptedTool::builder("t")
        .async_tool_fn(ToolDef::new("slow", "Sleeps."), |_a: ToolArgs| async {
            tokio::time::sleep(Duration::from_secs(10)).await;
            Ok(String::new())
        })
        .build()
        .unwrap();
    let start = Instant::now();
    let r = t
        .execute(ToolRequest {
            commands: "echo before; slow; echo after $?".into(),
            timeout_ms: Some(100),
        })
        .await;
    assert!(start.elapsed() < Duration::from_secs(3));
    assert!(r.stdout.starts_with("before\n"), "{}", r.stdout);
}

#[test]
fn prompts_and_definitions() {
    let t = shop();
    let p = t.system_prompt();
    assert!(p.starts_with("# shop\n\nA small shop API.\n"), "{p}");
    assert!(p.contains("### orders.list\n"));
    assert!(p.contains("```\nusage: orders.list --customer <string> [--status <open|shipped|cancelled>] [--limit <integer>]\n```"));
    assert!(p.contains("## Tips"));
    let d = t.build_tool_definition();
    assert_eq!(d["openai"]["function"]["name"], "shop");
    assert_eq!(
        d["anthropic"]["input_schema"]["required"],
        json!(["commands"])
    );
    let compact = ScriptedTool::builder("s")
        .tool(shop_tools().remove(0))
        .compact_prompt(true)
        .build()
        .unwrap();
    assert!(compact.system_prompt().contains(
        "- `customers.list [--tier <gold|silver|bronze>]`: List customers, optionally by tier.\n"
    ));
    let de = ScriptedTool::builder("s")
        .locale(Locale::De)
        .build()
        .unwrap();
    assert!(de.system_prompt().contains("## Hinweise"));
}

#[tokio::test]
async fn the_model_is_told_there_is_no_file_system_and_that_is_true() {
    let t = shop();
    let say =
        "There is no file system: files cannot be read or written (redirect only to /dev/null)";
    let p = t.system_prompt();
    assert!(p.contains(say), "{p}");
    let d = t.description();
    assert!(d.starts_with(&format!("A small shop API. {say}")), "{d}");
    // What the text says holds in the shell the tool runs.
    let r = run(
        &t,
        "echo x > f; cat f; cat /etc/passwd; echo x | grep x /dev/stdin; echo y > /dev/null; echo ok",
    )
    .await;
    // Files are out of reach; `/dev/stdin` is standard input, as in bash.
    assert_eq!(r.stdout, "x\nok\n", "{r:?}");
    assert!(r.stderr.contains("file redirection is disabled"), "{r:?}");
}

struct Raw;

#[async_trait::async_trait]
impl Utility for Raw {
    fn name(&self) -> &'static str {
        "raw"
    }
    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let _ = ctx
            .stdout
            .write_str(&format!("{}\n", ctx.args[1..].join("|")))
            .await;
        Ok(0)
    }
}

struct FakeHelp;

#[async_trait::async_trait]
impl Utility for FakeHelp {
    fn name(&self) -> &'static str {
        "help"
    }
    async fn run(&self, _ctx: &mut UtilityContext<'_>) -> UtilityResult {
        Ok(0)
    }
}

#[tokio::test]
async fn custom_builtins_get_raw_argv_and_cannot_shadow() {
    let t = ScriptedTool::builder("t")
        .utility(Arc::new(Raw))
        .build()
        .unwrap();
    assert_eq!(run(&t, "raw --a 'b c' d").await.stdout, "--a|b c|d\n");
    assert!(
        ScriptedTool::builder("t")
            .utility(Arc::new(FakeHelp))
            .build()
            .is_err()
    );
}

#[tokio::test]
async fn discovery_mode_shares_the_tool() {
    let mut b = ScriptingToolSet::builder("shop").mode(DiscoveryMode::WithDiscovery);
    for t in shop_tools() {
        b = b.configure(|s| s.tool(t));
    }
    let set = b.build().unwrap();
    let tools = set.tools();
    assert_eq!(tools.len(), 2);
    assert_eq!(tools[1]["name"], "shop_discover");
    let out = set.discover(&json!({"search": "inventory"})).unwrap();
    assert!(out.starts_with("inventory.check"), "{out}");
    let usage = set.discover(&json!({"tool": "orders.get"})).unwrap();
    assert!(usage.contains("usage: orders.get --id <string>"), "{usage}");
    let r = set
        .execute(ToolRequest::new("orders.get --id o-1001 | jq .total"))
        .await;
    // jq 1.7.1 keeps the literal 124.0 the tool produced.
    assert_eq!(r.stdout, "124.0\n");
}

#[tokio::test]
async fn tower_service_runs_requests() {
    let mut svc = shop().build_service();
    let r = svc
        .call(ToolRequest::new(
            "customers.get --id c-globex | jq -r .name",
        ))
        .await
        .unwrap();
    assert_eq!(r.stdout, "Globex\n");
}

#[tokio::test]
async fn extension_installs_into_any_shell_with_fresh_traces() {
    let ext = ToolDefExtension::new(shop_tools()).unwrap().tenant("t1");
    let (b, trace1) = ext.install(Shell::builder().limits(ExecutionLimits::default()));
    let mut sh = b.build();
    let r = sh.exec("customers.get --id c-acme | jq -r .tier").await;
    assert_eq!(r.stdout, "gold\n");
    let copy = ext.clone();
    let (_b2, trace2) = copy.install(Shell::builder());
    assert_eq!(trace1.entries().len(), 1);
    assert!(trace2.entries().is_empty());
}

#[tokio::test]
async fn many_tenants_share_one_tool_concurrently() {
    let t = ScriptedTool::builder("t")
        .tool_fn(ToolDef::new("whoami", "Tenant."), |a: &ToolArgs| {
            Ok(a.tenant().unwrap_or("none").to_string())
        })
        .build()
        .unwrap();
    let mut handles = Vec::new();
    for i in 0..100 {
        let t = t.clone();
        handles.push(tokio::spawn(async move {
            let call = toolsh_tools::ToolCallRequest::for_tenant(format!("tenant-{i}"));
            let r = t
                .execute_for(ToolRequest::new("whoami; whoami"), call)
                .await;
            assert_eq!(r.stdout, format!("tenant-{i}\ntenant-{i}\n"));
        }));
    }
    for h in handles {
        h.await.unwrap();
    }
    let v: Value = serde_json::to_value(ToolRequest::new("x")).unwrap();
    assert_eq!(v, json!({"commands": "x"}));
}

#[tokio::test]
async fn unknown_names_get_bash_message_and_the_nearest_tool() {
    let t = shop();
    let r = run(
        &t,
        "echo a\norders.lst --customer c-acme\necho \"st=$?\"; nosuch",
    )
    .await;
    assert_eq!(r.stdout, "a\nst=127\n");
    assert_eq!(
        r.stderr,
        "toolsh: line 2: orders.lst: command not found (did you mean orders.list?)\n\
         toolsh: line 3: nosuch: command not found\n"
    );
    assert_eq!(r.exit_code, 127);
}

/// A hidden tool (one a host's gate denies) is in no listing: not in
/// `help`, `help --list`, `help TOOL`, `discover`, the description, the
/// system prompt or "did you mean" hints. It is not a shell command either
/// (`type` and `command -v` do not know it, `--help` and
/// `--dry-run` show nothing of it), but a call is not "command not
/// found": it reaches the gates (here a policy that denies it) and is
/// denied with their reason, status 1; a hidden tool nothing denies is
/// denied as not available, its callback never runs.
#[tokio::test]
async fn hidden_tools_are_listed_nowhere_but_still_reach_the_gates() {
    let mut registry = toolsh_tools::ToolRegistry::new();
    for t in shop_tools() {
        registry.register(t).unwrap();
    }
    let registry = registry
        .hide(["payments.charge", "orders.list"])
        .with_policy(|c| {
            if c.name == "payments.charge" {
                toolsh_tools::PolicyDecision::Deny("not for this script".into())
            } else {
                toolsh_tools::PolicyDecision::Allow
            }
        });
    assert!(registry.names().all(|n| n != "payments.charge"));
    assert!(registry.command_names().any(|n| n == "payments.charge"));
    assert!(registry.get("orders.list").is_none());
    assert!(registry.contains("orders.list"));
    let t = ScriptedTool::from_registry("shop", &registry)
        .build()
        .unwrap();
    for listing in [t.description(), t.system_prompt()] {
        assert!(!listing.contains("payments.charge"), "{listing}");
        assert!(!listing.contains("orders.list"), "{listing}");
        assert!(listing.contains("customers.get"), "{listing}");
    }
    let r = run(
        &t,
        "help --list | grep -c -e payments.charge -e orders.list; \
         help | grep -c -e payments.charge -e orders.list; \
         help --json | jq -r '.[].name' | grep -c -e payments -e orders.list; \
         discover --search charge | grep -c payments; \
         help payments.charge; echo \"help=$?\"; \
         payments.charge --customer c-acme --amount 1; echo \"call=$?\"",
    )
    .await;
    assert_eq!(r.stdout, "0\n0\n0\n0\nhelp=127\ncall=1\n", "{}", r.stderr);
    assert!(
        r.stderr.contains("help: payments.charge: unknown tool\n"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr
            .contains("payments.charge: denied: not for this script\n"),
        "{}",
        r.stderr
    );
    let r = run(
        &t,
        "type payments.charge; echo \"type=$?\"; command -v payments.charge; echo \"v=$?\"; \
         payments.charge --help; echo \"help=$?\"; \
         payments.charge --dry-run --customer c-acme --amount 1; echo \"dry=$?\"; \
         payments.charge --no-such-flag; echo \"flag=$?\"; \
         orders.list --customer c-acme; echo \"allowed=$?\"; \
         type -t customers.get",
    )
    .await;
    assert_eq!(
        r.stdout, "type=1\nv=1\nhelp=1\ndry=1\nflag=1\nallowed=1\nbuiltin\n",
        "{}",
        r.stderr
    );
    assert_eq!(
        r.stderr,
        "toolsh: line 1: type: payments.charge: not found\n\
         payments.charge: denied: not for this script\n\
         payments.charge: denied: not for this script\n\
         payments.charge: denied: not for this script\n\
         orders.list: denied: not available to this script\n"
    );
    // The typo hint suggests only listed tools.
    let r = run(&t, "orders.lis").await;
    assert!(!r.stderr.contains("orders.list"), "{}", r.stderr);
}
