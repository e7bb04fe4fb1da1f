//! `tac`: concatenate and print inputs with their records in reverse
//! order; `-s SEP` sets the separator, `-b` attaches it before (GNU
//! coreutils manual, "tac invocation"). Input is buffered, bounded by
//! `max_buffer_bytes`.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{
    Flow, OpenWording, OutBuf, Source, error, operand_names, parse_args, push_held,
};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `tac [-b] [-s SEP] [FILE]...`.
    Tac,
    "tac",
    body
);

const SPEC: Spec = Spec {
    short: "brs:",
    long: &[
        long("before", HasArg::No, 'b'),
        long("regex", HasArg::No, 'r'),
        long("separator", HasArg::Yes, 's'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: tac [OPTION]... [FILE]...
Write each FILE to standard output, last line first.

With no FILE, or when FILE is -, read standard input.

  -b, --before             attach the separator before instead of after
  -s, --separator=STRING   use STRING as the separator instead of newline
      --help               display this help and exit
";

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let sep = args.last('s').unwrap_or("\n").as_bytes().to_vec();
    if sep.is_empty() {
        error(ctx, "separator cannot be empty").await?;
        return Ok(1);
    }
    let before = args.has('b');
    let names = operand_names(&args);
    let max = ctx.shell.limits().max_buffer_bytes;
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    let mut status = 0;
    for name in &names {
        let wording = OpenWording::FailedToOpen;
        let Some(mut src) = Source::open_or_report(ctx, name, wording, Some(&mut out)).await?
        else {
            status = 1;
            continue;
        };
        // The input and its record index are held against the memory
        // budget (a 64 MiB file of empty lines is 1 GB of slices).
        let mut charge = ctx.shell.memory().reservation();
        let data = src.read_all_charged(ctx.stdin, max, &mut charge).await?;
        // Split into records keeping the separator on the chosen side.
        let mut recs: Vec<&[u8]> = Vec::new();
        let mut start = 0;
        let mut i = 0;
        while i + sep.len() <= data.len() {
            if data[i..].starts_with(&sep) {
                if before {
                    if i > start {
                        push_held(&mut recs, &data[start..i], &mut charge)?;
                    }
                    start = i;
                } else {
                    push_held(&mut recs, &data[start..i + sep.len()], &mut charge)?;
                    start = i + sep.len();
                }
                i += sep.len();
            } else {
                i += 1;
            }
        }
        if start < data.len() {
            push_held(&mut recs, &data[start..], &mut charge)?;
        }
        for r in recs.iter().rev() {
            ctx.shell.checkpoint()?;
            out.write(r).await?;
        }
    }
    out.flush().await?;
    Ok(status)
}
