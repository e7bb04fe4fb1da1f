//! Unit tests of grep through the test shell; expected values from GNU
//! grep 3.8 on this machine.

use std::sync::Arc;

use super::Grep;
use toolsh_command::fs::MemoryFs;
use toolsh_command::profile::Profile;
use toolsh_command::testing::TestShell;

async fn grep(args: &[&str], stdin: &str) -> (String, i32) {
    let mut sh = TestShell::default();
    let mut argv = vec!["grep"];
    argv.extend_from_slice(args);
    let r = sh.run(&Grep, &argv, stdin).await;
    (r.stdout, r.status.unwrap())
}

async fn grep_fs(args: &[&str]) -> (String, String, i32) {
    let fs = MemoryFs::new()
        .with_files([
            ("/w/f1", "a\nb\na\n"),
            ("/w/f2", "x\ny\n"),
            ("/w/d/g", "a\n"),
            ("/w/bin", "a\0b\n"),
        ])
        .unwrap();
    let mut sh = TestShell {
        fs: Arc::new(fs),
        profile: Profile::Sandbox,
        cwd: "/w".to_string(),
        ..TestShell::default()
    };
    let mut argv = vec!["grep"];
    argv.extend_from_slice(args);
    let r = sh.run(&Grep, &argv, "").await;
    (r.stdout, r.stderr, r.status.unwrap())
}

#[tokio::test]
async fn selects_and_inverts() {
    assert_eq!(grep(&["a"], "a\nb\nca\n").await, ("a\nca\n".into(), 0));
    assert_eq!(grep(&["-v", "a"], "a\nb\n").await, ("b\n".into(), 0));
    assert_eq!(grep(&["z"], "a\nb\n").await, (String::new(), 1));
    assert_eq!(grep(&["-c", "a"], "a\nb\na").await, ("2\n".into(), 0));
    assert_eq!(
        grep(&["-n", "-i", "A"], "x\na\n").await,
        ("2:a\n".into(), 0)
    );
    assert_eq!(grep(&["-x", "ab"], "ab\nabc\n").await, ("ab\n".into(), 0));
    assert_eq!(
        grep(&["-w", "ab"], "abc\nx ab.\n").await,
        ("x ab.\n".into(), 0)
    );
    assert_eq!(
        grep(&["-e", "a", "-e", "b"], "a\nb\nc\n").await,
        ("a\nb\n".into(), 0)
    );
    assert_eq!(grep(&["a\nb"], "a\nb\nc\n").await, ("a\nb\n".into(), 0));
    assert_eq!(
        grep(&["-F", "a.c"], "abc\na.c\n").await,
        ("a.c\n".into(), 0)
    );
    assert_eq!(
        grep(&["-E", "a|c"], "a\nb\nc\n").await,
        ("a\nc\n".into(), 0)
    );
}

#[tokio::test]
async fn only_matching_and_offsets() {
    assert_eq!(
        grep(&["-o", "a\\|ab"], "xab ab\n").await,
        ("ab\nab\n".into(), 0)
    );
    assert_eq!(
        grep(&["-ob", "a"], "xaxa\n").await,
        ("1:a\n3:a\n".into(), 0)
    );
    assert_eq!(
        grep(&["-on", "a*"], "xaxa\n").await,
        ("1:a\n1:a\n".into(), 0)
    );
    assert_eq!(grep(&["-o", ""], "abc\n").await, (String::new(), 0));
}

#[tokio::test]
async fn context_and_max_count() {
    let input = "1\na\n2\n3\n4\na\n5\n";
    assert_eq!(
        grep(&["-o", "-C1", "a"], input).await,
        ("a\n--\na\n".into(), 0)
    );
    assert_eq!(
        grep(&["-n", "-C1", "a"], input).await,
        ("1-1\n2:a\n3-2\n--\n5-4\n6:a\n7-5\n".into(), 0)
    );
    assert_eq!(
        grep(&["-m1", "-A2", "a"], "a\na\nb\nb\n").await,
        ("a\na\nb\n".into(), 0)
    );
    assert_eq!(grep(&["-m1", "-c", "a"], "a\na\n").await, ("1\n".into(), 0));
    assert_eq!(grep(&["-m0", "a"], "a\n").await, (String::new(), 1));
}

#[tokio::test]
async fn usage_errors_exit_2() {
    assert_eq!(grep(&[], "").await.1, 2);
    assert_eq!(grep(&["-k", "a"], "").await.1, 2);
    assert_eq!(grep(&["\\("], "").await.1, 2);
    assert_eq!(grep(&["a", "file"], "").await.1, 2);
    assert_eq!(grep(&["-q", "a"], "a\n").await, (String::new(), 0));
}

#[tokio::test]
async fn files_and_recursion() {
    assert_eq!(
        grep_fs(&["-A1", "a", "f1", "f2", "d/g"]).await.0,
        "f1:a\nf1-b\nf1:a\n--\nd/g:a\n"
    );
    assert_eq!(
        grep_fs(&["-r", "a", "d", "f1"]).await.0,
        "d/g:a\nf1:a\nf1:a\n"
    );
    assert_eq!(grep_fs(&["-r", "a", "f1"]).await.0, "a\na\n");
    assert_eq!(
        grep_fs(&["-L", "a", "f1", "f2"]).await,
        ("f2\n".into(), String::new(), 0)
    );
    assert_eq!(grep_fs(&["-lc", "a", "f1", "f2"]).await.0, "f1\n");
    let (out, err, st) = grep_fs(&["-c", "a", "f1", "nope"]).await;
    assert_eq!((out.as_str(), st), ("f1:2\n", 2));
    assert_eq!(err, "grep: nope: No such file or directory\n");
    assert_eq!(grep_fs(&["-q", "a", "nope", "f1"]).await.2, 0);
    let (out, err, st) = grep_fs(&["a", "d"]).await;
    assert_eq!(
        (out.as_str(), err.as_str(), st),
        ("", "grep: d: Is a directory\n", 2)
    );
    let (out, err, st) = grep_fs(&["a", "bin"]).await;
    assert_eq!(
        (out.as_str(), err.as_str(), st),
        ("", "grep: bin: binary file matches\n", 0)
    );
    assert_eq!(grep_fs(&["-c", "a", "bin"]).await.0, "1\n");
}

#[tokio::test]
async fn logic_only_rejects_files() {
    let mut sh = TestShell::default();
    let r = sh.run(&Grep, &["grep", "a", "f"], "").await;
    assert_eq!(r.status.unwrap(), 2);
    assert!(r.stderr.starts_with("grep: f: "));
}
