//! `toolsh run`, `toolsh repl` and `toolsh check` next to real bash 5.2 on
//! the same command line: the expected status and stdout of each case
//! come from running `bash` here, at test time.

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn toolsh() -> Command {
    Command::new(env!("CARGO_BIN_EXE_toolsh"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// `/dev/full` opened for writing (every write fails with ENOSPC).
fn dev_full() -> std::fs::File {
    std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full")
}

/// Run `cmd` with stdin from `input` (empty when `None`) and stdout to
/// `stdout` (a pipe when `None`).
fn output(cmd: &mut Command, input: Option<&str>, stdout: Option<std::fs::File>) -> Output {
    cmd.stdin(Stdio::piped()).stderr(Stdio::piped());
    match stdout {
        Some(f) => cmd.stdout(f),
        None => cmd.stdout(Stdio::piped()),
    };
    let mut child = cmd.spawn().expect("spawn");
    let mut stdin = child.stdin.take().expect("stdin");
    let data = input.unwrap_or_default().to_string();
    let writer = std::thread::spawn(move || {
        use std::io::Write as _;
        let _ = stdin.write_all(data.as_bytes());
    });
    let out = child.wait_with_output().expect("wait");
    writer.join().expect("writer");
    out
}

/// `bash ARGS` and `toolsh run ARGS` (same stdin, stdout to a fresh
/// `stdout()` each), run in `dir`.
fn both(
    dir: &Path,
    args: &[&str],
    input: Option<&str>,
    stdout: impl Fn() -> Option<std::fs::File>,
) -> (Output, Output) {
    let bash = output(
        Command::new("bash").args(args).current_dir(dir),
        input,
        stdout(),
    );
    let ours = output(
        toolsh().arg("run").args(args).current_dir(dir),
        input,
        stdout(),
    );
    (bash, ours)
}

/// A write error on stdout (`/dev/full`) is reported naming the command
/// and the reason as `strerror` gives it, and the command's status is
/// bash's (1; the script's last status decides the exit).
#[test]
fn write_errors_on_stdout_are_reported_with_bash_statuses() {
    let dir = tempfile::tempdir().unwrap();
    for (script, needle) in [
        ("echo hi", "echo: write error: No space left on device\n"),
        (
            "echo hi; true",
            "echo: write error: No space left on device\n",
        ),
        (
            "printf '%s\\n' hi",
            "printf: write error: No space left on device\n",
        ),
        (
            "echo hi | cat",
            "cat: write error: No space left on device\n",
        ),
        (
            "printf hi >&-",
            "printf: write error: Bad file descriptor\n",
        ),
    ] {
        let (bash, ours) = both(dir.path(), &["-c", script], None, || Some(dev_full()));
        assert!(text(&bash.stderr).contains(needle), "bash: {script}");
        assert_eq!(ours.status.code(), bash.status.code(), "{script}");
        assert!(
            text(&ours.stderr).contains(needle),
            "{script}: {}",
            text(&ours.stderr)
        );
    }
    // jq 1.7.1 (`jq -n 1 >/dev/full`): `jq: error: writing output failed:
    // No space left on device`, status 2 (jq is not a bash builtin, so
    // its status was taken from the jq 1.7.1 oracle).
    let ours = output(
        toolsh().args(["run", "-c", "jq -n 1"]),
        None,
        Some(dev_full()),
    );
    assert_eq!(ours.status.code(), Some(2));
    assert!(
        text(&ours.stderr).contains("jq: error: writing output failed: No space left on device")
    );
}

/// A reader that has gone still gives 141, as SIGPIPE does in bash.
#[test]
fn a_closed_pipe_still_exits_141() {
    let mut child = toolsh()
        .args(["run", "-c", "while :; do echo y; done"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    assert_eq!(child.wait().unwrap().code(), Some(141));
}

/// `toolsh run -c SCRIPT NAME ARGS...` sets `$0` and the positional
/// parameters as `bash -c SCRIPT NAME ARGS...` does; `toolsh run FILE
/// ARGS...` and `toolsh run - ARGS...` as `bash FILE ARGS...`.
#[test]
fn operands_after_the_script_are_dollar_0_and_the_positional_parameters() {
    let dir = tempfile::tempdir().unwrap();
    let show = r#"echo "$0|$1|$2|$#|$*""#;
    for operands in [
        &["a", "b", "c"][..],
        &["a"],
        &["name", "-n", "--x", "two words"],
        &["-", "b"],
    ] {
        let mut args = vec!["-c", show];
        args.extend_from_slice(operands);
        let (bash, ours) = both(dir.path(), &args, None, || None);
        assert_eq!(
            (ours.status.code(), text(&ours.stdout)),
            (bash.status.code(), text(&bash.stdout)),
            "{operands:?}: {}",
            text(&ours.stderr)
        );
    }
    // Without operands `$0` is the shell's name (bash: `bash`).
    let out = output(toolsh().args(["run", "-c", show]), None, None);
    assert_eq!(text(&out.stdout), "toolsh|||0|\n");
    std::fs::write(dir.path().join("p.sh"), format!("{show}\n")).unwrap();
    let (bash, ours) = both(dir.path(), &["p.sh", "x", "-y", "z z"], None, || None);
    assert_eq!(text(&ours.stdout), text(&bash.stdout));
    assert_eq!(text(&bash.stdout), "p.sh|x|-y|3|x -y z z\n");
    // A script on stdin: bash's `-s` form.
    let script = format!("{show}\n");
    let bash = output(
        Command::new("bash").args(["-s", "x", "y"]),
        Some(&script),
        None,
    );
    let ours = output(toolsh().args(["run", "-", "x", "y"]), Some(&script), None);
    assert_eq!(
        text(&ours.stdout)
            .split_once('|')
            .map(|(_, rest)| rest.to_string()),
        text(&bash.stdout)
            .split_once('|')
            .map(|(_, rest)| rest.to_string()),
        "$1... (bash's $0 is `bash` here, ours `toolsh`)"
    );
}

/// Piped input that ends inside a construct: `toolsh repl` reports it and
/// exits 2, as bash reading the same script on stdin does; complete input
/// ends with the last command's status.
#[test]
fn repl_input_ending_inside_a_construct_is_a_syntax_error() {
    let dir = tempfile::tempdir().unwrap();
    for (input, needle) in [
        (
            "echo hi\necho \"unterminated\n",
            Some("unexpected EOF while looking for matching `\"'"),
        ),
        (
            "echo hi\nif true; then\n echo x\n",
            Some("syntax error: unexpected end of file"),
        ),
        ("echo hi\nfalse\n", None),
        ("x=1\necho $x\n", None),
    ] {
        let bash = output(
            Command::new("bash").current_dir(dir.path()),
            Some(input),
            None,
        );
        let ours = output(
            toolsh().arg("repl").current_dir(dir.path()),
            Some(input),
            None,
        );
        assert_eq!(
            (ours.status.code(), text(&ours.stdout)),
            (bash.status.code(), text(&bash.stdout)),
            "{input:?}: {}",
            text(&ours.stderr)
        );
        if let Some(needle) = needle {
            assert!(text(&bash.stderr).contains(needle), "bash: {input:?}");
            assert!(text(&ours.stderr).contains(needle), "{input:?}");
        }
    }
}

/// `run -c` is `bash -c`: `$-` holds `c` and `FUNCNAME` has no `main`
/// frame for the command string; a script file has both as bash.
#[test]
fn command_string_flags_and_frames_match_bash_c() {
    let dir = tempfile::tempdir().unwrap();
    let script = r#"echo "[$-]"; set -e; echo "[$-]"; g() { echo "${FUNCNAME[*]}|${#FUNCNAME[@]}"; }; f() { g; }; f; echo "top|${#FUNCNAME[@]}""#;
    let (bash, ours) = both(dir.path(), &["-c", script], None, || None);
    assert_eq!(text(&bash.stdout), "[hBc]\n[ehBc]\ng f|2\ntop|0\n");
    assert_eq!(
        (ours.status.code(), text(&ours.stdout)),
        (bash.status.code(), text(&bash.stdout)),
        "{}",
        text(&ours.stderr)
    );
    std::fs::write(dir.path().join("s.sh"), format!("{script}\n")).unwrap();
    let (bash, ours) = both(dir.path(), &["s.sh"], None, || None);
    assert_eq!(text(&bash.stdout), "[hB]\n[ehB]\ng f main|3\ntop|0\n");
    assert_eq!(text(&ours.stdout), text(&bash.stdout));
}
