//! `shuf`: write a random permutation of the input lines, of the operands
//! (`-e`) or of a range of integers (`-i LO-HI`), at most `-n` of them, or
//! with `-r` an endless stream of random picks (GNU coreutils 9.1). The
//! randomness is the shell's seeded generator (the one behind `$RANDOM`
//! and `$SRANDOM`), so a run is reproducible for a given seed but does
//! not match GNU's order; `--random-source` is accepted and ignored.

use std::collections::HashMap;

use toolsh_command::getopt::{Args, HasArg, Spec, long};
use toolsh_command::limits::{Interrupt, LimitKind};
use toolsh_command::quote::gnu as quote;
use toolsh_command::textio::{Flow, OutBuf, error, read_all_operands, split_records, usage_error};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `shuf [-rz] [-n COUNT] [-o FILE] [FILE | -e ARG... | -i LO-HI]`.
    Shuf,
    "shuf",
    body
);

const SPEC: Spec = Spec {
    short: "ei:n:o:rz",
    long: &[
        long("echo", HasArg::No, 'e'),
        long("input-range", HasArg::Yes, 'i'),
        long("head-count", HasArg::Yes, 'n'),
        long("output", HasArg::Yes, 'o'),
        long("random-source", HasArg::Yes, 'R'),
        long("repeat", HasArg::No, 'r'),
        long("zero-terminated", HasArg::No, 'z'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: shuf [OPTION]... [FILE]
  or:  shuf -e [OPTION]... [ARG]...
  or:  shuf -i LO-HI [OPTION]...
Write a random permutation of the input lines to standard output.

With no FILE, or when FILE is -, read standard input.

  -e, --echo                treat each ARG as an input line
  -i, --input-range=LO-HI   treat each number LO through HI as an input line
  -n, --head-count=COUNT    output at most COUNT lines
  -o, --output=FILE         write result to FILE instead of standard output
      --random-source=FILE  accepted; the shell's generator is used
  -r, --repeat              output lines can be repeated
  -z, --zero-terminated     line delimiter is NUL, not newline
      --help                display this help and exit
";

/// What is shuffled.
enum Items {
    /// Lines (or operands with `-e`).
    Lines(Vec<Vec<u8>>),
    /// The integers `lo..=hi` (`lo > hi` is the empty range).
    Range(u64, u64),
}

impl Items {
    /// Number of items (`u128` since `0-18446744073709551615` has 2^64).
    fn len(&self) -> u128 {
        match self {
            Items::Lines(v) => v.len() as u128,
            Items::Range(lo, hi) if lo > hi => 0,
            Items::Range(lo, hi) => u128::from(hi - lo) + 1,
        }
    }

    /// Append item `i` (< `len`) and the delimiter to `out`.
    fn push(&self, i: u128, delim: u8, out: &mut Vec<u8>) {
        match self {
            Items::Lines(v) => out.extend_from_slice(&v[usize::try_from(i).unwrap_or(0)]),
            Items::Range(lo, _) => {
                let n = u128::from(*lo) + i;
                out.extend_from_slice(n.to_string().as_bytes());
            }
        }
        out.push(delim);
    }
}

/// A uniform random number in `0..n` (`n <= 2^64`) from the shell's
/// generator: two draws mixed into 64 bits, then the high half of that
/// times `n`, redrawn in the rare biased zone (Lemire's method).
fn below(ctx: &mut UtilityContext<'_>, n: u128) -> u128 {
    let mut draw = || {
        let x = (u64::from(ctx.shell.random_u32()) << 32) | u64::from(ctx.shell.random_u32());
        mix(x)
    };
    let Ok(n) = u64::try_from(n) else {
        return u128::from(draw()); // n == 2^64: every value
    };
    if n <= 1 {
        return 0;
    }
    let threshold = n.wrapping_neg() % n;
    loop {
        let m = u128::from(draw()) * u128::from(n);
        if (m as u64) >= threshold {
            return m >> 64;
        }
    }
}

/// SplitMix64's finalizer: a bijection on 64-bit values that spreads
/// every input bit over the whole word (a generator whose top or bottom
/// bits are weak still gives usable high bits).
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// `-n COUNT`: the smallest of the counts given (GNU), `None` for none.
async fn head_count(ctx: &mut UtilityContext<'_>, args: &Args) -> Flow<Result<Option<u128>, i32>> {
    let mut count: Option<u128> = None;
    for (k, v) in &args.opts {
        if *k != 'n' {
            continue;
        }
        let v = v.as_deref().unwrap_or("");
        let t = v.trim_start();
        let parsed = if t.starts_with('-') {
            None
        } else {
            // Counts beyond u64 saturate, as GNU's does at UINTMAX_MAX.
            match t.strip_prefix('+').unwrap_or(t).parse::<u64>() {
                Ok(n) => Some(u128::from(n)),
                Err(e) if *e.kind() == std::num::IntErrorKind::PosOverflow => {
                    Some(u128::from(u64::MAX))
                }
                Err(_) => None,
            }
        };
        let Some(n) = parsed else {
            error(ctx, &format!("invalid line count: {}", quote(v))).await?;
            return Ok(Err(1));
        };
        count = Some(count.map_or(n, |c| c.min(n)));
    }
    Ok(Ok(count))
}

/// Parse one bound of `-i`: digits only (GNU's `xdectoumax`).
fn range_bound(s: &str) -> Result<u64, String> {
    let t = s.trim_start();
    let digits = t.strip_prefix('+').unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("invalid input range: {}", quote(s)));
    }
    digits.parse::<u64>().map_err(|_| {
        format!(
            "invalid input range: {}: Value too large for defined data type",
            quote(s)
        )
    })
}

/// `-i LO-HI`.
fn input_range(spec: &str) -> Result<(u64, u64), String> {
    let Some((lo, hi)) = spec.split_once('-') else {
        range_bound(spec)?;
        return Err(format!("invalid input range: {}", quote(spec)));
    };
    let (lo, hi) = (range_bound(lo)?, range_bound(hi)?);
    // `3-2` is the empty range; anything lower is an error.
    if lo > hi && lo - hi > 1 {
        return Err(format!("invalid input range: {}", quote(spec)));
    }
    Ok((lo, hi))
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match toolsh_command::textio::parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let echo = args.has('e');
    let ranges: Vec<&str> = args
        .opts
        .iter()
        .filter(|(k, _)| *k == 'i')
        .map(|(_, v)| v.as_deref().unwrap_or(""))
        .collect();
    if echo && !ranges.is_empty() {
        usage_error(ctx, "cannot combine -e and -i options", 1).await?;
        return Ok(1);
    }
    if ranges.len() > 1 {
        error(ctx, "multiple -i options specified").await?;
        return Ok(1);
    }
    let outputs: Vec<&str> = args
        .opts
        .iter()
        .filter(|(k, _)| *k == 'o')
        .map(|(_, v)| v.as_deref().unwrap_or(""))
        .collect();
    if outputs.windows(2).any(|w| w[0] != w[1]) {
        error(ctx, "multiple output files specified").await?;
        return Ok(1);
    }
    let max_operands = usize::from(!echo && ranges.is_empty());
    if !echo && args.operands.len() > max_operands {
        let extra = &args.operands[max_operands];
        usage_error(ctx, &format!("extra operand {}", quote(extra)), 1).await?;
        return Ok(1);
    }
    let count = match head_count(ctx, &args).await? {
        Ok(c) => c,
        Err(s) => return Ok(s),
    };
    let delim = if args.has('z') { b'\0' } else { b'\n' };
    // The input lines' memory, held while they are (kept to the end).
    let mut _held: Option<toolsh_command::Reservation> = None;
    let items = if let Some(spec) = ranges.first() {
        match input_range(spec) {
            Ok((lo, hi)) => Items::Range(lo, hi),
            Err(m) => {
                error(ctx, &m).await?;
                return Ok(1);
            }
        }
    } else if echo {
        Items::Lines(
            args.operands
                .iter()
                .map(|s| s.as_bytes().to_vec())
                .collect(),
        )
    } else if count == Some(0) {
        Items::Lines(Vec::new())
    } else {
        let mut charge = ctx.shell.memory().reservation();
        let (data, ok) = read_all_operands(ctx, &args.operands, &mut charge).await?;
        if !ok {
            return Ok(1);
        }
        let lines = split_records(&data, delim, &mut charge)?;
        // Each line is copied into a vector of its own (its header and
        // the allocator's chunk beside its bytes).
        let per_line = std::mem::size_of::<Vec<u8>>() + 32;
        charge.grow(
            data.len()
                .saturating_add(lines.len().saturating_mul(per_line)),
        )?;
        let items = Items::Lines(lines.into_iter().map(<[u8]>::to_vec).collect());
        _held = Some(charge);
        items
    };
    let repeat = args.has('r');
    if repeat && items.len() == 0 && count != Some(0) {
        error(ctx, "no lines to repeat").await?;
        return Ok(1);
    }
    let output = outputs.first().map(|s| (*s).to_string());
    let mut sink = Sink::open(ctx, output.as_deref());
    let mut buf = Vec::new();
    let max = ctx.shell.limits().max_buffer_bytes;
    if repeat {
        let mut left = count;
        while left != Some(0) {
            if let Some(l) = left.as_mut() {
                *l -= 1;
            }
            let i = below(ctx, items.len());
            items.push(i, delim, &mut buf);
            sink.emit(ctx, &mut buf, max).await?;
        }
    } else {
        // Fisher-Yates over a sparse map of the positions moved so far,
        // so `-i 1-1000000000 -n 3` touches three entries, not a billion.
        let n = items.len();
        let take = count.map_or(n, |c| c.min(n));
        let mut moved: HashMap<u128, u128> = HashMap::new();
        let max_moved = max / 64;
        for k in 0..take {
            let j = k + below(ctx, n - k);
            let at_j = moved.get(&j).copied().unwrap_or(j);
            let at_k = moved.get(&k).copied().unwrap_or(k);
            moved.insert(j, at_k);
            moved.remove(&k);
            if moved.len() > max_moved {
                return Err(Interrupt::limit(LimitKind::BufferBytes, max).into());
            }
            items.push(at_j, delim, &mut buf);
            sink.emit(ctx, &mut buf, max).await?;
        }
    }
    sink.finish(ctx, &buf).await
}

/// Where the lines go: standard output (streamed), or the `-o` file,
/// written once at the end so that `shuf -o f f` reads `f` first.
enum Sink {
    Stdout,
    Stderr,
    File(String),
}

impl Sink {
    /// `-o /dev/stdout` and `-o /dev/stderr` (and `/dev/fd/1`, `/dev/fd/2`)
    /// are the command's own streams, as for `tee`.
    fn open(ctx: &UtilityContext<'_>, output: Option<&str>) -> Sink {
        let Some(path) = output else {
            return Sink::Stdout;
        };
        match ctx.resolve_path(path).as_str() {
            "/dev/stdout" | "/dev/fd/1" => Sink::Stdout,
            "/dev/stderr" | "/dev/fd/2" => Sink::Stderr,
            _ => Sink::File(path.to_string()),
        }
    }

    /// Pass on `buf` when it is large enough; checkpoint.
    async fn emit(
        &mut self,
        ctx: &mut UtilityContext<'_>,
        buf: &mut Vec<u8>,
        max: usize,
    ) -> Flow<()> {
        ctx.shell.checkpoint()?;
        match self {
            Sink::Stdout if buf.len() >= 32 * 1024 => {
                let out = ctx.stdout;
                let mut o = OutBuf::new(out);
                o.write(buf).await?;
                o.flush().await?;
                buf.clear();
            }
            Sink::File(_) | Sink::Stderr if buf.len() > max => {
                return Err(Interrupt::limit(LimitKind::BufferBytes, max).into());
            }
            _ => {}
        }
        Ok(())
    }

    async fn finish(self, ctx: &mut UtilityContext<'_>, buf: &[u8]) -> Flow<i32> {
        match self {
            Sink::Stdout => {
                let out = ctx.stdout;
                let mut o = OutBuf::new(out);
                o.write(buf).await?;
                o.flush().await?;
                Ok(0)
            }
            Sink::Stderr => {
                let err = ctx.stderr;
                let mut o = OutBuf::new(err);
                o.write(buf).await?;
                o.flush().await?;
                Ok(0)
            }
            Sink::File(path) => {
                let fs = ctx.shell.fs();
                let abs = ctx.resolve_path(&path);
                if let Err(e) = fs.write(&abs, buf).await {
                    error(ctx, &format!("{path}: {e}")).await?;
                    return Ok(1);
                }
                Ok(0)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_errors_match_gnu() {
        assert_eq!(input_range("1-5"), Ok((1, 5)));
        assert_eq!(input_range("3-2"), Ok((3, 2)));
        assert_eq!(
            input_range("3-1").unwrap_err(),
            "invalid input range: '3-1'"
        );
        assert_eq!(input_range("1-").unwrap_err(), "invalid input range: ''");
        assert_eq!(input_range("x").unwrap_err(), "invalid input range: 'x'");
        assert!(
            input_range("1-99999999999999999999")
                .unwrap_err()
                .ends_with("Value too large for defined data type")
        );
        assert_eq!(Items::Range(3, 2).len(), 0);
        assert_eq!(Items::Range(0, u64::MAX).len(), 1 << 64);
    }

    /// The order comes from the shell's generator: a permutation of 100
    /// values is not the identity, keeps every value, and `-r` repeats.
    #[tokio::test]
    async fn shuffles_with_the_shell_generator() {
        use crate::files::test_util::{out, shell};
        let (mut sh, _) = shell();
        let (o, s) = out(&mut sh, &["shuf", "-i", "1-100"]).await;
        assert_eq!(s, 0);
        let got: Vec<u32> = o.lines().map(|l| l.parse().unwrap()).collect();
        let mut sorted = got.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (1..=100).collect::<Vec<_>>());
        assert_ne!(got, sorted);
        let (o, _) = out(&mut sh, &["shuf", "-r", "-n", "200", "-e", "a", "b"]).await;
        assert!(o.contains("a\n") && o.contains("b\n") && o.lines().count() == 200);
    }
}
