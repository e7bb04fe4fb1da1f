//! Faulty upstream MCP servers, through the real binary: each fault is an
//! error the script can branch on (status 1, `<server>.<tool>: <cause>` on
//! stderr) within moments, not a hang until the script's deadline; the
//! handshake is bounded by `--timeout`; a server that dies in the
//! handshake is reported with its exit status and stderr; and a server's
//! grandchildren do not outlive toolsh.
//!
//! The servers are real processes: `tests/fixtures/faulty_mcp.py`, an MCP
//! server in a few lines of Python that misbehaves on purpose (python3 is
//! on every machine this runs on, as it is for the manifest tests).
//! `TOOLSH_BIN` runs the tests against another build of toolsh (to see
//! them fail before a fix).

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The binary, with a tool cache of this test process's own (a cached
/// tool list would move the handshake from load to the first call).
fn toolsh() -> Command {
    let mut c = Command::new(
        std::env::var_os("TOOLSH_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_toolsh").into()),
    );
    c.env(
        "XDG_CACHE_HOME",
        std::env::temp_dir().join(format!("toolsh-faults-cache-{}", std::process::id())),
    );
    c
}

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/faulty_mcp.py")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Run `cmd` to its end, or kill it after `limit`; the output and how long
/// it took.
fn run_within(cmd: &mut Command, limit: Duration) -> (Output, Duration) {
    let start = Instant::now();
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn toolsh");
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("output");
    (out, start.elapsed())
}

/// `toolsh run --timeout 30 --mcp bad='python3 faulty_mcp.py MODE' -c
/// 'bad.t; echo "status $?"'` with `extra` flags first.
fn call_faulty(mode: &str, extra: &[&str]) -> (Output, Duration) {
    let spec = format!("bad=python3 {} {mode}", fixture().display());
    run_within(
        toolsh().args(["run", "--timeout", "30"]).args(extra).args([
            "--mcp",
            &spec,
            "-c",
            r#"bad.t; echo "status $?""#,
        ]),
        Duration::from_secs(40),
    )
}

/// The script goes on after the failed call, with status 1, and stderr
/// names the tool and the cause; all well before the 30 s deadline.
fn assert_fault(mode: &str, extra: &[&str], cause: &str) {
    let (out, took) = call_faulty(mode, extra);
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert_eq!(stdout, "status 1\n", "mode {mode}; stderr:\n{stderr}");
    assert!(
        stderr.contains(&format!("bad.t: {cause}")),
        "mode {mode}: stderr does not name the cause `{cause}`:\n{stderr}"
    );
    assert_eq!(out.status.code(), Some(0), "mode {mode}");
    assert!(took < Duration::from_secs(15), "mode {mode} took {took:?}");
}

#[test]
fn a_well_behaved_fixture_answers() {
    let (out, _) = call_faulty("ok", &[]);
    assert_eq!(
        text(&out.stdout),
        "fine\nstatus 0\n",
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn a_20_mb_line_fails_the_call_with_the_line_size_limit() {
    assert_fault(
        "big-line",
        &[],
        "the server sent a message longer than 16777216 bytes (the line-size limit)",
    );
}

#[test]
fn invalid_json_fails_the_call() {
    assert_fault("invalid-json", &[], "the server sent invalid JSON");
}

#[test]
fn an_answer_with_a_wrong_id_fails_the_call() {
    assert_fault(
        "wrong-id",
        &[],
        "the server answered request id 987654, which is not pending",
    );
}

#[test]
fn no_answer_fails_the_call_at_the_per_call_timeout() {
    assert_fault(
        "silent",
        &["--mcp-timeout", "1"],
        "the MCP server did not answer within 1000 ms",
    );
}

#[test]
fn the_handshake_is_bounded_by_the_timeout_flag() {
    let spec = format!("bad=python3 {} mute", fixture().display());
    let (out, took) = run_within(
        toolsh().args(["run", "--timeout", "1", "--mcp", &spec, "-c", "echo ran"]),
        Duration::from_secs(40),
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("MCP server 'bad' did not answer within 1s"),
        "{stderr}"
    );
    assert!(
        took < Duration::from_secs(10),
        "took {took:?} (the fixed wait was 30 s)"
    );
}

#[test]
fn a_server_that_dies_in_the_handshake_is_reported_with_its_status_and_stderr() {
    let spec = format!("bad=python3 {} die", fixture().display());
    let (out, _) = run_within(
        toolsh().args(["run", "--mcp", &spec, "-c", "echo ran"]),
        Duration::from_secs(40),
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("MCP server 'bad' exited during the MCP handshake (exit status: 1)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("\n  npx canceled due to missing packages and no YES option"),
        "{stderr}"
    );
}

/// Whether process `pid` is alive (a zombie is not).
fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            s.rsplit_once(')')
                .map(|(_, rest)| rest.trim_start().to_owned())
        })
        .is_some_and(|rest| !rest.starts_with('Z') && !rest.starts_with('X'))
}

fn eventually(limit: Duration, f: impl Fn() -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < limit {
        if f() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    f()
}

#[test]
fn an_upstream_grandchild_does_not_outlive_toolsh() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("grandchild.pid");
    let spec = format!(
        "bad=python3 {} grandchild {}",
        fixture().display(),
        pidfile.display()
    );
    let (out, _) = run_within(
        toolsh().args(["run", "--mcp", &spec, "-c", "bad.t"]),
        Duration::from_secs(40),
    );
    assert_eq!(text(&out.stdout), "fine\n", "{}", text(&out.stderr));
    let pid = std::fs::read_to_string(&pidfile).expect("the fixture wrote its grandchild's pid");
    let pid = pid.trim();
    assert!(
        eventually(Duration::from_secs(5), || !alive(pid)),
        "the upstream's grandchild {pid} outlived toolsh"
    );
}

#[test]
fn an_upstream_grandchild_does_not_outlive_a_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("grandchild.pid");
    let spec = format!(
        "bad=python3 {} grandchild {}",
        fixture().display(),
        pidfile.display()
    );
    let mut child = toolsh()
        .args(["run", "--mcp", &spec, "-c", "bad.t; while :; do :; done"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 5];
    std::io::Read::read_exact(&mut stdout, &mut first).expect("the call's output");
    assert_eq!(&first, b"fine\n");
    let pid = std::fs::read_to_string(&pidfile)
        .unwrap()
        .trim()
        .to_string();
    assert!(alive(&pid), "the grandchild is not running");
    let sent = Instant::now();
    Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(143));
    assert!(
        sent.elapsed() < Duration::from_secs(5),
        "{:?}",
        sent.elapsed()
    );
    assert!(
        eventually(Duration::from_secs(5), || !alive(&pid)),
        "the upstream's grandchild {pid} outlived toolsh after SIGTERM"
    );
}

#[test]
fn the_help_shows_npx_with_yes() {
    let out = toolsh().args(["run", "--help"]).output().unwrap();
    let help = text(&out.stdout);
    assert!(
        help.contains("--mcp memory='npx -y @modelcontextprotocol/server-memory'"),
        "{help}"
    );
    assert!(help.contains("--mcp-timeout"), "{help}");
}

#[test]
fn a_url_with_another_scheme_is_refused_not_run() {
    let out = toolsh()
        .args(["run", "--mcp", "x=ftp://127.0.0.1/mcp", "-c", "true"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "toolsh: --mcp x: unsupported URL scheme 'ftp' (an MCP server is an http:// or https:// URL, or a command)\n"
    );
}

#[test]
fn two_upstreams_with_one_name_are_one_error() {
    let fixture = fixture();
    let server = format!("x=python3 {}", fixture.display());
    let out = toolsh()
        .args(["run", "--mcp", &server, "--mcp", &server, "-c", "true"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "toolsh: MCP server name 'x' is given more than once (each [[mcp]] entry and --mcp needs its own name)\n"
    );
}

/// A loopback port nothing listens on (bound, then closed).
fn closed_port() -> u16 {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap().port()
}

#[test]
fn an_unreachable_http_upstream_says_why_without_rust_names_or_its_url() {
    let spec = format!("x=http://127.0.0.1:{}/mcp?key=TOPSECRET", closed_port());
    let out = toolsh()
        .args(["run", "--mcp", &spec, "-c", "true"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = text(&out.stderr);
    assert!(err.contains("Connection refused"), "{err}");
    for leak in ["TOPSECRET", "rmcp::", "Transport [", "Client error"] {
        assert!(!err.contains(leak), "'{leak}' in: {err}");
    }
}

#[test]
fn an_http_upstream_that_accepts_and_never_answers_hits_the_handshake_bound() {
    // A listener whose connections are accepted by the kernel (backlog)
    // and never read: the server of a hung process.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let spec = format!("x=http://{}/mcp", listener.local_addr().unwrap());
    let (out, took) = run_within(
        toolsh().args(["run", "--timeout", "2", "--mcp", &spec, "-c", "true"]),
        Duration::from_secs(20),
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        "toolsh: MCP server 'x' did not answer within 2s\n"
    );
    assert!(took < Duration::from_secs(6), "{took:?}");
    drop(listener);
}
