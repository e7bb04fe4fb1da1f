//! End to end with real MCP servers from npm: `server-memory` and
//! `server-everything` as upstreams of `toolsh run` and `toolsh mcp`, and
//! the real MCP inspector CLI as a client of `toolsh mcp`.
//!
//! The pinned packages are installed by `scripts/install-test-servers.sh`
//! (the README's test command `scripts/test.sh` runs it; this harness runs
//! it too when they are missing) into `$TOOLSH_NPM_DIR` (default
//! `~/.cache/toolsh-npm`). When they cannot be had (no `npm`, no
//! registry), every test here is reported as ignored, never as passed,
//! and the harness prints `N skipped: <why>` without any flag.

mod common;
#[path = "support/mcp_http.rs"]
mod mcp_http;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{readme_commands, repo_root, run_ok, run_readme_command, text, toolsh};
use toolsh_spec::harness::{self, Requirement};

fn main() -> std::process::ExitCode {
    let tests: Vec<harness::Test<Path>> = vec![
        (
            "a_stdio_upstream_started_by_a_call_outlives_the_execution",
            a_stdio_upstream_started_by_a_call_outlives_the_execution,
        ),
        (
            "mcp_memory_server_as_upstream",
            mcp_memory_server_as_upstream,
        ),
        (
            "mcp_serve_driven_by_the_inspector_cli",
            mcp_serve_driven_by_the_inspector_cli,
        ),
        (
            "mcp_read_only_description_lists_only_read_tools",
            mcp_read_only_description_lists_only_read_tools,
        ),
        (
            "mcp_auto_mode_asks_the_client_and_denies_without_elicitation",
            mcp_auto_mode_asks_the_client_and_denies_without_elicitation,
        ),
        (
            "mcp_upstream_gets_a_minimal_environment",
            mcp_upstream_gets_a_minimal_environment,
        ),
        ("the_readme_mcp_commands_run", the_readme_mcp_commands_run),
        (
            "everything_over_streamable_http",
            everything_over_streamable_http,
        ),
        ("everything_over_http_sse", everything_over_http_sse),
        (
            "progress_of_a_real_server_reaches_the_run_spinner",
            progress_of_a_real_server_reaches_the_run_spinner,
        ),
        (
            "a_per_call_timeout_over_http_fails_the_call_and_the_script_goes_on",
            a_per_call_timeout_over_http_fails_the_call_and_the_script_goes_on,
        ),
        (
            "everything_over_http_from_a_manifest_with_headers",
            everything_over_http_from_a_manifest_with_headers,
        ),
        (
            "an_http_upstream_that_goes_away_fails_the_call",
            an_http_upstream_that_goes_away_fails_the_call,
        ),
    ];
    harness::run_with(
        Requirement::check("the pinned npm MCP servers", npm_dir),
        tests,
    )
}

/// The npm directory with the pinned test servers, installing them with
/// `scripts/install-test-servers.sh` when they are missing; `Err` says
/// why they cannot be had.
fn npm_dir() -> Result<PathBuf, String> {
    if Command::new("npm").arg("--version").output().is_err() {
        return Err("`npm` is not installed (scripts/test.sh installs it)".into());
    }
    let dir = std::env::var_os("TOOLSH_NPM_DIR").map_or_else(
        || PathBuf::from(std::env::var("HOME").unwrap_or_default()).join(".cache/toolsh-npm"),
        PathBuf::from,
    );
    let installed = |d: &Path| {
        d.join("node_modules/@modelcontextprotocol/server-memory/package.json")
            .exists()
            && d.join("node_modules/@modelcontextprotocol/server-everything/package.json")
                .exists()
            && d.join("node_modules/.bin/mcp-inspector").exists()
    };
    if !installed(&dir) {
        let out = Command::new("bash")
            .arg(repo_root().join("scripts/install-test-servers.sh"))
            .env("TOOLSH_NPM_DIR", &dir)
            .stdin(Stdio::null())
            .output()
            .map_err(|e| format!("cannot run scripts/install-test-servers.sh: {e}"))?;
        if !out.status.success() {
            let err = text(&out.stderr);
            let last = err
                .lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("");
            return Err(format!(
                "scripts/install-test-servers.sh failed ({}): {last}",
                out.status
            ));
        }
    }
    if installed(&dir) {
        Ok(dir)
    } else {
        Err(format!(
            "the MCP test servers are not installed in {}",
            dir.display()
        ))
    }
}

/// A `server-everything` serving `mode` (`streamableHttp` or `sse`) on a
/// free loopback port, killed when dropped.
struct HttpServer {
    child: std::process::Child,
    port: u16,
}

impl HttpServer {
    fn start(npm: &Path, mode: &str) -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let mut child = Command::new("node")
            .arg(npm.join("node_modules/@modelcontextprotocol/server-everything/dist/index.js"))
            .arg(mode)
            .env("PORT", port.to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn server-everything");
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stderr)
                .lines()
                .map_while(Result::ok)
            {
                if line.contains(&port.to_string()) {
                    let _ = tx.send(());
                }
            }
        });
        rx.recv_timeout(std::time::Duration::from_secs(30))
            .expect("server-everything said it listens");
        Self { child, port }
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.port)
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The script every transport runs against `server-everything`, and what
/// it prints. Expected values recorded from the real server through the
/// MCP inspector CLI (`--method tools/call --tool-name get-tiny-image`:
/// text, a 4033-byte PNG, text; `get-structured-content --tool-arg
/// location=Chicago`: conditions "Light rain / drizzle"; `echo
/// --tool-arg message=hi`: "Echo: hi").
const EVERYTHING_SCRIPT: &str = r"
everything.echo --message hi
everything.get-tiny-image
everything.get-structured-content --location Chicago | jq -r .conditions
everything.get-sum --a 2 --b 40
";
const EVERYTHING_OUTPUT: &str = "Echo: hi\nHere's the image you requested:\n[image image/png, 4033 bytes]\nThe image above is the MCP logo.\nLight rain / drizzle\nThe sum of 2 and 40 is 42.\n";

fn everything_over_streamable_http(npm: &Path) {
    let server = HttpServer::start(npm, "streamableHttp");
    let spec = format!("everything={}", server.url("/mcp"));
    let out = run_ok(toolsh().args(["run", "--mcp", &spec, "-c", EVERYTHING_SCRIPT]));
    assert_eq!(text(&out.stdout), EVERYTHING_OUTPUT);
}

fn everything_over_http_sse(npm: &Path) {
    // An old server: POST initialize to /sse fails, so toolsh falls back
    // to GET /sse and its endpoint event.
    let server = HttpServer::start(npm, "sse");
    let spec = format!("everything={}", server.url("/sse"));
    let out = run_ok(toolsh().args(["run", "--mcp", &spec, "-c", EVERYTHING_SCRIPT]));
    assert_eq!(text(&out.stdout), EVERYTHING_OUTPUT);
}

fn everything_over_http_from_a_manifest_with_headers(npm: &Path) {
    let server = HttpServer::start(npm, "streamableHttp");
    let dir = tempfile::tempdir().unwrap();
    let manifest = dir.path().join("m.toml");
    std::fs::write(
        &manifest,
        format!(
            "[[mcp]]\nname = \"everything\"\nurl = \"{}\"\nheaders = {{ Authorization = \"Bearer ${{TOOLSH_TEST_TOKEN}}\" }}\n",
            server.url("/mcp")
        ),
    )
    .unwrap();
    let out = run_ok(
        toolsh()
            .env("TOOLSH_TEST_TOKEN", "t0ken")
            .args(["run", "--tools"])
            .arg(&manifest)
            .args(["-c", "everything.get-sum --a 1 --b 2"]),
    );
    assert_eq!(text(&out.stdout), "The sum of 1 and 2 is 3.\n");
    // An unset variable is a load error at its reference.
    let out = toolsh()
        .env_remove("TOOLSH_TEST_TOKEN")
        .args(["run", "--tools"])
        .arg(&manifest)
        .args(["-c", "true"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("mcp 'everything': headers.Authorization: ${TOOLSH_TEST_TOKEN} is not set in the environment"),
        "{}",
        text(&out.stderr)
    );
}

fn an_http_upstream_that_goes_away_fails_the_call(npm: &Path) {
    let server = HttpServer::start(npm, "streamableHttp");
    let url = server.url("/mcp");
    let dir = tempfile::tempdir().unwrap();
    // Fill the tool cache, then stop the server: the next run lists the
    // tools from the cache and its call fails with status 1.
    run_ok(toolsh().env("XDG_CACHE_HOME", dir.path()).args([
        "run",
        "--mcp",
        &format!("everything={url}"),
        "-c",
        "true",
    ]));
    drop(server);
    let out = run_ok(toolsh().env("XDG_CACHE_HOME", dir.path()).args([
        "run",
        "--mcp",
        &format!("everything={url}"),
        "-c",
        r#"everything.echo --message hi; echo "status $?""#,
    ]));
    assert_eq!(text(&out.stdout), "status 1\n");
    let stderr = text(&out.stderr);
    // (rmcp logs the refused connection on toolsh's own stderr too.)
    assert!(
        stderr.contains("\neverything.echo: MCP server 'everything': ")
            || stderr.starts_with("everything.echo: MCP server 'everything': "),
        "{stderr}"
    );
}

fn everything_cmd(npm: &Path) -> String {
    format!(
        "everything=node {} stdio",
        npm.join("node_modules/@modelcontextprotocol/server-everything/dist/index.js")
            .display()
    )
}

fn memory_cmd(npm: &Path, store: &Path) -> String {
    format!(
        "memory=env MEMORY_FILE_PATH={} node {}",
        store.display(),
        npm.join("node_modules/@modelcontextprotocol/server-memory/dist/index.js")
            .display()
    )
}

fn mcp_memory_server_as_upstream(npm: &Path) {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("memory.jsonl");
    let script = r#"
set -e
memory.create_entities --entities name=alice entityType=person observations=likes-tea name=acme entityType=company observations=makes-widgets,ships-fast >/dev/null
memory.create_relations --relations from=alice to=acme relationType=works_at >/dev/null
memory.read_graph | jq -r '.entities | sort_by(.name)[] | "\(.name) (\(.entityType)): \(.observations | join(", "))"'
memory.read_graph | jq -r '.relations[] | "\(.from) -[\(.relationType)]-> \(.to)"'
memory.search_nodes --query widgets | jq -r '[.entities[].name] | join(",")'
"#;
    let out = run_ok(toolsh().args(["run", "--mcp", &memory_cmd(npm, &store), "-c", script]));
    assert_eq!(
        text(&out.stdout),
        "acme (company): makes-widgets, ships-fast\nalice (person): likes-tea\nalice -[works_at]-> acme\nacme\n"
    );
}

fn mcp_serve_driven_by_the_inspector_cli(npm: &Path) {
    let dir = tempfile::tempdir().unwrap();
    let store = dir.path().join("memory.jsonl");
    let inspector = npm.join("node_modules/.bin/mcp-inspector");
    let base = |method: &[&str]| {
        let mut c = Command::new(&inspector);
        c.arg("--cli")
            .arg(env!("CARGO_BIN_EXE_toolsh"))
            .args([
                "mcp",
                "--mcp",
                &memory_cmd(npm, &store),
                "--mcp",
                &everything_cmd(npm),
            ])
            .args(method)
            .current_dir(dir.path());
        c
    };
    let out = run_ok(&mut base(&["--method", "tools/list"]));
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let names: Vec<&str> = list["tools"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(names, ["script", "read_tool_output"]);
    let description = list["tools"][0]["description"].as_str().unwrap();
    assert!(description.contains("memory.create_entities"));
    // The served profile is LogicOnly, and the model is told so.
    assert!(
        description.contains("There is no file system"),
        "{description}"
    );

    let script = "memory.create_entities --entities name=bob entityType=person observations=new >/dev/null; \
                  n=$(memory.read_graph | jq '.entities | length'); \
                  everything.get-sum --a \"$n\" --b 41";
    let out = run_ok(&mut base(&[
        "--method",
        "tools/call",
        "--tool-name",
        "script",
        "--tool-arg",
        &format!("commands={script}"),
    ]));
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let text = result["content"][0]["text"].as_str().unwrap();
    assert!(text.contains("42"), "{result}");
    assert_eq!(result["structuredContent"]["exit_code"], 0, "{result}");
}

fn mcp_read_only_description_lists_only_read_tools(npm: &Path) {
    let out = run_ok(
        Command::new(npm.join("node_modules/.bin/mcp-inspector"))
            .arg("--cli")
            .arg(env!("CARGO_BIN_EXE_toolsh"))
            .args([
                "mcp",
                "--demo-tools",
                "--mode",
                "read-only",
                "--method",
                "tools/list",
            ]),
    );
    let list: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    // The description is the system prompt: one section per command.
    let description = list["tools"][0]["description"].as_str().unwrap();
    let sections: Vec<&str> = description
        .lines()
        .filter_map(|l| l.strip_prefix("### "))
        .collect();
    assert_eq!(
        sections,
        [
            "customers.get",
            "customers.list",
            "inventory.check",
            "orders.get",
            "orders.list"
        ],
        "{description}"
    );
    assert!(!description.contains("payments.charge"), "{description}");
    assert!(!description.contains("shipping.quote"), "{description}");
    // As without a mode, customers.list shows its output schema.
    assert!(
        description.contains(
            "Output schema:\n```json\n{\"type\":\"array\",\"items\":{\"type\":\"object\",\"required\":[\"id\",\"name\"]}}"
        ),
        "{description}"
    );
}

fn mcp_auto_mode_asks_the_client_and_denies_without_elicitation(npm: &Path) {
    // The inspector CLI does not declare elicitation support: a call that
    // needs approval is denied with that reason; reads run.
    let out = run_ok(
        Command::new(npm.join("node_modules/.bin/mcp-inspector"))
            .arg("--cli")
            .arg(env!("CARGO_BIN_EXE_toolsh"))
            .args([
                "mcp",
                "--demo-tools",
                "--mode",
                "auto",
                "--method",
                "tools/call",
                "--tool-name",
                "script",
                "--tool-arg",
                "commands=customers.get --id c-acme | jq -r .tier; \
                 payments.charge --customer c-acme --amount 1; echo st=$?",
            ]),
    );
    let result: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        result["structuredContent"]["stdout"], "gold\nst=1\n",
        "{result}"
    );
    assert_eq!(
        result["structuredContent"]["stderr"],
        "payments.charge: denied: approval required, and the MCP client does not support elicitation\n",
        "{result}"
    );
}

/// An upstream server gets only `INHERITED_ENV` from toolsh's environment:
/// a secret there must not reach the script through a server's tool (the
/// everything server's `get-env` returns its whole environment).
fn mcp_upstream_gets_a_minimal_environment(npm: &Path) {
    let out = run_ok(
        toolsh()
            .env("TOOLSH_TEST_SECRET", "sk-live-not-for-scripts")
            .args([
                "run",
                "--mcp",
                &everything_cmd(npm),
                "-c",
                "everything.get-env",
            ]),
    );
    let env = text(&out.stdout);
    assert!(env.contains("\"PATH\""), "{env}");
    assert!(!env.contains("TOOLSH_TEST_SECRET"), "{env}");
    assert!(!env.contains("sk-live-not-for-scripts"), "{env}");
}

/// The README's `--mcp` examples, run where `npx -y` finds the pinned
/// packages without the network (the npm directory's `node_modules`).
fn the_readme_mcp_commands_run(npm: &Path) {
    let commands: Vec<String> = readme_commands()
        .into_iter()
        .filter(|c| c.starts_with("toolsh ") && c.contains("--mcp"))
        .collect();
    assert!(!commands.is_empty(), "no --mcp example in the README");
    for line in &commands {
        let out = run_readme_command(line, npm);
        assert!(
            out.status.success(),
            "`{line}` exited {:?}\nstdout:\n{}\nstderr:\n{}",
            out.status,
            text(&out.stdout),
            text(&out.stderr)
        );
        assert!(!out.stdout.is_empty(), "`{line}` printed nothing");
    }
}

/// `server-everything`'s long-running operation sends a progress
/// notification per step (`progress` 1..steps, `total` steps, no message;
/// recorded from the real server); `toolsh run` shows each in its spinner,
/// which it draws only on a terminal, so the run gets a pseudo-terminal
/// from util-linux `script`.
fn progress_of_a_real_server_reaches_the_run_spinner(npm: &Path) {
    let server = HttpServer::start(npm, "streamableHttp");
    let cache = tempfile::tempdir().unwrap();
    let command = format!(
        "{} run --mcp everything={} -c 'everything.trigger-long-running-operation --duration 2 --steps 4 >/dev/null; echo finished' </dev/null",
        env!("CARGO_BIN_EXE_toolsh"),
        server.url("/mcp")
    );
    let out = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .env("XDG_CACHE_HOME", cache.path())
        .stdin(Stdio::null())
        .output()
        .expect("util-linux `script` runs");
    let screen = text(&out.stdout);
    assert!(out.status.success(), "{screen}");
    for step in 1..=4 {
        let shown = format!("progress everything: ({step}/4)");
        assert!(screen.contains(&shown), "no '{shown}' in:\n{screen:?}");
    }
    assert!(screen.contains("finished"), "{screen:?}");
}

/// A call past `--mcp-timeout` fails with status 1 and toolsh's own
/// message, over streamable HTTP and over HTTP+SSE, and the next call of
/// the same server works.
fn a_per_call_timeout_over_http_fails_the_call_and_the_script_goes_on(npm: &Path) {
    for (mode, path) in [("streamableHttp", "/mcp"), ("sse", "/sse")] {
        let server = HttpServer::start(npm, mode);
        let spec = format!("everything={}", server.url(path));
        let started = std::time::Instant::now();
        let out = toolsh()
            .args(["run", "--mcp", &spec, "--mcp-timeout", "1", "-c"])
            .arg(
                "everything.trigger-long-running-operation --duration 8 --steps 2; echo \"status $?\"; everything.echo --message after",
            )
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(text(&out.stdout), "status 1\nEcho: after\n", "{mode}");
        assert_eq!(
            text(&out.stderr),
            "everything.trigger-long-running-operation: the MCP server did not answer within 1000 ms\n",
            "{mode}"
        );
        assert!(
            started.elapsed() < std::time::Duration::from_secs(7),
            "{mode}: the run waited for the operation ({:?})",
            started.elapsed()
        );
    }
}

/// `toolsh serve` with `server-everything` over stdio whose tool list
/// comes from the cache, so the server is started by the first script
/// that calls it, inside that execution. The connection must outlive the
/// execution: before the fix its tasks ran on the execution's runtime,
/// dropped when the script ended, so every execution lost the server and
/// from the third call on it was "not restarted again" (the serve load
/// run, issue #30). The expected line is the real server's, as recorded
/// in `EVERYTHING_OUTPUT`.
fn a_stdio_upstream_started_by_a_call_outlives_the_execution(npm: &Path) {
    use std::io::{BufRead, BufReader};
    use std::time::Duration;
    let dir = tempfile::tempdir().unwrap();
    let cache = dir.path().join("cache");
    std::fs::write(
        dir.path().join("m.toml"),
        format!(
            "[[mcp]]\nname = \"everything\"\ncommand = \"node\"\nargs = [{:?}, \"stdio\"]\n",
            npm.join("node_modules/@modelcontextprotocol/server-everything/dist/index.js")
                .display()
                .to_string()
        ),
    )
    .unwrap();
    let config = dir.path().join("serve.toml");
    std::fs::write(
        &config,
        "[server]\nlisten = \"127.0.0.1:0\"\ndrain_seconds = 1\n[[tenant]]\nname = \"t\"\nmanifest = \"m.toml\"\n",
    )
    .unwrap();
    // The first start lists the tools from the server and caches them;
    // the second takes them from the cache and starts nothing.
    for round in 0..2 {
        let mut child = toolsh()
            .env("XDG_CACHE_HOME", &cache)
            .args(["serve", "--config"])
            .arg(&config)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
        let first = lines.next().unwrap().unwrap();
        let addr = first
            .strip_prefix("toolsh: serving MCP on http://")
            .and_then(|r| r.strip_suffix("/mcp"))
            .unwrap_or_else(|| panic!("{first}"))
            .to_string();
        let calls = if round == 0 { 1 } else { 4 };
        for id in 1..=calls {
            let body =
                serde_json::json!({"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": {
                "name": "script", "arguments": {"commands": "everything.get-sum --a 2 --b 40"}}})
                .to_string();
            let r = mcp_http::request(
                &addr,
                "POST",
                &[("MCP-Protocol-Version", "2025-11-25")],
                &body,
                Duration::from_mins(1),
            )
            .unwrap();
            let m = r.message().unwrap_or_else(|| panic!("{r:?}"));
            assert_eq!(
                m["result"]["structuredContent"]["stdout"], "The sum of 2 and 40 is 42.\n",
                "round {round}, call {id}: {m}"
            );
        }
        // SIGTERM: the server drains and shuts its upstream down.
        let _ = Command::new("kill")
            .args(["-TERM", &child.id().to_string()])
            .status();
        let _ = child.wait();
    }
}
