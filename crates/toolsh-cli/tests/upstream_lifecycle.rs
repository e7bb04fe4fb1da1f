//! Upstream MCP servers over their lifetime, through the real binary:
//! started on the first call when their tool list is cached (and the cache
//! refreshed on `notifications/tools/list_changed`), restarted once after
//! a crash, told `notifications/cancelled` when a call is given up,
//! bounded in calls in flight; their results as the script sees them
//! (`isError` text, content blocks, structured content) and their tools'
//! command names.
//!
//! The servers are real processes: `tests/fixtures/faulty_mcp.py` (see its
//! docstring for the modes). Every run gets its own tool cache
//! (`XDG_CACHE_HOME` in a temporary directory).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/faulty_mcp.py")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `toolsh run --timeout 30 --mcp bad='python3 faulty_mcp.py MODE ARG'
/// EXTRA -c SCRIPT` with its tool cache under `cache`, killed after 40 s.
fn run(cache: &Path, mode: &str, arg: Option<&Path>, extra: &[&str], script: &str) -> Output {
    let mut spec = format!("bad=python3 {} {mode}", fixture().display());
    if let Some(a) = arg {
        spec.push(' ');
        spec.push_str(&a.display().to_string());
    }
    let mut child = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .args(["run", "--timeout", "30", "--mcp", &spec])
        .args(extra)
        .args(["-c", script])
        .env("XDG_CACHE_HOME", cache)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn toolsh");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(40) {
            let _ = child.kill();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

fn lines(p: &Path) -> usize {
    std::fs::read_to_string(p).map_or(0, |s| s.lines().count())
}

#[test]
fn a_cached_upstream_starts_on_its_first_call_and_help_lists_it_before() {
    let dir = tempfile::tempdir().unwrap();
    let starts = dir.path().join("starts");
    // First run: no cache yet, so the server is started to list its tools.
    let out = run(dir.path(), "starts", Some(&starts), &[], "help --list");
    assert!(text(&out.stdout).contains("bad.t"), "{}", text(&out.stderr));
    assert_eq!(lines(&starts), 1);
    // Second run: `help` and `discover` list the tool from the cache; the
    // server is not started.
    let out = run(
        dir.path(),
        "starts",
        Some(&starts),
        &[],
        "help bad.t; discover t",
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("bad.t"), "{stdout}\n{}", text(&out.stderr));
    assert_eq!(lines(&starts), 1, "help started the server");
    // A call starts it.
    let out = run(dir.path(), "starts", Some(&starts), &[], "bad.t");
    assert_eq!(text(&out.stdout), "fine\n", "{}", text(&out.stderr));
    assert_eq!(lines(&starts), 2);
}

#[test]
fn list_changed_refreshes_the_cached_tool_list() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        dir.path(),
        "list-changed",
        None,
        &[],
        "bad.t; sleep 0.5; echo done",
    );
    assert_eq!(text(&out.stdout), "fine\ndone\n", "{}", text(&out.stderr));
    // The next run's tool set has the tool the server announced.
    let out = run(dir.path(), "list-changed", None, &[], "help --list");
    assert!(
        text(&out.stdout).contains("bad.t2"),
        "{}",
        text(&out.stdout)
    );
}

#[test]
fn a_crashed_upstream_is_restarted_once_and_the_failing_call_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let flag = dir.path().join("crashed");
    let out = run(
        dir.path(),
        "crash-once",
        Some(&flag),
        &[],
        r#"bad.t; echo "status $?"; bad.t; echo "status $?""#,
    );
    let stderr = text(&out.stderr);
    assert_eq!(
        text(&out.stdout),
        "status 1\nfine\nstatus 0\n",
        "stderr:\n{stderr}"
    );
    assert!(
        stderr.contains(
            "bad.t: the MCP server exited (exit status: 3); it is restarted on the next call"
        ),
        "{stderr}"
    );
    // The server's stderr is host data: not in the script's stderr.
    assert!(!stderr.contains("boom"), "{stderr}");

    let starts = dir.path().join("starts");
    let out = run(
        dir.path(),
        "crash",
        Some(&starts),
        &[],
        r"bad.t; bad.t; bad.t; echo end",
    );
    let stderr = text(&out.stderr);
    assert_eq!(text(&out.stdout), "end\n", "{stderr}");
    assert!(
        stderr.contains("it was already restarted once and is not restarted again"),
        "{stderr}"
    );
    assert!(
        stderr.contains("bad.t: the MCP server is not restarted again (it was lost 2 times"),
        "{stderr}"
    );
    assert_eq!(lines(&starts), 2, "started once and restarted once");
}

#[test]
fn a_call_given_up_sends_notifications_cancelled() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("cancelled");
    let out = run(
        dir.path(),
        "cancel-log",
        Some(&log),
        &["--mcp-timeout", "1"],
        r#"bad.t; echo "status $?"; sleep 1; echo done"#,
    );
    let stderr = text(&out.stderr);
    assert_eq!(text(&out.stdout), "status 1\ndone\n", "{stderr}");
    assert!(
        stderr.contains("bad.t: the MCP server did not answer within 1000 ms"),
        "{stderr}"
    );
    assert_eq!(lines(&log), 1, "the server got no notifications/cancelled");

    // The script's deadline gives the call up too.
    let log = dir.path().join("cancelled-at-deadline");
    let out = run(
        dir.path(),
        "cancel-log",
        Some(&log),
        &["--timeout", "1"],
        "bad.t",
    );
    assert_ne!(out.status.code(), Some(0));
    let start = Instant::now();
    while lines(&log) == 0 && start.elapsed() < Duration::from_secs(3) {
        std::thread::sleep(Duration::from_millis(50));
    }
    // toolsh may exit (killing the server) before the server writes, so
    // the deadline case is checked by the toolsh-side timeout above; this
    // records what happened.
    eprintln!("cancelled at the deadline: {} line(s)", lines(&log));
}

#[test]
fn calls_in_flight_per_upstream_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    let most = dir.path().join("most");
    let manifest = dir.path().join("m.toml");
    std::fs::write(
        &manifest,
        format!(
            "[[mcp]]\nname = \"slow\"\ncommand = \"python3\"\nargs = [{:?}, \"slow\", {:?}]\nmax_concurrent_calls = 2\n",
            fixture().display().to_string(),
            most.display().to_string()
        ),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .args(["run", "--timeout", "30", "--tools"])
        .arg(&manifest)
        .args([
            "-c",
            "for i in 1 2 3 4 5 6; do slow.t & done; wait; echo done",
        ])
        .env("XDG_CACHE_HOME", dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(
        text(&out.stdout),
        "fine\nfine\nfine\nfine\nfine\nfine\ndone\n",
        "{}",
        text(&out.stderr)
    );
    assert_eq!(std::fs::read_to_string(&most).unwrap(), "2");
}

#[test]
fn an_error_result_is_the_servers_text_on_stderr_with_status_1() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        dir.path(),
        "is-error",
        None,
        &[],
        r#"bad.t; echo "status $?""#,
    );
    assert_eq!(text(&out.stdout), "status 1\n");
    assert_eq!(
        text(&out.stderr),
        "bad.t: Access denied - path outside allowed directories\n"
    );
}

#[test]
fn content_blocks_print_text_and_placeholders() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(dir.path(), "blocks", None, &[], "bad.t");
    assert_eq!(
        text(&out.stdout),
        "here\n[image image/png, 5 bytes]\n[audio audio/wav, 3 bytes]\n[resource file:///notes.txt text/plain, 3 bytes]\n",
        "{}",
        text(&out.stderr)
    );
    let out = run(dir.path(), "structured", None, &[], "bad.t | jq .sum");
    assert_eq!(text(&out.stdout), "3\n", "{}", text(&out.stderr));
}

#[test]
fn tool_names_that_are_no_command_get_one_and_help_shows_the_original() {
    let dir = tempfile::tempdir().unwrap();
    let out = run(
        dir.path(),
        "names",
        None,
        &[],
        "bad.get_weather_now-2; bad.get_weather_now; bad.ok; help bad.get_weather_now-2",
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("called get weather/now\ncalled get_weather_now\ncalled ok\n"),
        "{stdout}\n{}",
        text(&out.stderr)
    );
    assert!(
        stdout.contains(r#"(MCP tool name: "get weather/now"; command bad.get_weather_now-2)"#),
        "{stdout}"
    );
}
