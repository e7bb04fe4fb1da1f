//! `comm`: compare two sorted files line by line, printing lines only in
//! the first, only in the second, and in both, in three tab-indented
//! columns (GNU coreutils manual, "comm invocation"). Order is checked as
//! GNU does by default: a disorder is reported and makes the status 1.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{
    Flow, OpenWording, OutBuf, Source, error, parse_args, split_records, usage_error,
};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `comm [-123] FILE1 FILE2`.
    Comm,
    "comm",
    body
);

const SPEC: Spec = Spec {
    short: "123z",
    long: &[
        long("check-order", HasArg::No, 'c'),
        long("nocheck-order", HasArg::No, 'N'),
        long("output-delimiter", HasArg::Yes, 'd'),
        long("total", HasArg::No, 't'),
        long("zero-terminated", HasArg::No, 'z'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: comm [OPTION]... FILE1 FILE2
Compare sorted files FILE1 and FILE2 line by line.

With no options, produce three-column output.  Column one contains
lines unique to FILE1, column two contains lines unique to FILE2,
and column three contains lines common to both files.

  -1                      suppress column 1 (lines unique to FILE1)
  -2                      suppress column 2 (lines unique to FILE2)
  -3                      suppress column 3 (lines that appear in both files)
      --check-order       check that the input is correctly sorted
      --nocheck-order     do not check that the input is correctly sorted
      --output-delimiter=STR  separate columns with STR
      --total             output a summary
  -z, --zero-terminated   line delimiter is NUL, not newline
      --help              display this help and exit
";

/// Read two operands whole (`-` is standard input).
pub(crate) async fn read_two(
    ctx: &mut UtilityContext<'_>,
    ops: &[String],
) -> Flow<Result<(Vec<u8>, Vec<u8>), i32>> {
    if ops.len() < 2 {
        let m = match ops.first() {
            None => "missing operand".to_string(),
            Some(a) => format!("missing operand after '{a}'"),
        };
        usage_error(ctx, &m, 1).await?;
        return Ok(Err(1));
    }
    if ops.len() > 2 {
        usage_error(ctx, &format!("extra operand '{}'", ops[2]), 1).await?;
        return Ok(Err(1));
    }
    let max = ctx.shell.limits().max_buffer_bytes;
    let mut data = Vec::new();
    for name in &ops[..2] {
        let Some(mut src) = Source::open_or_report(ctx, name, OpenWording::Plain, None).await?
        else {
            return Ok(Err(1));
        };
        data.push(src.read_all(ctx.stdin, max).await?);
    }
    let b = data.pop().unwrap_or_default();
    let a = data.pop().unwrap_or_default();
    Ok(Ok((a, b)))
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let show = [!args.has('1'), !args.has('2'), !args.has('3')];
    let delim = args.last('d').unwrap_or("\t").to_string();
    let eol = if args.has('z') { 0 } else { b'\n' };
    let check = !args.has('N');
    let (a, b) = match read_two(ctx, &args.operands).await? {
        Ok(x) => x,
        Err(s) => return Ok(s),
    };
    let mut charge = ctx.shell.memory().reservation();
    let la = split_records(&a, eol, &mut charge)?;
    let lb = split_records(&b, eol, &mut charge)?;
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    let (mut i, mut j) = (0, 0);
    let mut counts = [0u64; 3];
    let mut disorder = [false; 2];
    let mut status = 0;
    let prefix = |col: usize| -> String {
        let n = show[..col].iter().filter(|&&s| s).count();
        delim.repeat(n)
    };
    while i < la.len() || j < lb.len() {
        ctx.shell.checkpoint()?;
        let col = if i >= la.len() {
            1
        } else if j >= lb.len() {
            0
        } else {
            match la[i].cmp(lb[j]) {
                std::cmp::Ordering::Less => 0,
                std::cmp::Ordering::Greater => 1,
                std::cmp::Ordering::Equal => 2,
            }
        };
        for (f, (lines, k)) in [(&la, i), (&lb, j)].iter().enumerate() {
            let used = col == f || col == 2;
            if check
                && used
                && !disorder[f]
                && *k > 0
                && *k < lines.len()
                && lines[*k - 1] > lines[*k]
            {
                disorder[f] = true;
                out.flush().await?;
                error(ctx, &format!("file {} is not in sorted order", f + 1)).await?;
                status = 1;
            }
        }
        let line = if col == 1 { lb[j] } else { la[i] };
        counts[col] += 1;
        if show[col] {
            let mut rec = prefix(col).into_bytes();
            rec.extend_from_slice(line);
            rec.push(eol);
            out.write(&rec).await?;
        }
        match col {
            0 => i += 1,
            1 => j += 1,
            _ => {
                i += 1;
                j += 1;
            }
        }
    }
    if args.has('t') {
        let t = format!(
            "{}{delim}{}{delim}{}{delim}total",
            counts[0], counts[1], counts[2]
        );
        out.write(t.as_bytes()).await?;
        out.write(&[eol]).await?;
    }
    out.flush().await?;
    if status != 0 {
        error(ctx, "input is not in sorted order").await?;
    }
    Ok(status)
}
