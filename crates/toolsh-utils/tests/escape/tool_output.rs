//! A malicious tool output (or MCP upstream result) is data: it is never
//! parsed as code, and its size is bounded by the shell's limits.

use std::sync::Arc;

use async_trait::async_trait;
use toolsh_interp::{
    EXIT_LIMIT, ExecutionLimits, LimitKind, Shell, Utility, UtilityContext, UtilityResult,
    write_status,
};

use super::support::limits;

/// A tool that prints text chosen by an attacker.
struct Evil(&'static str);

#[async_trait]
impl Utility for Evil {
    fn name(&self) -> &'static str {
        "evil"
    }
    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        write_status(ctx.stdout.write_str(self.0).await)?;
        Ok(0)
    }
}

/// A tool that streams `n` MiB.
struct Flood(usize);

#[async_trait]
impl Utility for Flood {
    fn name(&self) -> &'static str {
        "flood"
    }
    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let chunk = vec![b'a'; 1 << 20];
        for _ in 0..self.0 {
            ctx.shell.checkpoint()?;
            if !write_status(ctx.stdout.write(&chunk).await)? {
                break;
            }
        }
        Ok(0)
    }
}

const PAYLOAD: &str =
    "$(echo PWNED1) `echo PWNED2` ${x:=PWNED3}; echo PWNED4 && x=PWNED5 * \x1b[2J\n";

#[tokio::test]
async fn tool_output_is_data_never_code() {
    let mut sh = Shell::builder()
        .utilities(toolsh_utils::standard())
        .utility(Arc::new(Evil(PAYLOAD)))
        .build();
    let r = sh
        .exec("v=$(evil); echo \"$v\"; set -f; echo $v; evil | while read -r l; do echo \"[$l]\"; done; echo \"x=${x-unset}\"")
        .await;
    let line = PAYLOAD.trim_end();
    assert_eq!(
        (r.stdout.as_str(), r.stderr.as_str(), r.exit_code),
        (
            format!(
                "{line}\n$(echo PWNED1) `echo PWNED2` ${{x:=PWNED3}}; echo PWNED4 && x=PWNED5 * \x1b[2J\n[{line}]\nx=unset\n"
            )
            .as_str(),
            "",
            0
        ),
        "{r:#?}"
    );
}

#[tokio::test]
async fn a_flooding_tool_hits_the_output_or_buffer_limit() {
    let l = ExecutionLimits {
        max_stdout_bytes: 1 << 20,
        max_buffer_bytes: 4 << 20,
        ..limits()
    };
    let mut sh = Shell::builder()
        .utilities(toolsh_utils::standard())
        .limits(l)
        .utility(Arc::new(Flood(100)))
        .build();
    let r = sh.exec("echo before; flood; echo not-reached").await;
    assert_eq!(
        (r.stdout.len(), r.exit_code, r.limit, r.stderr.as_str()),
        (
            1 << 20,
            EXIT_LIMIT,
            Some(LimitKind::StdoutBytes),
            "toolsh: stdout limit exceeded (1048576)\n"
        ),
        "{:?}",
        r.stderr
    );
    assert!(r.stdout.starts_with("before\naaa"));
    let r = sh.exec("x=$(flood); echo not-reached").await;
    assert_eq!(
        (r.stdout.as_str(), r.exit_code, r.limit, r.stderr.as_str()),
        (
            "",
            EXIT_LIMIT,
            Some(LimitKind::BufferBytes),
            "toolsh: buffer size limit exceeded (4194304)\n"
        )
    );
}
