//! `cut`: select bytes (`-b`), characters (`-c`, bytes in the C locale)
//! or delimited fields (`-f`, `-d`, `-s`) of each line, with
//! `--complement` and `--output-delimiter` (GNU coreutils manual, "cut
//! invocation").

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{
    Flow, OpenWording, filter_lines, operand_names, parse_args, usage_error,
};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `cut OPTION... [FILE]...`.
    Cut,
    "cut",
    body
);

const SPEC: Spec = Spec {
    short: "b:c:d:f:nsz",
    long: &[
        long("bytes", HasArg::Yes, 'b'),
        long("characters", HasArg::Yes, 'c'),
        long("delimiter", HasArg::Yes, 'd'),
        long("fields", HasArg::Yes, 'f'),
        long("only-delimited", HasArg::No, 's'),
        long("complement", HasArg::No, 'C'),
        long("output-delimiter", HasArg::Yes, 'O'),
        long("zero-terminated", HasArg::No, 'z'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: cut OPTION... [FILE]...
Print selected parts of lines from each FILE to standard output.

With no FILE, or when FILE is -, read standard input.

  -b, --bytes=LIST        select only these bytes
  -c, --characters=LIST   select only these characters
  -d, --delimiter=DELIM   use DELIM instead of TAB for field delimiter
  -f, --fields=LIST       select only these fields;  also print any line
                            that contains no delimiter character, unless
                            the -s option is specified
  -n                      (ignored)
      --complement        complement the set of selected bytes, characters
                            or fields
  -s, --only-delimited    do not print lines not containing delimiters
      --output-delimiter=STRING  use STRING as the output delimiter
                            the default is to use the input delimiter
  -z, --zero-terminated   line delimiter is NUL, not newline
      --help              display this help and exit

Each LIST is made up of one range, or many ranges separated by commas.
Each range is one of N, N-, N-M or -M (counted from 1).
";

/// Inclusive 1-based ranges, sorted and merged.
pub(crate) type Ranges = Vec<(usize, usize)>;

/// Parse a cut LIST. Errors are GNU's messages.
pub(crate) fn parse_list(list: &str, what: &str) -> Result<Ranges, String> {
    let mut v: Ranges = Vec::new();
    for part in list.split([',', ' ']) {
        if part.is_empty() {
            return Err(format!("invalid {what} range list"));
        }
        let num = |s: &str| -> Result<usize, String> {
            if !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(format!("invalid {what} list '{list}'").replace(" list '", " list: '"));
            }
            s.parse::<usize>().or(Ok(usize::MAX))
        };
        let (a, b) = match part.split_once('-') {
            None => {
                let n = num(part)?;
                (n, n)
            }
            Some(("", "")) => return Err("invalid range with no endpoint: -".to_string()),
            Some((a, "")) => (num(a)?, usize::MAX),
            Some(("", b)) => (1, num(b)?),
            Some((a, b)) => (num(a)?, num(b)?),
        };
        if a == 0 || b == 0 {
            return Err(format!("{what}s are numbered from 1"));
        }
        if a > b {
            return Err("invalid decreasing range".to_string());
        }
        v.push((a, b));
    }
    v.sort_unstable();
    let mut merged: Ranges = Vec::new();
    for (a, b) in v {
        if let Some(last) = merged.last_mut()
            && a <= last.1.saturating_add(1)
        {
            last.1 = last.1.max(b);
            continue;
        }
        merged.push((a, b));
    }
    Ok(merged)
}

fn complement(r: &Ranges) -> Ranges {
    let mut out = Vec::new();
    let mut next = 1usize;
    for &(a, b) in r {
        if a > next {
            out.push((next, a - 1));
        }
        next = b.saturating_add(1);
    }
    if next != 0 && next < usize::MAX {
        out.push((next, usize::MAX));
    }
    out
}

fn selected(r: &Ranges, i: usize) -> bool {
    r.iter().any(|&(a, b)| a <= i && i <= b)
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let mut mode: Option<(char, String)> = None;
    let mut delim: Option<String> = None;
    let mut out_delim: Option<String> = None;
    let mut only = false;
    let mut compl = false;
    let mut eol = b'\n';
    for (k, v) in &args.opts {
        match k {
            'b' | 'c' | 'f' => {
                if mode.is_some() {
                    usage_error(ctx, "only one type of list may be specified", 1).await?;
                    return Ok(1);
                }
                mode = Some((*k, v.clone().unwrap_or_default()));
            }
            'd' => delim.clone_from(v),
            'O' => out_delim.clone_from(v),
            's' => only = true,
            'C' => compl = true,
            'z' => eol = 0,
            _ => {}
        }
    }
    let Some((kind, list)) = mode else {
        usage_error(
            ctx,
            "you must specify a list of bytes, characters, or fields",
            1,
        )
        .await?;
        return Ok(1);
    };
    if kind != 'f' && delim.is_some() {
        usage_error(
            ctx,
            "an input delimiter may be specified only when operating on fields",
            1,
        )
        .await?;
        return Ok(1);
    }
    if kind != 'f' && only {
        usage_error(
            ctx,
            "suppressing non-delimited lines makes sense\n\tonly when operating on fields",
            1,
        )
        .await?;
        return Ok(1);
    }
    let d = match delim.as_deref() {
        None => b'\t',
        Some(s) if s.len() == 1 => s.as_bytes()[0],
        Some("") => 0,
        Some(_) => {
            usage_error(ctx, "the delimiter must be a single character", 1).await?;
            return Ok(1);
        }
    };
    let what = if kind == 'f' {
        "field"
    } else {
        "byte/character"
    };
    let what_num = if kind == 'f' {
        "field"
    } else {
        "byte/character position"
    };
    let mut ranges = match parse_list(&list, what) {
        Ok(r) => r,
        Err(m) => {
            let m = m.replace(
                "byte/characters are numbered",
                "byte/character positions are numbered",
            );
            let _ = what_num;
            usage_error(ctx, &m, 1).await?;
            return Ok(1);
        }
    };
    if compl {
        ranges = complement(&ranges);
    }
    let names = operand_names(&args);
    filter_lines(ctx, &names, OpenWording::Plain, eol, |line, _, res| {
        if kind == 'f' {
            if !line.contains(&d) {
                if only {
                    return;
                }
                res.extend_from_slice(line);
            } else {
                let od: Vec<u8> = out_delim.clone().map_or(vec![d], String::into_bytes);
                let mut first = true;
                for (i, f) in line.split(|&b| b == d).enumerate() {
                    if selected(&ranges, i + 1) {
                        if !first {
                            res.extend_from_slice(&od);
                        }
                        first = false;
                        res.extend_from_slice(f);
                    }
                }
            }
        } else {
            let od = out_delim.as_deref().map(str::as_bytes);
            let mut prev: Option<usize> = None;
            for (i, &b) in line.iter().enumerate() {
                if selected(&ranges, i + 1) {
                    if let (Some(od), Some(p)) = (od, prev)
                        && p + 1 != i
                    {
                        res.extend_from_slice(od);
                    }
                    prev = Some(i);
                    res.push(b);
                }
            }
        }
        res.push(eol);
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    async fn run(args: &[&str], input: &str) -> String {
        let mut sh = TestShell::default();
        sh.run(&Cut, args, input).await.stdout
    }

    #[tokio::test]
    async fn selections() {
        assert_eq!(run(&["cut", "-d:", "-f2"], "a:b:c\nx\n").await, "b\nx\n");
        assert_eq!(
            run(&["cut", "-d:", "-f1,3", "-s"], "a:b:c\nx\n").await,
            "a:c\n"
        );
        assert_eq!(run(&["cut", "-c2-3"], "abcd\n").await, "bc\n");
        assert_eq!(
            run(&["cut", "-c1,3", "--output-delimiter=-"], "abcd\n").await,
            "a-c\n"
        );
        assert_eq!(
            run(&["cut", "-d:", "--complement", "-f2"], "a:b:c\n").await,
            "a:c\n"
        );
        assert_eq!(run(&["cut", "-f2-"], "a\tb\tc").await, "b\tc\n");
    }
}
