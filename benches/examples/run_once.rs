//! One run of one script through toolsh exactly as the comparison
//! runner's toolsh side runs it (a fresh `Shell`: Sandbox profile, fresh
//! `MemoryFs`, default limits, on a current-thread runtime), for
//! profilers: `valgrind --tool=callgrind` over this process counts the
//! instructions of that run and little else (no bashkit, no bash, no
//! repeated runs).
//!
//! `cargo run --release -p toolsh-benches --example run_once -- SCRIPT`
//! prints the script's stdout; the exit status is the script's (0..=255).

use std::sync::Arc;

// The benches library sets the allocator the `toolsh` binary ships with.
use toolsh_benches as _;
use toolsh_interp::{ExecutionLimits, MemoryFs, Profile, Shell};

fn main() {
    // Output cut short (`| head`) ends the program quietly with status 141,
    // as a shell reports a command killed by SIGPIPE, not with a panic.
    sigpipe::reset();
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: run_once SCRIPT");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("run_once: {path}: {e}");
            std::process::exit(2);
        }
    };
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a current-thread runtime");
    let mut sh = Shell::builder()
        .profile(Profile::Sandbox)
        .utilities(toolsh_utils::standard())
        .fs(Arc::new(MemoryFs::new()))
        .limits(ExecutionLimits::default())
        .build();
    let r = rt.block_on(sh.exec(&text));
    print!("{}", r.stdout);
    eprint!("{}", r.stderr);
    std::process::exit(r.exit_code & 0xff);
}
