//! `truncate`: shrink or extend files to a size (GNU coreutils 9.1).
//! `-s [MOD]SIZE` with `MOD` one of `+ - < > / %` and `SIZE` an integer
//! with an optional `K M G T P E Z Y` (1024) or `KB MB ...` (1000) suffix;
//! `-r RFILE` takes the size (or the base of a relative size) from a file;
//! `-o` counts in 4 KiB I/O blocks; `-c` creates no file. Files grow with
//! NUL bytes, through the sandbox file system and its size limits: a size
//! over a limit fails with `File too large` or `No space left on device`
//! where GNU would make a sparse file.

use crate::files::common::quote;
use toolsh_command::fs::{FileType, FsError};
use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, error, parse_args, usage_error};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `truncate [-co] [-s SIZE] [-r RFILE] FILE...`.
    Truncate,
    "truncate",
    body
);

const SPEC: Spec = Spec {
    short: "cor:s:",
    long: &[
        long("no-create", HasArg::No, 'c'),
        long("io-blocks", HasArg::No, 'o'),
        long("reference", HasArg::Yes, 'r'),
        long("size", HasArg::Yes, 's'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: truncate OPTION... FILE...
Shrink or extend the size of each FILE to the specified size.

A FILE argument that does not exist is created.

  -c, --no-create        do not create any files
  -o, --io-blocks        treat SIZE as number of IO blocks instead of bytes
  -r, --reference=RFILE  base size on RFILE
  -s, --size=SIZE        set or adjust the file size by SIZE bytes
      --help             display this help and exit

SIZE is an integer and optional unit (K, M, G, T, P, E, Z, Y powers of
1024, or KB, MB, ... powers of 1000), optionally prefixed by
'+' extend by, '-' reduce by, '<' at most, '>' at least,
'/' round down to multiple of, '%' round up to multiple of.
";

/// The I/O block size `-o` multiplies by (`st_blksize` of ext4).
const IO_BLOCK: i128 = 4096;

/// How `-s` relates the size to the current one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// `SIZE`: exactly.
    Absolute,
    /// `+SIZE`, `-SIZE`: by that much.
    Relative,
    /// `<SIZE`: at most.
    AtMost,
    /// `>SIZE`: at least.
    AtLeast,
    /// `/SIZE`: down to a multiple.
    RoundDown,
    /// `%SIZE`: up to a multiple.
    RoundUp,
}

/// A parsed `-s` argument, or GNU's message (and whether it is a usage
/// error, which adds the `--help` hint).
fn parse_size(arg: &str) -> Result<(Mode, i64), (String, bool)> {
    let s = arg.trim_start();
    let (mut mode, s) = match s.chars().next() {
        Some('<') => (Mode::AtMost, &s[1..]),
        Some('>') => (Mode::AtLeast, &s[1..]),
        Some('/') => (Mode::RoundDown, &s[1..]),
        Some('%') => (Mode::RoundUp, &s[1..]),
        _ => (Mode::Absolute, s),
    };
    let s = s.trim_start();
    if s.starts_with(['+', '-']) {
        if mode != Mode::Absolute {
            return Err(("multiple relative modifiers specified".into(), true));
        }
        mode = Mode::Relative;
    }
    let invalid = || (format!("Invalid number: {}", quote(s)), false);
    let too_large = || {
        (
            format!(
                "Invalid number: {}: Value too large for defined data type",
                quote(s)
            ),
            false,
        )
    };
    let (negative, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let digits = body.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(invalid());
    }
    let mut n: i128 = 0;
    for b in body[..digits].bytes() {
        n = (n * 10 + i128::from(b - b'0')).min(i128::from(u64::MAX) + 1);
    }
    let suffix = &body[digits..];
    let mult: i128 = match suffix.as_bytes() {
        [] => 1,
        [letter, rest @ ..] => {
            let power = match letter {
                b'k' | b'K' => 1,
                b'm' | b'M' => 2,
                b'g' | b'G' => 3,
                b't' | b'T' => 4,
                b'P' => 5,
                b'E' => 6,
                b'Z' => 7,
                b'Y' => 8,
                _ => return Err(invalid()),
            };
            let base: i128 = match rest {
                [] | b"iB" => 1024,
                b"B" => 1000,
                _ => return Err(invalid()),
            };
            base.pow(power)
        }
    };
    let value = n.checked_mul(mult).ok_or_else(too_large)? * if negative { -1 } else { 1 };
    i64::try_from(value)
        .map(|v| (mode, v))
        .map_err(|_| too_large())
}

/// The new size of a file now `current` bytes long.
fn new_size(mode: Mode, size: i128, current: i128) -> i128 {
    let n = match mode {
        Mode::Absolute => size,
        Mode::Relative => current + size,
        Mode::AtMost => current.min(size),
        Mode::AtLeast => current.max(size),
        Mode::RoundDown => current / size * size,
        Mode::RoundUp => {
            let r = current % size;
            if r == 0 { current } else { current - r + size }
        }
    };
    n.max(0)
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let mut size: Option<(Mode, i64)> = None;
    for (k, v) in &args.opts {
        if *k != 's' {
            continue;
        }
        match parse_size(v.as_deref().unwrap_or("")) {
            Ok(s) => size = Some(s),
            Err((m, usage)) => {
                if usage {
                    usage_error(ctx, &m, 1).await?;
                } else {
                    error(ctx, &m).await?;
                }
                return Ok(1);
            }
        }
    }
    let reference = args.last('r');
    let blocks = args.has('o');
    let usage = if blocks && size.is_none() {
        Some("'--io-blocks' was specified but '--size' was not")
    } else if size.is_none() && reference.is_none() {
        Some("you must specify either '--size' or '--reference'")
    } else if reference.is_some() && size.is_some_and(|(m, _)| m == Mode::Absolute) {
        Some("you must specify a relative '--size' with '--reference'")
    } else if args.operands.is_empty() {
        Some("missing file operand")
    } else {
        None
    };
    if let Some(m) = usage {
        usage_error(ctx, m, 1).await?;
        return Ok(1);
    }
    if let Some((Mode::RoundDown | Mode::RoundUp, 0)) = size {
        error(ctx, "division by zero").await?;
        return Ok(1);
    }
    let fs = ctx.shell.fs();
    let mut base: Option<i128> = None;
    if let Some(r) = reference {
        match fs.metadata(&ctx.resolve_path(r)).await {
            Ok(m) => base = Some(i128::from(m.len)),
            Err(e) => {
                error(ctx, &format!("cannot stat {}: {e}", quote(r))).await?;
                return Ok(1);
            }
        }
    }
    // `-r` alone sets every file to the reference's size.
    let (mode, amount) = match size {
        Some((m, n)) => (m, i128::from(n) * if blocks { IO_BLOCK } else { 1 }),
        None => (Mode::Absolute, base.unwrap_or(0)),
    };
    let no_create = args.has('c');
    let mut status = 0;
    for name in &args.operands {
        ctx.shell.checkpoint()?;
        if let Err(m) = truncate_one(ctx, name, no_create, |current| {
            new_size(mode, amount, base.unwrap_or(current))
        })
        .await?
        {
            error(ctx, &m).await?;
            status = 1;
        }
    }
    Ok(status)
}

/// Set one file's size; `Ok(Err(message))` for a file that failed.
async fn truncate_one(
    ctx: &mut UtilityContext<'_>,
    name: &str,
    no_create: bool,
    size_for: impl Fn(i128) -> i128,
) -> Flow<Result<(), String>> {
    let fs = ctx.shell.fs();
    let path = ctx.resolve_path(name);
    let open_error = |e: FsError| format!("cannot open {} for writing: {e}", quote(name));
    let current = match fs.metadata(&path).await {
        Ok(m) => match m.file_type {
            FileType::Dir => return Ok(Err(open_error(FsError::IsADirectory))),
            FileType::CharDevice => {
                let n = size_for(0);
                return Ok(Err(format!(
                    "failed to truncate {} at {n} bytes: {}",
                    quote(name),
                    FsError::InvalidInput
                )));
            }
            FileType::File | FileType::Symlink => m.len,
        },
        Err(FsError::NotFound) if no_create => return Ok(Ok(())),
        Err(FsError::NotFound) => {
            // GNU opens with O_CREAT first: the file exists even when
            // the size then fails.
            if let Err(e) = fs.write(&path, b"").await {
                return Ok(Err(open_error(e)));
            }
            0
        }
        Err(e) => return Ok(Err(open_error(e))),
    };
    let want = size_for(i128::from(current));
    let failed = |e: FsError| format!("failed to truncate {} at {want} bytes: {e}", quote(name));
    let max = ctx.shell.limits().max_buffer_bytes;
    let Ok(want_len) = usize::try_from(want) else {
        return Ok(Err(failed(FsError::FileTooLarge)));
    };
    if want_len > max {
        return Ok(Err(failed(FsError::FileTooLarge)));
    }
    let mut data = if current == 0 {
        Vec::new()
    } else {
        match fs.read(&path).await {
            Ok(d) => d,
            Err(e) => return Ok(Err(open_error(e))),
        }
    };
    data.resize(want_len, 0);
    if let Err(e) = fs.write(&path, &data).await {
        return Ok(Err(failed(e)));
    }
    Ok(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_as_gnu() {
        assert_eq!(parse_size("10"), Ok((Mode::Absolute, 10)));
        assert_eq!(parse_size("+5K"), Ok((Mode::Relative, 5120)));
        assert_eq!(parse_size("-3"), Ok((Mode::Relative, -3)));
        assert_eq!(parse_size("1kB"), Ok((Mode::Absolute, 1000)));
        assert_eq!(parse_size("2KiB"), Ok((Mode::Absolute, 2048)));
        assert_eq!(parse_size("< 5"), Ok((Mode::AtMost, 5)));
        assert_eq!(parse_size("010"), Ok((Mode::Absolute, 10)));
        assert_eq!(parse_size("1b").unwrap_err().0, "Invalid number: '1b'");
        assert_eq!(parse_size("<").unwrap_err().0, "Invalid number: ''");
        assert!(parse_size(">+5").unwrap_err().1);
        assert!(
            parse_size("1Z")
                .unwrap_err()
                .0
                .ends_with("defined data type")
        );
        assert!(parse_size("9223372036854775808").is_err());
        assert_eq!(parse_size("0Z"), Ok((Mode::Absolute, 0)));
        assert_eq!(new_size(Mode::RoundUp, 4, 6), 8);
        assert_eq!(new_size(Mode::RoundDown, 7, 20), 14);
        assert_eq!(new_size(Mode::Relative, -100, 5), 0);
    }
}
