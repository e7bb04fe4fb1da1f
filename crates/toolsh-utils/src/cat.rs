//! `cat`: concatenate files (standard input streamed; files only through
//! the Sandbox backend) with GNU's `-n -b -s -v -E -T -A -e -t` (GNU
//! coreutils manual, "cat invocation").

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, OpenWording, Source, filter_lines, operand_names, parse_args};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `cat [OPTION]... [FILE]...`.
    Cat,
    "cat",
    body
);

const SPEC: Spec = Spec {
    short: "AbeEnstTuv",
    long: &[
        long("show-all", HasArg::No, 'A'),
        long("number-nonblank", HasArg::No, 'b'),
        long("show-ends", HasArg::No, 'E'),
        long("number", HasArg::No, 'n'),
        long("squeeze-blank", HasArg::No, 's'),
        long("show-tabs", HasArg::No, 'T'),
        long("show-nonprinting", HasArg::No, 'v'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: cat [OPTION]... [FILE]...
Concatenate FILE(s) to standard output.

With no FILE, or when FILE is -, read standard input.

  -A, --show-all           equivalent to -vET
  -b, --number-nonblank    number nonempty output lines, overrides -n
  -e                       equivalent to -vE
  -E, --show-ends          display $ at end of each line
  -n, --number             number all output lines
  -s, --squeeze-blank      suppress repeated empty output lines
  -t                       equivalent to -vT
  -T, --show-tabs          display TAB characters as ^I
  -u                       (ignored)
  -v, --show-nonprinting   use ^ and M- notation, except for LFD and TAB
      --help               display this help and exit
";

#[derive(Default)]
struct Opts {
    number: bool,
    nonblank: bool,
    squeeze: bool,
    ends: bool,
    tabs: bool,
    nonprinting: bool,
}

/// Per-invocation state carried across files: GNU numbers lines
/// continuously, squeezes blank lines across file boundaries, and lets a
/// file's first bytes continue the previous file's unterminated last line
/// (no new number, not a blank line).
struct State {
    line_no: u64,
    prev_blank: bool,
    /// The next record starts a line (the previous one ended in a newline).
    at_start: bool,
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let mut o = Opts::default();
    for (k, _) in &args.opts {
        match k {
            'A' => (o.nonprinting, o.ends, o.tabs) = (true, true, true),
            'b' => o.nonblank = true,
            'e' => (o.nonprinting, o.ends) = (true, true),
            'E' => o.ends = true,
            'n' => o.number = true,
            's' => o.squeeze = true,
            't' => (o.nonprinting, o.tabs) = (true, true),
            'T' => o.tabs = true,
            'v' => o.nonprinting = true,
            _ => {}
        }
    }
    if o.nonblank {
        o.number = true;
    }
    let plain = !(o.number || o.squeeze || o.ends || o.tabs || o.nonprinting);
    let names = operand_names(&args);
    if !plain {
        let mut st = State {
            line_no: 0,
            prev_blank: false,
            at_start: true,
        };
        return filter_lines(
            ctx,
            &names,
            OpenWording::Plain,
            b'\n',
            |text, has_nl, buf| {
                let at_start = std::mem::replace(&mut st.at_start, has_nl);
                let blank = at_start && text.is_empty() && has_nl;
                if o.squeeze && blank && st.prev_blank {
                    return;
                }
                st.prev_blank = blank;
                if o.number && at_start && !(o.nonblank && text.is_empty()) {
                    st.line_no += 1;
                    buf.extend_from_slice(format!("{:>6}\t", st.line_no).as_bytes());
                }
                render(text, &o, buf);
                if has_nl {
                    if o.ends {
                        buf.push(b'$');
                    }
                    buf.push(b'\n');
                }
            },
        )
        .await;
    }
    // Without options the bytes go through unbuffered, chunk by chunk.
    let stdout = ctx.stdout;
    let mut status = 0;
    for name in &names {
        let Some(mut src) = Source::open_or_report(ctx, name, OpenWording::Plain, None).await?
        else {
            status = 1;
            continue;
        };
        while let Some(chunk) = src.chunk(ctx.stdin).await {
            ctx.shell.checkpoint()?;
            stdout.write_bytes(chunk).await?;
        }
    }
    Ok(status)
}

fn render(text: &[u8], o: &Opts, buf: &mut Vec<u8>) {
    for &c in text {
        if c == b'\t' {
            if o.tabs {
                buf.extend_from_slice(b"^I");
            } else {
                buf.push(c);
            }
        } else if o.nonprinting {
            let mut c = c;
            if c >= 128 {
                buf.extend_from_slice(b"M-");
                c -= 128;
            }
            if c < 32 {
                buf.push(b'^');
                buf.push(c + 64);
            } else if c == 127 {
                buf.extend_from_slice(b"^?");
            } else {
                buf.push(c);
            }
        } else {
            buf.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    #[tokio::test]
    async fn numbers_and_shows() {
        let mut sh = TestShell::default();
        let r = sh.run(&Cat, &["cat", "-n"], "a\n\nb").await;
        assert_eq!(r.stdout, "     1\ta\n     2\t\n     3\tb");
        let r = sh
            .run(&Cat, &["cat", "-bsA"], "a\t\x01\n\n\n\u{e9}\n")
            .await;
        assert_eq!(r.stdout, "     1\ta^I^A$\n$\n     2\tM-CM-)$\n");
        let r = sh.run(&Cat, &["cat", "nofile"], "").await;
        assert_eq!(r.status.unwrap(), 1);
        assert!(r.stderr.starts_with("cat: nofile: "));
    }
}
