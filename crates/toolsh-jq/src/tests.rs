//! Unit tests of `jq` through the test shell. Expected values come from
//! jq 1.7.1 (`/root/.cache/toolsh-oracles/bin/jq`).

use super::Jq;
use toolsh_command::testing::TestShell;

async fn jq(args: &[&str], stdin: &str) -> (String, i32) {
    let mut sh = TestShell::default();
    let mut argv = vec!["jq"];
    argv.extend_from_slice(args);
    let out = sh.run(&Jq, &argv, stdin).await;
    (out.stdout, out.status.expect("no interrupt"))
}

#[tokio::test]
async fn identity_pretty_prints() {
    let (out, st) = jq(&["."], r#"{"a":[1,2],"b":{}}"#).await;
    assert_eq!(out, "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}\n");
    assert_eq!(st, 0);
}

#[tokio::test]
async fn options_and_builtins() {
    let cases: &[(&[&str], &str, &str, i32)] = &[
        (&["-c", ".a|map(.+1)"], r#"{"a":[1,2]}"#, "[2,3]\n", 0),
        (&["-r", ".[]"], r#"["x","y"]"#, "x\ny\n", 0),
        (&["-n", "[limit(-1;1,2)]", "-c"], "", "[1,2]\n", 0),
        (&["-nc", "[.[3]=1]"], "", "[[null,null,null,1]]\n", 0),
        (&["-nc", "null|.[1:]"], "", "null\n", 0),
        (&["-nc", r#"[1,null,"a"]|join(",")"#], "", "\"1,,a\"\n", 0),
        (
            &["-nc", r#"{"b":1,"a":2}|keys_unsorted"#],
            "",
            "[\"b\",\"a\"]\n",
            0,
        ),
        (
            &["-n", "1.0, 1.0+0, 3.0*1, 1e1000"],
            "",
            "1.0\n1\n3\n1E+1000\n",
            0,
        ),
        (
            &["-n", r#""\(1.0) \(2.0*1) \([1.5])""#],
            "",
            "\"1.0 2 [1.5]\"\n",
            0,
        ),
        (
            &["-nc", r#"{"a":1,"b":2,"c":3}|del(.a)"#],
            "",
            "{\"b\":2,\"c\":3}\n",
            0,
        ),
        (&["-nc", "[1,2,3]|del(.[0,2])"], "", "[2]\n", 0),
        (&["-e", ".b"], r#"{"a":1}"#, "null\n", 1),
        (&["-n", "empty", "-e"], "", "", 4),
        (&[".a.b"], r#"{"a":1}"#, "", 5),
        (&["-n", "1 +"], "", "", 3),
        (&["-n", "foo"], "", "", 3),
        (&["-z"], "", "", 2),
        (&["-n", r#""bye\n"|halt_error(1)"#], "", "", 1),
        (&["-c", "."], "1 2 [3]", "1\n2\n[3]\n", 0),
        (&["-s", "-c", "."], "1 2 [3]", "[1,2,[3]]\n", 0),
        (&["-R", "."], "a\nb\n", "\"a\"\n\"b\"\n", 0),
        (&["-Rs", "."], "a\nb\n", "\"a\\nb\\n\"\n", 0),
        (&["-n", "[inputs]", "-c"], "1 2", "[1,2]\n", 0),
        (&["-n", "input"], "7 8", "7\n", 0),
        (&["--arg", "x", "1", "-n", "$x"], "", "\"1\"\n", 0),
        (
            &["--argjson", "x", "{\"a\":1}", "-nc", "$x, $ARGS.named"],
            "",
            "{\"a\":1}\n{\"x\":{\"a\":1}}\n",
            0,
        ),
        (
            &["-nc", "$ARGS", "--args", "a", "b"],
            "",
            "{\"positional\":[\"a\",\"b\"],\"named\":{}}\n",
            0,
        ),
        (
            &["-r", "@csv"],
            r#"[1,"a",null,true,1.5]"#,
            "1,\"a\",,true,1.5\n",
            0,
        ),
        (
            &["-r", "@tsv"],
            "[1,\"a\\tb\",null,true]",
            "1\ta\\tb\t\ttrue\n",
            0,
        ),
        (&["-nc", r#"try error("x") catch ."#], "", "\"x\"\n", 0),
        (
            &["-nc", "try (1/0) catch ."],
            "",
            "\"number (1) and number (0) cannot be divided because the divisor is zero\"\n",
            0,
        ),
        (&["-nc", r"{} | .a.b.c"], "", "null\n", 0),
        (
            &["-S", "-c", "."],
            r#"{"b":1,"a":{"d":1,"c":2}}"#,
            "{\"a\":{\"c\":2,\"d\":1},\"b\":1}\n",
            0,
        ),
        (&["--tab", "."], "[1]", "[\n\t1\n]\n", 0),
        (&["-j", ".[]"], r#"["a",1]"#, "a1", 0),
        (&["-a", "-c", "."], "\"é\"", "\"\\u00e9\"\n", 0),
        (
            &["-nc", "[1,2]|tostream"],
            "",
            "[[0],1]\n[[1],2]\n[[1]]\n",
            0,
        ),
        (
            &["-nc", r#"{"a":[1]}|[tostream]|fromstream(.[])"#],
            "",
            "{\"a\":[1]}\n",
            0,
        ),
        (
            &["-nc", r#""foo bar"|[match("(o)+";"g")|.captures]"#],
            "",
            "[[{\"offset\":2,\"length\":1,\"string\":\"o\",\"name\":null}]]\n",
            0,
        ),
        (
            &["-nc", r#""aXbXc"|sub("x";"-";"gi")"#],
            "",
            "\"a-b-c\"\n",
            0,
        ),
        (&["-nc", "[range(0;10;3)]"], "", "[0,3,6,9]\n", 0),
        // A repeated string past 64 MiB is an error (a memory bound; jq
        // 1.7.1 would build it).
        (&["-n", r#""xy" * 40000000 | length"#], "", "", 5),
        (&["-n", r#""xy" * 4000 | length"#], "", "8000\n", 0),
        // jq 1.7.1 applies `f` to the original input each time (its output).
        (&["-nc", "[limit(3;1|repeat(.*2))]"], "", "[2,2,2]\n", 0),
        (
            &["-nc", "$__loc__"],
            "",
            "{\"file\":\"<top-level>\",\"line\":1}\n",
            0,
        ),
        (
            &["-nc", "1425599621|todate"],
            "",
            "\"2015-03-05T23:53:41Z\"\n",
            0,
        ),
    ];
    for (args, stdin, want, want_st) in cases {
        let (out, st) = jq(args, stdin).await;
        assert_eq!((out.as_str(), st), (*want, *want_st), "jq {args:?}");
    }
}

#[tokio::test]
async fn file_operands_fail_cleanly_without_files() {
    let (out, st) = jq(&[".", "data.json"], "").await;
    assert_eq!((out.as_str(), st), ("", 2));
}

#[tokio::test]
async fn runaway_recursion_is_an_error_not_a_crash() {
    let (_, st) = jq(&["-n", "def f: 1 + f; f"], "").await;
    assert_eq!(st, 5);
}

#[tokio::test]
async fn a_recursion_run_as_a_loop_stops_at_the_step_budget() {
    // jq 1.7.1 runs `def f: f; f` forever (a tail call); here every
    // definition call is a step, counted like a loop iteration. It used to
    // be reported as the buffer limit, which it never touches.
    use toolsh_command::limits::{Interrupt, LimitKind};
    let mut sh = TestShell::default();
    sh.limits.max_total_loop_iterations = 10;
    let out = sh.run(&Jq, &["jq", "-n", "def f: f; f"], "").await;
    assert_eq!(
        out.status,
        Err(Interrupt::limit(LimitKind::TotalLoopIterations, 1_000_000)),
        "{out:?}"
    );
    // A slurped input past the buffer bound is still the buffer limit.
    let mut sh = TestShell::default();
    sh.limits.max_buffer_bytes = 8;
    let out = sh.run(&Jq, &["jq", "-Rs", "."], "0123456789abcdef").await;
    assert_eq!(
        out.status,
        Err(Interrupt::limit(LimitKind::BufferBytes, 8)),
        "{out:?}"
    );
}

#[tokio::test]
async fn env_comes_from_the_shell() {
    let mut sh = TestShell::default();
    sh.vars.insert("FOO".into(), "bar".into());
    sh.exported.push("FOO".into());
    let out = sh.run(&Jq, &["jq", "-nc", "env, $ENV.FOO"], "").await;
    assert_eq!(out.stdout, "{\"FOO\":\"bar\"}\n\"bar\"\n");
}
