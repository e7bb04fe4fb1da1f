//! `jq` programs that recurse without end end cleanly: a recursive
//! definition with filter parameters used to run as a loop in jaq whose
//! closures chained without bound (900 MB, then a stack overflow that
//! aborted the whole process, `def f(x): f(x); f(.)`). Now it is stopped
//! by the depth guard with `jq: error: program recursion too deep` and
//! status 5, and the script goes on. jq 1.7.1 has no such bound: it grows
//! its stack until memory runs out (`jq: error: cannot allocate memory`,
//! abort), so the message is ours, in jq's error form.

use std::time::Duration;

use toolsh_interp::{EXIT_LIMIT, ExecResult, ExecutionLimits, LimitKind, Shell};

async fn run(limits: ExecutionLimits, script: &str) -> ExecResult {
    let mut sh = Shell::builder()
        .utilities(toolsh_utils::standard())
        .limits(limits)
        .build();
    sh.exec(script).await
}

fn with_timeout(t: Duration) -> ExecutionLimits {
    ExecutionLimits {
        timeout: Some(t),
        ..ExecutionLimits::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recursion_through_filter_parameters_is_a_jq_error() {
    for program in [
        "def f(x): f(x); f(.)",
        "def f(x): f(x|.); f(.)",
        "def f(x; $n): f(x; $n); f(.; 1)",
    ] {
        let script = format!("echo before; jq -n '{program}'; echo \"st=$?\"; echo after");
        let r = run(with_timeout(Duration::from_mins(1)), &script).await;
        assert_eq!(r.stdout, "before\nst=5\nafter\n", "{program}: {r:?}");
        assert_eq!(
            r.stderr, "jq: error: program recursion too deep\n",
            "{program}: {r:?}"
        );
        assert_eq!((r.exit_code, r.limit), (0, None), "{program}: {r:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tail_recursion_with_filter_parameters_still_computes() {
    // Expected values from jq 1.7.1.
    let r = run(
        with_timeout(Duration::from_mins(1)),
        "jq -nc 'def loop(f): if . < 500 then f | loop(f) else . end; 0 | loop(.+1)'
         jq -nc 'def f(p): p; path(f(.a)), ({a:1} | f(.a) |= 5)'",
    )
    .await;
    assert_eq!(r.stdout, "500\n[\"a\"]\n{\"a\":5}\n", "{r:?}");
    assert_eq!(r.exit_code, 0, "{r:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn output_before_the_deadline_is_kept() {
    // Each level resolves `g` through all the levels above it, so this
    // runs far past the deadline before reaching the depth guard.
    let r = run(
        with_timeout(Duration::from_millis(500)),
        r#"jq -n "1,2,(def f(g): g|f(g); 0|f(.+1))"; echo after"#,
    )
    .await;
    assert_eq!(r.stdout, "1\n2\n", "{r:?}");
    assert_eq!(r.limit, Some(LimitKind::Timeout), "{r:?}");
    assert_eq!(r.exit_code, EXIT_LIMIT, "{r:?}");
    assert!(r.stderr.ends_with("time limit exceeded (500ms)\n"), "{r:?}");
}
