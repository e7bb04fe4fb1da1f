//! Output cut short and Ctrl-C, as a shell user meets them: `toolsh ... |
//! head` ends quietly with 141 (a shell's status for a command killed by
//! SIGPIPE), and Ctrl-C during a command in `toolsh repl` interrupts that
//! command (status 130) and leaves the session running, as in bash.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Stdio};
use std::time::Duration;

use crate::common::{text, toolsh};

/// Starts `toolsh ARGS`, reads one line of its stdout, closes the pipe
/// and returns (status, stderr).
fn first_line_then_close(args: &[&str]) -> (Option<i32>, String) {
    let mut child = toolsh()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn toolsh");
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert!(!line.is_empty(), "no output from toolsh {args:?}");
    drop(stdout);
    wait_with_stderr(child)
}

fn wait_with_stderr(mut child: Child) -> (Option<i32>, String) {
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    (status.code(), stderr)
}

#[test]
fn run_ends_quietly_with_141_when_stdout_is_closed() {
    for script in ["while :; do echo y; done", "yes", "seq 1 100000000"] {
        let (status, stderr) = first_line_then_close(&["run", "-c", script]);
        assert_eq!(status, Some(141), "{script}: {stderr}");
        assert_eq!(stderr, "", "{script}");
    }
}

#[test]
fn a_tool_pipeline_cut_short_ends_quietly_too() {
    let (status, stderr) = first_line_then_close(&[
        "run",
        "--demo-tools",
        "-c",
        "while :; do customers.list | jq -c '.[]'; done",
    ]);
    assert_eq!(status, Some(141), "{stderr}");
    assert_eq!(stderr, "");
}

#[test]
fn printing_subcommands_end_quietly_with_141() {
    let (status, stderr) = first_line_then_close(&["prompt", "--demo-tools"]);
    // The prompt may fit in the pipe's buffer before the reader goes: then
    // it is written whole and the status is 0.
    assert!(matches!(status, Some(0 | 141)), "{status:?} {stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn ctrl_c_in_the_repl_interrupts_the_command_not_the_session() {
    // A command that sleeps, and one that computes without yielding.
    for body in ["sleep 0.05", ": {1..20000}"] {
        ctrl_c_in_the_repl(body);
    }
}

fn ctrl_c_in_the_repl(body: &str) {
    let mut child = toolsh()
        .args(["repl", "--demo-tools"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn toolsh repl");
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    writeln!(stdin, "x=kept; echo started; while :; do {body}; done").unwrap();
    stdin.flush().unwrap();
    let mut line = String::new();
    stdout.read_line(&mut line).unwrap();
    assert!(line.contains("started"), "{line:?}");
    std::thread::sleep(Duration::from_millis(200));
    let kill = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    writeln!(stdin, "echo \"status=$? x=$x\"").unwrap();
    writeln!(stdin, "exit 3").unwrap();
    drop(stdin);
    let mut rest = String::new();
    stdout.read_to_string(&mut rest).unwrap();
    let (status, stderr) = wait_with_stderr(child);
    assert!(
        rest.contains("status=130 x=kept"),
        "stdout: {rest:?}\nstderr: {stderr}"
    );
    assert_eq!(status, Some(3), "{stderr}");
    assert!(
        !text(stderr.as_bytes()).contains("execution cancelled"),
        "{stderr}"
    );
}

#[test]
fn the_repl_waits_for_a_here_document_body() {
    // bash asks for the body with `>` until the delimiter line comes; the
    // body is not run as commands.
    let mut child = toolsh()
        .args(["repl"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn toolsh repl");
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(b"cat <<EOF | tr a-z A-Z\nhello $((1+1))\nEOF\necho after\nexit\n")
        .unwrap();
    drop(stdin);
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    let (status, stderr) = wait_with_stderr(child);
    assert_eq!(out, "HELLO 2\nafter\n", "stderr: {stderr}");
    assert_eq!(status, Some(0), "{stderr}");
    assert!(!stderr.contains("here-document"), "{stderr}");
}
