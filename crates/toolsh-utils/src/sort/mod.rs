//! `sort`: sort, merge or check lines in the C locale (GNU coreutils
//! manual, "sort invocation"): keys (`-k`), field separator (`-t`), the
//! orderings `-n -g -h -M -V -R -d -f -i -b -r`, `-s` (stable), `-u`,
//! `-c`/`-C`, `-m`, `-o FILE` (Sandbox), `-z`. Without `-s`/`-u`, lines
//! whose keys compare equal are ordered by their bytes (GNU's last-resort
//! comparison). Input is buffered, bounded by `max_buffer_bytes`.

// Byte-level algorithms ported from their C descriptions read best with
// the short names and explicit matches of those descriptions.
#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::trivially_copy_pass_by_ref,
    clippy::bool_to_int_with_if
)]

mod compare;
mod keys;

use std::cmp::Ordering;

use keys::{Key, Mode, Order};
use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{
    Flow, OutBuf, error, parse_args, read_all_operands, split_records, usage_error,
};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `sort [OPTION]... [FILE]...`.
    Sort,
    "sort",
    body
);

const SPEC: Spec = Spec {
    short: "bcCdfghik:mMno:rRsS:t:T:uVz",
    long: &[
        long("ignore-leading-blanks", HasArg::No, 'b'),
        long("check", HasArg::Optional, 'c'),
        long("dictionary-order", HasArg::No, 'd'),
        long("ignore-case", HasArg::No, 'f'),
        long("general-numeric-sort", HasArg::No, 'g'),
        long("human-numeric-sort", HasArg::No, 'h'),
        long("ignore-nonprinting", HasArg::No, 'i'),
        long("key", HasArg::Yes, 'k'),
        long("merge", HasArg::No, 'm'),
        long("month-sort", HasArg::No, 'M'),
        long("numeric-sort", HasArg::No, 'n'),
        long("output", HasArg::Yes, 'o'),
        long("reverse", HasArg::No, 'r'),
        long("random-sort", HasArg::No, 'R'),
        long("stable", HasArg::No, 's'),
        long("buffer-size", HasArg::Yes, 'S'),
        long("field-separator", HasArg::Yes, 't'),
        long("temporary-directory", HasArg::Yes, 'T'),
        long("unique", HasArg::No, 'u'),
        long("version-sort", HasArg::No, 'V'),
        long("zero-terminated", HasArg::No, 'z'),
        long("parallel", HasArg::Yes, '\u{f101}'),
        long("batch-size", HasArg::Yes, '\u{f102}'),
        long("sort", HasArg::Yes, '\u{f103}'),
        long("random-source", HasArg::Yes, '\u{f104}'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: sort [OPTION]... [FILE]...
Write sorted concatenation of all FILE(s) to standard output.

With no FILE, or when FILE is -, read standard input.

Ordering options:
  -b, --ignore-leading-blanks  ignore leading blanks
  -d, --dictionary-order      consider only blanks and alphanumeric characters
  -f, --ignore-case           fold lower case to upper case characters
  -g, --general-numeric-sort  compare according to general numerical value
  -i, --ignore-nonprinting    consider only printable characters
  -M, --month-sort            compare (unknown) < 'JAN' < ... < 'DEC'
  -h, --human-numeric-sort    compare human readable numbers (e.g., 2K 1G)
  -n, --numeric-sort          compare according to string numerical value
  -R, --random-sort           shuffle, but group identical keys
  -r, --reverse               reverse the result of comparisons
  -V, --version-sort          natural sort of (version) numbers within text

Other options:
  -c, --check                 check for sorted input; do not sort
  -C, --check=quiet           like -c, but do not report first bad line
  -k, --key=KEYDEF            sort via a key; KEYDEF gives location and type
  -m, --merge                 merge already sorted files; do not sort
  -o, --output=FILE           write result to FILE instead of standard output
  -s, --stable                stabilize sort by disabling last-resort comparison
  -t, --field-separator=SEP   use SEP instead of non-blank to blank transition
  -u, --unique                output only the first of an equal run
  -z, --zero-terminated       line delimiter is NUL, not newline
      --help                  display this help and exit

KEYDEF is F[.C][OPTS][,F[.C][OPTS]] for start and stop position, where F is a
field number and C a character position in the field; both are origin 1, and
the stop position defaults to the line's end.  OPTS is one or more
single-letter ordering options [bdfgiMhnRrV].
";

/// Everything that decides the order.
struct Config {
    keys: Vec<Key>,
    tab: Option<u8>,
    reverse: bool,
    stable: bool,
    unique: bool,
    seed: u64,
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 2).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let mut global = Order::default();
    let mut keys = Vec::new();
    let mut tab = None;
    let mut check: Option<bool> = None; // Some(quiet)
    let mut output = None;
    let mut delim = b'\n';
    let (mut stable, mut unique) = (false, false);
    for (k, v) in &args.opts {
        match k {
            'k' => match keys::parse_key(v.as_deref().unwrap_or("")) {
                Ok(key) => keys.push(key),
                Err(m) => {
                    error(ctx, &m).await?;
                    return Ok(2);
                }
            },
            't' => {
                let v = v.as_deref().unwrap_or("");
                let b = v.as_bytes();
                if b.is_empty() {
                    error(ctx, "empty tab").await?;
                    return Ok(2);
                }
                if b.len() > 1 && v != "\\0" {
                    error(ctx, &format!("multi-character tab '{v}'")).await?;
                    return Ok(2);
                }
                let t = if v == "\\0" { 0 } else { b[0] };
                if tab.is_some_and(|old| old != t) {
                    error(ctx, "incompatible tabs").await?;
                    return Ok(2);
                }
                tab = Some(t);
            }
            'c' => {
                let quiet = match v.as_deref() {
                    None | Some("diagnose-first") => false,
                    Some("quiet" | "silent") => true,
                    Some(other) => {
                        let m = format!(
                            "invalid argument '{other}' for '--check'\nValid arguments are:\n  - 'quiet', 'silent'\n  - 'diagnose-first'"
                        );
                        usage_error(ctx, &m, 2).await?;
                        return Ok(2);
                    }
                };
                check = Some(quiet);
            }
            'C' => check = Some(true),
            'o' => output.clone_from(v),
            's' => stable = true,
            'u' => unique = true,
            'z' => delim = 0,
            'm' | 'S' | 'T' | '\u{f101}' | '\u{f102}' | '\u{f104}' => {}
            '\u{f103}' => {
                let c = match v.as_deref().unwrap_or("") {
                    "general-numeric" => 'g',
                    "human-numeric" => 'h',
                    "month" => 'M',
                    "numeric" => 'n',
                    "random" => 'R',
                    "version" => 'V',
                    other => {
                        usage_error(ctx, &format!("invalid argument '{other}' for '--sort'"), 2)
                            .await?;
                        return Ok(2);
                    }
                };
                keys::apply_letter(&mut global, c, false);
            }
            c => {
                keys::apply_letter(&mut global, *c, false);
                if *c == 'b' {
                    global.skip_end_blanks = true;
                }
            }
        }
    }
    // Keys without ordering options inherit the global ones.
    for key in &mut keys {
        if key.order.is_default() {
            key.order = global;
        }
    }
    if keys.is_empty() && !global.is_default() {
        keys.push(Key::whole(global));
    }
    if check.is_some() && args.operands.len() > 1 {
        let m = format!("extra operand '{}' not allowed with -c", args.operands[1]);
        usage_error(ctx, &m, 2).await?;
        return Ok(2);
    }
    let cfg = Config {
        keys,
        tab,
        reverse: global.reverse,
        stable,
        unique,
        seed: u64::from(ctx.shell.random_u32()) << 32 | u64::from(ctx.shell.random_u32()),
    };
    // The input, its line index and the sort's scratch are held against
    // the memory budget (64 MiB of one-byte lines took 970 MB); the output
    // is streamed from the index.
    let mut charge = ctx.shell.memory().reservation();
    let (data, ok) = read_all_operands(ctx, &args.operands, &mut charge).await?;
    if !ok {
        return Ok(2);
    }
    if check.is_none() && is_fast_numeric(&cfg) && u32::try_from(data.len()).is_ok() {
        let sorted = sort_numeric(ctx, &cfg, &data, delim, &mut charge)?;
        return emit(
            ctx,
            output,
            sorted.iter().map(compare::NumLine::line),
            delim,
        )
        .await;
    }
    let lines = split_records(&data, delim, &mut charge)?;
    if let Some(quiet) = check {
        for i in 1..lines.len() {
            let o = compare_lines(&cfg, lines[i - 1], lines[i]);
            if o == Ordering::Greater || (cfg.unique && o == Ordering::Equal) {
                if !quiet {
                    let name = args.operands.first().map_or("-", String::as_str);
                    let text = String::from_utf8_lossy(lines[i]);
                    error(ctx, &format!("{name}:{}: disorder: {text}", i + 1)).await?;
                }
                return Ok(1);
            }
        }
        return Ok(0);
    }
    let sorted = sort_lines(ctx, &cfg, lines, &mut charge)?;
    emit(ctx, output, sorted.into_iter(), delim).await
}

/// Write the sorted records, each followed by `delim`: to standard output
/// through the output buffer, or (`-o FILE`) assembled and written to the
/// sandbox file at once.
async fn emit<'a>(
    ctx: &mut UtilityContext<'_>,
    output: Option<String>,
    records: impl Iterator<Item = &'a [u8]>,
    delim: u8,
) -> Flow<i32> {
    if let Some(path) = output {
        let mut buf = Vec::new();
        for l in records {
            buf.extend_from_slice(l);
            buf.push(delim);
        }
        let abs = ctx.resolve_path(&path);
        if let Err(e) = ctx.shell.fs().write(&abs, &buf).await {
            error(ctx, &format!("open failed: {path}: {e}")).await?;
            return Ok(2);
        }
        return Ok(0);
    }
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    for l in records {
        out.write(l).await?;
        out.write(&[delim]).await?;
    }
    out.flush().await?;
    Ok(0)
}

/// `sort -n` or `sort -rn` on whole lines: each number is parsed once.
fn is_fast_numeric(cfg: &Config) -> bool {
    cfg.keys.len() == 1
        && cfg.keys[0]
            == Key::whole(Order {
                mode: Mode::Numeric,
                reverse: cfg.keys[0].order.reverse,
                ..Order::default()
            })
}

/// The [`is_fast_numeric`] sort: the lines are split straight into
/// [`compare::NumLine`]s (32 bytes a line, held against `charge`), sorted
/// by number, ties by bytes (GNU's last resort) unless `-s`/`-u`; `-u`
/// keeps the first line of each run of equal numbers.
fn sort_numeric<'a>(
    ctx: &mut UtilityContext<'_>,
    cfg: &Config,
    data: &'a [u8],
    delim: u8,
    charge: &mut toolsh_command::Reservation,
) -> Flow<Vec<compare::NumLine<'a>>> {
    ctx.shell.checkpoint()?;
    let mut lines =
        toolsh_command::textio::map_records(data, delim, charge, compare::NumLine::new)?;
    let rev = cfg.keys[0].order.reverse;
    let by_num = |a: &compare::NumLine<'_>, b: &compare::NumLine<'_>| {
        let o = compare::cmp_num(&a.num(), &b.num());
        if rev { o.reverse() } else { o }
    };
    if cfg.stable || cfg.unique {
        // The stable merge sort's scratch: half the entries.
        charge.grow(
            lines
                .len()
                .saturating_mul(std::mem::size_of::<compare::NumLine<'_>>())
                / 2,
        )?;
        lines.sort_by(by_num);
    } else {
        // Ties fall back to the bytes, so equal entries are identical
        // lines and an unstable sort (no scratch) gives the same output.
        lines.sort_unstable_by(|a, b| {
            by_num(a, b).then_with(|| {
                let d = a.line().cmp(b.line());
                if cfg.reverse { d.reverse() } else { d }
            })
        });
    }
    ctx.shell.checkpoint()?;
    if cfg.unique {
        lines.dedup_by(|b, a| compare::cmp_num(&a.num(), &b.num()) == Ordering::Equal);
    }
    Ok(lines)
}

/// Every other sort: whole-line slices ordered by [`compare_lines`],
/// stably (with a scratch of half the index, held against `charge`) when
/// `-s` or `-u` makes the input order matter, else unstably (equal lines
/// are then identical bytes).
fn sort_lines<'a>(
    ctx: &mut UtilityContext<'_>,
    cfg: &Config,
    mut lines: Vec<&'a [u8]>,
    charge: &mut toolsh_command::Reservation,
) -> Flow<Vec<&'a [u8]>> {
    ctx.shell.checkpoint()?;
    if cfg.stable || cfg.unique {
        charge.grow(lines.len().saturating_mul(std::mem::size_of::<&[u8]>()) / 2)?;
        lines.sort_by(|a, b| compare_lines(cfg, a, b));
    } else {
        lines.sort_unstable_by(|a, b| compare_lines(cfg, a, b));
    }
    ctx.shell.checkpoint()?;
    if cfg.unique {
        lines.dedup_by(|b, a| compare_lines(cfg, a, b) == Ordering::Equal);
    }
    Ok(lines)
}

/// GNU sort's `compare`: the keys in order, then (unless `-s`/`-u`) the
/// whole line's bytes, reversed by a global `-r`.
fn compare_lines(cfg: &Config, a: &[u8], b: &[u8]) -> Ordering {
    for key in &cfg.keys {
        let (sa, ea) = keys::key_range(a, key, cfg.tab);
        let (sb, eb) = keys::key_range(b, key, cfg.tab);
        let (ka, kb) = (&a[sa..ea], &b[sb..eb]);
        let o = if key.order.mode == Mode::Random {
            let (ha, hb) = (
                hash(cfg.seed, ka, &key.order),
                hash(cfg.seed, kb, &key.order),
            );
            ha.cmp(&hb)
                .then_with(|| compare::compare(ka, kb, &key.order))
        } else {
            compare::compare(ka, kb, &key.order)
        };
        let o = if key.order.reverse { o.reverse() } else { o };
        if o != Ordering::Equal {
            return o;
        }
    }
    if (cfg.stable || cfg.unique) && !cfg.keys.is_empty() {
        return Ordering::Equal;
    }
    let d = a.cmp(b);
    if cfg.reverse { d.reverse() } else { d }
}

/// A seeded FNV-1a hash of the key (after `-f`), for `-R`.
fn hash(seed: u64, s: &[u8], o: &Order) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325 ^ seed;
    for &c in s {
        let c = if o.fold { c.to_ascii_uppercase() } else { c };
        h ^= u64::from(c);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    async fn run(args: &[&str], input: &str) -> (String, i32) {
        let mut sh = TestShell::default();
        let r = sh.run(&Sort, args, input).await;
        (r.stdout, r.status.unwrap())
    }

    #[tokio::test]
    async fn orders_like_gnu() {
        let inp = "10\n9\n-1\n1e3\n abc\n1.5\n\n-0\n+5\n0x10\n";
        assert_eq!(
            run(&["sort", "-n"], inp).await.0,
            "-1\n\n abc\n+5\n-0\n0x10\n1e3\n1.5\n9\n10\n"
        );
        assert_eq!(run(&["sort"], "b\nB\na\nA\n").await.0, "A\nB\na\nb\n");
        assert_eq!(run(&["sort", "-f"], "b\nB\na\nA\n").await.0, "A\na\nB\nb\n");
        assert_eq!(run(&["sort", "-fu"], "b\nB\na\nA\n").await.0, "a\nb\n");
        assert_eq!(
            run(&["sort", "-k2,2n", "-s"], "x 2\ny 1\nz 2\n").await.0,
            "y 1\nx 2\nz 2\n"
        );
        assert_eq!(
            run(&["sort", "-t:", "-k2"], "a:b\nc:a\n").await.0,
            "c:a\na:b\n"
        );
        assert_eq!(run(&["sort", "-rn"], "1\n3\n2").await.0, "3\n2\n1\n");
        assert_eq!(run(&["sort", "-un"], "1\n01\n2\n").await.0, "1\n2\n");
        assert_eq!(run(&["sort", "-c"], "1\n3\n2\n").await.1, 1);
        assert_eq!(run(&["sort", "-k0"], "").await.1, 2);
    }
}
