//! Unit tests of sed through the test shell; expected values from GNU
//! sed 4.9 on this machine.

use std::sync::Arc;

use super::Sed;
use toolsh_command::fs::MemoryFs;
use toolsh_command::profile::Profile;
use toolsh_command::testing::TestShell;

async fn sed(args: &[&str], stdin: &str) -> (String, i32) {
    let mut sh = TestShell::default();
    let mut argv = vec!["sed"];
    argv.extend_from_slice(args);
    let r = sh.run(&Sed, &argv, stdin).await;
    (r.stdout, r.status.unwrap())
}

fn out(s: &str) -> (String, i32) {
    (s.to_string(), 0)
}

#[tokio::test]
async fn substitution() {
    assert_eq!(sed(&["s/a*/x/g"], "baaac\n").await, out("xbxcx\n"));
    assert_eq!(sed(&["s/x*/-/g"], "abc\n").await, out("-a-b-c-\n"));
    assert_eq!(sed(&["s/a/x/2g"], "aaa\n").await, out("axx\n"));
    assert_eq!(
        sed(&["s/\\(h\\)\\(e\\)/\\U\\2\\E\\1/"], "hello\n").await,
        out("Ehllo\n")
    );
    assert_eq!(
        sed(&["s/\\w\\+/\\u&/g"], "hello world\n").await,
        out("Hello World\n")
    );
    assert_eq!(sed(&["s/b/\\n/"], "abc\n").await, out("a\nc\n"));
    assert_eq!(sed(&["s/\\./\\&/"], "a.b\n").await, out("a&b\n"));
    assert_eq!(
        sed(&["-E", "s/(a|ab)(c|bcd)/[\\1,\\2]/"], "abcd\n").await,
        out("[a,bcd]\n")
    );
    assert_eq!(sed(&["s|a/b|X|"], "a/b\n").await, out("X\n"));
    assert_eq!(sed(&["s/[/]/X/"], "a/b\n").await, out("aXb\n"));
    assert_eq!(sed(&["-n", "s/a/b/p"], "a\nc\n").await, out("b\n"));
    assert_eq!(sed(&["s/A/x/Ig"], "aA\n").await, out("xx\n"));
    assert_eq!(sed(&["s/x/a\\\nb/"], "x\n").await, out("a\nb\n"));
    assert_eq!(sed(&["s/.*/\\L\\u&/"], "hELLO\n").await, out("Hello\n"));
}

#[tokio::test]
async fn addresses_and_ranges() {
    let five = "1\n2\n3\n4\n5\n6\n";
    assert_eq!(sed(&["-n", "2,1p"], five).await, out("2\n"));
    assert_eq!(sed(&["-n", "/2/,/./p"], five).await, out("2\n3\n"));
    assert_eq!(sed(&["-n", "2,~4p"], five).await, out("2\n3\n4\n"));
    assert_eq!(sed(&["-n", "0~3p"], five).await, out("3\n6\n"));
    assert_eq!(sed(&["-n", "2,+2p"], five).await, out("2\n3\n4\n"));
    assert_eq!(sed(&["-n", "0,/1/p"], five).await, out("1\n"));
    assert_eq!(sed(&["-n", "$p"], five).await, out("6\n"));
    assert_eq!(sed(&["2,3c\\X"], "1\n2\n3\n4\n").await, out("1\nX\n4\n"));
    assert_eq!(
        sed(&["2,3!c\\X"], "1\n2\n3\n4\n").await,
        out("X\n2\n3\nX\n")
    );
    assert_eq!(sed(&["-n", "\\,2,p"], five).await, out("2\n"));
    assert_eq!(sed(&["-n", "/X/Ip"], "x\ny\n").await, out("x\n"));
}

#[tokio::test]
async fn cycle_commands() {
    assert_eq!(sed(&["1!G;h;$!d"], "a\nb\n").await, out("b\na\n"));
    assert_eq!(sed(&["$!N;P;D"], "x\ny\n").await, out("x\ny\n"));
    assert_eq!(
        sed(&["N;N;N;s/\\n/,/g"], "1\n2\n3\n").await,
        out("1\n2\n3\n")
    );
    assert_eq!(sed(&["-n", "2{n;p}"], "1\n2\n3\n").await, out("3\n"));
    assert_eq!(
        sed(&[":a;N;$!ba;s/\\n/ /g"], "1\n2\n3\n").await,
        out("1 2 3\n")
    );
    assert_eq!(
        sed(&["-e", "a foo", "-e", "d"], "1\n2\n").await,
        out("foo\nfoo\n")
    );
    assert_eq!(
        sed(&["-e", "a foo", "-e", "q"], "1\n2\n").await,
        out("1\nfoo\n")
    );
    assert_eq!(sed(&["-e", "a foo", "-e", "Q"], "1\n2\n").await, out(""));
    assert_eq!(sed(&["s/x/y/;q5"], "x\n").await, ("y\n".to_string(), 5));
    assert_eq!(sed(&["p"], "a").await, out("a\na"));
    assert_eq!(sed(&["a\\x"], "a").await, out("a\nx\n"));
    assert_eq!(
        sed(&["a\\  foo\\tbar"], "a\n").await,
        out("a\n  foo\tbar\n")
    );
    assert_eq!(sed(&["=;y/ab/ba/"], "ab\n").await, out("1\nba\n"));
    assert_eq!(sed(&["-n", "l"], "a\tb\u{1}\n").await, out("a\\tb\\001$\n"));
    assert_eq!(
        sed(&["-n", "l 5"], "a\tb\u{1}\n").await,
        out("a\\tb\\\n\\001$\n")
    );
    assert_eq!(
        sed(&["s/x/X/;tend;s/$/!/;:end"], "x\ny\n").await,
        out("X\ny!\n")
    );
    assert_eq!(
        sed(&["s/x/X/;Tend;s/$/!/;:end"], "x\ny\n").await,
        out("X!\ny\n")
    );
    assert_eq!(sed(&["#n\np"], "a\n").await, out("a\n"));
    assert_eq!(sed(&["-z", "s/\\n/,/g"], "a\nb\n").await, out("a,b,"));
    assert_eq!(sed(&["x;z;x"], "a\n").await, out("a\n"));
}

#[tokio::test]
async fn script_errors() {
    assert_eq!(sed(&["k"], "x\n").await.1, 1);
    assert_eq!(sed(&["y/x/yz/"], "x\n").await.1, 1);
    assert_eq!(sed(&["0p"], "x\n").await.1, 1);
    assert_eq!(sed(&["//p"], "x\n").await.1, 1);
    assert_eq!(sed(&["s/a/b"], "x\n").await.1, 1);
    assert_eq!(sed(&["bfoo"], "x\n").await.1, 4);
    assert_eq!(sed(&["{p"], "x\n").await.1, 1);
    assert_eq!(sed(&["p}"], "x\n").await.1, 1);
    assert_eq!(sed(&["s/\\(a\\)/\\2/"], "x\n").await.1, 1);
    assert_eq!(sed(&["e ls"], "x\n").await.1, 1);
    assert_eq!(sed(&[], "x\n").await.1, 1);
    assert_eq!(sed(&["--foo", "p"], "x\n").await.1, 1);
    assert_eq!(sed(&["p", "file"], "x\n").await.1, 2);
}

#[tokio::test]
async fn files_in_sandbox() {
    let fs = Arc::new(
        MemoryFs::new()
            .with_files([("/w/f1", "a\nb\n"), ("/w/f2", "c\nd\n")])
            .unwrap(),
    );
    let mut sh = TestShell {
        fs: fs.clone(),
        profile: Profile::Sandbox,
        cwd: "/w".to_string(),
        ..TestShell::default()
    };
    let r = sh
        .run(&Sed, &["sed", "-s", "-n", "$=", "f1", "f2"], "")
        .await;
    assert_eq!(r.stdout, "2\n2\n");
    let r = sh.run(&Sed, &["sed", "-n", "$=;F", "f1", "-"], "x\n").await;
    assert_eq!(r.stdout, "f1\n-\n3\n-\n");
    let r = sh
        .run(&Sed, &["sed", "-i.bak", "s/a/A/;1i top", "f1"], "")
        .await;
    assert_eq!((r.stdout.as_str(), r.status.unwrap()), ("", 0));
    assert_eq!(fs.read_file("/w/f1").unwrap(), b"top\nA\nb\n");
    assert_eq!(fs.read_file("/w/f1.bak").unwrap(), b"a\nb\n");
    let r = sh
        .run(&Sed, &["sed", "-n", "/c/w out\n$r f1", "f2"], "")
        .await;
    assert_eq!(r.stdout, "top\nA\nb\n");
    assert_eq!(fs.read_file("/w/out").unwrap(), b"c\n");
    let r = sh.run(&Sed, &["sed", "R f2", "f1"], "").await;
    assert_eq!(r.stdout, "top\nc\nA\nd\nb\n");
    let r = sh.run(&Sed, &["sed", "p", "nope", "f2"], "").await;
    assert_eq!((r.stdout.as_str(), r.status.unwrap()), ("c\nc\nd\nd\n", 2));
}
