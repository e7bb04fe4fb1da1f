//! The public Shell API: building, limits, cancellation, background jobs.
//! Expected outputs come from bash 5.2.

use std::sync::Arc;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use toolsh_interp::{
    EXIT_CANCELLED, ExecutionLimits, MemoryFs, Profile, Shell, Utility, UtilityContext,
    UtilityResult,
};

/// A tool that sleeps 100 ms on the shell's clock.
struct Nap;

#[async_trait]
impl Utility for Nap {
    fn name(&self) -> &'static str {
        "nap"
    }
    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        ctx.shell.sleep(Duration::from_millis(100)).await?;
        Ok(0)
    }
}

#[tokio::test]
async fn builds_cheaply_and_keeps_state() {
    let mut sh = Shell::builder().build();
    let _ = sh.exec("x=1").await;
    let _ = sh.exec("x=$((x+1))").await;
    let r = sh.exec("echo $x").await;
    assert_eq!((r.stdout.as_str(), r.exit_code), ("2\n", 0), "{r:?}");
}

#[tokio::test]
async fn cancel_handle_stops_a_running_script() {
    let mut sh = Shell::builder()
        .utility(Arc::new(Nap))
        .limits(ExecutionLimits {
            timeout: Some(Duration::from_secs(10)),
            ..ExecutionLimits::default()
        })
        .build();
    let h = sh.cancel_handle();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(50)).await;
        h.cancel();
    });
    let start = Instant::now();
    let r = sh.exec("while :; do nap; done").await;
    assert_eq!(r.exit_code, EXIT_CANCELLED, "{r:?}");
    assert!(start.elapsed() < Duration::from_secs(2));
}

/// A host command that prints its name and whether it got the loop's
/// shared stdin.
struct Host(&'static str);

#[async_trait]
impl Utility for Host {
    fn name(&self) -> &'static str {
        self.0
    }
    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let line = format!("host {} from_loop={}\n", self.0, ctx.stdin_from_loop);
        toolsh_interp::write_status(ctx.stdout.write_str(&line).await)?;
        Ok(0)
    }
}

#[tokio::test]
async fn host_commands_shadow_regular_builtins_but_not_special_ones() {
    let mut sh = Shell::builder()
        .utility(Arc::new(Host("help")))
        .utility(Arc::new(Host("set")))
        .build();
    let r = sh
        .exec("help; set -- a b; echo $#; builtin help >/dev/null; echo $?")
        .await;
    assert_eq!(r.stdout, "host help from_loop=false\n2\n0\n", "{r:?}");
}

#[tokio::test]
async fn loop_stdin_is_marked_shared() {
    let mut sh = Shell::builder().utility(Arc::new(Host("tool"))).build();
    let r = sh
        .exec("echo $'a\\nb' | while read -r x; do tool; echo $x | tool; done; echo z | tool")
        .await;
    assert_eq!(
        r.stdout,
        "host tool from_loop=true\nhost tool from_loop=false\n\
         host tool from_loop=true\nhost tool from_loop=false\n\
         host tool from_loop=false\n",
        "{r:?}"
    );
}

/// A tool that sleeps 100 ms on the shell's clock, then prints `z`.
struct NapZ;

#[async_trait]
impl Utility for NapZ {
    fn name(&self) -> &'static str {
        "napz"
    }
    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        ctx.shell.sleep(Duration::from_millis(100)).await?;
        toolsh_interp::write_status(ctx.stdout.write_str("z\n").await)?;
        Ok(0)
    }
}

#[tokio::test]
async fn background_calls_run_concurrently() {
    let mut sh = Shell::builder().utility(Arc::new(NapZ)).build();
    let start = Instant::now();
    let r = sh
        .exec("for i in 1 2 3 4 5; do napz & done; wait; echo all; p=$(jobs -p); echo ${#p}")
        .await;
    let took = start.elapsed();
    assert_eq!(r.stdout, "z\nz\nz\nz\nz\nall\n0\n", "{r:?}");
    // Five 100 ms calls overlap: well under the 500 ms of running them
    // one after another.
    assert!(took < Duration::from_millis(400), "took {took:?}");
    let r = sh.exec("napz & p=$!; wait $p; echo $?").await;
    assert_eq!(r.stdout, "z\n0\n");
}

#[tokio::test]
async fn logic_only_rejects_files() {
    let mut sh = Shell::builder().profile(Profile::LogicOnly).build();
    let r = sh.exec("echo hi > /tmp/x; echo $?").await;
    assert_eq!(r.stdout, "1\n");
    assert!(r.stderr.contains("logic-only"), "{r:?}");
    let r = sh.exec("echo ok >/dev/null; echo err >&2; echo fine").await;
    assert_eq!(r.stdout, "fine\n");
    let r = sh.exec("./script.sh; echo $?").await;
    assert_eq!(r.stdout, "126\n");
    let r = sh.exec("source lib.sh; echo $?").await;
    assert_eq!(r.stdout, "1\n");
    // No process substitution in the logic-only profile (design.md).
    let r = sh.exec("cat <(echo x); echo $?").await;
    assert!(r.stderr.contains("process substitution"), "{r:?}");
    assert_eq!((r.stdout.as_str(), r.exit_code), ("", 1), "{r:?}");
    let r = sh.exec("echo *").await;
    assert_eq!(r.stdout, "*\n");
}

#[tokio::test]
async fn sandbox_redirects_through_memory_fs() {
    let fs = Arc::new(MemoryFs::new());
    let mut sh = Shell::builder()
        .profile(Profile::Sandbox)
        .fs(fs.clone())
        .build();
    let r = sh
        .exec(
            "echo a > /f; echo b >> /f; echo \"$(< /f)\"; exec 3>/g; echo c >&3; echo \"$(< /g)\"",
        )
        .await;
    assert_eq!(r.stdout, "a\nb\nc\n", "{r:?}");
    let r = sh.exec("echo /[fg]").await;
    assert_eq!(r.stdout, "/f /g\n", "{r:?}");
}

/// A streamed stdin is read on demand and shared by successive `exec`s:
/// the second continues where the first stopped, and end of file comes
/// when the host drops its sender.
#[tokio::test]
async fn stdin_stream_is_shared_by_execs_and_read_on_demand() {
    let (tx, rx) = tokio::sync::mpsc::channel(2);
    let mut sh = Shell::builder()
        .stdin_stream(toolsh_interp::Input::from_channel(rx))
        .build();
    tx.send(toolsh_interp::Bytes::from_static(b"one\ntwo\n"))
        .await
        .unwrap();
    let r = sh.exec("read -r a; echo \"a=$a\"").await;
    assert_eq!(r.stdout, "a=one\n");
    tx.send(toolsh_interp::Bytes::from_static(b"three\n"))
        .await
        .unwrap();
    drop(tx);
    let r = sh
        .exec("while read -r l; do echo \"$l\"; done; read -r z; echo \"st=$?\"")
        .await;
    assert_eq!(r.stdout, "two\nthree\nst=1\n");
}

/// A timeout too far away for an `Instant` is no deadline, not a panic
/// (a manifest's `timeout_ms = u64::MAX`).
#[tokio::test]
async fn a_timeout_past_the_end_of_time_is_no_deadline() {
    let mut sh = Shell::builder()
        .limits(ExecutionLimits {
            timeout: Some(Duration::MAX),
            ..ExecutionLimits::default()
        })
        .build();
    let r = sh.exec("echo ok").await;
    assert_eq!((r.exit_code, r.stdout.as_str()), (0, "ok\n"));
}
