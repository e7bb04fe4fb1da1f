//! `nl`: number lines (GNU coreutils manual, "nl invocation"): body,
//! header and footer styles (`a`, `t`, `n`, `pBRE`), formats `ln`, `rn`,
//! `rz`, width, separator, start and increment, and the `\:\:\:`, `\:\:`,
//! `\:` section delimiters that restart numbering at each logical page.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::posix_regex::{PosixRegex, RegexFlags, Syntax};

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::number::render::{self, Spec as Conv};
use toolsh_command::textio::{
    Flow, OpenWording, error, filter_lines, operand_names, parse_args, usage_error,
};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `nl [OPTION]... [FILE]...`.
    Nl,
    "nl",
    body
);

const SPEC: Spec = Spec {
    short: "b:d:f:h:i:l:n:ps:v:w:",
    long: &[
        long("body-numbering", HasArg::Yes, 'b'),
        long("section-delimiter", HasArg::Yes, 'd'),
        long("footer-numbering", HasArg::Yes, 'f'),
        long("header-numbering", HasArg::Yes, 'h'),
        long("line-increment", HasArg::Yes, 'i'),
        long("join-blank-lines", HasArg::Yes, 'l'),
        long("number-format", HasArg::Yes, 'n'),
        long("no-renumber", HasArg::No, 'p'),
        long("number-separator", HasArg::Yes, 's'),
        long("starting-line-number", HasArg::Yes, 'v'),
        long("number-width", HasArg::Yes, 'w'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: nl [OPTION]... [FILE]...
Write each FILE to standard output, with line numbers added.

With no FILE, or when FILE is -, read standard input.

  -b, --body-numbering=STYLE      use STYLE for numbering body lines
  -d, --section-delimiter=CC      use CC for logical page delimiters
  -f, --footer-numbering=STYLE    use STYLE for numbering footer lines
  -h, --header-numbering=STYLE    use STYLE for numbering header lines
  -i, --line-increment=NUMBER     line number increment at each line
  -l, --join-blank-lines=NUMBER   group of NUMBER empty lines counted as one
  -n, --number-format=FORMAT      insert line numbers according to FORMAT
  -p, --no-renumber               do not reset line numbers for each section
  -s, --number-separator=STRING   add STRING after (possible) line number
  -v, --starting-line-number=NUMBER  first line number for each section
  -w, --number-width=NUMBER       use NUMBER columns for line numbers
      --help                      display this help and exit

STYLE is one of: a (all lines), t (nonempty lines), n (no lines),
pBRE (lines matching the basic regular expression BRE).
FORMAT is one of: ln (left justified), rn (right justified),
rz (right justified, leading zeros).
";

enum Style {
    All,
    NonEmpty,
    None,
    Regex(PosixRegex),
}

impl Style {
    fn parse(s: &str) -> Option<Style> {
        match s {
            "a" => Some(Style::All),
            "t" => Some(Style::NonEmpty),
            "n" => Some(Style::None),
            _ => {
                let re = s.strip_prefix('p')?;
                PosixRegex::new(re.as_bytes(), Syntax::Basic, RegexFlags::default())
                    .ok()
                    .map(Style::Regex)
            }
        }
    }

    fn numbers(&self, line: &[u8]) -> bool {
        match self {
            Style::All => true,
            Style::NonEmpty => !line.is_empty(),
            Style::None => false,
            Style::Regex(r) => r.is_match(line),
        }
    }
}

fn int_arg(v: Option<&str>) -> Option<i64> {
    v?.parse().ok()
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let mut styles = [Style::None, Style::NonEmpty, Style::None]; // header body footer
    let mut delim = *b"\\:";
    let mut incr = 1i64;
    let mut start = 1i64;
    let mut width = 6u64;
    let mut sep = "\t".to_string();
    let mut format = "rn".to_string();
    let renumber = !args.has('p');
    for (k, v) in &args.opts {
        let val = v.as_deref().unwrap_or("");
        match k {
            'b' | 'h' | 'f' => {
                let Some(st) = Style::parse(val) else {
                    let what = match k {
                        'b' => "body",
                        'h' => "header",
                        _ => "footer",
                    };
                    error(ctx, &format!("invalid {what} numbering style: '{val}'")).await?;
                    return Ok(1);
                };
                let i = match k {
                    'h' => 0,
                    'b' => 1,
                    _ => 2,
                };
                styles[i] = st;
            }
            'd' => {
                let b = val.as_bytes();
                if let Some(&c) = b.first() {
                    delim[0] = c;
                }
                if let Some(&c) = b.get(1) {
                    delim[1] = c;
                }
            }
            'i' | 'v' | 'w' | 'l' => {
                let Some(n) = int_arg(v.as_deref()) else {
                    let what = match k {
                        'i' => "line number increment",
                        'v' => "starting line number",
                        'w' => "line number field width",
                        _ => "line number of blank lines",
                    };
                    error(ctx, &format!("invalid {what}: '{val}'")).await?;
                    return Ok(1);
                };
                match k {
                    'i' => incr = n,
                    'v' => start = n,
                    'w' if n > 0 => width = n.unsigned_abs(),
                    'w' => {
                        error(ctx, &format!("invalid line number field width: '{val}'")).await?;
                        return Ok(1);
                    }
                    _ => {}
                }
            }
            's' => sep = val.to_string(),
            'n' => {
                if !matches!(val, "ln" | "rn" | "rz") {
                    usage_error(ctx, &format!("invalid line numbering format: '{val}'"), 1).await?;
                    return Ok(1);
                }
                format = val.to_string();
            }
            _ => {}
        }
    }
    // Every numbered line is padded to the width: bounded as printf's.
    let width = toolsh_command::numarg::format_width(ctx.shell.limits(), width)?;
    let names = operand_names(&args);
    let mut number = start;
    let mut section = 1usize;
    let header: Vec<u8> = [delim, delim, delim].concat();
    let body_d: Vec<u8> = [delim, delim].concat();
    let footer: Vec<u8> = delim.to_vec();
    filter_lines(
        ctx,
        &names,
        OpenWording::Plain,
        b'\n',
        // GNU nl reads each line with a newline added when the last one
        // lacks it, so every output line ends in one.
        |text, _ended, res| {
            let new_section = if text == header.as_slice() {
                Some(0)
            } else if text == body_d.as_slice() {
                Some(1)
            } else if text == footer.as_slice() {
                Some(2)
            } else {
                None
            };
            if let Some(s) = new_section {
                section = s;
                if renumber && s < 2 {
                    number = start;
                }
                res.push(b'\n');
                return;
            }
            if styles[section].numbers(text) {
                // `%-*ld`, `%0*ld`, `%*ld` (GNU nl's formats), through
                // printf's renderer: any width within the bound.
                let spec = Conv {
                    left: format == "ln",
                    zero: format == "rz",
                    width,
                    ..Conv::default()
                };
                render::signed(&spec, number, res);
                res.extend_from_slice(sep.as_bytes());
                number = number.wrapping_add(incr);
            } else {
                res.resize(width + sep.len(), b' ');
            }
            res.extend_from_slice(text);
            res.push(b'\n');
        },
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    #[tokio::test]
    async fn numbering() {
        let mut sh = TestShell::default();
        let r = sh.run(&Nl, &["nl"], "a\n\nb\n").await;
        assert_eq!(r.stdout, "     1\ta\n       \n     2\tb\n");
        let r = sh
            .run(&Nl, &["nl", "-ba", "-nln", "-w3", "-s:"], "a\n\n")
            .await;
        assert_eq!(r.stdout, "1  :a\n2  :\n");
        let r = sh
            .run(&Nl, &["nl", "-nrz", "-w3", "-v5", "-i2"], "a\nb\n")
            .await;
        assert_eq!(r.stdout, "005\ta\n007\tb\n");
    }
}
