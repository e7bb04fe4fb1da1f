//! Every `ExecutionLimits` field enforced (issue 4), then the adversarial
//! corpus: each script must end within its limit with
//! `toolsh: <limit> exceeded (<value>)` on stderr, exit status
//! [`EXIT_LIMIT`], [`ExecResult::limit`] naming the limit, the output
//! produced before the limit kept, and the host's memory bounded.
//!
//! The limits are set small so every case runs in milliseconds; where a
//! case also has plain bash behaviour (arithmetic wrapping, division by
//! zero, `${x:0:huge}`), the expected output comes from bash 5.2.

use std::sync::Arc;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use toolsh_interp::{
    EXIT_LIMIT, ExecResult, ExecutionLimits, LimitKind, MemoryFs, Shell, Utility, UtilityContext,
    UtilityResult,
};

/// Every test runs alone, so the peak-memory checks of the adversarial
/// cases see only their own script.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Limits small enough that every case ends in milliseconds, with a 5 s
/// deadline as a safety net (no case below should reach it unless it
/// tests the deadline).
fn small() -> ExecutionLimits {
    ExecutionLimits {
        max_commands: 20_000,
        max_loop_iterations: 5_000,
        max_total_loop_iterations: 10_000,
        max_function_depth: 100,
        max_subst_depth: 16,
        max_stdout_bytes: 64 * 1024,
        max_stderr_bytes: 16 * 1024,
        max_variable_bytes: 64 * 1024,
        max_total_variable_bytes: 256 * 1024,
        max_array_entries: 1_000,
        max_brace_expansion: 1_000,
        max_format_width: 1_000,
        max_source_bytes: 64 * 1024,
        max_ast_depth: 100,
        max_heredocs: 16,
        timeout: Some(Duration::from_secs(5)),
        max_background_jobs: 8,
        max_buffer_bytes: 256 * 1024,
        max_pipeline_stages: 100,
        max_pattern_steps: 10_000_000,
        max_memory_bytes: 64 * 1024 * 1024,
    }
}

async fn run_with(limits: ExecutionLimits, script: &str) -> ExecResult {
    let _serial = SERIAL.lock().await;
    let mut sh = Shell::builder()
        .utilities(toolsh_utils::standard())
        .limits(limits)
        .build();
    sh.exec(script).await
}

/// Assert that `r` stopped on `kind` with exactly bash-style
/// `toolsh: <name> exceeded (<value>)` as the last stderr line, status
/// 124, and `stdout` as the output kept from before the limit.
#[track_caller]
fn assert_limit(r: &ExecResult, kind: LimitKind, value: &str, stdout: &str) {
    assert_eq!(r.limit, Some(kind), "{r:?}");
    assert_eq!(r.exit_code, EXIT_LIMIT, "{r:?}");
    let want = format!("toolsh: {} exceeded ({value})\n", kind.name());
    assert!(r.stderr.ends_with(&want), "want {want:?}: {r:?}");
    assert_eq!(r.stdout, stdout, "{r:?}");
}

#[tokio::test]
async fn limit_names_are_the_documented_ones() {
    let names = [
        (LimitKind::Commands, "command limit"),
        (LimitKind::LoopIterations, "loop iteration limit"),
        (LimitKind::TotalLoopIterations, "total loop iteration limit"),
        (LimitKind::FunctionDepth, "function depth limit"),
        (LimitKind::SubstDepth, "subshell depth limit"),
        (LimitKind::StdoutBytes, "stdout limit"),
        (LimitKind::StderrBytes, "stderr limit"),
        (LimitKind::VariableBytes, "variable size limit"),
        (LimitKind::TotalVariableBytes, "total variable size limit"),
        (LimitKind::ArrayEntries, "array size limit"),
        (LimitKind::BraceExpansion, "brace expansion limit"),
        (LimitKind::FormatWidth, "format width limit"),
        (LimitKind::SourceBytes, "source size limit"),
        (LimitKind::AstDepth, "nesting depth limit"),
        (LimitKind::HereDocuments, "here-document limit"),
        (LimitKind::Timeout, "time limit"),
        (LimitKind::BackgroundJobs, "background job limit"),
        (LimitKind::BufferBytes, "buffer size limit"),
        (LimitKind::PipelineStages, "pipeline stage limit"),
        (LimitKind::PatternSteps, "pattern matching limit"),
        (LimitKind::Memory, "memory limit"),
    ];
    for (k, n) in names {
        assert_eq!(k.name(), n);
    }
}

#[tokio::test]
async fn commands() {
    let l = ExecutionLimits {
        max_commands: 100,
        ..small()
    };
    let r = run_with(l.clone(), "echo start; while :; do :; done").await;
    assert_limit(&r, LimitKind::Commands, "100", "start\n");
    // Exactly the limit is allowed: 100 commands run, the 101st stops.
    let script = "for i in {1..99}; do :; done; echo last";
    let r = run_with(l.clone(), script).await;
    assert_eq!(
        (r.stdout.as_str(), r.exit_code, r.limit),
        ("last\n", 0, None)
    );
    let script = "for i in {1..100}; do :; done; echo last";
    let r = run_with(l.clone(), script).await;
    assert_limit(&r, LimitKind::Commands, "100", "");
    // Functions and commands in substitutions count too.
    let r = run_with(l, "f() { :; }; echo a; while :; do x=$(f); done").await;
    assert_limit(&r, LimitKind::Commands, "100", "a\n");
}

#[tokio::test]
async fn loop_iterations_per_loop() {
    let l = ExecutionLimits {
        max_loop_iterations: 50,
        ..small()
    };
    for script in [
        "echo a; while true; do x=1; done",
        "echo a; until false; do x=1; done",
        "echo a; for ((;;)); do x=1; done",
        "echo a; for i in {1..60}; do x=1; done",
        "echo a; select x in a b; do :; done <<< \"$(printf '1\\n%.0s' {1..60})\"",
    ] {
        let r = run_with(l.clone(), script).await;
        assert_limit(&r, LimitKind::LoopIterations, "50", "a\n");
    }
    // The count is per loop: two loops of 50 each are fine.
    let r = run_with(
        l,
        "for i in {1..50}; do :; done; for i in {1..50}; do :; done; echo ok",
    )
    .await;
    assert_eq!((r.stdout.as_str(), r.limit), ("ok\n", None), "{r:?}");
}

#[tokio::test]
async fn loop_iterations_in_total() {
    let l = ExecutionLimits {
        max_loop_iterations: 50,
        max_total_loop_iterations: 100,
        ..small()
    };
    // 10 outer x 10 inner = 110 iterations, no single loop over 50.
    let script = "for i in {1..10}; do echo $i; for j in {1..10}; do :; done; done";
    let r = run_with(l, script).await;
    // After nine outer rounds (99 iterations), the tenth outer iteration
    // is the 100th and its first inner one the 101st.
    assert_limit(
        &r,
        LimitKind::TotalLoopIterations,
        "100",
        "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n",
    );
}

#[tokio::test]
async fn function_depth() {
    let l = ExecutionLimits {
        max_function_depth: 50,
        ..small()
    };
    let r = run_with(l.clone(), "f() { echo $1; f $(($1+1)); }; f 1").await;
    let kept = (1..=50).fold(String::new(), |mut s, i| {
        s.push_str(&i.to_string());
        s.push('\n');
        s
    });
    assert_limit(&r, LimitKind::FunctionDepth, "50", &kept);
    // Mutual recursion counts the same.
    let r = run_with(l.clone(), "a() { b; }; b() { a; }; a").await;
    assert_limit(&r, LimitKind::FunctionDepth, "50", "");
    // A file that sources itself, or runs itself as a script, nests like
    // recursion (it took gigabytes before it counted), and so do calls
    // mixed with sourcing.
    let r = run_with_fs(l.clone(), "echo 'source /tmp/s' > /tmp/s; source /tmp/s").await;
    assert_limit(&r, LimitKind::FunctionDepth, "50", "");
    let r = run_with_fs(
        l.clone(),
        "printf '#!/bin/bash\\n/tmp/s\\n' > /tmp/s; chmod +x /tmp/s; /tmp/s",
    )
    .await;
    assert_limit(&r, LimitKind::FunctionDepth, "50", "");
    let r = run_with_fs(l, "echo 'f' > /tmp/s; f() { . /tmp/s; }; f").await;
    assert_limit(&r, LimitKind::FunctionDepth, "50", "");
}

#[tokio::test]
async fn default_function_depth_is_reachable_without_overflowing_the_stack() {
    let l = ExecutionLimits {
        timeout: Some(Duration::from_secs(20)),
        ..ExecutionLimits::default()
    };
    let r = run_with(l, "f() { local x=$1; f $((x+1)); }; f 0").await;
    assert_limit(&r, LimitKind::FunctionDepth, "1000", "");
}

/// A million-term run of one operator, in a variable and as expanded
/// `$((...))` text, evaluates under the default limits without
/// overflowing the stack (it is one flat node, walked and dropped in a
/// loop); bash prints 1000001 for each.
#[tokio::test]
async fn a_million_term_operator_run_evaluates() {
    let l = ExecutionLimits {
        timeout: Some(Duration::from_secs(30)),
        ..ExecutionLimits::default()
    };
    let script = "s=$(yes 1+ | head -n 1000000 | tr -d '\\n')1; echo $((s)) $(( $s ))";
    let r = run_with(l, script).await;
    assert_eq!(
        (r.stdout.as_str(), r.exit_code, r.limit),
        ("1000001 1000001\n", 0, None),
        "{}",
        r.stderr
    );
}

#[tokio::test]
async fn substitution_and_subshell_depth() {
    let l = ExecutionLimits {
        max_subst_depth: 5,
        ..small()
    };
    let r = run_with(l.clone(), "echo a; f() { echo $(f); }; f").await;
    assert_limit(&r, LimitKind::SubstDepth, "5", "a\n");
    let r = run_with(l.clone(), "echo a; f() { (f); }; f").await;
    assert_limit(&r, LimitKind::SubstDepth, "5", "a\n");
    let r = run_with(l.clone(), "echo a; f() { eval f; }; f").await;
    assert_limit(&r, LimitKind::SubstDepth, "5", "a\n");
    // Four levels are within the limit.
    let r = run_with(l, "echo $(echo $(echo $(echo $(echo deep))))").await;
    assert_eq!((r.stdout.as_str(), r.limit), ("deep\n", None), "{r:?}");
}

#[tokio::test]
async fn stdout_bytes() {
    let l = ExecutionLimits {
        max_stdout_bytes: 12,
        ..small()
    };
    let r = run_with(l.clone(), "while :; do echo abcd; done").await;
    assert_limit(&r, LimitKind::StdoutBytes, "12", "abcd\nabcd\nab");
    // Through a pipeline and a utility.
    let r = run_with(l, "yes abcd | cat").await;
    assert_limit(&r, LimitKind::StdoutBytes, "12", "abcd\nabcd\nab");
}

#[tokio::test]
async fn stderr_bytes() {
    let l = ExecutionLimits {
        max_stderr_bytes: 12,
        ..small()
    };
    let r = run_with(l, "echo out; while :; do echo abcd >&2; done").await;
    assert_eq!(r.limit, Some(LimitKind::StderrBytes), "{r:?}");
    assert_eq!(r.exit_code, EXIT_LIMIT);
    assert_eq!(r.stdout, "out\n");
    // The kept stderr, then the message (written past the limit).
    assert_eq!(
        r.stderr, "abcd\nabcd\nab\ntoolsh: stderr limit exceeded (12)\n",
        "{r:?}"
    );
}

#[tokio::test]
async fn single_variable_bytes() {
    let l = ExecutionLimits {
        max_variable_bytes: 1000,
        ..small()
    };
    for script in [
        "echo a; s=x; while :; do s=$s$s; done",
        "echo a; s=x; while :; do s+=$s; done",
        "echo a; a[3]=x; while :; do a[3]+=${a[3]}; done",
        "echo a; declare -A m; m[k]=x; while :; do m[k]+=${m[k]}; done",
        "echo a; s=x; while :; do s=$s$s; export s; done",
        "echo a; s=x; while :; do s=$s$s; s=$s true; done",
        "echo a; s=x; while :; do printf -v s '%s%s' \"$s\" \"$s\"; done",
        "echo a; s=x; while :; do read -r s <<< \"$s$s\"; done",
    ] {
        let r = run_with(l.clone(), script).await;
        assert_limit(&r, LimitKind::VariableBytes, "1000", "a\n");
    }
}

#[tokio::test]
async fn total_variable_bytes() {
    let l = ExecutionLimits {
        max_total_variable_bytes: 1000,
        ..small()
    };
    // 100 variables of 16 bytes each (plus names) pass 1000 bytes.
    let script = "echo a; for i in {1..100}; do eval v$i=0123456789abcdef; done";
    let r = run_with(l.clone(), script).await;
    assert_limit(&r, LimitKind::TotalVariableBytes, "1000", "a\n");
    // Array elements and associative keys count.
    let r = run_with(
        l.clone(),
        "echo a; for i in {1..100}; do a[i]=0123456789; done",
    )
    .await;
    assert_limit(&r, LimitKind::TotalVariableBytes, "1000", "a\n");
    let r = run_with(
        l.clone(),
        "declare -A m; echo a; for i in {1..100}; do m[key$i]=0123456789; done",
    )
    .await;
    assert_limit(&r, LimitKind::TotalVariableBytes, "1000", "a\n");
    let r = run_with(l.clone(), "echo a; a=({1..500})").await;
    assert_limit(&r, LimitKind::TotalVariableBytes, "1000", "a\n");
    // Locals count, and freeing space (unset, overwriting) makes room again.
    let r = run_with(
        l.clone(),
        "f() { local x=$1; f $1$1; }; echo a; f 0123456789",
    )
    .await;
    assert_limit(&r, LimitKind::TotalVariableBytes, "1000", "a\n");
    let script = "for i in {1..1000}; do v=0123456789abcdef$i; w=$v; unset w; done; echo ok";
    let r = run_with(l, script).await;
    assert_eq!((r.stdout.as_str(), r.limit), ("ok\n", None), "{r:?}");
}

#[tokio::test]
async fn array_entries() {
    let l = ExecutionLimits {
        max_array_entries: 10,
        ..small()
    };
    for script in [
        "echo a; for i in {1..20}; do a[i]=1; done",
        "echo a; a=({1..20})",
        "echo a; for i in {1..20}; do a+=(x); done",
        "echo a; declare -A m; for i in {1..20}; do m[k$i]=1; done",
        "echo a; mapfile -t a <<< \"$(printf '%s\\n' {1..20})\"",
        "echo a; read -ra a <<< \"$(echo {1..20})\"",
    ] {
        let r = run_with(l.clone(), script).await;
        assert_limit(&r, LimitKind::ArrayEntries, "10", "a\n");
    }
    let r = run_with(l, "a=({1..10}); a[5]=x; echo ${#a[@]}").await;
    assert_eq!((r.stdout.as_str(), r.limit), ("10\n", None), "{r:?}");
}

#[tokio::test]
async fn brace_expansion_results() {
    let l = ExecutionLimits {
        max_brace_expansion: 100,
        ..small()
    };
    for script in [
        "echo a; echo {1..101}",
        "echo a; echo {1..11}{1..11}",
        "echo a; echo {a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}",
        "echo a; x=({1..1000000})",
    ] {
        let r = run_with(l.clone(), script).await;
        assert_limit(&r, LimitKind::BraceExpansion, "100", "a\n");
    }
    let r = run_with(l, "echo {1..100} | wc -w").await;
    assert_eq!((r.stdout.as_str(), r.limit), ("100\n", None), "{r:?}");
}

#[tokio::test]
async fn printf_width() {
    let l = ExecutionLimits {
        max_format_width: 100,
        ..small()
    };
    for script in [
        "echo a; printf '%*d' 2000000000 1",
        "echo a; printf '%101s' x",
        "echo a; printf '%.101f' 1",
        "echo a; printf -v v '%-200d' 1",
        "echo a; printf '%*s' -200 x",
    ] {
        let r = run_with(l.clone(), script).await;
        assert_limit(&r, LimitKind::FormatWidth, "100", "a\n");
    }
    let r = run_with(l, "printf '%100s' x | wc -c").await;
    assert_eq!((r.stdout.as_str(), r.limit), ("100\n", None), "{r:?}");
}

#[tokio::test]
async fn source_bytes() {
    let l = ExecutionLimits {
        max_source_bytes: 64,
        ..small()
    };
    let long = format!("echo {}", "x".repeat(64));
    let r = run_with(l.clone(), &long).await;
    assert_limit(&r, LimitKind::SourceBytes, "64", "");
    // eval and source are checked too, after the earlier output.
    let script = "echo a; s=$(printf '%060d' 0); eval \"echo $s $s\"";
    let r = run_with(l.clone(), script).await;
    assert_limit(&r, LimitKind::SourceBytes, "64", "a\n");
    let _serial = SERIAL.lock().await;
    let fs = Arc::new(MemoryFs::new());
    let mut sh = Shell::builder()
        .utilities(toolsh_utils::standard())
        .limits(l)
        .fs(fs)
        .build();
    let r = sh.exec("printf 'echo %070d\\n' 0 > /lib.sh").await;
    assert_eq!(r.exit_code, 0, "{r:?}");
    let r = sh.exec("echo a; . /lib.sh").await;
    assert_limit(&r, LimitKind::SourceBytes, "64", "a\n");
}

#[tokio::test]
async fn ast_depth() {
    let l = ExecutionLimits {
        max_ast_depth: 50,
        ..small()
    };
    let deep_subshell = format!("{}:{}", "(".repeat(60), ")".repeat(60));
    let deep_group = format!("{}:{}", "{ ".repeat(60), "; }".repeat(60));
    let deep_if = format!("{}:{}", "if :; then ".repeat(60), "; fi".repeat(60));
    let deep_subst = format!("echo {}x{}", "$(echo ".repeat(60), ")".repeat(60));
    for script in [deep_subshell, deep_group, deep_if, deep_subst] {
        let r = run_with(l.clone(), &script).await;
        assert_limit(&r, LimitKind::AstDepth, "50", "");
    }
    // A script that nests less runs.
    let ok = format!("{}echo ok{}", "( ".repeat(10), " )".repeat(10));
    let r = run_with(l.clone(), &ok).await;
    assert_eq!((r.stdout.as_str(), r.limit), ("ok\n", None), "{r:?}");
    // eval'd text is parsed under the same bound.
    let script = "echo a; eval \"$(printf '(%.0s' {1..60}):$(printf ')%.0s' {1..60})\"";
    let r = run_with(l.clone(), script).await;
    assert_limit(&r, LimitKind::AstDepth, "50", "a\n");
    // Arithmetic text parsed at run time (a variable's value, `let`,
    // expanded `$((...))` text) is under the same bound and ends the
    // script as a limit, not as an arithmetic error with status 1.
    let deep = format!("{}1{}", "(".repeat(60), ")".repeat(60));
    for script in [
        format!("echo a; x='{deep}'; echo $((x)); echo no"),
        format!("echo a; let 'y={deep}'; echo no"),
        format!("echo a; x='{deep}'; (( $x )); echo no"),
        format!("echo a; x='{}1'; echo $((x)); echo no", "-".repeat(60)),
    ] {
        let r = run_with(l.clone(), &script).await;
        assert_limit(&r, LimitKind::AstDepth, "50", "a\n");
    }
    // A long run of one operator is not nesting, statically or at run
    // time (bash evaluates `1+1+...+1` with any number of terms).
    let run = format!("1{}", "+1".repeat(5_000));
    let r = run_with(l, &format!("echo $(({run})); x='{run}'; echo $((x))")).await;
    assert_eq!(
        (r.stdout.as_str(), r.limit),
        ("5001\n5001\n", None),
        "{r:?}"
    );
}

/// A command that never checks the deadline itself: it only yields to
/// the runtime, so only the interpreter's tokio timeout can stop it.
struct Spin;

#[async_trait]
impl Utility for Spin {
    fn name(&self) -> &'static str {
        "spin"
    }
    async fn run(&self, _ctx: &mut UtilityContext<'_>) -> UtilityResult {
        loop {
            tokio::task::yield_now().await;
        }
    }
}

/// A command whose own loop checks the deadline cooperatively.
struct Busy;

#[async_trait]
impl Utility for Busy {
    fn name(&self) -> &'static str {
        "busy"
    }
    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        loop {
            ctx.shell.checkpoint()?;
            std::hint::spin_loop();
        }
    }
}

#[tokio::test]
async fn deadline() {
    let l = ExecutionLimits {
        timeout: Some(Duration::from_millis(200)),
        max_loop_iterations: u64::MAX,
        max_total_loop_iterations: u64::MAX,
        max_commands: u64::MAX,
        ..small()
    };
    for script in [
        "echo before; while :; do :; done",
        "echo before; sleep 100",
        "echo before; spin",
        "echo before; busy",
        "echo before; yes > /dev/null",
        "echo before; spin & wait",
        "echo before; yes | while read -r l; do :; done",
    ] {
        let _serial = SERIAL.lock().await;
        let start = Instant::now();
        let mut sh = Shell::builder()
            .utilities(toolsh_utils::standard())
            .limits(l.clone())
            .utility(Arc::new(Spin))
            .utility(Arc::new(Busy))
            .build();
        let r = sh.exec(script).await;
        assert_limit(&r, LimitKind::Timeout, "200ms", "before\n");
        assert!(
            start.elapsed() < Duration::from_secs(3),
            "{script}: {:?}",
            start.elapsed()
        );
    }
}

#[tokio::test]
async fn background_jobs() {
    let l = ExecutionLimits {
        max_background_jobs: 4,
        ..small()
    };
    let r = run_with(
        l.clone(),
        "echo a; for i in {1..10}; do sleep 1 & done; wait",
    )
    .await;
    assert_limit(&r, LimitKind::BackgroundJobs, "4", "a\n");
    // Finished jobs free their slot.
    let script = "for i in {1..10}; do { echo $i; } & wait; done | wc -l";
    let r = run_with(l, script).await;
    assert_eq!((r.stdout.as_str(), r.limit), ("10\n", None), "{r:?}");
}

#[tokio::test]
async fn buffer_bytes() {
    let l = ExecutionLimits {
        max_buffer_bytes: 1024,
        ..small()
    };
    let r = run_with(l.clone(), "echo a; x=$(yes)").await;
    assert_limit(&r, LimitKind::BufferBytes, "1024", "a\n");
    let r = run_with(l.clone(), "echo a; yes | sort").await;
    assert_limit(&r, LimitKind::BufferBytes, "1024", "a\n");
    let script = "echo a; s=$(printf '%0500d' 0); cat <<< \"$s$s$s\" >/dev/null";
    let r = run_with(l, script).await;
    assert_limit(&r, LimitKind::BufferBytes, "1024", "a\n");
}

#[tokio::test]
async fn buffer_bytes_of_process_substitutions() {
    let l = ExecutionLimits {
        max_buffer_bytes: 1024,
        ..small()
    };
    let r = run_with(l.clone(), "echo a; cat <(yes); echo b").await;
    assert_limit(&r, LimitKind::BufferBytes, "1024", "a\n");
    let r = run_with(l.clone(), "echo a; yes > >(wc -c); echo b").await;
    assert_limit(&r, LimitKind::BufferBytes, "1024", "a\n");
    let r = run_with(l.clone(), "echo a; yes | tee >(wc -c) >/dev/null; echo b").await;
    assert_limit(&r, LimitKind::BufferBytes, "1024", "a\n");
    // Within the limit the bytes all arrive.
    let r = run_with(l, "printf '%01000d' 0 > >(wc -c)").await;
    assert_eq!((r.stdout.as_str(), r.limit), ("1000\n", None), "{r:?}");
}

/// Peak resident memory of this process in KiB (Linux), after resetting
/// the high-water mark when the kernel allows it.
fn reset_peak_rss() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn peak_rss_kib() -> Option<u64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Run one adversarial case: it must end in under `secs` and, when the
/// kernel reports it, raise the peak memory by less than 64 MiB.
async fn adversarial(limits: ExecutionLimits, script: &str, secs: u64) -> ExecResult {
    let _serial = SERIAL.lock().await;
    measured(limits, script, secs).await
}

/// [`adversarial`] for a caller that already holds [`SERIAL`].
async fn measured(limits: ExecutionLimits, script: &str, secs: u64) -> ExecResult {
    reset_peak_rss();
    let before = peak_rss_kib();
    let start = Instant::now();
    let r = Shell::builder()
        .utilities(toolsh_utils::standard())
        .limits(limits)
        .build()
        .exec(script)
        .await;
    let took = start.elapsed();
    assert!(took < Duration::from_secs(secs), "{script}: took {took:?}");
    if let (Some(b), Some(a)) = (before, peak_rss_kib()) {
        let short: String = script.chars().take(60).collect();
        assert!(
            a.saturating_sub(b) < 64 * 1024,
            "{short}: peak grew {b} -> {a} KiB"
        );
    }
    r
}

#[tokio::test]
async fn adversarial_infinite_loop() {
    let r = adversarial(small(), "while :; do :; done", 5).await;
    assert_limit(&r, LimitKind::LoopIterations, "5000", "");
}

#[tokio::test]
async fn adversarial_recursion_bomb() {
    let r = adversarial(small(), "f() { f; }; f", 5).await;
    assert_limit(&r, LimitKind::FunctionDepth, "100", "");
    let r = adversarial(small(), "f() { f; f; }; f", 5).await;
    assert_limit(&r, LimitKind::FunctionDepth, "100", "");
}

#[tokio::test]
async fn adversarial_fork_bomb() {
    let r = adversarial(small(), ":(){ :|:& };:", 5).await;
    // Each call starts a background pipeline whose stages call it again:
    // whichever bound is reached first ends the script.
    assert_eq!(r.exit_code, EXIT_LIMIT, "{r:?}");
    let kind = r.limit.expect("a limit");
    assert!(
        matches!(
            kind,
            LimitKind::BackgroundJobs | LimitKind::SubstDepth | LimitKind::FunctionDepth
        ),
        "{r:?}"
    );
    let want = format!("toolsh: {} exceeded (", kind.name());
    assert!(r.stderr.contains(&want), "{r:?}");
}

#[tokio::test]
async fn here_documents() {
    let docs = |n: usize| "cat <<E\nx\nE\n".repeat(n);
    let r = run_with(small(), &docs(16)).await;
    assert_eq!((r.stdout.len(), r.exit_code), (32, 0), "{r:?}");
    // Parsed before anything runs; it used to be named the nesting limit.
    let r = run_with(small(), &format!("echo a\n{}", docs(17))).await;
    assert_limit(&r, LimitKind::HereDocuments, "16", "");
    let r = run_with(small(), &format!("echo a; eval '{}'", docs(17))).await;
    assert_limit(&r, LimitKind::HereDocuments, "16", "a\n");
}

#[tokio::test]
async fn pipeline_stages() {
    let l = ExecutionLimits {
        max_pipeline_stages: 10,
        ..small()
    };
    let ten = ["echo x"; 10].join(" | ");
    let r = run_with(l.clone(), &format!("{ten}; echo ok")).await;
    assert_eq!((r.stdout.as_str(), r.exit_code), ("x\nok\n", 0), "{r:?}");
    let r = run_with(l.clone(), &format!("echo a; {ten} | cat; echo b")).await;
    assert_limit(&r, LimitKind::PipelineStages, "10", "a\n");
    // Nested pipelines count while their outer stage runs (2 + 9)...
    let r = run_with(
        l.clone(),
        "echo a; f() { :|:|:|:|:|:|:|:|:; }; f | :; echo b",
    )
    .await;
    assert_limit(&r, LimitKind::PipelineStages, "10", "a\n");
    // ... and a finished pipeline gives its stages back.
    let r = run_with(
        l,
        "for i in {1..50}; do :|:|:|:|:|:|:|:|:|:; done; f() { :|:|:; }; f | f | f; echo ok",
    )
    .await;
    assert_eq!((r.stdout.as_str(), r.exit_code), ("ok\n", 0), "{r:?}");
}

#[tokio::test]
async fn adversarial_long_pipeline() {
    // 50,000 stages (`:|:|...`) each a forked shell: stopped before any
    // runs, in bounded memory (without the bound: ~170 MB more).
    let l = ExecutionLimits {
        max_source_bytes: 1 << 20,
        ..small()
    };
    let script = ":|".repeat(49_999) + ":";
    let r = adversarial(l, &script, 5).await;
    assert_limit(&r, LimitKind::PipelineStages, "100", "");
}

#[tokio::test]
async fn adversarial_brace_product() {
    let r = adversarial(small(), "echo {1..1000000}{1..1000000}", 5).await;
    assert_limit(&r, LimitKind::BraceExpansion, "1000", "");
    // With the default bound too: no word list is built first.
    let l = ExecutionLimits {
        timeout: Some(Duration::from_secs(5)),
        ..ExecutionLimits::default()
    };
    let r = adversarial(l, "echo {1..1000000}{1..1000000}", 5).await;
    assert_limit(&r, LimitKind::BraceExpansion, "100000", "");
}

#[tokio::test]
async fn adversarial_printf_width() {
    let r = adversarial(small(), "printf '%*d' 2000000000 1", 5).await;
    assert_limit(&r, LimitKind::FormatWidth, "1000", "");
}

#[tokio::test]
async fn adversarial_doubling_string() {
    let r = adversarial(small(), "s=x; while :; do s=$s$s; done", 5).await;
    assert_limit(&r, LimitKind::VariableBytes, "65536", "");
}

#[tokio::test]
async fn adversarial_yes() {
    let r = adversarial(small(), "yes", 5).await;
    assert_limit(
        &r,
        LimitKind::StdoutBytes,
        "65536",
        &"y\n".repeat(32 * 1024),
    );
    // A reader that stops ends the pipeline at once.
    let r = adversarial(small(), "yes | head -1; echo done", 5).await;
    assert_eq!((r.stdout.as_str(), r.exit_code), ("y\ndone\n", 0), "{r:?}");
}

#[tokio::test]
async fn adversarial_deep_nesting() {
    let n = 100_000;
    let cases = [
        format!("{}:{}", "(".repeat(n), ")".repeat(n)),
        format!("{}:{}", "{ ".repeat(n), "; }".repeat(n)),
        format!("echo {}x{}", "$(".repeat(n), ")".repeat(n)),
        format!("echo $(({}1{}))", "(".repeat(n), ")".repeat(n)),
        format!("[[ {}a{} ]]", "( ".repeat(n), " )".repeat(n)),
    ];
    let l = ExecutionLimits {
        max_source_bytes: 1024 * 1024,
        ..small()
    };
    for script in cases {
        let r = adversarial(l.clone(), &script, 5).await;
        assert_limit(&r, LimitKind::AstDepth, "100", "");
    }
}

#[tokio::test]
async fn adversarial_huge_here_string() {
    // A 100 MB here-string in the source is refused before parsing.
    let serial = SERIAL.lock().await;
    let script = format!("cat <<< '{}'", "x".repeat(100 * 1024 * 1024));
    let r = measured(small(), &script, 5).await;
    assert_limit(&r, LimitKind::SourceBytes, "65536", "");
    drop(script);
    drop(serial);
    // Built at run time, it stops at the first bound it reaches.
    let script = "s=$(printf '%01000d' 0); while :; do s=$s$s; done; cat <<< \"$s\"";
    let r = adversarial(small(), script, 5).await;
    assert_limit(&r, LimitKind::VariableBytes, "65536", "");
}

#[tokio::test]
async fn adversarial_read_from_endless_pipe() {
    let r = adversarial(
        small(),
        "echo a; yes | tr -d '\\n' | read -r x; echo after",
        5,
    )
    .await;
    assert_limit(&r, LimitKind::VariableBytes, "65536", "a\n");
    let r = adversarial(small(), "echo a; yes | while read -r x; do :; done", 5).await;
    assert_limit(&r, LimitKind::LoopIterations, "5000", "a\n");
}

#[tokio::test]
async fn adversarial_huge_substring_length() {
    // bash 5.2: `[]`, `[abc]`, then a negative length is an error that
    // aborts its line.
    let script = "x=${x:0:99999999999}; echo \"[$x]\"; y=abc; echo \"[${y:0:99999999999}]\"\n\
                  echo \"[${y:1:-99999999999}]\"\necho end";
    let r = adversarial(small(), script, 5).await;
    assert_eq!(r.limit, None, "{r:?}");
    assert_eq!(r.stdout, "[]\n[abc]\nend\n", "{r:?}");
    assert!(r.stderr.contains("substring expression < 0"), "{r:?}");
}

#[tokio::test]
async fn adversarial_arithmetic() {
    // Expected values from bash 5.2: 64-bit wrapping.
    let script = "echo $((9223372036854775807+1)) $((2**63)) $((-9223372036854775807-1))\n\
                  echo $((2**64)) $((3**100)) $((-(-9223372036854775807-1)))";
    let r = adversarial(small(), script, 5).await;
    assert_eq!(
        r.stdout,
        "-9223372036854775808 -9223372036854775808 -9223372036854775808\n\
         0 -2984622845537545263 -9223372036854775808\n",
        "{r:?}"
    );
    // bash 5.2: division by zero is an error that aborts the line (status
    // 1); the next line runs.
    let r = adversarial(
        small(),
        "echo $((1/0)); echo same line\necho next $((5%0))\necho last",
        5,
    )
    .await;
    assert_eq!((r.stdout.as_str(), r.exit_code), ("last\n", 0), "{r:?}");
    assert!(r.stderr.contains("division by 0"), "{r:?}");
    assert_eq!(r.limit, None);
}

#[tokio::test]
async fn adversarial_huge_array_index() {
    // bash 5.2: `1 4611686018427387904 x`.
    let script = "a[2**62]=x; echo ${#a[@]} ${!a[@]} ${a[2**62]}; a[2**63-1]=y; echo ${#a[@]}";
    let r = adversarial(small(), script, 5).await;
    assert_eq!(r.stdout, "1 4611686018427387904 x\n2\n", "{r:?}");
}

/// [`run_with`] over an empty in-memory file system.
async fn run_with_fs(limits: ExecutionLimits, script: &str) -> ExecResult {
    let _serial = SERIAL.lock().await;
    let fs = Arc::new(MemoryFs::new());
    Shell::builder()
        .utilities(toolsh_utils::standard())
        .limits(limits)
        .fs(fs)
        .build()
        .exec(script)
        .await
}

/// One pattern-matching operation counts its steps against
/// `max_pattern_steps`: nested repetitions over a long text, in every
/// place a pattern is matched (`[[ == ]]`, `case`, parameter expansion,
/// pathname expansion, `find -name`).
#[tokio::test]
async fn pattern_steps() {
    let l = ExecutionLimits {
        max_pattern_steps: 1_000,
        ..small()
    };
    let long = "s=ab; for i in {1..6}; do s=$s$s; done; s=${s}c; echo before; ";
    for (tail, extglob) in [
        ("[[ $s == *(*(*(a|b)))d ]]", false),
        ("case $s in *(*(*(a|b)))d) ;; esac", true),
        ("t=${s//*(*(*(a|b)))c/x}", true),
        ("t=${s/#*(*(*(a|b)))c/x}", true),
        ("t=${s/%*(*(*(a|b)))c/x}", true),
        ("t=${s%*(*(*(a|b)))c}", true),
        ("t=${s#*(*(*(a|b)))c}", true),
        ("touch $s; echo *(*(*(a|b)))d", true),
        ("touch $s; GLOBIGNORE='*(*(*(a|b)))d'; echo *", true),
    ] {
        let opt = if extglob { "shopt -s extglob\n" } else { "" };
        let script = format!("{opt}{long}{tail}; echo after");
        let r = run_with_fs(l.clone(), &script).await;
        assert_eq!(r.limit, Some(LimitKind::PatternSteps), "{tail}: {r:?}");
        assert_limit(&r, LimitKind::PatternSteps, "1000", "before\n");
    }
    let script = format!(
        "touch {}; echo before; find . -name '*a*b*a*b*a*b*a*b*c' -print",
        "ab".repeat(100)
    );
    assert_limit(
        &run_with_fs(l, &script).await,
        LimitKind::PatternSteps,
        "1000",
        "before\n",
    );
}

/// Matching also checks the deadline as it goes: with a 1 s deadline and
/// no step limit, a match that would run for minutes on a 64 KiB text
/// stops after about a second with the time limit.
#[tokio::test]
async fn adversarial_pattern_matching() {
    let l = ExecutionLimits {
        timeout: Some(Duration::from_secs(1)),
        max_pattern_steps: u64::MAX,
        max_variable_bytes: 1 << 20,
        max_total_variable_bytes: 4 << 20,
        ..small()
    };
    let long = "shopt -s extglob; s=ab; for i in {1..15}; do s=$s$s; done; s=${s}c; echo before; ";
    for tail in [
        "[[ $s == *(*(*(a|b)))d ]]",
        "case $s in *(*(*(a|b)))d) ;; esac",
        "t=${s//*(*(*(a|b)))c/x}",
        "t=${s%%*(*(*(a|b)))c}",
    ] {
        let script = format!("{long}{tail}; echo after");
        let _serial = SERIAL.lock().await;
        let start = Instant::now();
        let r = measured(l.clone(), &script, 3).await;
        assert_eq!(r.limit, Some(LimitKind::Timeout), "{tail}");
        assert_limit(&r, LimitKind::Timeout, "1s", "before\n");
        assert!(start.elapsed() >= Duration::from_millis(900), "{tail}");
    }
}

/// Growth that happens inside one expansion is bounded as it happens:
/// `${x// /$x}` squares the value (it built gigabytes before a check),
/// and a field list (here positional parameters doubled by `set -- "$@"
/// "$@"`) stops at the array size limit.
#[tokio::test]
async fn replacement_results_and_field_lists_are_bounded() {
    let l = ExecutionLimits {
        max_variable_bytes: 100_000,
        max_array_entries: 1_000,
        ..small()
    };
    let r = run_with(
        l.clone(),
        r#"x=$(printf "%1000s"); echo ok; y=${x// /$x}; echo no"#,
    )
    .await;
    assert_limit(&r, LimitKind::VariableBytes, "100000", "ok\n");
    let r = run_with(l.clone(), r#"x="a b"; echo "${x// /$x}""#).await;
    assert_eq!(r.stdout, "aa bb\n", "{r:?}");
    let r = run_with(
        l,
        r#"set -- $(seq 1 600); echo $#; set -- "$@" "$@"; echo no"#,
    )
    .await;
    assert_limit(&r, LimitKind::ArrayEntries, "1000", "600\n");
}

/// Lists are bounded while they are built, not once built (T21c): word
/// splitting, `read -a`, `mapfile`, array copies and awk's `split` stop
/// with the array size limit as soon as it is passed (`set -- $x` on 16
/// MB of `y\n` built 8 million fields, 1.85 GB, before the check), and
/// the bytes of a field and of a field list are bounded as they grow.
#[tokio::test]
async fn lists_stop_at_the_limit_as_they_grow() {
    let l = ExecutionLimits {
        max_array_entries: 1_000,
        ..small()
    };
    // Exactly the limit is allowed.
    let r = run_with(l.clone(), r"x=$(seq 1000); a=($x); echo ${#a[@]}").await;
    assert_eq!((r.stdout.as_str(), r.exit_code), ("1000\n", 0), "{r:?}");
    for script in [
        // Word splitting of one long value.
        r"echo start; x=$(yes | head -c 60000); set -- $x; echo no",
        r"echo start; x=$(yes | head -c 60000); a=($x); echo no",
        r"echo start; x=$(yes | head -c 60000); for i in $x; do :; done; echo no",
        // Unquoted array items split again.
        r"echo start; a=($(seq 600)); b=(${a[@]} ${a[@]}); echo no",
        // Copies of an array.
        r#"echo start; a=($(seq 600)); b=("${a[@]}" "${a[@]}"); echo no"#,
        r#"echo start; a=($(seq 600)); set -- "${a[@]}" "${a[@]}"; echo no"#,
        // read -a on one long line.
        r#"echo start; x=$(yes | head -c 60000 | tr '\n' ' '); read -r -a a <<< "$x"; echo no"#,
        // mapfile from a pipe.
        r"echo start; seq 2000 | { mapfile a; echo no; }",
        // awk split into characters.
        r#"echo start; x=$(yes | head -c 60000 | tr -d '\n'); echo "$x" | awk '{ print split($0, a, "") }'; echo no"#,
    ] {
        let r = run_with(l.clone(), script).await;
        assert_limit(&r, LimitKind::ArrayEntries, "1000", "start\n");
    }
    // One field longer than max_variable_bytes (64 KiB here).
    let r = run_with(
        l.clone(),
        r#"echo start; x=$(yes | head -c 40000); echo "$x$x" >/dev/null; echo no"#,
    )
    .await;
    assert_limit(&r, LimitKind::VariableBytes, "65536", "start\n");
    // A list longer than max_buffer_bytes (256 KiB here).
    let r = run_with(
        l,
        r#"echo start; x=$(yes | head -c 60000); set -- "$x" "$x" "$x" "$x" "$x"; echo no"#,
    )
    .await;
    assert_limit(&r, LimitKind::BufferBytes, "262144", "start\n");
    // One word of many copies of a value stops while it is built (the
    // pieces of one word past max_buffer_bytes), whether the copies are
    // unquoted, quoted or assigned: 100 copies of 16 MB peaked at 1.6 GB.
    let copies = "$x".repeat(100);
    for script in [
        format!("echo start; x=$(yes | head -c 60000); z={copies}; echo no"),
        format!("echo start; x=$(yes | head -c 60000); echo \"{copies}\"; echo no"),
        format!("echo start; x=$(yes | head -c 60000 | tr -d '\\n'); echo {copies}; echo no"),
        format!("echo start; x=$(yes | head -c 60000); cat <<EOF\n{copies}\nEOF\necho no"),
    ] {
        let r = run_with(small(), &script).await;
        assert_limit(&r, LimitKind::BufferBytes, "262144", "start\n");
    }
}

/// `xargs` streams: it holds one invocation's items at a time (GNU's
/// default command line of 128 KiB), so many items need no list of them
/// all (16 MB of `y\n` took 964 MB). 100,000 items are two `echo` lines,
/// as GNU xargs 4.9 prints them.
#[tokio::test]
async fn xargs_streams_its_items() {
    let l = ExecutionLimits {
        max_array_entries: 1_000,
        ..small()
    };
    let r = run_with(l, "yes | head -c 200000 | xargs | wc -l").await;
    assert_eq!((r.stdout.as_str(), r.exit_code), ("2\n", 0), "{r:?}");
}
