//! `fold`: wrap input lines to a width (default 80) counting columns
//! (tab to the next multiple of 8, backspace back one, carriage return to
//! 0) or bytes (`-b`), breaking after the last blank with `-s` (GNU
//! coreutils manual, "fold invocation").

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use crate::head::obsolete_count;
use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, OpenWording, error, filter_lines, operand_names, parse_args};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `fold [-bs] [-w WIDTH] [FILE]...`.
    Fold,
    "fold",
    body
);

const SPEC: Spec = Spec {
    short: "bsw:",
    long: &[
        long("bytes", HasArg::No, 'b'),
        long("spaces", HasArg::No, 's'),
        long("width", HasArg::Yes, 'w'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: fold [OPTION]... [FILE]...
Wrap input lines in each FILE, writing to standard output.

With no FILE, or when FILE is -, read standard input.

  -b, --bytes         count bytes rather than columns
  -s, --spaces        break at spaces
  -w, --width=WIDTH   use WIDTH columns instead of 80
      --help          display this help and exit
";

fn advance(col: usize, c: u8, bytes: bool) -> usize {
    if bytes {
        return col + 1;
    }
    match c {
        b'\t' => col + 8 - col % 8,
        8 => col.saturating_sub(1),
        b'\r' => 0,
        _ => col + 1,
    }
}

/// Fold one line (without its newline).
fn fold_line(line: &[u8], width: usize, spaces: bool, bytes: bool, out: &mut Vec<u8>) {
    let mut cur: Vec<u8> = Vec::new();
    let mut col = 0;
    for &c in line {
        let next = advance(col, c, bytes);
        if next > width && !cur.is_empty() {
            let split = if spaces {
                cur.iter().rposition(|&b| b == b' ' || b == b'\t')
            } else {
                None
            };
            match split {
                Some(p) => {
                    out.extend_from_slice(&cur[..=p]);
                    out.push(b'\n');
                    cur.drain(..=p);
                }
                None => {
                    out.extend_from_slice(&cur);
                    out.push(b'\n');
                    cur.clear();
                }
            }
            col = cur.iter().fold(0, |a, &b| advance(a, b, bytes));
        }
        cur.push(c);
        col = advance(col, c, bytes);
    }
    out.extend_from_slice(&cur);
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let mut argv = ctx.args.clone();
    obsolete_count(&mut argv);
    if argv.get(1).is_some_and(|a| a == "-n") {
        argv[1] = "-w".into();
    }
    ctx.args = argv;
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let width = match args.last('w') {
        None => 80,
        Some(w) => match w.parse::<usize>() {
            Ok(n) if n > 0 => n,
            _ => {
                error(ctx, &format!("invalid number of columns: '{w}'")).await?;
                return Ok(1);
            }
        },
    };
    let (spaces, bytes) = (args.has('s'), args.has('b'));
    let names = operand_names(&args);
    filter_lines(
        ctx,
        &names,
        OpenWording::Plain,
        b'\n',
        |line, ended, res| {
            fold_line(line, width, spaces, bytes, res);
            if ended {
                res.push(b'\n');
            }
        },
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(s: &str, w: usize, sp: bool) -> String {
        let mut out = Vec::new();
        fold_line(s.as_bytes(), w, sp, false, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn wraps() {
        assert_eq!(f("abcdefgh", 3, false), "abc\ndef\ngh");
        assert_eq!(f("ab cd ef", 5, true), "ab \ncd ef");
        assert_eq!(f("a\tb", 4, false), "a\n\t\nb");
    }
}
