//! `toolsh check` against `toolsh run`: the same parse limits, and
//! warnings for command names that nothing defines.

use std::path::Path;
use std::process::{Command, Output, Stdio};

fn toolsh() -> Command {
    Command::new(env!("CARGO_BIN_EXE_toolsh"))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn run(dir: &Path, args: &[&str]) -> Output {
    toolsh()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .output()
        .expect("spawn")
}

/// `check` parses under exactly `run`'s limits: at every nesting depth
/// around the limit, check accepts the script if and only if run parses
/// it (run's nesting limit is status 124; check's syntax failure 2).
#[test]
fn check_accepts_exactly_what_run_parses() {
    let dir = tempfile::tempdir().unwrap();
    let mut accepted = 0;
    for n in [150, 199, 200, 201, 230, 255, 300] {
        let script = format!("{}echo deep{}\n", "{ ".repeat(n), "; }".repeat(n));
        std::fs::write(dir.path().join("deep.sh"), script).unwrap();
        let check = run(dir.path(), &["check", "deep.sh"]);
        let ran = run(dir.path(), &["run", "deep.sh"]);
        let parsed = !text(&ran.stderr).contains("nesting depth limit exceeded");
        assert_eq!(
            check.status.code() == Some(0),
            parsed,
            "depth {n}: check {:?} {}, run {:?} {}",
            check.status.code(),
            text(&check.stderr),
            ran.status.code(),
            text(&ran.stderr)
        );
        if parsed {
            accepted += 1;
            assert_eq!(text(&ran.stdout), "deep\n");
        } else {
            assert_eq!(check.status.code(), Some(2));
            assert!(text(&check.stderr).contains("nesting depth limit exceeded"));
        }
    }
    // Both outcomes were exercised.
    assert!((1..7).contains(&accepted), "{accepted}");
}
