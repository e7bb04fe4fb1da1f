//! `head`: the first lines or bytes of each input, or all but the last
//! (`-n -N`, `-c -N`), with `==> NAME <==` headers for several inputs
//! (GNU coreutils manual, "head invocation"). Standard input is read only
//! as far as needed, so `yes | head -1` ends at once.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use std::collections::VecDeque;

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::limits::within_buffer;
use toolsh_command::textio::{
    Flow, OpenWording, OutBuf, Source, display_name, error, operand_names, parse_args,
};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `head [OPTION]... [FILE]...`.
    Head,
    "head",
    body
);

const SPEC: Spec = Spec {
    short: "c:n:qvz",
    long: &[
        long("bytes", HasArg::Yes, 'c'),
        long("lines", HasArg::Yes, 'n'),
        long("quiet", HasArg::No, 'q'),
        long("silent", HasArg::No, 'q'),
        long("verbose", HasArg::No, 'v'),
        long("zero-terminated", HasArg::No, 'z'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: head [OPTION]... [FILE]...
Print the first 10 lines of each FILE to standard output.
With more than one FILE, precede each with a header giving the file name.

With no FILE, or when FILE is -, read standard input.

  -c, --bytes=[-]NUM       print the first NUM bytes of each file;
                             with the leading '-', print all but the last
                             NUM bytes of each file
  -n, --lines=[-]NUM       print the first NUM lines instead of the first 10;
                             with the leading '-', print all but the last
                             NUM lines of each file
  -q, --quiet, --silent    never print headers giving file names
  -v, --verbose            always print headers giving file names
  -z, --zero-terminated    line delimiter is NUL, not newline
      --help               display this help and exit

NUM may have a multiplier suffix: b 512, kB 1000, K 1024, MB 1000*1000,
M 1024*1024, GB 1000*1000*1000, G 1024*1024*1024, and so on for T, P, E.
";

/// What to print: the first `n` units, or all but the last `n`.
#[derive(Clone, Copy)]
pub(crate) struct Count {
    /// Bytes (`-c`) rather than lines.
    pub bytes: bool,
    /// All but the last `n`.
    pub all_but: bool,
    /// The count.
    pub n: u64,
}

/// Rewrite the obsolete `-NUM[bcklmqvz]` first argument to options.
pub(crate) fn obsolete_count(args: &mut Vec<String>) {
    let Some(first) = args.get(1) else { return };
    let Some(rest) = first.strip_prefix('-') else {
        return;
    };
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return;
    }
    let (num, flags) = rest.split_at(digits);
    let mut unit = "-n";
    let mut extra = Vec::new();
    let mut suffix = String::new();
    for c in flags.chars() {
        match c {
            'c' => unit = "-c",
            'l' => unit = "-n",
            'b' | 'k' | 'm' => suffix.push(if c == 'm' { 'M' } else { c }),
            'q' | 'v' | 'z' | 'f' | 'r' => extra.push(format!("-{c}")),
            _ => return,
        }
    }
    let mut new = vec![args[0].clone(), unit.to_string(), format!("{num}{suffix}")];
    new.extend(extra);
    new.extend(args.drain(2..));
    *args = new;
}

/// The options `head` and `tail` share: `-c`/`-n` with an optional sign,
/// `-q`/`-v` and `-z`, and the operands.
pub(crate) struct Counting {
    /// Bytes (`-c`) rather than lines (`-n`).
    pub bytes: bool,
    /// The count carried the utility's sign: head's `-` (all but the
    /// last), tail's `+` (from the start).
    pub signed: bool,
    /// The count (default 10).
    pub n: u64,
    /// The record delimiter: newline, or NUL with `-z`.
    pub delim: u8,
    /// Print `==> NAME <==` headers (`-v`, or several operands without `-q`).
    pub show: bool,
    /// The operands, `-` when there are none.
    pub names: Vec<String>,
}

/// Parse the command line of `head` (`sign` `-`) or `tail` (`sign` `+`):
/// the other sign is accepted and means nothing. `Err(status)` after a
/// usage error, `--help` or an invalid count (GNU's `invalid number of
/// lines: 'X'`, status 1).
pub(crate) async fn counting(
    ctx: &mut UtilityContext<'_>,
    spec: &Spec,
    help: &str,
    sign: char,
) -> Flow<Result<Counting, i32>> {
    let args = match parse_args(ctx, spec, help, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(Err(s)),
    };
    let other = if sign == '-' { '+' } else { '-' };
    let (mut bytes, mut signed, mut n) = (false, false, 10);
    let mut headers: Option<bool> = None;
    let mut delim = b'\n';
    for (k, v) in &args.opts {
        match k {
            'c' | 'n' => {
                let v = v.as_deref().unwrap_or("");
                let (has_sign, num) = match v.strip_prefix(sign) {
                    Some(x) => (true, x),
                    None => (false, v.strip_prefix(other).unwrap_or(v)),
                };
                let x = match toolsh_command::numarg::parse_size(num) {
                    Ok(x) => x,
                    Err(e) => {
                        let what = if *k == 'c' { "bytes" } else { "lines" };
                        let why = e.gnu_suffix();
                        error(ctx, &format!("invalid number of {what}: '{v}'{why}")).await?;
                        return Ok(Err(1));
                    }
                };
                // GNU tail never forgets a `+` (`-n +2 -c 3` prints from
                // byte 3); head's `-` belongs to the last option only.
                let signed_now = has_sign || (sign == '+' && signed);
                (bytes, signed, n) = (*k == 'c', signed_now, x);
            }
            'q' => headers = Some(false),
            'v' => headers = Some(true),
            'z' => delim = 0,
            _ => {}
        }
    }
    let names = operand_names(&args);
    Ok(Ok(Counting {
        bytes,
        signed,
        n,
        delim,
        show: headers.unwrap_or(names.len() > 1),
        names,
    }))
}

impl Counting {
    /// Write the `==> NAME <==` header when headers are shown, with a blank
    /// line before all but the first.
    pub async fn header(&self, out: &mut OutBuf<'_>, name: &str, first: &mut bool) -> Flow<()> {
        if self.show {
            let sep = if *first { "" } else { "\n" };
            out.write_str(&format!("{sep}==> {} <==\n", display_name(name)))
                .await?;
        }
        *first = false;
        Ok(())
    }
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let mut argv = ctx.args.clone();
    obsolete_count(&mut argv);
    ctx.args = argv;
    let c = match counting(ctx, &SPEC, HELP, '-').await? {
        Ok(c) => c,
        Err(s) => return Ok(s),
    };
    let count = Count {
        bytes: c.bytes,
        all_but: c.signed,
        n: c.n,
    };
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
        copy_head(ctx, &mut src, count, c.delim, &mut out).await?;
    }
    out.flush().await?;
    Ok(status)
}

async fn copy_head(
    ctx: &mut UtilityContext<'_>,
    src: &mut Source,
    count: Count,
    delim: u8,
    out: &mut OutBuf<'_>,
) -> Flow<()> {
    let max = ctx.shell.limits().max_buffer_bytes;
    match (count.bytes, count.all_but) {
        (true, false) => {
            let mut left = count.n;
            while left > 0 {
                let Some(chunk) = src.chunk(ctx.stdin).await else {
                    break;
                };
                ctx.shell.checkpoint()?;
                let take = usize::try_from(left).unwrap_or(usize::MAX).min(chunk.len());
                out.write(&chunk[..take]).await?;
                left -= take as u64;
            }
        }
        (false, false) => {
            let mut left = count.n;
            while left > 0 {
                let Some(chunk) = src.chunk(ctx.stdin).await else {
                    break;
                };
                ctx.shell.checkpoint()?;
                let mut end = chunk.len();
                for i in memchr::memchr_iter(delim, &chunk) {
                    left -= 1;
                    if left == 0 {
                        end = i + 1;
                        break;
                    }
                }
                out.write(&chunk[..end]).await?;
            }
        }
        (true, true) => {
            let keep = usize::try_from(count.n).unwrap_or(usize::MAX);
            let mut held: VecDeque<u8> = VecDeque::new();
            while let Some(chunk) = src.chunk(ctx.stdin).await {
                ctx.shell.checkpoint()?;
                held.extend(chunk.iter());
                if held.len() > keep {
                    let n = held.len() - keep;
                    let emit: Vec<u8> = held.drain(..n).collect();
                    out.write(&emit).await?;
                }
                within_buffer(held.len(), max)?;
            }
        }
        (false, true) => {
            let keep = usize::try_from(count.n).unwrap_or(usize::MAX);
            let mut held: VecDeque<Vec<u8>> = VecDeque::new();
            let mut held_bytes = 0;
            loop {
                let mut line = Vec::new();
                if !src.record(ctx.stdin, delim, &mut line, max).await? {
                    break;
                }
                ctx.shell.checkpoint()?;
                held_bytes += line.len();
                held.push_back(line);
                if held.len() > keep
                    && let Some(l) = held.pop_front()
                {
                    held_bytes -= l.len();
                    out.write(&l).await?;
                }
                within_buffer(held_bytes, max)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    async fn run(args: &[&str], input: &str) -> String {
        let mut sh = TestShell::default();
        sh.run(&Head, args, input).await.stdout
    }

    #[tokio::test]
    async fn counts() {
        let five = "1\n2\n3\n4\n5\n";
        assert_eq!(run(&["head", "-n", "2"], five).await, "1\n2\n");
        assert_eq!(run(&["head", "-3"], five).await, "1\n2\n3\n");
        assert_eq!(run(&["head", "-n", "-2"], five).await, "1\n2\n3\n");
        assert_eq!(run(&["head", "-c", "3"], five).await, "1\n2");
        assert_eq!(run(&["head", "-c-7"], five).await, "1\n2");
        assert_eq!(
            run(&["head", "-1", "-v"], five).await,
            "==> standard input <==\n1\n"
        );
        assert_eq!(run(&["head", "-n", "+2"], five).await, "1\n2\n");
    }

    /// The option parsing head shares with tail: the other utility's sign
    /// means nothing, a bad count is reported with its unit.
    #[tokio::test]
    async fn shared_counting() {
        let five = "1\n2\n3\n4\n5\n";
        let mut sh = TestShell::default();
        let r = sh
            .run(&crate::tail::Tail, &["tail", "-n", "-2"], five)
            .await;
        assert_eq!(r.stdout, "4\n5\n");
        let r = sh.run(&Head, &["head", "-n", "x"], five).await;
        assert!(matches!(r.status, Ok(1)));
        assert_eq!(r.stderr, "head: invalid number of lines: 'x'\n");
        let r = sh
            .run(&crate::tail::Tail, &["tail", "-c", "1x"], five)
            .await;
        assert_eq!(r.stderr, "tail: invalid number of bytes: '1x'\n");
        let r = sh.run(&Head, &["head", "-q", "-", "-"], five).await;
        assert_eq!(r.stdout, "1\n2\n3\n4\n5\n");
    }
}
