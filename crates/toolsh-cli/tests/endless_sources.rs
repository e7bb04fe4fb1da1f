//! A script or manifest from an endless or huge source is read with a
//! bound and fails at the limit, instead of being read whole first (which
//! never ends for `/dev/zero` or a FIFO fed forever). Through the real
//! binary, each run bounded in time; `TOOLSH_BIN` runs them against
//! another build.

use std::io::Write;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

fn toolsh() -> Command {
    Command::new(
        std::env::var_os("TOOLSH_BIN").unwrap_or_else(|| env!("CARGO_BIN_EXE_toolsh").into()),
    )
}

/// The output of `child`, or a failure naming `what` when it runs past
/// 20 s (it is killed then).
fn finish(mut child: Child, what: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(20) {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{what}: still reading after 20 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const SOURCE_LIMIT: &str = "toolsh: source size limit exceeded (1048576)\n";

#[test]
fn dev_zero_is_a_binary_file_as_for_bash() {
    // bash 5.2: `bash /dev/zero` says `cannot execute binary file`, 126.
    let child = toolsh()
        .args(["run", "/dev/zero"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = finish(child, "toolsh run /dev/zero");
    assert_eq!(out.status.code(), Some(126));
    assert_eq!(
        text(&out.stderr),
        "toolsh: /dev/zero: cannot execute binary file\n"
    );
}

/// A FIFO fed `line` forever by a writer thread; the writer stops when the
/// reader goes.
fn endless_fifo(dir: &std::path::Path, line: &'static [u8]) -> std::path::PathBuf {
    let fifo = dir.join("endless");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let path = fifo.clone();
    std::thread::spawn(move || {
        let Ok(mut f) = std::fs::OpenOptions::new().write(true).open(&path) else {
            return;
        };
        while f.write_all(line).is_ok() {}
    });
    fifo
}

#[test]
fn an_endless_fifo_script_fails_at_the_source_limit() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = endless_fifo(dir.path(), b"echo x\n");
    let child = toolsh()
        .arg("run")
        .arg(&fifo)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = finish(child, "toolsh run FIFO");
    assert_eq!(out.status.code(), Some(124));
    assert_eq!(text(&out.stderr), SOURCE_LIMIT);
    assert_eq!(text(&out.stdout), "", "nothing of the script ran");
}

#[test]
fn an_endless_script_on_stdin_fails_at_the_source_limit() {
    for args in [&["run", "-"][..], &["run"][..], &["check", "-"][..]] {
        let mut child = toolsh()
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdin = child.stdin.take().unwrap();
        std::thread::spawn(move || while stdin.write_all(b"echo y\n").is_ok() {});
        let out = finish(child, &format!("toolsh {args:?} from an endless stdin"));
        assert_eq!(out.status.code(), Some(124), "{args:?}");
        assert_eq!(text(&out.stderr), SOURCE_LIMIT, "{args:?}");
    }
}

#[test]
fn an_endless_manifest_fails_at_the_manifest_limit() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = endless_fifo(dir.path(), b"# a comment that never ends\n");
    let child = toolsh()
        .arg("run")
        .arg("--tools")
        .arg(&fifo)
        .args(["-c", "echo ran"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = finish(child, "toolsh run --tools FIFO");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!(
            "toolsh: {}: manifest size limit exceeded (4194304 bytes)\n",
            fifo.display()
        )
    );
}

#[test]
fn endless_workflow_replay_and_serve_files_fail_at_their_bounds() {
    // Each file toolsh itself reads has a bound: `/dev/zero` given as one
    // of them is refused with status 2 once past it (it used to be read
    // until memory ran out).
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("k.key");
    let key = key.to_str().unwrap();
    let cases: [(&[&str], &str); 5] = [
        (
            &[
                "workflow",
                "run",
                "--workflow",
                "/dev/zero",
                "--key-file",
                key,
                "--demo-tools",
            ],
            "toolsh: workflow: /dev/zero: workflow file size limit exceeded (4194304 bytes)\n",
        ),
        (
            &[
                "workflow",
                "resume",
                "/dev/zero",
                "--workflow",
                "/dev/zero",
                "--key-file",
                key,
                "--demo-tools",
            ],
            "size limit exceeded (4194304 bytes)\n",
        ),
        (
            &[
                "workflow",
                "run",
                "--workflow",
                "/dev/null",
                "--key-file",
                "/dev/zero",
                "--demo-tools",
            ],
            "/dev/zero: key file size limit exceeded (4096 bytes)\n",
        ),
        (
            &["replay", "/dev/zero"],
            "toolsh: /dev/zero: trajectory size limit exceeded (268435456 bytes)\n",
        ),
        (
            &["serve", "--config", "/dev/zero"],
            "toolsh: serve: cannot read /dev/zero: config size limit exceeded (4194304 bytes)\n",
        ),
    ];
    for (args, tail) in cases {
        let child = toolsh()
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let out = finish(child, &format!("toolsh {args:?}"));
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(
            text(&out.stderr).ends_with(tail),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

#[test]
fn a_signal_while_waiting_for_the_script_ends_toolsh() {
    // A FIFO nobody writes: `open` itself waits. bash's reader would be
    // interrupted by Ctrl-C the same way; status 128 + the signal.
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("quiet");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let fifo = fifo.to_str().unwrap();
    let cases: [(&[&str], &str, i32); 3] = [
        (&["run", fifo], "-INT", 130),
        (&["check", fifo], "-TERM", 143),
        (&["run", "--tools", fifo, "-c", "echo ran"], "-INT", 130),
    ];
    for (args, signal, status) in cases {
        let child = toolsh()
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        std::thread::sleep(Duration::from_millis(700));
        let kill = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .unwrap();
        assert!(kill.success());
        let out = finish(child, &format!("toolsh {args:?} after {signal}"));
        assert_eq!(
            out.status.code(),
            Some(status),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn record_files_that_cannot_be_written_stop_the_run_before_it_starts() {
    // `--trajectory` and `--audit` in a missing directory: status 2 and
    // nothing ran (the script would write to stdout); no directory made.
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing").join("f.jsonl");
    for flag in ["--trajectory", "--audit"] {
        let out = toolsh()
            .args(["run", "--demo-tools", flag])
            .arg(&missing)
            .args(["-c", "echo ran"])
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag}");
        assert!(out.stdout.is_empty(), "{flag}: the script ran");
        assert_eq!(
            text(&out.stderr),
            format!(
                "toolsh: {flag} {}: No such file or directory\n",
                missing.display()
            )
        );
        assert!(
            !dir.path().join("missing").exists(),
            "{flag} made the directory"
        );
    }
}
