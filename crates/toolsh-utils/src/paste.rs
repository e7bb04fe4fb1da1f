//! `paste`: merge corresponding lines of files side by side, or each
//! file's lines serially with `-s`, cycling through the `-d` delimiter
//! list (`\n`, `\t`, `\\`, `\0` for none) (GNU coreutils manual, "paste
//! invocation").

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, OpenWording, OutBuf, Source, error, operand_names, parse_args};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `paste [-s] [-d LIST] [FILE]...`.
    Paste,
    "paste",
    body
);

const SPEC: Spec = Spec {
    short: "d:sz",
    long: &[
        long("delimiters", HasArg::Yes, 'd'),
        long("serial", HasArg::No, 's'),
        long("zero-terminated", HasArg::No, 'z'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: paste [OPTION]... [FILE]...
Write lines consisting of the sequentially corresponding lines from
each FILE, separated by TABs, to standard output.

With no FILE, or when FILE is -, read standard input.

  -d, --delimiters=LIST   reuse characters from LIST instead of TABs
  -s, --serial            paste one file at a time instead of in parallel
  -z, --zero-terminated   line delimiter is NUL, not newline
      --help              display this help and exit
";

/// The delimiter list: each entry is zero or one byte.
fn delimiters(s: &str) -> Result<Vec<Option<u8>>, String> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            let Some(&c) = b.get(i + 1) else {
                return Err(format!(
                    "delimiter list ends with an unescaped backslash: {s}"
                ));
            };
            out.push(match c {
                b'n' => Some(b'\n'),
                b't' => Some(b'\t'),
                b'0' => None,
                b'b' => Some(8),
                b'f' => Some(12),
                b'r' => Some(b'\r'),
                b'v' => Some(11),
                other => Some(other),
            });
            i += 2;
        } else {
            out.push(Some(b[i]));
            i += 1;
        }
    }
    Ok(out)
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let delims = match delimiters(args.last('d').unwrap_or("\t")) {
        Ok(d) if d.is_empty() => vec![None],
        Ok(d) => d,
        Err(m) => {
            error(ctx, &m).await?;
            return Ok(1);
        }
    };
    let eol = if args.has('z') { 0 } else { b'\n' };
    let names = operand_names(&args);
    let max = ctx.shell.limits().max_buffer_bytes;
    // Every `-` shares standard input; files are read whole.
    let mut pool: Vec<Source> = Vec::new();
    let mut stdin_slot: Option<usize> = None;
    let mut idx = Vec::new();
    for n in &names {
        if n == "-"
            && let Some(k) = stdin_slot
        {
            idx.push(k);
            continue;
        }
        let Some(src) = Source::open_or_report(ctx, n, OpenWording::Plain, None).await? else {
            return Ok(1);
        };
        if n == "-" {
            stdin_slot = Some(pool.len());
        }
        idx.push(pool.len());
        pool.push(src);
    }
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    let mut line = Vec::new();
    if args.has('s') {
        for &slot in &idx {
            let src = &mut pool[slot];
            let mut k = 0;
            let mut any = false;
            loop {
                line.clear();
                if !next(src, ctx, eol, &mut line, max).await? {
                    break;
                }
                ctx.shell.checkpoint()?;
                if any {
                    if let Some(d) = delims[k % delims.len()] {
                        out.write(&[d]).await?;
                    }
                    k += 1;
                }
                any = true;
                out.write(&line).await?;
            }
            out.write(&[eol]).await?;
        }
    } else {
        let mut done = vec![false; idx.len()];
        loop {
            let mut row = Vec::new();
            let mut got_any = false;
            for (i, &slot) in idx.iter().enumerate() {
                let src = &mut pool[slot];
                if i > 0
                    && let Some(d) = delims[(i - 1) % delims.len()]
                {
                    row.push(d);
                }
                if done[i] {
                    continue;
                }
                line.clear();
                if next(src, ctx, eol, &mut line, max).await? {
                    got_any = true;
                    row.extend_from_slice(&line);
                } else {
                    done[i] = true;
                }
            }
            ctx.shell.checkpoint()?;
            if !got_any {
                break;
            }
            row.push(eol);
            out.write(&row).await?;
        }
    }
    out.flush().await?;
    Ok(0)
}

/// The next line of `src` without its terminator.
async fn next(
    src: &mut Source,
    ctx: &mut UtilityContext<'_>,
    eol: u8,
    line: &mut Vec<u8>,
    max: usize,
) -> Flow<bool> {
    if !src.record(ctx.stdin, eol, line, max).await? {
        return Ok(false);
    }
    if line.last() == Some(&eol) {
        line.pop();
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    #[tokio::test]
    async fn serial_and_parallel() {
        let mut sh = TestShell::default();
        assert_eq!(
            sh.run(&Paste, &["paste", "-sd,"], "1\n2\n3\n").await.stdout,
            "1,2,3\n"
        );
        assert_eq!(
            sh.run(&Paste, &["paste", "-", "-"], "1\n2\n3\n")
                .await
                .stdout,
            "1\t2\n3\t\n"
        );
    }
}
