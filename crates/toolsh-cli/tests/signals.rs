//! A `toolsh` process ended by a signal takes its children with it.
//!
//! An `exec` tool's process (and an MCP upstream server) is a child of
//! toolsh; SIGTERM, SIGINT and SIGHUP used to end toolsh on the spot and
//! leave the child running, re-parented to init. toolsh now exits with
//! 128 + the signal's number, as a shell reports a command killed by it,
//! after dropping its tasks (which kills their children).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Whether process `pid` is alive (a zombie waiting to be reaped is not).
fn alive(pid: &str) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            s.rsplit_once(')')
                .map(|(_, rest)| rest.trim_start().to_owned())
        })
        .is_some_and(|rest| !rest.starts_with('Z') && !rest.starts_with('X'))
}

/// Waits up to `limit` for `f` to hold.
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

fn signal_kills_exec_child(signal: &str, expected_status: i32) {
    let dir = tempfile::tempdir().unwrap();
    let pidfile = dir.path().join("child.pid");
    let manifest = dir.path().join("tools.toml");
    std::fs::write(
        &manifest,
        format!(
            "[[tool]]\nname = \"slow.it\"\ndescription = \"Sleeps.\"\n\
             exec = [\"sh\", \"-c\", \"echo $$ > {}; exec sleep 60\"]\n",
            pidfile.display()
        ),
    )
    .unwrap();
    let mut toolsh = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .args(["run", "--timeout", "50", "--tools"])
        .arg(&manifest)
        .args(["-c", "slow.it"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let read_pid = |p: &Path| std::fs::read_to_string(p).ok().map(|s| s.trim().to_owned());
    assert!(
        eventually(Duration::from_secs(20), || read_pid(&pidfile)
            .is_some_and(|p| !p.is_empty())),
        "the exec tool never started"
    );
    let child = read_pid(&pidfile).unwrap();
    assert!(alive(&child), "the exec tool's process is not running");
    let status = Command::new("kill")
        .args([signal, &toolsh.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = toolsh.wait().unwrap();
    assert_eq!(exit.code(), Some(expected_status), "toolsh's exit status");
    assert!(
        eventually(Duration::from_secs(5), || !alive(&child)),
        "the exec tool's process {child} outlived toolsh after {signal}"
    );
}

#[test]
fn sigterm_ends_toolsh_and_its_exec_tool() {
    signal_kills_exec_child("-TERM", 143);
}

#[test]
fn sigint_ends_toolsh_and_its_exec_tool() {
    signal_kills_exec_child("-INT", 130);
}
