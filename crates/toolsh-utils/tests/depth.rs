//! Recursion on script-controlled depth (issue 22, mechanism 3): every
//! recursive descent over script input either iterates or counts its depth
//! against `max_ast_depth` (or a named bound), and runs on a stack sized
//! for that bound. Each case here overflowed a stack and aborted the whole
//! process (SIGABRT) before: `[ ! ! ! … a ]` with 3,000 `!` on a server
//! worker, `test`, `expr` and `find` expressions of 50,000 `(` or `!`,
//! 50,000-term awk operator chains, 50,000-deep jq programs.
//!
//! The scripts run on a runtime whose workers have tokio's default 2 MiB
//! stacks, as the MCP server's do (a test's main thread has more). The
//! test profile is the worst case for stack use (debug frames are larger
//! than release ones), so these checks need no release build.
//! Expected values come from bash 5.2, GNU expr and gawk.

use toolsh_interp::{EXIT_LIMIT, ExecResult, ExecutionLimits, LimitKind, MemoryFs, Shell};

/// Run `script` in a Sandbox shell on a 2-worker runtime with 2 MiB
/// worker stacks.
fn run(script: &str) -> ExecResult {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_stack_size(2 << 20)
        .enable_all()
        .build()
        .expect("runtime");
    let script = script.to_string();
    rt.block_on(async move {
        tokio::spawn(async move {
            let mut sh = Shell::builder()
                .utilities(toolsh_utils::standard())
                .fs(std::sync::Arc::new(MemoryFs::new()))
                .limits(ExecutionLimits::default())
                .build();
            sh.exec(&script).await
        })
        .await
        .expect("the execution task ended without a panic")
    })
}

/// `n` copies of `word` separated by spaces.
fn words(word: &str, n: usize) -> String {
    vec![word; n].join(" ")
}

#[track_caller]
fn assert_depth_limit(r: &ExecResult) {
    assert_eq!(
        (r.exit_code, r.limit),
        (EXIT_LIMIT, Some(LimitKind::AstDepth)),
        "{r:?}"
    );
    assert!(
        r.stderr
            .ends_with("toolsh: nesting depth limit exceeded (200)\n"),
        "{r:?}"
    );
}

#[test]
fn long_runs_of_negation_iterate() {
    // bash 5.2: an even run of `!` is no negation, an odd one negates.
    let script = format!(
        "set -f; [ {n3000} a ]; echo $?; [ ! {n3000} a ]; echo $?
         test {n50k} a; echo $?; test ! {n50k} ''; echo $?
         mkdir /d; touch /d/a /d/b; find /d {n50k} -name a; find /d ! {n50k} -name a",
        n3000 = words("!", 3000),
        n50k = words("!", 50_000),
    );
    let r = run(&script);
    assert_eq!(r.stdout, "0\n1\n0\n0\n/d/a\n/d\n/d/b\n", "{r:?}");
    assert_eq!((r.exit_code, r.stderr.as_str()), (0, ""), "{r:?}");
}

/// A script prefix setting `$P` to `n` words `(` and `$Q` to `n` words
/// `)`, with globbing off so they reach the command as they are.
fn parens(n: usize) -> String {
    format!("P=$(printf '( %.0s' {{1..{n}}}); Q=$(printf ') %.0s' {{1..{n}}}); set -f; ")
}

#[test]
fn fifty_thousand_parentheses_hit_the_depth_limit() {
    let (open, close) = ("$P", "$Q");
    for cmd in [
        format!("test {open} a {close}"),
        format!("[ {open} a {close} ]"),
        format!("expr {open} 1 {close}"),
        format!("find / {open} -name x {close}"),
    ] {
        let r = run(&format!("{}echo before; {cmd}; echo after", parens(50_000)));
        assert_depth_limit(&r);
        assert_eq!(r.stdout, "before\n", "{r:?}");
    }
}

#[test]
fn the_maximum_depth_runs() {
    // 200 is the default `max_ast_depth`; one more is refused.
    let (open, close) = ("$P", "$Q");
    let script = format!(
        "{}test {open} a {close}; echo $?
         [ {open} ! '' -a b {close} ]; echo $?
         expr {open} 6 \\* 7 {close}
         mkdir /d; touch /d/a; find /d {open} -name a {close}
         awk 'BEGIN {{ print {p}1{q} }}'",
        parens(200),
        // awk's parser counts two levels per parenthesis.
        p = "(".repeat(90),
        q = ")".repeat(90),
    );
    let r = run(&script);
    assert_eq!(r.stdout, "0\n0\n42\n/d/a\n1\n", "{r:?}");
    assert_eq!((r.exit_code, r.stderr.as_str()), (0, ""), "{r:?}");
    for cmd in [
        format!("test {open} a {close}"),
        format!("expr {open} 1 {close}"),
        format!("find / {open} -name x {close}"),
    ] {
        assert_depth_limit(&run(&format!("{}{cmd}", parens(201))));
    }
}

#[test]
fn long_find_operator_chains_are_flat() {
    let script = format!(
        "mkdir /d; touch /d/a; find /d -name a {t}; find /d -name a -false {o}; echo $?",
        t = words("-true", 50_000),
        o = words("-o -false", 50_000),
    );
    let r = run(&script);
    assert_eq!(r.stdout, "/d/a\n0\n", "{r:?}");
}

#[test]
fn long_awk_operator_chains_are_an_awk_error() {
    // gawk evaluates these; ours stops before its stack runs out.
    for op in ["+", "*", "&&", "||"] {
        let program = format!("BEGIN {{ print 1{} }}", format!("{op}1").repeat(50_000));
        let r = run(&format!("awk '{program}'; echo \"st=$?\""));
        assert_eq!(r.stdout, "st=2\n", "{op}: {r:?}");
        assert_eq!(
            r.stderr, "awk: fatal: expression nesting too deep\n",
            "{op}: {r:?}"
        );
    }
    // A chain within the stack evaluates (gawk prints 10000).
    let r = run(&format!("awk 'BEGIN {{ print 1{} }}'", "+1".repeat(9_999)));
    assert_eq!(r.stdout, "10000\n", "{r:?}");
}

#[test]
fn huge_jq_programs_are_a_compile_error() {
    for program in [
        format!("{}1{}", "[".repeat(50_000), "]".repeat(50_000)),
        format!("1{}", "|1".repeat(50_000)),
        format!("1 + {}1", "-".repeat(50_000)),
        format!("1{}", ",1".repeat(50_000)),
    ] {
        let r = run(&format!("jq -n '{program}'; echo \"st=$?\""));
        assert_eq!(r.stdout, "st=3\n", "{r:?}");
        assert_eq!(
            r.stderr,
            "jq: error: program too large: more than 4096 operators, brackets and keywords\n\
             jq: 1 compile error\n",
            "{r:?}"
        );
    }
    // At the bound (jq 1.7.1 prints 4096 and 1).
    let r = run(&format!(
        "jq -n '1{}'; jq -n '{}1{}'",
        "+1".repeat(4095),
        "(".repeat(4095),
        ")".repeat(4095)
    ));
    assert_eq!(r.stdout, "4096\n1\n", "{r:?}");
}
