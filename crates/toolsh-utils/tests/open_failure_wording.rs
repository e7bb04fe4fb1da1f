//! The messages utilities print on stderr for an operand they cannot
//! open, which the spec corpus does not compare: GNU coreutils 9.1 and
//! findutils' exact text in the C locale.

use std::sync::Arc;

use toolsh_interp::{MemoryFs, Profile, Shell};

/// Run `script` in the Sandbox profile over an empty file system.
async fn run(script: &str) -> (String, String, i32) {
    let mut sh = Shell::builder()
        .utilities(toolsh_utils::standard())
        .profile(Profile::Sandbox)
        .fs(Arc::new(MemoryFs::new()))
        .build();
    let r = sh.exec(script).await;
    (r.stdout, r.stderr, r.exit_code)
}

#[tokio::test]
async fn tac_failed_to_open_for_reading() {
    let (out, err, status) = run("echo a | tac - x; echo s=$?").await;
    assert_eq!((out.as_str(), status), ("a\ns=1\n", 0));
    assert_eq!(
        err,
        "tac: failed to open 'x' for reading: No such file or directory\n"
    );
    let (_, err, _) = run("tac \"it's\" 'a b'").await;
    assert_eq!(
        err,
        "tac: failed to open \"it's\" for reading: No such file or directory\n\
         tac: failed to open 'a b' for reading: No such file or directory\n"
    );
}

#[tokio::test]
async fn xargs_cannot_open_input_file() {
    let (out, err, status) = run("xargs -a x echo; echo s=$?").await;
    assert_eq!((out.as_str(), status), ("s=1\n", 0));
    assert_eq!(
        err,
        "xargs: Cannot open input file 'x': No such file or directory\n"
    );
    // gnulib's quote escapes a single quote with a backslash.
    let (_, err, _) = run("xargs -a \"it's\" echo").await;
    assert_eq!(
        err,
        "xargs: Cannot open input file 'it\\'s': No such file or directory\n"
    );
    let (_, err, _) = run("xargs -a $'a\\001b\\rc\\\\d' echo").await;
    assert_eq!(
        err,
        "xargs: Cannot open input file 'a\\001b\\rc\\\\d': No such file or directory\n"
    );
}

#[tokio::test]
async fn head_and_tail_cannot_open_for_reading() {
    let (_, err, _) = run("head \"it's\"; tail x").await;
    assert_eq!(
        err,
        "head: cannot open \"it's\" for reading: No such file or directory\n\
         tail: cannot open 'x' for reading: No such file or directory\n"
    );
}
