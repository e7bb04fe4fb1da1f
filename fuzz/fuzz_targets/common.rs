//! Shared by the interpreter targets: tight limits, one runtime per
//! thread, and the invariants every run must keep (no panic, the output
//! bounds hold, the exit status is a shell status).

#![allow(dead_code)]

use std::sync::Arc;
use std::time::Duration;

use toolsh_interp::{ExecResult, ExecutionLimits, FsLimits, MemoryFs, Profile, Shell};

/// Stdout bound of every fuzzed run, bytes.
pub const STDOUT_LIMIT: usize = 64 * 1024;

/// Limits small enough that any input finishes in milliseconds.
pub fn tight_limits() -> ExecutionLimits {
    ExecutionLimits {
        max_commands: 5_000,
        max_loop_iterations: 1_000,
        max_total_loop_iterations: 5_000,
        max_function_depth: 50,
        max_subst_depth: 8,
        max_stdout_bytes: STDOUT_LIMIT,
        max_stderr_bytes: 16 * 1024,
        max_variable_bytes: 64 * 1024,
        max_total_variable_bytes: 1024 * 1024,
        max_array_entries: 10_000,
        max_brace_expansion: 1_000,
        max_format_width: 1_000,
        max_source_bytes: 64 * 1024,
        max_ast_depth: 100,
        max_heredocs: 64,
        timeout: Some(Duration::from_millis(500)),
        max_background_jobs: 4,
        max_buffer_bytes: 1024 * 1024,
        max_pipeline_stages: 64,
        max_pattern_steps: 20_000_000,
        max_memory_bytes: 64 * 1024 * 1024,
    }
}

thread_local! {
    static RT: tokio::runtime::Runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime");
}

/// Run `script` with positional parameters `args` and `stdin`, under
/// [`tight_limits`], in `profile` (Sandbox gets a small `MemoryFs`).
pub fn run(profile: Profile, script: &str, args: &[String], stdin: &[u8]) -> ExecResult {
    let mut b = Shell::builder()
        .profile(profile)
        .utilities(toolsh_utils::standard())
        .limits(tight_limits())
        .virtual_time(true)
        .args(args.iter().cloned())
        .stdin(stdin.to_vec())
        .env("HOME", "/home/user")
        .env("PATH", "/usr/bin:/bin")
        .cwd("/");
    if profile == Profile::Sandbox {
        let fs = MemoryFs::with_limits(FsLimits {
            max_total_bytes: 1024 * 1024,
            max_file_bytes: 256 * 1024,
            max_nodes: 1_000,
            ..FsLimits::default()
        });
        fs.write_file("/data/a.txt", b"alpha\nbeta\ngamma\n").ok();
        fs.write_file("/data/b.json", br#"{"k":[1,2,{"x":"y"}]}"#)
            .ok();
        b = b.fs(Arc::new(fs));
    }
    let mut sh = b.build();
    let r = RT.with(|rt| rt.block_on(sh.exec(script)));
    check(&r);
    r
}

/// The invariants of any result.
pub fn check(r: &ExecResult) {
    // Lossy UTF-8 turns one invalid byte into three.
    assert!(
        r.stdout.len() <= STDOUT_LIMIT * 3,
        "stdout over its bound: {}",
        r.stdout.len()
    );
    assert!(
        (0..=255).contains(&r.exit_code),
        "exit status {}",
        r.exit_code
    );
}

/// Split fuzz bytes on NUL into at most `n` UTF-8 strings (lossy).
pub fn split(data: &[u8], n: usize) -> Vec<String> {
    data.splitn(n, |b| *b == 0)
        .map(|p| String::from_utf8_lossy(p).into_owned())
        .collect()
}
