//! End to end, through the `toolsh` binary: the demo report, usage errors,
//! script files, and manifest tools backed by a program and by an HTTP
//! server on 127.0.0.1. The tests that need real MCP servers from npm are
//! in `mcp_upstreams.rs`.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::common::{repo_root, run_ok, text, toolsh};

#[test]
fn demo_report_runs_end_to_end() {
    let out = run_ok(toolsh().current_dir(repo_root()).args([
        "run",
        "--demo-tools",
        "examples/shop-report.sh",
    ]));
    let stdout = text(&out.stdout);
    // Shipped revenue: acme 10*2.5+99 = 124, globex 4*15 = 60.
    assert!(
        stdout.contains("c-acme          124.00\nc-globex         60.00\n"),
        "{stdout}"
    );
    // GIZMO has no stock; GADGET has 3 but Umbrella's order needs 5.
    assert!(
        stdout.contains("o-1002 (c-acme): GIZMO: need 3, have 0\n"),
        "{stdout}"
    );
    assert!(
        stdout.contains("o-1005 (c-umbrella): GADGET: need 5, have 3; GIZMO: need 2, have 0\n"),
        "{stdout}"
    );
    // DE: 4 + 2.5*1.5 = 7.75; others 12 + 3.75 = 15.75, sorted by price.
    assert!(stdout.contains("DE  7.75  (2 days)\n"), "{stdout}");
    // jq 1.7 keeps a number's literal: the tool sent 505.0, so `\(.total)`
    // prints 505.0 (checked against jq 1.7.1).
    assert!(
        stdout
            .contains("charge for c-umbrella (505.0) failed with status 1; leaving it for a retry"),
        "{stdout}"
    );
    // The callback's error is sanitized: no host detail leaks.
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("payments.charge: callback failed"),
        "{stderr}"
    );
    assert!(!stderr.contains("10.0.0.7"), "{stderr}");
}

#[test]
fn usage_errors_have_distinct_statuses() {
    let out = toolsh()
        .args(["run", "--demo-tools", "-c", "orders.list --custmer x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("did you mean --customer?"),
        "{}",
        text(&out.stderr)
    );
    let out = toolsh().args(["run", "-c", "nosuchtool"]).output().unwrap();
    assert_eq!(out.status.code(), Some(127));
    let out = toolsh()
        .args(["run", "/nonexistent/script.sh"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(127));
    let out = toolsh()
        .args(["run", "-c", "echo ok; if true; then"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
}

/// `bash FILE` run in `dir` (the oracle): status and stdout.
fn bash_file(dir: &Path, file: &str) -> (Option<i32>, String) {
    let out = Command::new("bash")
        .arg(file)
        .current_dir(dir)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .output()
        .expect("bash");
    (out.status.code(), text(&out.stdout))
}

#[test]
fn script_files_that_cannot_run_exit_as_bash_does_in_every_subcommand() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("adir")).unwrap();
    // A NUL in the first line (within 80 bytes): bash's binary file.
    std::fs::write(d.join("binary.sh"), b"echo hi\0\necho there\n").unwrap();
    std::fs::write(d.join("nul-only.sh"), b"\0").unwrap();
    // A NUL further on: bash runs the file and drops the NUL.
    std::fs::write(d.join("late-nul.sh"), b"echo hi\n\0echo x\necho there\n").unwrap();
    let cases = [
        ("missing.sh", "No such file or directory"),
        ("adir", "Is a directory"),
        ("binary.sh", "cannot execute binary file"),
        ("nul-only.sh", "cannot execute binary file"),
    ];
    for (file, reason) in cases {
        let (bash_status, _) = bash_file(d, file);
        assert!(matches!(bash_status, Some(126 | 127)), "{file}");
        for sub in ["run", "check", "fmt"] {
            let out = toolsh()
                .args([sub, file])
                .current_dir(d)
                .stdin(Stdio::null())
                .output()
                .unwrap();
            assert_eq!(out.status.code(), bash_status, "{sub} {file}");
            assert_eq!(
                text(&out.stderr),
                format!("toolsh: {file}: {reason}\n"),
                "{sub} {file}"
            );
            assert!(out.stdout.is_empty(), "{sub} {file}");
        }
    }
    let want = bash_file(d, "late-nul.sh");
    assert_eq!(want, (Some(0), "hi\nx\nthere\n".to_string()));
    let out = toolsh()
        .args(["run", "late-nul.sh"])
        .current_dir(d)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!((out.status.code(), text(&out.stdout)), want);
    for sub in ["check", "fmt"] {
        let out = toolsh()
            .args([sub, "late-nul.sh"])
            .current_dir(d)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{sub}: {}", text(&out.stderr));
    }
}

#[test]
fn a_missing_manifest_is_named_without_a_position() {
    for sub in [
        vec!["run", "-c", "echo hi"],
        vec!["check", "/dev/null"],
        vec!["catalog"],
        vec!["prompt"],
    ] {
        let out = toolsh()
            .args(&sub)
            .args(["--tools", "/nonexistent/tools.toml"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{sub:?}");
        assert_eq!(
            text(&out.stderr),
            "toolsh: /nonexistent/tools.toml: No such file or directory\n",
            "{sub:?}"
        );
        assert!(out.stdout.is_empty(), "{sub:?}");
    }
}

#[test]
fn check_reports_syntax_and_flags() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.sh");
    std::fs::write(&bad, "echo a\nif true; then\n  echo b\nfi fi\n").unwrap();
    let out = toolsh().args(["check"]).arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains(":4:4: syntax error near unexpected token `fi'"),
        "{err}"
    );
    assert!(err.contains("   4 | fi fi\n     |    ^\n"), "{err}");

    let calls = dir.path().join("calls.sh");
    std::fs::write(
        &calls,
        "orders.list --customer acme\ncustomers.list --tier platinum\nx=$(orders.get)\n",
    )
    .unwrap();
    let out = toolsh()
        .args(["check", "--demo-tools"])
        .arg(&calls)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stdout));
    let report = text(&out.stdout);
    assert!(report.contains("1:1: orders.list ok"), "{report}");
    assert!(
        report.contains("2:1: customers.list: invalid parameters: /tier:"),
        "{report}"
    );
    assert!(
        report.contains("3:5: orders.get: invalid parameters: /:"),
        "{report}"
    );
}

#[test]
fn check_summary_has_no_made_up_position() {
    let dir = tempfile::tempdir().unwrap();
    let ok = dir.path().join("ok.sh");
    std::fs::write(&ok, "orders.list --customer acme\n").unwrap();
    let out = toolsh()
        .args(["check", "--demo-tools"])
        .arg(&ok)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let report = text(&out.stdout);
    let file = ok.display().to_string();
    assert_eq!(
        report,
        format!(
            "{file}: syntax ok; 1 tool call site(s), 0 problem(s)\n{file}:1:1: orders.list ok\n"
        )
    );
}

#[test]
fn run_reports_syntax_errors_with_line_and_column() {
    // The complete commands before the error still run, as in bash.
    let out = toolsh()
        .args(["run", "-c", "echo a\nif then\n"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "a\n");
    assert_eq!(
        text(&out.stderr),
        "-c:2:4: syntax error near unexpected token `then'\n   2 | if then\n     |    ^\n"
    );
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.sh");
    std::fs::write(&bad, "trap 'echo bye >&2' EXIT\necho a\n  fi\n").unwrap();
    let out = toolsh().arg("run").arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "a\n");
    assert_eq!(
        text(&out.stderr),
        format!(
            "{}:3:3: syntax error near unexpected token `fi'\n   3 |   fi\n     |   ^\nbye\n",
            bad.display()
        )
    );
}

/// Runs `toolsh run ARGS` with stdout and stderr both going to one file,
/// as a terminal would show them; returns the status and the file.
fn run_to_one_file(args: &[&str]) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out");
    let file = std::fs::File::create(&path).unwrap();
    let status = toolsh()
        .arg("run")
        .args(args)
        .stdin(Stdio::null())
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .status()
        .unwrap();
    (status.code(), std::fs::read_to_string(&path).unwrap())
}

#[test]
fn run_streams_stdout_and_stderr_in_order() {
    assert_eq!(
        run_to_one_file(&["-c", "echo a; echo b >&2; echo c"]),
        (Some(0), "a\nb\nc\n".to_string())
    );
    // At the output limit, what was written stays, in order, and the limit
    // message follows (on a line of its own as far as stderr goes: stdout
    // stopped mid-line).
    let (status, out) = run_to_one_file(&[
        "--max-output",
        "6",
        "-c",
        "echo abc; echo err >&2; echo def; echo never",
    ]);
    assert_eq!(status, Some(124));
    assert_eq!(out, "abc\nerr\ndetoolsh: stdout limit exceeded (6)\n");
}

#[test]
fn fmt_and_prompt() {
    let out = toolsh()
        .args(["fmt", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .and_then(|mut c| {
            c.stdin
                .take()
                .unwrap()
                .write_all(b"if true;then echo  hi;fi")
                .unwrap();
            c.wait_with_output()
        })
        .unwrap();
    assert!(out.status.success());
    let formatted = text(&out.stdout);
    // Formatting is idempotent and keeps the meaning.
    let again = toolsh()
        .args(["run", "-c"])
        .arg(&formatted)
        .output()
        .unwrap();
    assert_eq!(text(&again.stdout), "hi\n");

    let out = run_ok(toolsh().args(["prompt", "--demo-tools", "--compact"]));
    let p = text(&out.stdout);
    assert!(p.contains("- `orders.list --customer <string> [--status <open|shipped|cancelled>] [--limit <integer>]`: List a customer's orders with their totals."), "{p}");
}

#[test]
fn trace_lines_are_json() {
    let out = run_ok(toolsh().args([
        "run",
        "--demo-tools",
        "--trace",
        "-c",
        "customers.get --id c-acme >/dev/null; help --list >/dev/null",
    ]));
    let lines: Vec<serde_json::Value> = text(&out.stderr)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 2);
    assert_eq!(lines[0]["name"], "customers.get");
    assert_eq!(lines[0]["kind"], "tool");
    assert_eq!(lines[0]["params"]["id"], "c-acme");
    assert_eq!(lines[1]["kind"], "help");
}

/// A one-request-at-a-time HTTP server on 127.0.0.1 that answers JSON
/// describing the request it got.
fn spawn_http_server() -> (String, std::thread::JoinHandle<()>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let handle = std::thread::spawn(move || {
        // Two requests in the test; stop after them so the thread ends.
        for stream in listener.incoming().take(2) {
            let Ok(mut stream) = stream else { continue };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut request_line = String::new();
            reader.read_line(&mut request_line).unwrap();
            let mut len = 0usize;
            let mut auth = String::new();
            loop {
                let mut h = String::new();
                reader.read_line(&mut h).unwrap();
                let t = h.trim_end();
                if t.is_empty() {
                    break;
                }
                let lower = t.to_ascii_lowercase();
                if let Some(v) = lower.strip_prefix("content-length:") {
                    len = v.trim().parse().unwrap();
                }
                if lower.starts_with("authorization:") {
                    auth = t["authorization:".len()..].trim().to_string();
                }
            }
            let mut body = vec![0; len];
            reader.read_exact(&mut body).unwrap();
            let reply = serde_json::json!({
                "request": request_line.trim_end(),
                "body": String::from_utf8_lossy(&body),
                "auth_ok": auth == "Bearer s3cret",
            })
            .to_string();
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{reply}",
                reply.len()
            );
        }
    });
    (format!("http://{addr}"), handle)
}

/// An exec tool's output is read up to the 16 MiB cap and the program is
/// killed there: a program that never stops writing fails the call
/// (sanitized, status 1) instead of growing toolsh's memory until the
/// host runs out; a large stderr is drained, not kept, and does not block
/// the program.
#[test]
fn exec_tool_output_is_capped() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = r#"
[[tool]]
name = "flood"
exec = ["yes"]

[[tool]]
name = "noisy"
exec = ["sh", "-c", "head -c 3000000 /dev/zero >&2; cat >/dev/null; echo '{\"ok\":true}'"]
"#;
    let mpath = dir.path().join("tools.toml");
    std::fs::write(&mpath, manifest).unwrap();
    let started = std::time::Instant::now();
    let out = toolsh()
        .args(["run", "--tools"])
        .arg(&mpath)
        .args([
            "-c",
            "flood; echo \"flood=$?\"; noisy | jq -c .; echo \"noisy=$?\"",
        ])
        .stdin(Stdio::null())
        .output()
        .expect("spawn");
    assert_eq!(
        text(&out.stdout),
        "flood=1\n{\"ok\":true}\nnoisy=0\n",
        "{}",
        text(&out.stderr)
    );
    assert!(
        text(&out.stderr).contains("flood: callback failed"),
        "{}",
        text(&out.stderr)
    );
    assert!(started.elapsed() < std::time::Duration::from_mins(1));
}

/// A failing exec tool is a failed call (docs/tool-contract.md,
/// "Failures"): what it printed before exiting non-zero is not a result
/// and is not printed, its stderr is sanitized to `<tool>: callback
/// failed` (status 1), the script's own output before and after is kept,
/// and the host's warn log has the raw error with the discarded stdout's
/// size.
#[test]
fn a_failing_exec_tool_is_a_failed_call() {
    let dir = tempfile::tempdir().unwrap();
    let manifest = r#"
[[tool]]
name = "half"
exec = ["sh", "-c", "echo partial; echo secret-token >&2; exit 3"]
"#;
    let mpath = dir.path().join("tools.toml");
    std::fs::write(&mpath, manifest).unwrap();
    let script = "echo before; half; echo \"st=$?\"; out=$(half); echo \"out=[$out] st=$?\"";
    let out = toolsh()
        .args(["run", "--tools"])
        .arg(&mpath)
        .args(["-c", script])
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .output()
        .expect("spawn");
    assert_eq!(text(&out.stdout), "before\nst=1\nout=[] st=1\n");
    assert_eq!(
        text(&out.stderr),
        "half: callback failed\nhalf: callback failed\n"
    );
    let logged = toolsh()
        .args(["run", "--tools"])
        .arg(&mpath)
        .args(["-c", "half"])
        .env("RUST_LOG", "toolsh_tools=warn")
        .stdin(Stdio::null())
        .output()
        .expect("spawn");
    assert_eq!(text(&logged.stdout), "");
    let err = text(&logged.stderr);
    assert!(
        err.contains("sh exited with exit status: 3 (8 bytes of stdout discarded): secret-token"),
        "{err}"
    );
}

#[test]
fn manifest_exec_and_http_tools() {
    let dir = tempfile::tempdir().unwrap();
    let (url, server) = spawn_http_server();
    std::fs::write(
        dir.path().join("greet.sh"),
        "#!/usr/bin/env bash\nread -r params\nprintf '{\"params\":%s,\"stdin\":\"%s\"}\\n' \"$params\" \"${TOOLSH_STDIN%$'\\n'}\"\n",
    )
    .unwrap();
    let manifest = format!(
        r#"
[[tool]]
name = "greet"
description = "Greets."
input_schema = {{ type = "object", properties = {{ name = {{ type = "string" }}, times = {{ type = "integer" }} }} }}
exec = ["bash", "greet.sh"]

[[tool]]
name = "remote.get"
description = "Queries the test server."
input_schema = {{ type = "object", properties = {{ q = {{ type = "string" }} }} }}
http = {{ url = "{url}/search", method = "GET", headers = {{ Authorization = "Bearer ${{TOOLSH_TEST_TOKEN}}" }} }}

[[tool]]
name = "remote.post"
http = {{ url = "{url}/items" }}
"#
    );
    let mpath = dir.path().join("tools.toml");
    std::fs::write(&mpath, manifest).unwrap();
    let script = "echo piped | greet --name ann --times 2 | jq -c .; \
                  remote.get --q 'a b' | jq -r '.request, .auth_ok'; \
                  remote.post --sku x | jq -r '.request, .body'; \
                  echo \"TOKEN=${TOOLSH_TEST_TOKEN:-unset}\"";
    let out = run_ok(
        toolsh()
            .env("TOOLSH_TEST_TOKEN", "s3cret")
            .args(["run", "--tools"])
            .arg(&mpath)
            .args(["-c", script]),
    );
    assert_eq!(
        text(&out.stdout),
        "{\"params\":{\"name\":\"ann\",\"times\":2},\"stdin\":\"piped\"}\n\
         GET /search?q=a+b HTTP/1.1\ntrue\n\
         POST /items HTTP/1.1\n{\"sku\":\"x\"}\n\
         TOKEN=unset\n"
    );
    server.join().unwrap();
}

#[test]
fn malformed_manifest_points_at_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let mpath = dir.path().join("bad.toml");
    std::fs::write(
        &mpath,
        "[[tool]]\nname = \"x\"\nexec = [\"true\"]\ncolour = \"red\"\n",
    )
    .unwrap();
    let out = toolsh()
        .args(["run", "--tools"])
        .arg(&mpath)
        .args(["-c", "true"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(
        err.contains("bad.toml:4:1:") && err.contains("colour"),
        "{err}"
    );
}

/// An `http` tool whose header refers to an unset variable is refused at
/// load (exit 2, the variable, the key and its line), before anything
/// runs, rather than sending `Bearer ` with no token on every call.
#[test]
fn manifest_with_an_unset_variable_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mpath = dir.path().join("env.toml");
    std::fs::write(
        &mpath,
        "[[tool]]\nname = \"remote.get\"\n\
         http = { url = \"http://127.0.0.1:9/x\", headers = { Authorization = \"Bearer ${TOOLSH_TEST_UNSET_TOKEN}\" } }\n",
    )
    .unwrap();
    let out = toolsh()
        .env_remove("TOOLSH_TEST_UNSET_TOKEN")
        .args(["run", "--tools"])
        .arg(&mpath)
        .args(["-c", "echo ran"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    let err = text(&out.stderr);
    assert!(
        err.contains("env.toml:3:")
            && err.contains(
                "tool 'remote.get': http.headers.Authorization: ${TOOLSH_TEST_UNSET_TOKEN} is not set in the environment"
            ),
        "{err}"
    );
    // Set (even to the empty string, as the operator chose), it loads.
    let out = run_ok(
        toolsh()
            .env("TOOLSH_TEST_UNSET_TOKEN", "")
            .args(["run", "--tools"])
            .arg(&mpath)
            .args(["-c", "echo ran"]),
    );
    assert_eq!(text(&out.stdout), "ran\n");
}

/// `toolsh prompt` tells the model what `toolsh run` will give its
/// scripts: by default both use the sandbox profile (an in-memory file
/// system), and `--profile logic` on both means no file system.
#[test]
fn prompt_describes_the_profile_run_uses() {
    let prompt = |extra: &[&str]| {
        let mut c = toolsh();
        c.args(["prompt", "--demo-tools", "--compact"]).args(extra);
        text(&run_ok(&mut c).stdout)
    };
    let files = |extra: &[&str]| {
        let mut c = toolsh();
        c.args(["run"])
            .args(extra)
            .args(["-c", "echo kept > notes.txt && cat notes.txt"])
            .stdin(Stdio::null());
        c.output().unwrap()
    };
    let default = prompt(&[]);
    assert_eq!(default, prompt(&["--profile", "sandbox"]));
    assert!(
        default.contains("Files live in an in-memory file system that starts empty"),
        "{default}"
    );
    assert!(!default.contains("There is no file system"), "{default}");
    let out = files(&[]);
    assert_eq!(
        (out.status.code(), text(&out.stdout).as_str()),
        (Some(0), "kept\n")
    );

    let logic = prompt(&["--profile", "logic"]);
    assert!(logic.contains("There is no file system"), "{logic}");
    assert!(!logic.contains("in-memory"), "{logic}");
    let out = files(&["--profile", "logic"]);
    assert_ne!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "");
}

#[test]
fn grants_and_modes_gate_every_call() {
    // Grants: ungranted tools and calls over a grant's count are denied
    // (exit 1 each), the script goes on.
    let out = run_ok(toolsh().args([
        "run",
        "--demo-tools",
        "--grant",
        "customers.list",
        "--grant",
        "orders.list:1",
        "-c",
        "customers.list | jq length; orders.list --customer c-acme | jq length; \
         orders.list --customer c-acme; echo \"st=$?\"; \
         payments.charge --customer c-acme --amount 1; echo \"st=$?\"",
    ]));
    assert_eq!(text(&out.stdout), "4\n2\nst=1\nst=1\n");
    assert_eq!(
        text(&out.stderr),
        "orders.list: denied: call limit reached (1 per execution)\n\
         payments.charge: denied: not granted by the capability lease\n"
    );

    // read-only: only tools whose risk is read run.
    let out = run_ok(toolsh().args([
        "run",
        "--demo-tools",
        "--mode",
        "read-only",
        "-c",
        "customers.get --id c-acme | jq -r .name; payments.charge --customer c-acme --amount 1; echo \"st=$?\"",
    ]));
    assert_eq!(text(&out.stdout), "Acme Corp\nst=1\n");
    assert_eq!(
        text(&out.stderr),
        "payments.charge: denied: read-only mode\n"
    );

    // auto with no terminal to ask: reads run, anything else is denied.
    let out = run_ok(toolsh().args([
        "run",
        "--demo-tools",
        "--mode",
        "auto",
        "-c",
        "customers.get --id c-acme | jq -r .tier; shipping.quote --country DE --kg 1; echo \"st=$?\"",
    ]));
    assert_eq!(text(&out.stdout), "gold\nst=1\n");
    assert_eq!(
        text(&out.stderr),
        "shipping.quote: denied: approval required, and no terminal to ask (stdin is not a terminal)\n"
    );

    // A grant naming no tool is a usage error before anything runs.
    let out = toolsh()
        .args([
            "run",
            "--demo-tools",
            "--grant",
            "nope.tool",
            "-c",
            "echo ran",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
}

/// A grant naming no tool is reported as the user wrote it, even when it is
/// not a valid tool name (the caps runtime shows such names only as an
/// audit digest); a `*` pattern is refused with the tools it would match.
#[test]
fn unknown_grants_are_named_as_written() {
    let run = |grant: &str| {
        toolsh()
            .args(["run", "--demo-tools", "--grant", grant, "-c", "echo ran"])
            .output()
            .unwrap()
    };
    let out = run("customers.*");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "");
    assert_eq!(
        text(&out.stderr),
        "toolsh: grants: no tool 'customers.*' in the catalog (a grant names one tool; \
         patterns are not supported: grant each of customers.get, customers.list)\n"
    );
    let out = run("Bad Name");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "toolsh: grants: no tool 'Bad Name' in the catalog\n"
    );
}

/// `help` inside a script and the served script tool's description list
/// only what the script can call under `--mode` / `--grant`, with the same
/// detail (output schemas included) as without them. Expected listings
/// are the default mode's own lines, filtered.
#[test]
fn modes_and_grants_hide_what_they_deny_from_every_listing() {
    let listing = |extra: &[&str]| {
        let mut c = toolsh();
        c.args(["run", "--demo-tools"]).args(extra).args([
            "-c",
            "help --list; help customers.list --json | jq -c .output_schema; \
             help --json | jq -c 'map(.name)'",
        ]);
        text(&run_ok(&mut c).stdout)
    };
    let full = listing(&[]);
    let lines: Vec<&str> = full.lines().collect();
    // The default listing's lines of `names`, realigned as `help --list`
    // aligns them (to the longest name shown).
    let list_of = |names: &[&str]| {
        use std::fmt::Write as _;
        let width = names.iter().map(|n| n.len()).max().unwrap_or(0);
        let mut out = String::new();
        for n in names {
            let line = lines
                .iter()
                .find(|l| l.starts_with(&format!("{n} ")))
                .unwrap_or_else(|| panic!("{n} is not in the default listing:\n{full}"));
            let summary = line[n.len()..].trim_start();
            let _ = writeln!(out, "{n:<width$}  {summary}");
        }
        out
    };
    let schema = lines
        .iter()
        .find(|l| l.starts_with("{\"type\":\"array\""))
        .expect("customers.list has an output schema");
    assert!(full.contains("payments.charge ") && full.contains("shipping.quote "));
    // Read-only: the write tool (payments.charge) and the external one
    // (shipping.quote) are hidden; the rest keep their output schemas.
    let reads = [
        "customers.get",
        "customers.list",
        "inventory.check",
        "orders.get",
        "orders.list",
    ];
    assert_eq!(
        listing(&["--mode", "read-only"]),
        format!(
            "{}{schema}\n{}\n",
            list_of(&reads),
            serde_json::to_string(&reads).unwrap()
        )
    );
    // Grants: only the granted tools.
    let granted = ["customers.list", "orders.list"];
    assert_eq!(
        listing(&["--grant", "customers.list", "--grant", "orders.list:1"]),
        format!(
            "{}{schema}\n{}\n",
            list_of(&granted),
            serde_json::to_string(&granted).unwrap()
        )
    );
}

/// Standard input is read as the script asks for it: an endless pipe into
/// `toolsh run -c 'head -n 3'` ends with the three lines (as with bash),
/// instead of waiting forever to read the whole pipe first.
#[test]
fn run_reads_an_endless_pipe_on_demand() {
    let mut child = toolsh()
        .args(["run", "-c", "head -n 3; read -r next; echo \"next=$next\""])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    // Like `yes`: write until the reader is gone.
    let writer = std::thread::spawn(move || {
        let mut n = 0u64;
        while stdin.write_all(format!("line {n}\n").as_bytes()).is_ok() {
            n += 1;
        }
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while child.try_wait().unwrap().is_none() {
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            panic!("toolsh run did not end: it waits for the end of an endless stdin");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("line 0\nline 1\nline 2\nnext=line "),
        "{stdout:?}"
    );
}

/// `toolsh run -c` leaves with bash -c's status after a fatal expansion
/// error in the shell itself (127), while a subshell's error, and the same
/// script run from a file, give 1. The expected values come from running
/// `bash -c` here.
#[test]
fn run_c_fatal_expansion_errors_match_bash_c() {
    for script in [
        "set -u; echo $x; echo after",
        "set -u; f() { echo $y; }; f; echo after",
        "set -u; (echo $x); echo after $?",
        "echo ${x:?oops}; echo after",
        "set -u; x=$(echo $z); echo after $?",
        "set -u; echo $(( y + 1 )); echo after",
        "trap 'echo trap $?' EXIT; set -u; echo $x",
    ] {
        let want = Command::new("bash")
            .args(["-c", script])
            .env_clear()
            .env("PATH", "/usr/bin:/bin")
            .env("LC_ALL", "C")
            .stdin(Stdio::null())
            .output()
            .expect("bash");
        let got = toolsh()
            .args(["run", "-c", script])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(
            (got.status.code(), text(&got.stdout)),
            (want.status.code(), text(&want.stdout)),
            "{script}"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("u.sh"), "set -u\necho $x\necho after\n").unwrap();
    let (status, stdout) = bash_file(d, "u.sh");
    let got = toolsh()
        .args(["run", "u.sh"])
        .current_dir(d)
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!((got.status.code(), text(&got.stdout)), (status, stdout));
}

/// Bad `--timeout` values are usage errors (2), and a full stdout gives a
/// write error with status 1, not a panic (101).
#[test]
fn bad_timeouts_and_full_stdout_are_clean_errors() {
    for t in ["1e99", "nan", "0", "-5", "inf", "soon"] {
        let out = toolsh()
            .args(["run", &format!("--timeout={t}"), "-c", "echo ok"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "--timeout {t}");
        assert!(text(&out.stderr).contains("--timeout"), "{t}");
    }
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let out = toolsh()
        .args(["prompt", "--demo-tools"])
        .stdout(full)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).starts_with("toolsh: write error:"),
        "{}",
        text(&out.stderr)
    );
}

/// A bad `--http` address for `toolsh mcp` is a usage error (2), as the
/// README says of usage errors.
#[test]
fn mcp_bad_http_address_is_a_usage_error() {
    let out = toolsh()
        .args(["mcp", "--demo-tools", "--http", "notanaddr"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("notanaddr"));
}
