//! `[[mcp]] elicitation`, against the real `@modelcontextprotocol/server-everything`
//! (npm, installed by scripts/install-test-servers.sh into
//! `~/.cache/toolsh-npm`; skipped with the reason when it is not there).
//! The server registers `trigger-elicitation-request` only for a client
//! that announces elicitation, and that tool's form requires `name`,
//! which has no default: so `defaults` announces the capability and
//! declines this form, and `decline` (the default) announces nothing.
//! Expected texts are the server's own, recorded from it.

use std::path::PathBuf;
use std::process::Command;

fn server_everything() -> Option<PathBuf> {
    let dir = std::env::var_os("TOOLSH_NPM_DIR").map_or_else(
        || PathBuf::from(std::env::var("HOME").unwrap_or_default()).join(".cache/toolsh-npm"),
        PathBuf::from,
    );
    let index = dir.join("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    let node = Command::new("node").arg("--version").output().is_ok();
    (node && index.exists()).then_some(index)
}

fn run_with(policy: &str, index: &std::path::Path, script: &str) -> (String, String, Option<i32>) {
    let dir = std::env::temp_dir().join(format!("toolsh-elicit-{policy}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let manifest = dir.join("m.toml");
    std::fs::write(
        &manifest,
        format!(
            "[[mcp]]\nname = \"ev\"\ncommand = \"node\"\nargs = [{:?}, \"stdio\"]\nelicitation = \"{policy}\"\n",
            index.display().to_string()
        ),
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_toolsh"))
        .env("XDG_CACHE_HOME", dir.join("cache"))
        .args(["run", "--timeout", "60", "--tools"])
        .arg(&manifest)
        .args(["-c", script])
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

#[test]
fn the_elicitation_policy_reaches_a_real_server() {
    let Some(index) = server_everything() else {
        eprintln!(
            "skipped: node or @modelcontextprotocol/server-everything in ~/.cache/toolsh-npm is missing (scripts/install-test-servers.sh)"
        );
        return;
    };
    let (out, err, code) = run_with("defaults", &index, "ev.trigger-elicitation-request");
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("User declined to provide the requested information.")
            && out.contains("\"action\": \"decline\""),
        "{out}{err}"
    );
    let (out, err, code) = run_with(
        "decline",
        &index,
        "ev.trigger-elicitation-request; echo status=$?",
    );
    assert!(out.ends_with("status=127\n"), "{out}{err}");
    assert!(
        err.contains("ev.trigger-elicitation-request: command not found"),
        "{err}"
    );
    assert_eq!(code, Some(0));
}
