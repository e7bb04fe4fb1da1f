//! `yes`: print a line (default `y`) until the reader goes away (GNU
//! coreutils manual, "yes invocation"). Ends quietly on a broken pipe
//! (status 141, as bash reports SIGPIPE) and is bounded by the deadline
//! and the output limits.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use crate::builtin::BuiltinContext;
use crate::utils::cli::Spec;
use crate::utils::textio::{Flow, parse_args, utility};

utility!(
    /// `yes [STRING]...`.
    Yes,
    "yes",
    body
);

const SPEC: Spec = Spec {
    short: "",
    long: &[],
    stop_at_operand: false,
};

const HELP: &str = "Usage: yes [STRING]...
Repeatedly output a line with all specified STRING(s), or 'y'.

      --help        display this help and exit
";

async fn body(ctx: &mut BuiltinContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let mut line = if args.operands.is_empty() {
        "y".to_string()
    } else {
        args.operands.join(" ")
    };
    line.push('\n');
    // Fill a block of whole lines so each write moves a useful amount.
    let reps = (8192 / line.len()).max(1);
    let block = bytes::Bytes::from(line.repeat(reps));
    let stdout = ctx.stdout;
    loop {
        ctx.shell.checkpoint()?;
        stdout.write_bytes(block.clone()).await?;
        tokio::task::yield_now().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::builtin::Builtin;
    use crate::io::Output;
    use crate::testing::TestShell;

    #[tokio::test]
    async fn stops_on_broken_pipe() {
        let mut sh = TestShell::default();
        let (out, input) = Output::pipe();
        drop(input);
        let err = Output::Null;
        let mut stdin = crate::io::Input::empty();
        let mut ctx = BuiltinContext {
            args: vec!["yes".into()],
            stdin: &mut stdin,
            stdout: &out,
            stderr: &err,
            shell: &mut sh,
            stdin_from_loop: false,
        };
        assert_eq!(Yes.run(&mut ctx).await.unwrap(), 141);
    }
}
