//! Denial of service: huge allocations, exponential expansion, runaway
//! loops and fork bombs stop at their limit with status 124, a message
//! naming the limit, and the output before it kept.

use std::time::{Duration, Instant};

use toolsh_interp::{EXIT_LIMIT, ExecResult, ExecutionLimits, LimitKind, Shell};

use super::support::{limits, sandbox};

/// Run with `limits`, then check the stop: `before\n` kept, the message,
/// the status and the kind (never the deadline unless that is the test).
async fn stops_at(
    limits: ExecutionLimits,
    script: &str,
    kind: LimitKind,
    message: &str,
) -> ExecResult {
    let start = Instant::now();
    let r = Shell::builder()
        .utilities(toolsh_utils::standard())
        .limits(limits)
        .build()
        .exec(&format!("echo before; {script}; echo not-reached"))
        .await;
    assert_eq!(
        (r.stdout.as_str(), r.exit_code, r.limit),
        ("before\n", EXIT_LIMIT, Some(kind)),
        "{r:#?}"
    );
    assert!(
        r.stderr.ends_with(&format!("toolsh: {message}\n")),
        "{r:#?}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(9),
        "took {:?}",
        start.elapsed()
    );
    r
}

#[tokio::test]
async fn printf_huge_width_hits_the_format_limit() {
    stops_at(
        limits(),
        "printf '%*d' 2000000000 1",
        LimitKind::FormatWidth,
        "format width limit exceeded (100000)",
    )
    .await;
    stops_at(
        limits(),
        "printf -v x '%.*f' 99999999 1",
        LimitKind::FormatWidth,
        "format width limit exceeded (100000)",
    )
    .await;
}

#[tokio::test]
async fn huge_sparse_array_indices_stay_sparse() {
    // bash stores arrays sparsely: index 2**62 costs one entry, and
    // appending after index i64::MAX wraps instead of overflowing (bash
    // 5.2 stores the new element at i64::MIN; toolsh at 0, see the
    // threat model's notes).
    let r = sandbox("a[2**62]=1; echo ${#a[@]} \"${!a[@]}\"; b[2**63-1]=1; b+=(x); echo $? ${#b[@]} ${b[-1]}; echo \"${b[@]: -1}\"").await;
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.exit_code),
        ("1 4611686018427387904\n0 2 1\n1\n", "", 0),
        "{r:#?}"
    );
}

#[tokio::test]
async fn exponential_brace_expansion_hits_the_brace_limit() {
    stops_at(
        limits(),
        "echo {1..1000000}{1..1000000}",
        LimitKind::BraceExpansion,
        "brace expansion limit exceeded (100000)",
    )
    .await;
    stops_at(limits(), "echo {a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}", LimitKind::BraceExpansion, "brace expansion limit exceeded (100000)").await;
}

#[tokio::test]
async fn string_doubling_hits_the_variable_limit() {
    stops_at(
        limits(),
        "s=x; while :; do s=$s$s; done",
        LimitKind::VariableBytes,
        "variable size limit exceeded (16777216)",
    )
    .await;
}

#[tokio::test]
async fn many_large_array_elements_hit_the_total_variable_limit() {
    let l = ExecutionLimits {
        max_total_variable_bytes: 8 * 1024 * 1024,
        ..limits()
    };
    stops_at(
        l.clone(),
        "s=$(printf '%065536d' 0); a=(); for i in {1..1000}; do a+=(\"$s\"); done",
        LimitKind::TotalVariableBytes,
        "total variable size limit exceeded (8388608)",
    )
    .await;
    stops_at(
        l,
        "s=$(printf '%065536d' 0); for i in {1..1000}; do declare v$i=$s; done",
        LimitKind::TotalVariableBytes,
        "total variable size limit exceeded (8388608)",
    )
    .await;
}

#[tokio::test]
async fn a_100_mb_here_string_hits_the_buffer_limit() {
    stops_at(
        limits(),
        "wc -c <<< \"$(yes aaaaaaa | head -c 100000000)\"",
        LimitKind::BufferBytes,
        "buffer size limit exceeded (67108864)",
    )
    .await;
    // A variable big enough, fed to a here-string, meets the buffer bound.
    let l = ExecutionLimits {
        max_variable_bytes: 256 << 20,
        max_total_variable_bytes: 512 << 20,
        max_buffer_bytes: 1 << 20,
        ..limits()
    };
    stops_at(
        l,
        "s=x; for i in {1..27}; do s=$s$s; done; wc -c <<< \"$s\"",
        LimitKind::BufferBytes,
        "buffer size limit exceeded (1048576)",
    )
    .await;
}

#[tokio::test]
async fn fork_bombs_hit_the_job_or_depth_limit() {
    // The function returns at once after `&` (as in bash), so the main
    // script goes on; the job limit is hit in a job, which ends the run.
    let start = Instant::now();
    let r = Shell::builder()
        .utilities(toolsh_utils::standard())
        .limits(limits())
        .build()
        .exec("echo before; :(){ :|:& };:; echo after; wait; echo not-reached")
        .await;
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.exit_code, r.limit),
        (
            "before\nafter\n",
            "toolsh: background job limit exceeded (64)\n",
            EXIT_LIMIT,
            Some(LimitKind::BackgroundJobs)
        ),
        "{r:#?}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(9),
        "took {:?}",
        start.elapsed()
    );
    stops_at(
        limits(),
        ":(){ :|:; };:",
        LimitKind::SubstDepth,
        "subshell depth limit exceeded (64)",
    )
    .await;
}

#[tokio::test]
async fn a_100000_stage_pipeline_hits_the_stage_limit() {
    // Each stage is a forked shell: 100,000 of them took ~636 MB before
    // the bound. Nested pipelines count against the same bound.
    stops_at(
        limits(),
        &(":|".repeat(99_999) + ":"),
        LimitKind::PipelineStages,
        "pipeline stage limit exceeded (1000)",
    )
    .await;
    stops_at(
        limits(),
        &format!("f() {{ {}; }}; f | :", [":"; 999].join("|")),
        LimitKind::PipelineStages,
        "pipeline stage limit exceeded (1000)",
    )
    .await;
}

#[tokio::test]
async fn runaway_recursion_and_loops_hit_their_limits() {
    stops_at(
        limits(),
        "f(){ f; }; f",
        LimitKind::FunctionDepth,
        "function depth limit exceeded (1000)",
    )
    .await;
    let l = ExecutionLimits {
        max_loop_iterations: 10_000,
        ..limits()
    };
    stops_at(
        l,
        "while :; do :; done",
        LimitKind::LoopIterations,
        "loop iteration limit exceeded (10000)",
    )
    .await;
}

#[tokio::test]
async fn a_busy_utility_stops_at_the_deadline() {
    let l = ExecutionLimits {
        timeout: Some(Duration::from_millis(500)),
        ..limits()
    };
    stops_at(
        l.clone(),
        "yes > /dev/null",
        LimitKind::Timeout,
        "time limit exceeded (500ms)",
    )
    .await;
    stops_at(
        l,
        "sleep 100000",
        LimitKind::Timeout,
        "time limit exceeded (500ms)",
    )
    .await;
}
