//! Unit tests of the awk builtin through the test shell. Expected values
//! were produced by gawk 5.2.1 (`LC_ALL=C`).

use std::sync::Arc;

use super::Awk;
use toolsh_command::fs::FileSystem;
use toolsh_command::profile::Profile;
use toolsh_command::testing::TestShell;

async fn awk(args: &[&str], stdin: &str) -> (i32, String, String) {
    let mut sh = TestShell::default();
    let mut argv = vec!["awk"];
    argv.extend_from_slice(args);
    let out = sh.run(&Awk, &argv, stdin).await;
    (out.status.expect("no interrupt"), out.stdout, out.stderr)
}

async fn ok(args: &[&str], stdin: &str) -> String {
    let (status, out, err) = awk(args, stdin).await;
    assert_eq!(status, 0, "stderr: {err}");
    out
}

#[tokio::test]
async fn sums_a_column() {
    assert_eq!(
        ok(&["{ s += $2 } END { print s }"], "a 1\nb 2\nc 3.5\n").await,
        "6.5\n"
    );
}

#[tokio::test]
async fn fields_and_nf() {
    assert_eq!(
        ok(&["{ $5 = \"e\"; print; print NF }"], "a b c\n").await,
        "a b c  e\n5\n"
    );
    assert_eq!(ok(&["{ NF = 2; print }"], "a b c\n").await, "a b\n");
    assert_eq!(
        ok(&["-F:", "-v", "OFS=-", "{ $1 = $1; print }"], "a:b:c\n").await,
        "a-b-c\n"
    );
}

#[tokio::test]
async fn dedup_and_arrays() {
    assert_eq!(ok(&["!seen[$0]++"], "a\nb\na\nc\nb\n").await, "a\nb\nc\n");
    assert_eq!(
        ok(
            &["{ n[$1] += $2 } END { for (k in n) print k, n[k] }"],
            "x 1\ny 2\nx 3\n"
        )
        .await,
        "x 4\ny 2\n"
    );
}

#[tokio::test]
async fn printf_and_conversions() {
    assert_eq!(
        ok(
            &["BEGIN { printf \"%5.2f|%-4s|%03d|%x|%c\\n\", 3.14159, \"ab\", 7, 255, 65 }"],
            ""
        )
        .await,
        " 3.14|ab  |007|ff|A\n"
    );
    assert_eq!(
        ok(&["BEGIN { x = 0.1 + 0.2; print x; print x \"\" }"], "").await,
        "0.3\n0.3\n"
    );
    assert_eq!(
        ok(
            &["BEGIN { CONVFMT = \"%.2f\"; x = 3.14159; y = x \"\"; print y }"],
            ""
        )
        .await,
        "3.14\n"
    );
}

#[tokio::test]
async fn strnum_comparisons() {
    assert_eq!(ok(&["{ print ($1 < $2) }"], "10 9\n").await, "0\n");
    assert_eq!(ok(&["{ print ($1 < $2) }"], "10 9x\n").await, "1\n");
    assert_eq!(ok(&["BEGIN { print (\"10\" < \"9\") }"], "").await, "1\n");
}

#[tokio::test]
async fn string_functions() {
    assert_eq!(
        ok(&["BEGIN { s = \"hello world\"; print length(s), substr(s, 7), index(s, \"o\"), toupper(s) }"], "").await,
        "11 world 5 HELLO WORLD\n"
    );
    assert_eq!(
        ok(
            &["BEGIN { s = \"aaa\"; n = gsub(/a/, \"[&]\", s); print n, s }"],
            ""
        )
        .await,
        "3 [a][a][a]\n"
    );
    assert_eq!(
        ok(
            &["BEGIN { s = \"abc\"; gsub(/x*/, \"-\", s); print s }"],
            ""
        )
        .await,
        "-a-b-c-\n"
    );
    assert_eq!(
        ok(
            &["BEGIN { n = split(\"a:b:c\", p, \":\"); print n, p[1], p[3] }"],
            ""
        )
        .await,
        "3 a c\n"
    );
    assert_eq!(
        ok(
            &["BEGIN { print match(\"foobar\", /o+/), RSTART, RLENGTH }"],
            ""
        )
        .await,
        "2 2 2\n"
    );
    assert_eq!(
        ok(
            &["BEGIN { print gensub(/(a)(b)/, \"<\\\\2\\\\1>\", \"g\", \"abcab\") }"],
            ""
        )
        .await,
        "<ba>c<ba>\n"
    );
}

#[tokio::test]
async fn functions_recursion_and_array_params() {
    assert_eq!(
        ok(
            &["function f(n) { return n <= 1 ? 1 : n * f(n - 1) } BEGIN { print f(10) }"],
            ""
        )
        .await,
        "3628800\n"
    );
    assert_eq!(
        ok(
            &["function fill(a) { a[1] = \"x\" } BEGIN { fill(arr); print arr[1] }"],
            ""
        )
        .await,
        "x\n"
    );
}

#[tokio::test]
async fn control_flow_and_exit() {
    assert_eq!(
        ok(
            &["NR == 2 { next } { print } NR == 3 { exit }"],
            "1\n2\n3\n4\n"
        )
        .await,
        "1\n3\n"
    );
    let (status, out, _) = awk(&["BEGIN { print \"x\"; exit 3 } END { print \"end\" }"], "").await;
    assert_eq!((status, out.as_str()), (3, "x\nend\n"));
}

#[tokio::test]
async fn range_patterns_and_getline() {
    assert_eq!(ok(&["/b/,/d/"], "a\nb\nc\nd\ne\n").await, "b\nc\nd\n");
    assert_eq!(
        ok(&["NR == 1 { getline; print \"got\", $0 }"], "1\n2\n3\n").await,
        "got 2\n"
    );
    assert_eq!(
        ok(
            &["BEGIN { while ((getline line) > 0) n++; print n }"],
            "a\nb\nc\n"
        )
        .await,
        "3\n"
    );
}

#[tokio::test]
async fn record_separators() {
    assert_eq!(
        ok(
            &["BEGIN { RS = \"\" } { print NR \": \" $1 \"/\" $NF }"],
            "a b\nc\n\n\nd e\n"
        )
        .await,
        "1: a/c\n2: d/e\n"
    );
    assert_eq!(
        ok(&["BEGIN { RS = \";\" } { print }"], "a;b;c").await,
        "a\nb\nc\n"
    );
    assert_eq!(
        ok(
            &["BEGIN { RS = \"[0-9]+\" } { print $0 \"|\" RT }"],
            "a1b22c"
        )
        .await,
        "a|1\nb|22\nc|\n"
    );
}

#[tokio::test]
async fn errors_and_statuses() {
    let (status, _, err) = awk(&["BEGIN { x = }"], "").await;
    assert_eq!(status, 1);
    assert!(err.contains("^ syntax error"), "{err}");
    let (status, _, err) = awk(&["BEGIN { x = 0; print 1 / x }"], "").await;
    assert_eq!(status, 2);
    assert!(err.contains("division by zero"), "{err}");
    let (status, _, err) = awk(&["BEGIN { system(\"ls\") }"], "").await;
    assert_eq!(status, 2);
    assert!(err.contains("sandbox"), "{err}");
}

#[tokio::test]
async fn logic_only_rejects_files() {
    let (status, _, err) = awk(&["BEGIN { print \"x\" > \"out\" }"], "").await;
    assert_eq!(status, 2);
    assert!(err.contains("disabled"), "{err}");
    let (status, _, err) = awk(&["{ print }", "file"], "").await;
    assert_eq!(status, 2);
    assert!(err.contains("cannot open"), "{err}");
}

#[tokio::test]
async fn environ_and_argv() {
    let mut sh = TestShell::default();
    sh.vars.insert("HOME".into(), "/home/u".into());
    sh.exported.push("HOME".into());
    let out = sh
        .run(
            &Awk,
            &[
                "awk",
                "BEGIN { print ENVIRON[\"HOME\"], ARGC, ARGV[1] }",
                "x=1",
            ],
            "",
        )
        .await;
    assert_eq!(out.stdout, "/home/u 2 x=1\n");
}

#[tokio::test]
async fn sandbox_files_round_trip() {
    let fs: Arc<dyn FileSystem> = Arc::new(toolsh_command::fs::MemoryFs::default());
    let mut sh = TestShell {
        fs: fs.clone(),
        profile: Profile::Sandbox,
        ..TestShell::default()
    };
    let out = sh
        .run(
            &Awk,
            &["awk", "BEGIN { print \"a\" > \"f\"; print \"b\" > \"f\"; close(\"f\"); while ((getline l < \"f\") > 0) print \"read\", l }"],
            "",
        )
        .await;
    assert_eq!(out.stdout, "read a\nread b\n", "{}", out.stderr);
    assert_eq!(fs.read("/f").await.unwrap(), b"a\nb\n");
}
