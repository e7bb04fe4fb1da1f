//! The `parse` example as a shell user runs it: output cut short by
//! `| head` ends it quietly with 141, as for any command killed by
//! SIGPIPE (it used to panic with a backtrace).

use std::path::PathBuf;
use std::process::Command;

/// The example binary cargo built next to this test
/// (`target/<profile>/examples/parse`).
fn example(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary");
    let profile_dir = exe
        .parent()
        .and_then(std::path::Path::parent)
        .expect("target/<profile>");
    profile_dir.join("examples").join(name)
}

#[test]
fn parse_example_cut_short_exits_141_quietly() {
    let parse = example("parse");
    assert!(parse.exists(), "{} not built", parse.display());
    let dir = tempfile_dir();
    let script = dir.join("big.sh");
    std::fs::write(&script, "echo \"$a\" | tr a b\n".repeat(20_000)).unwrap();
    let out = Command::new("bash")
        .arg("-c")
        .arg("\"$0\" \"$1\" | head -c 10 >/dev/null; echo \"${PIPESTATUS[0]}\"")
        .arg(&parse)
        .arg(&script)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "141\n");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    let _ = std::fs::remove_dir_all(dir);
}

fn tempfile_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("toolsh-parser-examples-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
