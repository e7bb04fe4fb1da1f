//! `column`: columnate lists (util-linux 2.38 `column`): without `-t`,
//! fill columns (`-x`: rows) across 80 columns (`-c`) separated by tabs;
//! with `-t`, a table split on whitespace (`-s` characters), every column
//! but the last padded to its width and followed by the output separator
//! (`-o`, two spaces). Empty lines are skipped.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, OutBuf, error, parse_args, read_all_operands, split_records};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `column [-t] [-s SEP] [-o SEP] [-c WIDTH] [-x] [FILE]...`.
    Column,
    "column",
    body
);

const SPEC: Spec = Spec {
    short: "c:o:s:tx",
    long: &[
        long("output-width", HasArg::Yes, 'c'),
        long("output-separator", HasArg::Yes, 'o'),
        long("separator", HasArg::Yes, 's'),
        long("table", HasArg::No, 't'),
        long("fillrows", HasArg::No, 'x'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage:
 column [options] [<file>...]

Columnate lists.

Options:
 -t, --table                      create a table
 -s, --separator <string>         possible table delimiters
 -o, --output-separator <string>  columns separator for table output
                                    (default is two spaces)
 -c, --output-width <width>       width of output in number of characters
 -x, --fillrows                   fill rows before columns
     --help                       display this help
";

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    // util-linux reads the width as a `u32` (`strtou32_or_err`).
    let width = match args.last('c') {
        None => 80,
        Some(c) => match toolsh_command::numarg::parse_count(c) {
            Ok(n) if u32::try_from(n).is_ok() => toolsh_command::numarg::to_usize(n),
            r => {
                let range =
                    c.starts_with('-') && toolsh_command::numarg::scan_decimal(&c[1..]).is_some();
                let why =
                    if range || r.is_ok() || r == Err(toolsh_command::numarg::NumError::TooLarge) {
                        ": Numerical result out of range"
                    } else {
                        ""
                    };
                error(ctx, &format!("invalid columns argument: '{c}'{why}")).await?;
                return Ok(1);
            }
        },
    };
    let mut charge = ctx.shell.memory().reservation();
    let (data, ok) = read_all_operands(ctx, &args.operands, &mut charge).await?;
    let lines: Vec<&[u8]> = split_records(&data, b'\n', &mut charge)?
        .into_iter()
        .filter(|l| !l.is_empty())
        .collect();
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    if args.has('t') {
        let seps: Vec<u8> = args.last('s').unwrap_or(" \t").as_bytes().to_vec();
        let osep = args.last('o').unwrap_or("  ").as_bytes().to_vec();
        let whitespace = args.last('s').is_none();
        let rows: Vec<Vec<&[u8]>> = lines
            .iter()
            .map(|l| {
                let cells = l.split(|b| seps.contains(b));
                if whitespace {
                    cells.filter(|c| !c.is_empty()).collect()
                } else {
                    cells.collect()
                }
            })
            .collect();
        let ncols = rows.iter().map(Vec::len).max().unwrap_or(0);
        let mut widths = vec![0; ncols];
        for r in &rows {
            for (i, c) in r.iter().enumerate() {
                widths[i] = widths[i].max(c.len());
            }
        }
        for r in &rows {
            ctx.shell.checkpoint()?;
            let mut line = Vec::new();
            for (i, w) in widths.iter().enumerate() {
                let cell: &[u8] = r.get(i).copied().unwrap_or(b"");
                line.extend_from_slice(cell);
                if i + 1 < ncols {
                    line.resize(line.len() + w - cell.len(), b' ');
                    line.extend_from_slice(&osep);
                }
            }
            line.push(b'\n');
            out.write(&line).await?;
        }
    } else if !lines.is_empty() {
        let maxlen = lines.iter().map(|l| l.len()).max().unwrap_or(0);
        let colw = (maxlen + 8) & !7;
        // Never more columns than entries: the loops below go over them.
        let ncols = (width / colw).clamp(1, lines.len());
        let nrows = lines.len().div_ceil(ncols);
        let fill_rows = args.has('x');
        for r in 0..nrows {
            ctx.shell.checkpoint()?;
            let mut line = Vec::new();
            let cells: Vec<&[u8]> = (0..ncols)
                .filter_map(|c| {
                    let idx = if fill_rows {
                        r * ncols + c
                    } else {
                        c * nrows + r
                    };
                    lines.get(idx).copied()
                })
                .collect();
            let mut chcnt = 0;
            let mut endcol = colw;
            for (k, cell) in cells.iter().enumerate() {
                line.extend_from_slice(cell);
                chcnt += cell.len();
                if k + 1 < cells.len() {
                    loop {
                        let next = (chcnt + 8) & !7;
                        if next > endcol {
                            break;
                        }
                        line.push(b'\t');
                        chcnt = next;
                    }
                    endcol += colw;
                }
            }
            line.push(b'\n');
            out.write(&line).await?;
        }
    }
    out.flush().await?;
    Ok(i32::from(!ok))
}
