//! Panics contained per execution (issue 22, mechanism 5): a panic inside
//! one script's execution (here a deliberately panicking host command, the
//! way a utility or tool with a bug would) ends that execution only: the
//! output produced before it is kept, stderr ends with
//! `toolsh: internal error`, the status is [`EXIT_INTERNAL`] (70), no
//! backtrace reaches the script's output or the process's stderr, and the
//! shell runs the next script. Before, the panic unwound through
//! `Shell::exec` into the host (`toolsh run` exited 101 with a backtrace;
//! over MCP the request was never answered).

use std::sync::Arc;

use async_trait::async_trait;
use toolsh_interp::{EXIT_INTERNAL, Shell, Utility, UtilityContext, UtilityResult};

/// `boom`: writes `partial` to stdout, then panics.
struct Boom;

#[async_trait]
impl Utility for Boom {
    fn name(&self) -> &'static str {
        "boom"
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let _ = ctx.out(b"partial\n").await;
        panic!("deliberate panic in a test command");
    }
}

fn shell() -> Shell {
    Shell::builder().utility(Arc::new(Boom)).build()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_ends_only_its_execution_with_status_70() {
    let mut sh = shell();
    for script in [
        "echo before; boom; echo after",
        "echo before; echo x | boom | cat; echo after",
        "echo before; x=$(boom); echo after",
        "f() { boom; }; echo before; f; echo after",
    ] {
        let r = sh.exec(script).await;
        assert_eq!(r.exit_code, EXIT_INTERNAL, "{script}: {r:?}");
        assert!(r.stdout.starts_with("before\n"), "{script}: {r:?}");
        assert!(!r.stdout.contains("after"), "{script}: {r:?}");
        assert_eq!(r.stderr, "toolsh: internal error\n", "{script}: {r:?}");
        assert_eq!(r.limit, None, "{script}: {r:?}");
        // The same shell goes on.
        let next = sh.exec("echo next").await;
        assert_eq!((next.stdout.as_str(), next.exit_code), ("next\n", 0));
    }
    let r = sh.exec("echo before; boom").await;
    assert_eq!(r.stdout, "before\npartial\n", "{r:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_in_a_background_job_ends_the_job_with_status_70() {
    let r = shell()
        .exec("boom >/dev/null & wait $!; echo \"st=$?\"")
        .await;
    assert_eq!(r.stdout, "st=70\n", "{r:?}");
    assert_eq!(r.stderr, "toolsh: internal error\n", "{r:?}");
    assert_eq!(r.exit_code, 0, "{r:?}");
}

/// Set in the child process [`a_contained_panic_prints_no_backtrace`]
/// starts: run the panicking script there.
const CHILD: &str = "TOOLSH_TEST_PANIC_CHILD";

#[test]
fn a_contained_panic_prints_no_backtrace() {
    if std::env::var_os(CHILD).is_some() {
        let rt = tokio::runtime::Runtime::new().expect("runtime");
        let r = rt.block_on(shell().exec("echo before; boom; echo after"));
        println!("child status {}", r.exit_code);
        return;
    }
    // Re-run this test alone in a child process with backtraces on and
    // the test harness's output capture off, so anything the panic hook
    // prints reaches the child's real stderr.
    let out = std::process::Command::new(std::env::current_exe().expect("test binary"))
        .args([
            "--exact",
            "panics::a_contained_panic_prints_no_backtrace",
            "--nocapture",
            "--test-threads=1",
        ])
        .env(CHILD, "1")
        .env("RUST_BACKTRACE", "1")
        .output()
        .expect("run the child");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("child status 70"), "{stdout}\n{stderr}");
    assert!(!stderr.contains("panicked at"), "{stderr}");
    assert!(!stderr.contains("backtrace"), "{stderr}");
}
