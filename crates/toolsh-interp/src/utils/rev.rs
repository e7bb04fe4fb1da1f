//! `rev`: reverse the bytes of each line (util-linux `rev`; in the C
//! locale characters are bytes).

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use crate::builtin::BuiltinContext;
use crate::utils::cli::Spec;
use crate::utils::textio::{Flow, OpenWording, OutBuf, Source, operand_names, parse_args, utility};

utility!(
    /// `rev [FILE]...`.
    Rev,
    "rev",
    body
);

const SPEC: Spec = Spec {
    short: "",
    long: &[],
    stop_at_operand: false,
};

const HELP: &str = "Usage: rev [options] [file ...]
Reverse lines characterwise.

      --help     display this help
";

async fn body(ctx: &mut BuiltinContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let names = operand_names(&args);
    let max = ctx.shell.limits().max_buffer_bytes;
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    let mut status = 0;
    for name in &names {
        let Some(mut src) = Source::open_or_report(
            ctx,
            name,
            OpenWording::Prefixed("cannot open "),
            Some(&mut out),
        )
        .await?
        else {
            status = 1;
            continue;
        };
        let mut line = Vec::new();
        while let Some(nl) = src.line(ctx, b'\n', &mut line, max).await? {
            line.reverse();
            if nl {
                line.push(b'\n');
            }
            out.write(&line).await?;
        }
    }
    out.flush().await?;
    Ok(status)
}
