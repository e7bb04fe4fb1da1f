//! `tail`: the last lines or bytes of each input, or everything from line
//! or byte N on (`+N`), with headers for several inputs (GNU coreutils
//! manual, "tail invocation"). `-f` is accepted but cannot follow in the
//! sandbox: the current contents are printed and tail ends.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use crate::head::counting;
use crate::window::{Unit, Window};
use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::limits::within_buffer;
use toolsh_command::textio::{Flow, OpenWording, OutBuf, Source};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `tail [OPTION]... [FILE]...`.
    Tail,
    "tail",
    body
);

const SPEC: Spec = Spec {
    short: "c:n:qvzfFs:",
    long: &[
        long("bytes", HasArg::Yes, 'c'),
        long("lines", HasArg::Yes, 'n'),
        long("quiet", HasArg::No, 'q'),
        long("silent", HasArg::No, 'q'),
        long("verbose", HasArg::No, 'v'),
        long("zero-terminated", HasArg::No, 'z'),
        long("follow", HasArg::Optional, 'f'),
        long("sleep-interval", HasArg::Yes, 's'),
        long("pid", HasArg::Yes, 'p'),
        long("retry", HasArg::No, 'r'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: tail [OPTION]... [FILE]...
Print the last 10 lines of each FILE to standard output.
With more than one FILE, precede each with a header giving the file name.

With no FILE, or when FILE is -, read standard input.

  -c, --bytes=[+]NUM       output the last NUM bytes; or use -c +NUM to
                             output starting with byte NUM of each file
  -f, --follow             accepted; the sandbox cannot follow a file
  -n, --lines=[+]NUM       output the last NUM lines, instead of the last 10;
                             or use -n +NUM to skip NUM-1 lines at the start
  -q, --quiet, --silent    never output headers giving file names
  -v, --verbose            always output headers giving file names
  -z, --zero-terminated    line delimiter is NUL, not newline
      --help               display this help and exit
";

/// Rewrite the obsolete `-[NUM][bcl][f]` / `+[NUM][bcl][f]` form (NUM
/// defaults to 10), which GNU tail accepts only as the sole option with at
/// most one operand that is not an option (`-` counts as an operand);
/// `-` and `-c` alone are not that form.
fn obsolete(args: &mut Vec<String>) {
    let shape_ok =
        args.len() == 2 || (args.len() == 3 && !(args[2].starts_with('-') && args[2].len() > 1));
    if !shape_ok {
        return;
    }
    let first = args[1].clone();
    let (plus, rest) = if let Some(r) = first.strip_prefix('+') {
        (true, r)
    } else if let Some(r) = first.strip_prefix('-') {
        if r.is_empty() || r == "c" {
            return;
        }
        (false, r)
    } else {
        return;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let num = if digits == 0 { "10" } else { &rest[..digits] };
    let mut tail = &rest[digits..];
    let (unit, mult) = match tail.as_bytes().first() {
        Some(b'b') => ("-c", "b"),
        Some(b'c') => ("-c", ""),
        Some(b'l') => ("-n", ""),
        _ => ("-n", ""),
    };
    if matches!(tail.as_bytes().first(), Some(b'b' | b'c' | b'l')) {
        tail = &tail[1..];
    }
    let follow = tail == "f";
    if !follow && !tail.is_empty() {
        return;
    }
    let sign = if plus { "+" } else { "" };
    let mut new = vec![
        args[0].clone(),
        unit.to_string(),
        format!("{sign}{num}{mult}"),
    ];
    if follow {
        new.push("-f".to_string());
    }
    new.extend(args.drain(2..));
    *args = new;
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let mut argv = ctx.args.clone();
    obsolete(&mut argv);
    ctx.args = argv;
    let c = match counting(ctx, &SPEC, HELP, '+').await? {
        Ok(c) => c,
        Err(s) => return Ok(s),
    };
    let (bytes, from_start, n, delim) = (c.bytes, c.signed, c.n, c.delim);
    let max = ctx.shell.limits().max_buffer_bytes;
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    let mut status = 0;
    let mut first = true;
    for name in &c.names {
        let wording = OpenWording::ForReading;
        let Some(mut src) = Source::open_or_report(ctx, name, wording, Some(&mut out)).await?
        else {
            status = 1;
            continue;
        };
        c.header(&mut out, name, &mut first).await?;
        if from_start {
            // Skip n-1 units, then copy the rest.
            let mut skip = n.saturating_sub(1);
            while let Some(chunk) = src.chunk(ctx.stdin).await {
                ctx.shell.checkpoint()?;
                let mut start = 0;
                if skip > 0 {
                    if bytes {
                        let k = usize::try_from(skip).unwrap_or(usize::MAX).min(chunk.len());
                        skip -= k as u64;
                        start = k;
                    } else {
                        start = chunk.len();
                        for i in memchr::memchr_iter(delim, &chunk) {
                            skip -= 1;
                            if skip == 0 {
                                start = i + 1;
                                break;
                            }
                        }
                    }
                }
                out.write(&chunk[start..]).await?;
            }
            continue;
        }
        let keep = usize::try_from(n).unwrap_or(usize::MAX);
        let unit = if bytes {
            Unit::Bytes
        } else {
            Unit::Records(delim)
        };
        let mut window = Window::new(unit, keep);
        while let Some(chunk) = src.chunk(ctx.stdin).await {
            ctx.shell.checkpoint()?;
            window.push(chunk);
            within_buffer(window.held_bytes(), max)?;
        }
        for piece in window.last() {
            out.write(piece).await?;
        }
    }
    out.flush().await?;
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    async fn run(args: &[&str], input: &str) -> String {
        let mut sh = TestShell::default();
        sh.run(&Tail, args, input).await.stdout
    }

    #[tokio::test]
    async fn counts() {
        let five = "1\n2\n3\n4\n5\n";
        assert_eq!(run(&["tail", "-n", "2"], five).await, "4\n5\n");
        assert_eq!(run(&["tail", "-2"], five).await, "4\n5\n");
        assert_eq!(run(&["tail", "+4"], five).await, "4\n5\n");
        assert_eq!(run(&["tail", "-n", "+2"], five).await, "2\n3\n4\n5\n");
        assert_eq!(run(&["tail", "-c", "4"], five).await, "4\n5\n");
        assert_eq!(run(&["tail", "-n", "0"], five).await, "");
        assert_eq!(run(&["tail", "-n", "1"], "a\nb").await, "b");
    }
}
