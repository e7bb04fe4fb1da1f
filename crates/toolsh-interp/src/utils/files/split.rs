//! `split`: split a file into pieces (GNU coreutils): by lines (`-l`),
//! bytes (`-b`) or a number of chunks (`-n N`, `-n l/N`), with alphabetic
//! or numeric (`-d`) suffixes that widen as GNU's do.

use super::common::{Arg, Spec, parse_or_usage, quote, usage_error};
use super::file_command;
use crate::builtin::{BuiltinContext, BuiltinResult, OperandError};

file_command!(
    /// `split [-l N | -b SIZE | -n CHUNKS] [-d] [-a LEN] [--additional-suffix=S] [FILE [PREFIX]]`.
    Split,
    "split"
);

const SPEC: Spec = Spec {
    short: "l:b:n:da:x",
    long: &[
        ("lines", 'l', Arg::Required),
        ("bytes", 'b', Arg::Required),
        ("number", 'n', Arg::Required),
        ("numeric-suffixes", 'd', Arg::Optional),
        ("hex-suffixes", 'x', Arg::Optional),
        ("suffix-length", 'a', Arg::Required),
        ("additional-suffix", 'S', Arg::Required),
        ("verbose", 'v', Arg::No),
    ],
};

/// How the input is cut.
enum Mode {
    Lines(usize),
    Bytes(usize),
    Chunks(usize),
    LineChunks(usize),
}

/// Parse `10`, `2K`, `1MB`, `3G` (K=1024, KB=1000).
fn parse_size(s: &str) -> Option<usize> {
    let digits = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    let n: usize = s[..digits].parse().ok()?;
    let mult: usize = match &s[digits..] {
        "" => 1,
        "b" => 512,
        "K" | "KiB" | "k" => 1024,
        "KB" | "kB" => 1000,
        "M" | "MiB" => 1 << 20,
        "MB" => 1_000_000,
        "G" | "GiB" => 1 << 30,
        "GB" => 1_000_000_000,
        _ => return None,
    };
    n.checked_mul(mult).filter(|v| *v > 0)
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

async fn run(ctx: &mut BuiltinContext<'_>) -> BuiltinResult {
    let p = match parse_or_usage(ctx, &SPEC, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut mode = Mode::Lines(1000);
    for (k, v) in &p.opts {
        let v = v.as_deref().unwrap_or("");
        let parsed = match k {
            'l' => v.parse().ok().filter(|n| *n > 0).map(Mode::Lines),
            'b' => parse_size(v).map(Mode::Bytes),
            'n' => match v.strip_prefix("l/") {
                Some(n) => n.parse().ok().filter(|n| *n > 0).map(Mode::LineChunks),
                None => v.parse().ok().filter(|n| *n > 0).map(Mode::Chunks),
            },
            _ => continue,
        };
        let Some(m) = parsed else {
            let what = match k {
                'l' => "number of lines",
                'b' => "number of bytes",
                _ => "number of chunks",
            };
            let range = if v.bytes().all(|b| b.is_ascii_digit()) && !v.is_empty() {
                ": Numerical result out of range"
            } else {
                ""
            };
            ctx.err_msg(&format!("invalid {what}: {}{range}", quote(v)))
                .await?;
            return Ok(1);
        };
        mode = m;
    }
    if p.operands.len() > 2 {
        usage_error(ctx, &format!("extra operand {}", quote(&p.operands[2]))).await?;
        return Ok(1);
    }
    let input = p.operands.first().map_or("-", String::as_str).to_string();
    let prefix = p.operands.get(1).map_or("x", String::as_str).to_string();
    let extra = p.value('S').unwrap_or("").to_string();
    let fixed_len = p.value('a').map(str::parse::<usize>);
    let (len, fixed) = match fixed_len {
        None => (2, false),
        Some(Ok(n)) if n > 0 => (n, true),
        Some(_) => {
            ctx.err_msg("invalid suffix length").await?;
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
    let pieces = cut(&data, &mode);
    let fs = ctx.shell.fs();
    for (i, piece) in pieces.into_iter().enumerate() {
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

/// The pieces of `data` for `mode` (none for empty input, except that
/// `-n` always makes N pieces).
fn cut<'a>(data: &'a [u8], mode: &Mode) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    match *mode {
        Mode::Bytes(n) => out.extend(data.chunks(n)),
        Mode::Lines(n) => {
            let mut start = 0;
            let mut lines = 0;
            for (i, b) in data.iter().enumerate() {
                if *b == b'\n' {
                    lines += 1;
                    if lines == n {
                        out.push(&data[start..=i]);
                        start = i + 1;
                        lines = 0;
                    }
                }
            }
            if start < data.len() {
                out.push(&data[start..]);
            }
        }
        Mode::Chunks(n) => {
            let size = data.len() / n;
            for k in 0..n {
                let end = if k + 1 == n {
                    data.len()
                } else {
                    (k + 1) * size
                };
                out.push(&data[k * size..end]);
            }
        }
        Mode::LineChunks(n) => {
            let size = data.len() / n;
            let mut start = 0;
            for k in 0..n {
                let end = if k + 1 == n || size == 0 {
                    if k + 1 == n { data.len() } else { start }
                } else {
                    let boundary = ((k + 1) * size).saturating_sub(1).max(start);
                    match data[boundary.min(data.len())..]
                        .iter()
                        .position(|b| *b == b'\n')
                    {
                        Some(off) => boundary + off + 1,
                        None => data.len(),
                    }
                };
                let end = end.max(start).min(data.len());
                out.push(&data[start..end]);
                start = end;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use super::suffix;
    use crate::fs::FileSystem;

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
