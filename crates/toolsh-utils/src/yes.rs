//! `yes`: print a line (default `y`) until the reader goes away (GNU
//! coreutils manual, "yes invocation"). Ends quietly on a broken pipe
//! (status 141, as bash reports SIGPIPE) and is bounded by the deadline
//! and the output limits.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::Spec;
use toolsh_command::textio::{Flow, parse_args};
use toolsh_command::utility::UtilityContext;

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

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
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
    use toolsh_command::io::Output;
    use toolsh_command::testing::TestShell;
    use toolsh_command::utility::Utility;

    #[tokio::test]
    async fn stops_on_broken_pipe() {
        let mut sh = TestShell::default();
        let (out, input) = Output::pipe();
        drop(input);
        let err = Output::Null;
        let mut stdin = toolsh_command::io::Input::empty();
        let mut ctx = UtilityContext {
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
