//! Helpers shared by the CLI's integration tests: the binary under test
//! and the checks every test makes of a finished process.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The `toolsh` binary cargo built for this test run, with a tool cache
/// of its own for this test process (`XDG_CACHE_HOME`), so upstream tool
/// lists never come from, or go to, the user's cache.
pub fn toolsh() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_toolsh"));
    c.env(
        "XDG_CACHE_HOME",
        std::env::temp_dir().join(format!("toolsh-test-cache-{}", std::process::id())),
    );
    c
}

/// The workspace root (scripts, examples).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Bytes as text, invalid UTF-8 replaced.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Runs `cmd` with no stdin and fails the test, showing both streams,
/// unless it exits 0.
pub fn run_ok(cmd: &mut Command) -> Output {
    let out = cmd.stdin(Stdio::null()).output().expect("spawn");
    assert!(
        out.status.success(),
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        out.status,
        text(&out.stdout),
        text(&out.stderr)
    );
    out
}

/// The shell commands of README.md: every line of its ```sh blocks that
/// starts with `toolsh `, `cargo ` or `scripts/`, `\`-continuations joined, the
/// trailing `# comment` kept (bash ignores it). Tests run them so the
/// README cannot rot.
pub fn readme_commands() -> Vec<String> {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).expect("README.md");
    let mut commands = Vec::new();
    let mut in_sh = false;
    let mut pending = String::new();
    for line in readme.lines() {
        if let Some(lang) = line.strip_prefix("```") {
            in_sh = !in_sh && lang.trim() == "sh";
            continue;
        }
        if !in_sh {
            continue;
        }
        let continued = !pending.is_empty();
        if !continued
            && !["toolsh ", "cargo ", "scripts/"]
                .iter()
                .any(|p| line.starts_with(p))
        {
            continue;
        }
        let code = strip_comment(line);
        if let Some(head) = code.trim_end().strip_suffix('\\') {
            pending.push_str(head);
            continue;
        }
        pending.push_str(code.trim_end());
        commands.push(std::mem::take(&mut pending));
    }
    commands
}

/// `line` without a trailing ` # comment` outside quotes.
fn strip_comment(line: &str) -> &str {
    let (mut single, mut double) = (false, false);
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        match b {
            b'\'' if !double => single = !single,
            b'"' if !single => double = !double,
            b'#' if !single && !double && i > 0 && bytes[i - 1] == b' ' => return &line[..i],
            _ => {}
        }
    }
    line
}

/// Runs one README command line with `bash -c` in `dir`, the test's
/// `toolsh` first on `PATH`; returns the output. Its stdin is empty,
/// except for `toolsh mcp`, which gets what an MCP client sends first
/// (`initialize`, `notifications/initialized`, `tools/list`) and then end
/// of input.
pub fn run_readme_command(line: &str, dir: &Path) -> Output {
    let stdin = if line.starts_with("toolsh mcp") {
        concat!(
            r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"readme-test","version":"0"}}}"#,
            "\n",
            r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            "\n",
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#,
            "\n"
        )
    } else {
        ""
    };
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_toolsh"))
        .parent()
        .expect("the binary's directory")
        .to_path_buf();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new("timeout")
        .args(["60", "bash", "-c", line])
        .env("PATH", path)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn bash");
    let mut input = child.stdin.take().expect("stdin");
    std::io::Write::write_all(&mut input, stdin.as_bytes()).expect("write stdin");
    drop(input);
    child.wait_with_output().expect("wait for bash")
}
