//! `od`: dump bytes in octal, decimal, hexadecimal, characters or floats
//! (GNU coreutils 9.1 manual, "od invocation"). Operands are read one
//! after another as one stream, chunk by chunk (endless devices stop at
//! `-N` or at the output limit); a line of `-w` bytes is printed once per
//! output type, and a run of identical full lines is folded into `*`
//! unless `-v`. Not supported: `-S` (strings), long double (`-t fL`) and
//! the traditional `[+]OFFSET[.][b]` operands.

mod format;

use format::{OutType, align, parse_types, render, traditional};
use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, OpenWording, OutBuf, Source, error, operand_names, parse_args};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `od [OPTION]... [FILE]...`.
    Od,
    "od",
    body
);

/// Key of the long-only `--endian`.
const ENDIAN: char = '\u{f101}';

const SPEC: Spec = Spec {
    short: "A:j:N:t:vw::abcdfhilosxBDeFHILOX",
    long: &[
        long("address-radix", HasArg::Yes, 'A'),
        long("skip-bytes", HasArg::Yes, 'j'),
        long("read-bytes", HasArg::Yes, 'N'),
        long("format", HasArg::Yes, 't'),
        long("output-duplicates", HasArg::No, 'v'),
        long("width", HasArg::Optional, 'w'),
        long("endian", HasArg::Yes, ENDIAN),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: od [OPTION]... [FILE]...
Write an unambiguous representation, octal bytes by default,
of FILE to standard output.  With more than one FILE argument,
concatenate them in the listed order to form the input.

With no FILE, or when FILE is -, read standard input.

  -A, --address-radix=RADIX   output format for file offsets; RADIX is one
                                of [doxn], for Decimal, Octal, Hex or None
      --endian={big|little}   swap input bytes according the specified order
  -j, --skip-bytes=BYTES      skip BYTES input bytes first
  -N, --read-bytes=BYTES      limit dump to BYTES input bytes
  -t, --format=TYPE           select output format or formats
  -v, --output-duplicates     do not use * to mark line suppression
  -w[BYTES], --width[=BYTES]  output BYTES bytes per output line;
                                32 is implied when BYTES is not specified
      --help                  display this help and exit

Traditional format specifications may be intermixed; they accumulate:
  -a   same as -t a,  select named characters, ignoring high-order bit
  -b   same as -t o1, select octal bytes
  -c   same as -t c,  select printable characters or backslash escapes
  -d   same as -t u2, select unsigned decimal 2-byte units
  -f   same as -t fF, select floats
  -i   same as -t dI, select decimal ints
  -l   same as -t dL, select decimal longs
  -o   same as -t o2, select octal 2-byte units
  -s   same as -t d2, select decimal 2-byte units
  -x   same as -t x2, select hexadecimal 2-byte units

TYPE is made up of one or more of these specifications:
  a          named character, ignoring high-order bit
  c          printable character or backslash escape
  d[SIZE]    signed decimal, SIZE bytes per integer
  f[SIZE]    floating point, SIZE bytes per float
  o[SIZE]    octal, SIZE bytes per integer
  u[SIZE]    unsigned decimal, SIZE bytes per integer
  x[SIZE]    hexadecimal, SIZE bytes per integer

SIZE is a number.  For TYPE in [doux], SIZE may also be C for
sizeof(char), S for sizeof(short), I for sizeof(int) or L for
sizeof(long).  If TYPE is f, SIZE may also be F for sizeof(float)
or D for sizeof(double).

Adding a z suffix to any type displays printable characters at the end
of each output line.
BYTES is hex with 0x or 0X prefix, and may have a multiplier suffix.
";

/// How offsets are printed (`-A`).
#[derive(Clone, Copy)]
enum Radix {
    Octal,
    Decimal,
    Hex,
    None,
}

impl Radix {
    fn address(self, a: u64) -> String {
        match self {
            Radix::Octal => format!("{a:07o}"),
            Radix::Decimal => format!("{a:07}"),
            Radix::Hex => format!("{a:06x}"),
            Radix::None => String::new(),
        }
    }
}

/// A byte count for `-j`/`-N`: decimal, `0x` hex or leading-`0` octal,
/// with GNU's multiplier suffixes (`b`, `K`, `KB`, `KiB`, `M`, ...).
fn parse_bytes(s: &str) -> Option<u64> {
    let (digits, radix) = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (h, 16)
    } else if s.starts_with('0') && s.len() > 1 {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    let n = digits
        .bytes()
        .take_while(|b| char::from(*b).is_digit(radix))
        .count();
    if n == 0 && radix != 8 {
        return None;
    }
    let value = if n == 0 {
        0
    } else {
        u64::from_str_radix(&digits[..n], radix).ok()?
    };
    let mult = toolsh_command::numarg::parse_size(&format!("1{}", &digits[n..])).ok()?;
    value.checked_mul(mult)
}

/// The options after parsing: what to print and how much to read.
struct Plan {
    types: Vec<OutType>,
    radix: Radix,
    skip: u64,
    limit: Option<u64>,
    per_line: usize,
    verbose: bool,
    big: bool,
}

/// Read the options; `Err` is a message for a status-1 exit.
async fn plan(
    ctx: &mut UtilityContext<'_>,
    args: &toolsh_command::getopt::Args,
) -> Flow<Result<Plan, String>> {
    let mut types = Vec::new();
    let mut radix = Radix::Octal;
    let mut skip = 0;
    let mut limit = None;
    let mut width = None;
    let mut big = false;
    for (k, v) in &args.opts {
        let v = v.as_deref().unwrap_or("");
        match *k {
            'A' => {
                radix = match v {
                    "o" => Radix::Octal,
                    "d" => Radix::Decimal,
                    "x" => Radix::Hex,
                    "n" => Radix::None,
                    _ => {
                        return Ok(Err(format!(
                            "invalid output address radix '{v}'; it must be one character from [doxn]"
                        )));
                    }
                }
            }
            'j' => match parse_bytes(v) {
                Some(n) => skip = n,
                None => return Ok(Err(format!("invalid --skip-bytes argument '{v}'"))),
            },
            'N' => match parse_bytes(v) {
                Some(n) => limit = Some(n),
                None => return Ok(Err(format!("invalid --read-bytes argument '{v}'"))),
            },
            't' => {
                if let Err(m) = parse_types(v, &mut types) {
                    return Ok(Err(m));
                }
            }
            'w' => {
                width = Some(if v.is_empty() {
                    32
                } else {
                    match parse_bytes(v) {
                        Some(n) => usize::try_from(n).unwrap_or(usize::MAX),
                        _ => return Ok(Err(format!("invalid --width argument '{v}'"))),
                    }
                });
            }
            ENDIAN => {
                big = match v {
                    "big" => true,
                    "little" => false,
                    _ => {
                        return Ok(Err(format!(
                            "invalid argument '{v}' for '--endian'\nValid arguments are:\n  - 'big'\n  - 'little'"
                        )));
                    }
                }
            }
            c => {
                if let Some(t) = traditional(c) {
                    parse_types(t, &mut types).ok();
                }
            }
        }
    }
    if types.is_empty() {
        parse_types("o2", &mut types).ok();
    }
    let lcm = types.iter().fold(1, |a, t| lcm(a, t.size));
    let mut per_line = width.unwrap_or(16);
    if per_line == 0 || per_line % lcm != 0 || per_line > (1 << 20) {
        error(
            ctx,
            &format!("warning: invalid width {per_line}; using {lcm} instead"),
        )
        .await?;
        per_line = lcm;
    }
    align(&mut types, per_line);
    Ok(Ok(Plan {
        types,
        radix,
        skip,
        limit,
        per_line,
        verbose: args.has('v'),
        big,
    }))
}

fn lcm(a: usize, b: usize) -> usize {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

/// The line printer: duplicate folding state and the current offset.
struct Dumper<'p> {
    plan: &'p Plan,
    prev: Vec<u8>,
    first: bool,
    folded: bool,
    address: u64,
    text: Vec<u8>,
}

impl Dumper<'_> {
    /// Format the line `block` (its first `n` bytes are data) into
    /// `self.text`, or `*` for a repeated full line.
    fn line(&mut self, block: &mut Vec<u8>, n: usize) {
        let p = self.plan;
        self.text.clear();
        if !p.verbose && !self.first && n == p.per_line && *block == self.prev {
            if !self.folded {
                self.text.extend_from_slice(b"*\n");
                self.folded = true;
            }
        } else {
            self.folded = false;
            let lcm = p.types.iter().fold(1, |a, t| lcm(a, t.size));
            block.resize(n.div_ceil(lcm) * lcm, 0);
            let addr = p.radix.address(self.address);
            for (i, t) in p.types.iter().enumerate() {
                if i == 0 {
                    self.text.extend_from_slice(addr.as_bytes());
                } else {
                    self.text.resize(self.text.len() + addr.len(), b' ');
                }
                render(t, block, n, p.per_line, p.big, &mut self.text);
                self.text.push(b'\n');
            }
            block.truncate(n);
        }
        self.first = false;
        self.address += n as u64;
        std::mem::swap(&mut self.prev, block);
        block.clear();
    }
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let plan = match plan(ctx, &args).await? {
        Ok(p) => p,
        Err(m) => {
            error(ctx, &m).await?;
            return Ok(1);
        }
    };
    let names = operand_names(&args);
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    let mut d = Dumper {
        plan: &plan,
        prev: Vec::new(),
        first: true,
        folded: false,
        address: plan.skip,
        text: Vec::new(),
    };
    let mut to_skip = plan.skip;
    let mut left = plan.limit.unwrap_or(u64::MAX);
    let mut block: Vec<u8> = Vec::with_capacity(plan.per_line);
    let mut status = 0;
    for name in &names {
        if left == 0 {
            break;
        }
        let Some(mut src) = Source::open_or_report(ctx, name, OpenWording::Plain, None).await?
        else {
            status = 1;
            continue;
        };
        while left > 0 {
            let Some(chunk) = src.chunk(ctx.stdin).await else {
                break;
            };
            ctx.shell.checkpoint()?;
            let mut data: &[u8] = &chunk;
            if to_skip > 0 {
                let n = usize::try_from(to_skip)
                    .unwrap_or(usize::MAX)
                    .min(data.len());
                data = &data[n..];
                to_skip -= n as u64;
            }
            let take = usize::try_from(left).unwrap_or(usize::MAX).min(data.len());
            data = &data[..take];
            left -= take as u64;
            while !data.is_empty() {
                let room = plan.per_line - block.len();
                let n = room.min(data.len());
                block.extend_from_slice(&data[..n]);
                data = &data[n..];
                if block.len() == plan.per_line {
                    d.line(&mut block, plan.per_line);
                    out.write(&d.text).await?;
                }
            }
        }
    }
    if to_skip > 0 {
        out.flush().await?;
        error(ctx, "cannot skip past end of combined input").await?;
        return Ok(1);
    }
    if !block.is_empty() {
        let n = block.len();
        d.line(&mut block, n);
        out.write(&d.text).await?;
    }
    if !matches!(plan.radix, Radix::None) {
        out.write_str(&format!("{}\n", plan.radix.address(d.address)))
            .await?;
    }
    out.flush().await?;
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    #[tokio::test]
    async fn default_and_folding() {
        let mut sh = TestShell::default();
        let r = sh.run(&Od, &["od"], "abc").await;
        assert_eq!(r.stdout, "0000000 061141 000143\n0000003\n");
        let input = "a".repeat(40);
        let r = sh.run(&Od, &["od", "-A", "d", "-t", "x1"], &input).await;
        assert_eq!(
            r.stdout,
            "0000000 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61 61\n*\n\
             0000032 61 61 61 61 61 61 61 61\n0000040\n"
        );
    }

    #[test]
    fn byte_counts() {
        assert_eq!(parse_bytes("0x10"), Some(16));
        assert_eq!(parse_bytes("010"), Some(8));
        assert_eq!(parse_bytes("2K"), Some(2048));
        assert_eq!(parse_bytes("1b"), Some(512));
        assert_eq!(parse_bytes("x"), None);
    }
}
