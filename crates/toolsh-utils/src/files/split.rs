//! `split`: split a file into pieces (GNU coreutils): by lines (`-l`),
//! bytes (`-b`) or a number of chunks (`-n N`, `-n l/N`), with alphabetic
//! or numeric (`-d`) suffixes that widen as GNU's do.

use super::common::{HasArg, Spec, long, parse_or_usage, quote, usage_error};
use super::file_command;
use toolsh_command::utility::{OperandError, UtilityContext, UtilityResult};

file_command!(
    /// `split [-l N | -b SIZE | -n CHUNKS] [-d] [-a LEN] [--additional-suffix=S] [FILE [PREFIX]]`.
    Split,
    "split"
);

const SPEC: Spec = Spec {
    short: "l:b:n:da:x",
    long: &[
        long("lines", HasArg::Yes, 'l'),
        long("bytes", HasArg::Yes, 'b'),
        long("number", HasArg::Yes, 'n'),
        long("numeric-suffixes", HasArg::Optional, 'd'),
        long("hex-suffixes", HasArg::Optional, 'x'),
        long("suffix-length", HasArg::Yes, 'a'),
        long("additional-suffix", HasArg::Yes, 'S'),
        long("verbose", HasArg::No, 'v'),
    ],
    stop_at_operand: false,
};

/// How the input is cut.
enum Mode {
    Lines(usize),
    Bytes(usize),
    Chunks(usize),
    LineChunks(usize),
}

/// The suffix of piece `i`: fixed width `len`, or GNU's widening scheme
/// when no `-a` was given (`aa`..`yz`, `zaaa`..`zyzz`, `zzaaaa`, ...).
fn suffix(mut i: usize, len: usize, fixed: bool, alphabet: &[u8]) -> Option<String> {
    let base = alphabet.len();
    let mut width = len;
    let mut prefix = String::new();
    if !fixed {
        loop {
            let block = (base - 1) * base.pow(width as u32 - 1);
            if i < block {
                break;
            }
            i -= block;
            prefix.push(alphabet[base - 1] as char);
            width += 1;
        }
    } else if i >= base.checked_pow(width as u32)? {
        return None;
    }
    let mut digits = vec![0u8; width];
    for d in digits.iter_mut().rev() {
        *d = alphabet[i % base];
        i /= base;
    }
    prefix.push_str(std::str::from_utf8(&digits).ok()?);
    Some(prefix)
}

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut mode = Mode::Lines(1000);
    for (k, v) in &p.opts {
        let v = v.as_deref().unwrap_or("");
        // GNU reads each with `xstrtoumax`: zero is out of range, past
        // `u64::MAX` too large. A count only bounds the loop below, which
        // makes one piece at a time.
        let (num, make): (&str, fn(usize) -> Mode) = match k {
            'l' => (v, Mode::Lines),
            'b' => (v, Mode::Bytes),
            'n' => match v.strip_prefix("l/") {
                Some(n) => (n, Mode::LineChunks),
                None => (v, Mode::Chunks),
            },
            _ => continue,
        };
        let parsed = if *k == 'b' {
            toolsh_command::numarg::parse_size(num)
        } else {
            toolsh_command::numarg::parse_count(num)
        };
        match parsed {
            Ok(n) if n > 0 => mode = make(toolsh_command::numarg::to_usize(n)),
            r => {
                let what = match k {
                    'l' => "number of lines",
                    'b' => "number of bytes",
                    _ => "number of chunks",
                };
                let why = match r {
                    Err(e) => e.gnu_suffix(),
                    Ok(_) => ": Numerical result out of range",
                };
                ctx.err_msg(&format!("invalid {what}: {}{why}", quote(v)))
                    .await?;
                return Ok(1);
            }
        }
    }
    if p.operands.len() > 2 {
        usage_error(ctx, &format!("extra operand {}", quote(&p.operands[2]))).await?;
        return Ok(1);
    }
    let input = p.operands.first().map_or("-", String::as_str).to_string();
    let prefix = p.operands.get(1).map_or("x", String::as_str).to_string();
    let extra = p.last('S').unwrap_or("").to_string();
    let (len, fixed) = match p.last('a').map(toolsh_command::numarg::parse_count) {
        None => (2, false),
        // Each name holds the whole suffix: bounded as a buffer.
        Some(Ok(n)) if n > 0 => (
            toolsh_command::numarg::buffer_bytes(ctx.shell.limits(), n)?,
            true,
        ),
        Some(r) => {
            let why = r
                .err()
                .map_or("", toolsh_command::numarg::NumError::gnu_suffix);
            let v = p.last('a').unwrap_or("");
            ctx.err_msg(&format!("invalid suffix length: {}{why}", quote(v)))
                .await?;
            return Ok(1);
        }
    };
    let alphabet: &[u8] = if p.has('d') {
        b"0123456789"
    } else if p.has('x') {
        b"0123456789abcdef"
    } else {
        b"abcdefghijklmnopqrstuvwxyz"
    };
    let data = match ctx.read_operand(&input).await {
        Ok(d) => d,
        Err(OperandError::Interrupt(i)) => return Err(i),
        Err(OperandError::Fs(e)) => {
            ctx.err_msg(&format!("cannot open {} for reading: {e}", quote(&input)))
                .await?;
            return Ok(1);
        }
    };
    let fs = ctx.shell.fs();
    for (i, piece) in Pieces::new(&data, &mode).enumerate() {
        ctx.shell.checkpoint()?;
        let Some(suf) = suffix(i, len, fixed, alphabet) else {
            ctx.err_msg("output file suffixes exhausted").await?;
            return Ok(1);
        };
        let name = format!("{prefix}{suf}{extra}");
        if p.has('v') {
            ctx.out(format!("creating file {}\n", quote(&name)).as_bytes())
                .await?;
        }
        if let Err(e) = fs.write(&ctx.resolve_path(&name), piece).await {
            ctx.err_msg(&format!("{}: {e}", quote(&name))).await?;
            return Ok(1);
        }
    }
    Ok(0)
}

/// The pieces of `data` for `mode`, one at a time (none for empty
/// input, except that `-n` always makes N pieces): a count of billions
/// costs nothing until its pieces are written.
struct Pieces<'a> {
    data: &'a [u8],
    mode: &'a Mode,
    /// The next piece's index.
    k: usize,
    /// Where the next piece starts.
    start: usize,
}

impl<'a> Pieces<'a> {
    fn new(data: &'a [u8], mode: &'a Mode) -> Self {
        Pieces {
            data,
            mode,
            k: 0,
            start: 0,
        }
    }
}

impl<'a> Iterator for Pieces<'a> {
    type Item = &'a [u8];

    fn next(&mut self) -> Option<&'a [u8]> {
        let (data, start) = (self.data, self.start);
        let end = match *self.mode {
            Mode::Bytes(_) | Mode::Lines(_) if start >= data.len() => return None,
            Mode::Bytes(n) => start.saturating_add(n).min(data.len()),
            Mode::Lines(n) => {
                let mut lines = 0;
                let mut end = data.len();
                for (i, b) in data[start..].iter().enumerate() {
                    if *b == b'\n' {
                        lines += 1;
                        if lines == n {
                            end = start + i + 1;
                            break;
                        }
                    }
                }
                end
            }
            Mode::Chunks(n) | Mode::LineChunks(n) if self.k >= n => return None,
            Mode::Chunks(n) => {
                let size = data.len() / n;
                if self.k + 1 == n {
                    data.len()
                } else {
                    (self.k + 1) * size
                }
            }
            Mode::LineChunks(n) => {
                let size = data.len() / n;
                let end = if self.k + 1 == n {
                    data.len()
                } else if size == 0 {
                    start
                } else {
                    let boundary = ((self.k + 1) * size).saturating_sub(1).max(start);
                    match data[boundary.min(data.len())..]
                        .iter()
                        .position(|b| *b == b'\n')
                    {
                        Some(off) => boundary + off + 1,
                        None => data.len(),
                    }
                };
                end.max(start).min(data.len())
            }
        };
        let start = if let Mode::Chunks(n) = *self.mode {
            self.k * (data.len() / n)
        } else {
            start
        };
        self.k += 1;
        self.start = end;
        Some(&data[start..end])
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use super::suffix;
    use toolsh_command::fs::FileSystem;

    #[test]
    fn suffixes_widen_like_gnu() {
        let a = b"abcdefghijklmnopqrstuvwxyz";
        assert_eq!(suffix(0, 2, false, a).unwrap(), "aa");
        assert_eq!(suffix(649, 2, false, a).unwrap(), "yz");
        assert_eq!(suffix(650, 2, false, a).unwrap(), "zaaa");
        assert_eq!(suffix(2, 2, true, b"0123456789").unwrap(), "02");
        assert!(suffix(100, 2, true, b"0123456789").is_none());
    }

    #[tokio::test]
    async fn pieces() {
        let (mut sh, fs) = shell();
        let seq = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n";
        fs.write("/tmp/in", seq.as_bytes()).await.unwrap();
        assert_eq!(out(&mut sh, &["split", "-n", "l/3", "in"]).await.1, 0);
        assert_eq!(fs.read("/tmp/xaa").await.unwrap(), b"1\n2\n3\n4\n");
        assert_eq!(fs.read("/tmp/xab").await.unwrap(), b"5\n6\n7\n");
        assert_eq!(
            out(
                &mut sh,
                &[
                    "split",
                    "-l",
                    "4",
                    "-d",
                    "--additional-suffix=.txt",
                    "in",
                    "p"
                ]
            )
            .await
            .1,
            0
        );
        assert_eq!(fs.read("/tmp/p02.txt").await.unwrap(), b"9\n10\n");
        assert_eq!(
            out(&mut sh, &["split", "-b", "5", "-a", "3", "in", "q"])
                .await
                .1,
            0
        );
        assert_eq!(fs.read("/tmp/qaab").await.unwrap(), b"\n4\n5\n");
        assert_eq!(out(&mut sh, &["split", "-l", "0", "in"]).await.1, 1);
    }
}
