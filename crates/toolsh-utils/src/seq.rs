//! `seq`: print a sequence of numbers (GNU coreutils manual, "seq
//! invocation"): integers exactly (128-bit), decimals with the precision
//! of FIRST and INCREMENT, `-f FORMAT` (one floating conversion), `-s`,
//! `-w`. Bounded by the deadline and the output limit.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::number::render::{self, Spec as Conv};
use toolsh_command::number::scan::scan_float;
use toolsh_command::textio::{Flow, OutBuf, error, parse_args, usage_error};
use toolsh_command::utility::UtilityContext;

/// The integer types the integer sequence is computed in.
trait SeqInt: itoa::Integer + Copy + PartialOrd + Send {
    const ZERO: Self;
    fn checked_step(self, step: Self) -> Option<Self>;
}

impl SeqInt for i64 {
    const ZERO: Self = 0;
    fn checked_step(self, step: Self) -> Option<Self> {
        self.checked_add(step)
    }
}

impl SeqInt for i128 {
    const ZERO: Self = 0;
    fn checked_step(self, step: Self) -> Option<Self> {
        self.checked_add(step)
    }
}

/// Print FIRST, FIRST+INCREMENT, ... while not past LAST (`range`; the
/// increment is not 0), separated by `sep`, each zero-padded after its
/// sign to `width` bytes (`-w`; 0 for none). The numbers are formatted
/// straight into `out`'s buffer (no allocation per number); the buffer is
/// sent and the deadline checked once per [`OutBuf::is_full`] (32 KiB),
/// so a huge or endless sequence is still bounded by the output limit and
/// the deadline. Gives how many numbers were printed.
async fn int_sequence<T: SeqInt>(
    ctx: &mut UtilityContext<'_>,
    out: &mut OutBuf<'_>,
    (first, step, last): (T, T, T),
    sep: &str,
    width: usize,
) -> Flow<u64> {
    let mut digits = itoa::Buffer::new();
    let up = step > T::ZERO;
    let mut x = first;
    let mut count: u64 = 0;
    while if up { x <= last } else { x >= last } {
        let buf = out.buffer();
        if count > 0 {
            buf.extend_from_slice(sep.as_bytes());
        }
        let text = digits.format(x).as_bytes();
        if text.len() < width {
            let (sign, body) = match text.split_first() {
                Some((b'-', body)) => (&b"-"[..], body),
                _ => (&b""[..], text),
            };
            buf.extend_from_slice(sign);
            buf.resize(buf.len() + (width - text.len()), b'0');
            buf.extend_from_slice(body);
        } else {
            buf.extend_from_slice(text);
        }
        count += 1;
        if out.is_full() {
            out.flush().await?;
            ctx.shell.checkpoint()?;
        }
        x = match x.checked_step(step) {
            Some(n) => n,
            None => break,
        };
    }
    Ok(count)
}

utility!(
    /// `seq [OPTION]... [FIRST [INCREMENT]] LAST`.
    Seq,
    "seq",
    body
);

const SPEC: Spec = Spec {
    short: "f:s:w",
    long: &[
        long("format", HasArg::Yes, 'f'),
        long("separator", HasArg::Yes, 's'),
        long("equal-width", HasArg::No, 'w'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: seq [OPTION]... LAST
  or:  seq [OPTION]... FIRST LAST
  or:  seq [OPTION]... FIRST INCREMENT LAST
Print numbers from FIRST to LAST, in steps of INCREMENT.

  -f, --format=FORMAT      use printf style floating-point FORMAT
  -s, --separator=STRING   use STRING to separate numbers (default: \\n)
  -w, --equal-width        equalize width by padding with leading zeroes
      --help               display this help and exit
";

/// A parsed operand: value, digits after the point, and whether it was
/// written as an integer.
struct Operand {
    value: f64,
    int: Option<i128>,
    frac_digits: usize,
    exp: bool,
}

fn operand(s: &str) -> Option<Operand> {
    let t = s.trim_start_matches([' ', '\t', '\n']);
    let (value, used) = scan_float(t.as_bytes());
    if used == 0 || used != t.len() || value.is_nan() {
        return None;
    }
    let body = t.trim_start_matches(['+', '-']);
    let exp = body.contains(['e', 'E']) || body.starts_with("0x") || body.starts_with("0X");
    let frac_digits = if exp {
        0
    } else {
        body.split_once('.').map_or(0, |(_, f)| f.len())
    };
    let int = if !body.contains(['.', 'e', 'E', 'x', 'X', 'i', 'I', 'n', 'N']) {
        t.trim_start_matches('+').parse::<i128>().ok()
    } else if value.fract() == 0.0 && value.abs() < 1e18 && exp {
        Some(value as i128)
    } else {
        None
    };
    Some(Operand {
        value,
        int,
        frac_digits,
        exp,
    })
}

/// Why `-f FORMAT` cannot be used.
enum FormatError {
    /// GNU's message (without `seq: `); status 1.
    Bad(String),
    /// A width or precision past `max_format_width`.
    Limit(toolsh_command::limits::Interrupt),
}

impl From<String> for FormatError {
    fn from(m: String) -> Self {
        FormatError::Bad(m)
    }
}

/// Validate `-f FORMAT`: exactly one `%[flags][width][.prec]{f,e,g,...}`,
/// its width and precision bounded by `max_format_width`.
fn parse_format(
    f: &str,
    limits: &toolsh_command::limits::ExecutionLimits,
) -> Result<(String, Conv, char, String), FormatError> {
    let bound = |digits: &str| {
        let n = toolsh_command::numarg::scan_decimal(digits).map_or(0, |(n, _)| n);
        toolsh_command::numarg::format_width(limits, n).map_err(FormatError::Limit)
    };
    let b = f.as_bytes();
    let mut i = 0;
    let mut prefix = String::new();
    while i < b.len() {
        if b[i] == b'%' {
            if b.get(i + 1) == Some(&b'%') {
                prefix.push('%');
                i += 2;
                continue;
            }
            break;
        }
        prefix.push(b[i] as char);
        i += 1;
    }
    if i >= b.len() {
        return Err(format!("format '{f}' has no % directive").into());
    }
    i += 1;
    let mut c = Conv::default();
    while let Some(&x) = b.get(i) {
        match x {
            b'-' => c.left = true,
            b'+' => c.plus = true,
            b' ' => c.space = true,
            b'#' => c.alt = true,
            b'0' => c.zero = true,
            b'\'' => {}
            _ => break,
        }
        i += 1;
    }
    let w = b[i..].iter().take_while(|x| x.is_ascii_digit()).count();
    c.width = bound(&f[i..i + w])?;
    i += w;
    if b.get(i) == Some(&b'.') {
        i += 1;
        let p = b[i..].iter().take_while(|x| x.is_ascii_digit()).count();
        c.precision = Some(bound(&f[i..i + p])?);
        i += p;
    }
    if b.get(i) == Some(&b'L') {
        i += 1;
    }
    let Some(&conv) = b.get(i) else {
        return Err(format!("format '{f}' ends in %").into());
    };
    if !b"aAeEfFgG".contains(&conv) {
        return Err(format!("format '{f}' has unknown %{}", conv as char).into());
    }
    let rest = f[i + 1..].replace("%%", "%");
    if rest.contains('%') {
        return Err(format!("format '{f}' has too many % directives").into());
    }
    Ok((prefix, c, conv as char, rest))
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    // Negative numbers are operands, not options: stop option parsing at
    // the first argument that looks like a number.
    let mut argv = ctx.args.clone();
    if let Some(pos) = argv.iter().skip(1).position(|a| {
        a.len() > 1
            && a.starts_with('-')
            && (a.as_bytes()[1].is_ascii_digit() || a.as_bytes()[1] == b'.')
    }) && !argv[1..=pos].iter().any(|a| a == "--")
    {
        argv.insert(pos + 1, "--".to_string());
    }
    ctx.args = argv;
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let sep = args.last('s').unwrap_or("\n").to_string();
    let width_eq = args.has('w');
    let fmt = args.last('f').map(str::to_string);
    let ops = &args.operands;
    if ops.is_empty() {
        usage_error(ctx, "missing operand", 1).await?;
        return Ok(1);
    }
    if ops.len() > 3 {
        usage_error(ctx, &format!("extra operand '{}'", ops[3]), 1).await?;
        return Ok(1);
    }
    let mut parsed = Vec::new();
    for o in ops {
        let Some(p) = operand(o) else {
            usage_error(ctx, &format!("invalid floating point argument: '{o}'"), 1).await?;
            return Ok(1);
        };
        parsed.push(p);
    }
    let one = Operand {
        value: 1.0,
        int: Some(1),
        frac_digits: 0,
        exp: false,
    };
    let (first, step, last) = match parsed.len() {
        1 => (&one, &one, &parsed[0]),
        2 => (&parsed[0], &one, &parsed[1]),
        _ => (&parsed[0], &parsed[1], &parsed[2]),
    };
    if step.value == 0.0 {
        let s = if parsed.len() == 3 {
            ops[1].as_str()
        } else {
            "0"
        };
        usage_error(ctx, &format!("invalid Zero increment value: '{s}'"), 1).await?;
        return Ok(1);
    }
    if fmt.is_some() && width_eq {
        error(
            ctx,
            "format string may not be specified when printing equal width strings",
        )
        .await?;
        usage_error(ctx, "", 1).await.ok();
        return Ok(1);
    }
    let fmt = match fmt.as_deref().map(|f| parse_format(f, ctx.shell.limits())) {
        None => None,
        Some(Ok(f)) => Some(f),
        Some(Err(FormatError::Limit(i))) => return Err(i.into()),
        Some(Err(FormatError::Bad(m))) => {
            error(ctx, &m).await?;
            return Ok(1);
        }
    };
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    // Every number is printed with this many decimals: bounded as a
    // `-f` precision is.
    let prec = if first.exp || step.exp {
        None
    } else {
        let p = first.frac_digits.max(step.frac_digits);
        Some(toolsh_command::numarg::format_width(
            ctx.shell.limits(),
            p as u64,
        )?)
    };
    let render_one = |v: f64, iv: Option<i128>| -> String {
        if let Some((pre, conv, c, post)) = &fmt {
            let mut b = Vec::new();
            render::float(conv, *c, v, &mut b);
            return format!("{pre}{}{post}", String::from_utf8_lossy(&b));
        }
        match (iv, prec) {
            (Some(i), _) => i.to_string(),
            (None, Some(p)) => render::fixed_digits(v, p),
            (None, None) => {
                let mut b = Vec::new();
                render::float(&Conv::default(), 'g', v, &mut b);
                String::from_utf8_lossy(&b).into_owned()
            }
        }
    };
    let all_int = first.int.is_some() && step.int.is_some() && last.int.is_some();
    let width = if width_eq {
        let a = render_one(first.value, first.int).len();
        let lv = if all_int { last.int } else { None };
        let b = render_one(last.value, lv).len();
        a.max(b)
    } else {
        0
    };
    let pad = |s: String| -> String {
        if s.len() >= width {
            return s;
        }
        match s.strip_prefix('-') {
            Some(d) => format!("-{}{d}", "0".repeat(width - s.len())),
            None => format!("{}{s}", "0".repeat(width - s.len())),
        }
    };
    let mut count: u64 = 0;
    if all_int && fmt.is_none() {
        let (Some(a), Some(s), Some(z)) = (first.int, step.int, last.int) else {
            return Ok(0);
        };
        // 64-bit arithmetic when the operands allow: the same sequence
        // (a step past `i64` ends it exactly as it would end in 128 bits,
        // past LAST), formatted faster.
        let narrow = (i64::try_from(a), i64::try_from(s), i64::try_from(z));
        count = match narrow {
            (Ok(a), Ok(s), Ok(z)) => int_sequence(ctx, &mut out, (a, s, z), &sep, width).await?,
            _ => int_sequence(ctx, &mut out, (a, s, z), &sep, width).await?,
        };
    } else {
        let (a, s, z) = (first.value, step.value, last.value);
        let mut i: u64 = 0;
        loop {
            let x = a + s * i as f64;
            if (s > 0.0 && x > z) || (s < 0.0 && x < z) || !x.is_finite() {
                break;
            }
            if count > 0 {
                out.write_str(&sep).await?;
            }
            let iv = if all_int { Some(x as i128) } else { None };
            out.write_str(&pad(render_one(x, iv))).await?;
            count += 1;
            i += 1;
            // Every number: one can be a 100,000-digit `-f` width.
            ctx.shell.checkpoint()?;
        }
    }
    if count > 0 {
        out.write_str("\n").await?;
    }
    out.flush().await?;
    Ok(0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    async fn run(args: &[&str]) -> String {
        let mut sh = TestShell::default();
        sh.run(&Seq, args, "").await.stdout
    }

    #[tokio::test]
    async fn sequences() {
        assert_eq!(run(&["seq", "3"]).await, "1\n2\n3\n");
        assert_eq!(run(&["seq", "-s,", "5", "-2", "1"]).await, "5,3,1\n");
        assert_eq!(
            run(&["seq", "0.5", "0.25", "1"]).await,
            "0.50\n0.75\n1.00\n"
        );
        assert_eq!(run(&["seq", "-w", "8", "10"]).await, "08\n09\n10\n");
        assert_eq!(run(&["seq", "-w", "-1", "1"]).await, "-1\n00\n01\n");
        assert_eq!(run(&["seq", "-f", "%03g", "2"]).await, "001\n002\n");
        assert_eq!(run(&["seq", "1e2", "1e2", "3e2"]).await, "100\n200\n300\n");
        assert_eq!(run(&["seq", "5", "1"]).await, "");
    }
}
