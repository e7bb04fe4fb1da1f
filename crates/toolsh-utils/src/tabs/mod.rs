//! `expand` and `unexpand` (GNU coreutils 9.1): convert tabs to spaces
//! and blanks to tabs at the tab stops of `-t` ([`stops`]). The operands
//! are read as one stream, chunk by chunk, so the state of a line carries
//! over from one file to the next as in GNU.

mod expand;
mod stops;
mod unexpand;

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::limits::{Interrupt, LimitKind};
use toolsh_command::textio::{Flow, OpenWording, OutBuf, Source, error, operand_names, parse_args};
use toolsh_command::utility::UtilityContext;

use expand::Expander;
use stops::{TabStops, obsolete_tab_options};
use unexpand::Unexpander;

utility!(
    /// `expand [-i] [-t LIST] [FILE]...`.
    Expand,
    "expand",
    expand_body
);

utility!(
    /// `unexpand [-a] [--first-only] [-t LIST] [FILE]...`.
    Unexpand,
    "unexpand",
    unexpand_body
);

const EXPAND_SPEC: Spec = Spec {
    short: "it:",
    long: &[
        long("initial", HasArg::No, 'i'),
        long("tabs", HasArg::Yes, 't'),
    ],
    stop_at_operand: false,
};

const UNEXPAND_SPEC: Spec = Spec {
    short: "at:",
    long: &[
        long("all", HasArg::No, 'a'),
        long("first-only", HasArg::No, 'F'),
        long("tabs", HasArg::Yes, 't'),
    ],
    stop_at_operand: false,
};

const EXPAND_HELP: &str = "Usage: expand [OPTION]... [FILE]...
Convert tabs in each FILE to spaces, writing to standard output.

With no FILE, or when FILE is -, read standard input.

  -i, --initial    do not convert tabs after non blanks
  -t, --tabs=N     have tabs N characters apart, not 8
  -t, --tabs=LIST  use comma separated list of tab positions;
                   a last value /N or +N repeats every N columns
      --help       display this help and exit
";

const UNEXPAND_HELP: &str = "Usage: unexpand [OPTION]... [FILE]...
Convert blanks in each FILE to tabs, writing to standard output.

With no FILE, or when FILE is -, read standard input.

  -a, --all        convert all blanks, instead of just initial blanks
      --first-only convert only leading sequences of blanks (overrides -a)
  -t, --tabs=N     have tabs N characters apart instead of 8 (enables -a)
  -t, --tabs=LIST  use comma separated list of tab positions (enables -a)
      --help       display this help and exit
";

/// Bytes produced between flushes and checkpoints.
const BUDGET: usize = 64 * 1024;

/// Parse the command line and the `-t` lists; `Err(status)` to exit.
async fn setup(
    ctx: &mut UtilityContext<'_>,
    spec: &Spec,
    help: &str,
) -> Flow<Result<(toolsh_command::getopt::Args, TabStops), i32>> {
    obsolete_tab_options(&mut ctx.args);
    let args = match parse_args(ctx, spec, help, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(Err(s)),
    };
    let mut stops = TabStops::default();
    for (k, v) in &args.opts {
        if *k == 't'
            && let Err(m) = stops.parse(v.as_deref().unwrap_or(""))
        {
            error(ctx, &m).await?;
            return Ok(Err(1));
        }
    }
    if let Err(m) = stops.validate() {
        error(ctx, &m).await?;
        return Ok(Err(1));
    }
    Ok(Ok((args, stops)))
}

async fn expand_body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let (args, stops) = match setup(ctx, &EXPAND_SPEC, EXPAND_HELP).await? {
        Ok(x) => x,
        Err(s) => return Ok(s),
    };
    let mut conv = Expander::new(stops, args.has('i'));
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    let mut status = 0;
    let mut buf = Vec::with_capacity(BUDGET + 64);
    for name in &operand_names(&args) {
        let Some(mut src) =
            Source::open_or_report(ctx, name, OpenWording::Plain, Some(&mut out)).await?
        else {
            status = 1;
            continue;
        };
        while let Some(chunk) = src.chunk(ctx.stdin).await {
            let mut rest: &[u8] = &chunk;
            while !rest.is_empty() || conv.has_pending() {
                let n = conv.feed(rest, &mut buf, BUDGET);
                rest = &rest[n..];
                out.write(&buf).await?;
                buf.clear();
                ctx.shell.checkpoint()?;
            }
        }
    }
    out.flush().await?;
    Ok(status)
}

async fn unexpand_body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let (args, stops) = match setup(ctx, &UNEXPAND_SPEC, UNEXPAND_HELP).await? {
        Ok(x) => x,
        Err(s) => return Ok(s),
    };
    let all = (args.has('a') || args.has('t')) && !args.has('F');
    let max = ctx.shell.limits().max_buffer_bytes;
    let mut conv = Unexpander::new(stops, all, max as u64);
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    let mut status = 0;
    let mut buf = Vec::new();
    for name in &operand_names(&args) {
        let Some(mut src) =
            Source::open_or_report(ctx, name, OpenWording::Plain, Some(&mut out)).await?
        else {
            status = 1;
            continue;
        };
        while let Some(chunk) = src.chunk(ctx.stdin).await {
            if conv.feed(&chunk, &mut buf).is_err() {
                return Err(Interrupt::limit(LimitKind::BufferBytes, max).into());
            }
            out.write(&buf).await?;
            buf.clear();
            ctx.shell.checkpoint()?;
        }
    }
    conv.finish(&mut buf);
    out.write(&buf).await?;
    out.flush().await?;
    Ok(status)
}
