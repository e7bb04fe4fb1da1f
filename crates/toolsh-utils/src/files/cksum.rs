//! `cksum`: print or check checksums (GNU coreutils 9.1). By default the
//! POSIX CRC (`CRC SIZE NAME`); `-a` selects `sysv` and `bsd` (the sums
//! of `sum -s` and `sum -r`), `crc`, or a digest (`md5`, `sha1`,
//! `sha224` ... `sha512`, `blake2b` with `-l BITS`), printed BSD-tagged
//! unless `--untagged`. `-c` checks digest lines (the algorithm from `-a`
//! or from the first tagged line of the first list, standard input
//! included).

use std::fmt::Write as _;

use crc::{CRC_32_CKSUM, Crc};

use super::common::digest::{
    Algorithm, Md5, Sha1, Sha224, Sha256, Sha384, Sha512, check as digest_check,
};
use toolsh_command::getopt::{Args, HasArg, Spec, long};
use toolsh_command::io::Input;
use toolsh_command::textio::{Flow, OutBuf, Source, error, parse_args, usage_error};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `cksum [-a TYPE] [-l BITS] [--untagged] [-z] [-c] [FILE]...`.
    Cksum,
    "cksum",
    body
);

const SPEC: Spec = Spec {
    short: "a:cl:wz",
    long: &[
        long("algorithm", HasArg::Yes, 'a'),
        long("check", HasArg::No, 'c'),
        long("length", HasArg::Yes, 'l'),
        long("tag", HasArg::No, 'T'),
        long("untagged", HasArg::No, 'U'),
        long("zero", HasArg::No, 'z'),
        long("ignore-missing", HasArg::No, 'I'),
        long("quiet", HasArg::No, 'q'),
        long("status", HasArg::No, 's'),
        long("strict", HasArg::No, 'S'),
        long("warn", HasArg::No, 'w'),
        long("debug", HasArg::No, 'D'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: cksum [OPTION]... [FILE]...
Print or verify checksums.
By default use the 32 bit CRC algorithm.

With no FILE, or when FILE is -, read standard input.

  -a, --algorithm=TYPE  select the digest type to use: sysv, bsd, crc,
                          md5, sha1, sha224, sha256, sha384, sha512, blake2b
  -c, --check           read checksums from the FILEs and check them
  -l, --length=BITS     digest length in bits (blake2b only; a multiple of 8)
      --tag             create a BSD-style checksum (the default)
      --untagged        create a reversed style checksum, without digest type
  -z, --zero            end each output line with NUL, not newline
      --ignore-missing  don't fail or report status for missing files
      --quiet           don't print OK for each successfully verified file
      --status          don't output anything, status code shows success
      --help            display this help and exit
";

/// The names `-a` accepts, in GNU's order (for the error listing).
const NAMES: [&str; 11] = [
    "bsd", "sysv", "crc", "md5", "sha1", "sha224", "sha256", "sha384", "sha512", "blake2b", "sm3",
];

/// A checksum algorithm selected with `-a`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Sysv,
    Bsd,
    Crc,
    Md5,
    Sha1,
    Sha224,
    Sha256,
    Sha384,
    Sha512,
    /// BLAKE2b with a digest of this many bytes (1..=64).
    Blake2b(usize),
    Sm3,
}

/// The POSIX `cksum` CRC: polynomial 0x04C11DB7 over the data and then
/// the length in as few little-endian bytes as it needs, complemented.
const POSIX_CRC: Crc<u32> = Crc::<u32>::new(&CRC_32_CKSUM);

/// A running checksum.
enum Hasher {
    Sysv(u64),
    Bsd(u16),
    Crc(crc::Digest<'static, u32>),
    Md5(Md5),
    Sha1(Sha1),
    Sha224(Sha224),
    Sha256(Sha256),
    Sha384(Sha384),
    Sha512(Sha512),
    Blake2b(blake2::Blake2bVar),
}

impl Hasher {
    fn new(kind: Kind) -> Self {
        match kind {
            Kind::Sysv => Hasher::Sysv(0),
            Kind::Bsd => Hasher::Bsd(0),
            Kind::Crc | Kind::Sm3 => Hasher::Crc(POSIX_CRC.digest()),
            Kind::Md5 => Hasher::Md5(Md5::default()),
            Kind::Sha1 => Hasher::Sha1(Sha1::default()),
            Kind::Sha224 => Hasher::Sha224(Sha224::default()),
            Kind::Sha256 => Hasher::Sha256(Sha256::default()),
            Kind::Sha384 => Hasher::Sha384(Sha384::default()),
            Kind::Sha512 => Hasher::Sha512(Sha512::default()),
            Kind::Blake2b(bytes) => Hasher::Blake2b(
                <blake2::Blake2bVar as blake2::digest::VariableOutput>::new(bytes)
                    .unwrap_or_else(|_| unreachable!("length checked to be 1..=64")),
            ),
        }
    }

    fn update(&mut self, data: &[u8]) {
        match self {
            Hasher::Sysv(s) => {
                *s = data
                    .iter()
                    .fold(*s, |acc, &b| acc.wrapping_add(u64::from(b)));
            }
            Hasher::Bsd(s) => {
                for &b in data {
                    *s = s.rotate_right(1).wrapping_add(u16::from(b));
                }
            }
            Hasher::Crc(d) => d.update(data),
            Hasher::Md5(h) => h.update(data),
            Hasher::Sha1(h) => h.update(data),
            Hasher::Sha224(h) => h.update(data),
            Hasher::Sha256(h) => h.update(data),
            Hasher::Sha384(h) => h.update(data),
            Hasher::Sha512(h) => h.update(data),
            Hasher::Blake2b(h) => blake2::digest::Update::update(h, data),
        }
    }

    /// The printed value: `CRC SIZE`, `SUM BLOCKS` or the hex digest.
    fn finish(self, len: u64) -> String {
        match self {
            Hasher::Sysv(s) => {
                let s = s & 0xffff_ffff;
                let r = (s & 0xffff) + (s >> 16);
                let sum = (r & 0xffff) + (r >> 16);
                format!("{sum} {}", len.div_ceil(512))
            }
            Hasher::Bsd(s) => format!("{s:05} {:5}", len.div_ceil(1024)),
            Hasher::Crc(mut d) => {
                let mut n = len;
                while n > 0 {
                    d.update(&[(n & 0xff) as u8]);
                    n >>= 8;
                }
                format!("{} {len}", d.finalize())
            }
            Hasher::Md5(h) => h.finish(),
            Hasher::Sha1(h) => h.finish(),
            Hasher::Sha224(h) => h.finish(),
            Hasher::Sha256(h) => h.finish(),
            Hasher::Sha384(h) => h.finish(),
            Hasher::Sha512(h) => h.finish(),
            Hasher::Blake2b(h) => {
                let mut out = vec![0u8; blake2::digest::VariableOutput::output_size(&h)];
                let _ = blake2::digest::VariableOutput::finalize_variable(h, &mut out);
                hex(&out)
            }
        }
    }
}

impl Kind {
    /// The `--tag` name (`MD5`, `BLAKE2b-256`), `None` for the sums.
    fn tag(self) -> Option<String> {
        Some(match self {
            Kind::Sysv | Kind::Bsd | Kind::Crc => return None,
            Kind::Md5 => "MD5".into(),
            Kind::Sha1 => "SHA1".into(),
            Kind::Sha224 => "SHA224".into(),
            Kind::Sha256 => "SHA256".into(),
            Kind::Sha384 => "SHA384".into(),
            Kind::Sha512 => "SHA512".into(),
            Kind::Blake2b(64) => "BLAKE2b".into(),
            Kind::Blake2b(n) => format!("BLAKE2b-{}", n * 8),
            Kind::Sm3 => "SM3".into(),
        })
    }
}

/// BLAKE2b-512 as an [`Algorithm`], for `cksum -c` of `BLAKE2b (F) = H`.
#[derive(Default)]
struct Blake2b512(blake2::Blake2b512);

impl Algorithm for Blake2b512 {
    const TAG: &'static str = "BLAKE2b";
    const HEX_LEN: usize = 128;
    fn update(&mut self, data: &[u8]) {
        blake2::digest::Digest::update(&mut self.0, data);
    }
    fn finish(self) -> String {
        hex(&blake2::digest::Digest::finalize(self.0))
    }
}

/// Lowercase hex digits of `bytes`.
fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// `-a TYPE` (exact names only, as GNU's argmatch here).
async fn algorithm(ctx: &mut UtilityContext<'_>, name: &str) -> Flow<Result<Kind, i32>> {
    let kind = match name {
        "sysv" => Kind::Sysv,
        "bsd" => Kind::Bsd,
        "crc" => Kind::Crc,
        "md5" => Kind::Md5,
        "sha1" => Kind::Sha1,
        "sha224" => Kind::Sha224,
        "sha256" => Kind::Sha256,
        "sha384" => Kind::Sha384,
        "sha512" => Kind::Sha512,
        "blake2b" => Kind::Blake2b(64),
        "sm3" => Kind::Sm3,
        _ => {
            let mut msg =
                format!("invalid argument '{name}' for '--algorithm'\nValid arguments are:");
            for n in NAMES {
                let _ = write!(msg, "\n  - '{n}'");
            }
            usage_error(ctx, &msg, 1).await?;
            return Ok(Err(1));
        }
    };
    Ok(Ok(kind))
}

/// `-l BITS`: a multiple of 8 up to 512; 0 means the full 512.
async fn digest_bytes(ctx: &mut UtilityContext<'_>, bits: &str) -> Flow<Result<usize, i32>> {
    let Ok(n) = bits.parse::<u64>() else {
        error(ctx, &format!("invalid length: '{bits}'")).await?;
        return Ok(Err(1));
    };
    if n > 512 {
        error(ctx, &format!("invalid length: '{bits}'")).await?;
        error(ctx, "maximum digest length for 'BLAKE2b' is 512 bits").await?;
        return Ok(Err(1));
    }
    if n % 8 != 0 {
        error(ctx, &format!("invalid length: '{bits}'")).await?;
        error(ctx, "length is not a multiple of 8").await?;
        return Ok(Err(1));
    }
    Ok(Ok(if n == 0 { 64 } else { (n / 8) as usize }))
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let mut kind = match args.last('a') {
        None => Kind::Crc,
        Some(a) => match algorithm(ctx, a).await? {
            Ok(k) => k,
            Err(s) => return Ok(s),
        },
    };
    if let Some(bits) = args.last('l') {
        if !matches!(kind, Kind::Blake2b(_)) {
            error(ctx, "--length is only supported with --algorithm=blake2b").await?;
            return Ok(1);
        }
        match digest_bytes(ctx, bits).await? {
            Ok(n) => kind = Kind::Blake2b(n),
            Err(s) => return Ok(s),
        }
    }
    if kind == Kind::Sm3 {
        error(ctx, "the SM3 algorithm is not available in toolsh").await?;
        return Ok(1);
    }
    if args.has('c') {
        return check(ctx, &args, args.has('a').then_some(kind)).await;
    }
    // --tag and --untagged: the last one given wins.
    let untagged = args
        .opts
        .iter()
        .rev()
        .find(|(k, _)| *k == 'T' || *k == 'U')
        .is_some_and(|(k, _)| *k == 'U');
    let end = if args.has('z') { '\0' } else { '\n' };
    let implicit_stdin = args.operands.is_empty();
    let names = if implicit_stdin {
        vec!["-".to_string()]
    } else {
        args.operands.clone()
    };
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    let mut status = 0;
    for name in &names {
        let value = match sum_of(ctx, kind, name).await? {
            Ok(v) => v,
            Err(m) => {
                out.flush().await?;
                error(ctx, &m).await?;
                status = 1;
                continue;
            }
        };
        let line = match kind.tag() {
            None if implicit_stdin => format!("{value}{end}"),
            None => format!("{value} {name}{end}"),
            Some(_) if untagged => format!("{value}  {name}{end}"),
            Some(tag) => format!("{tag} ({name}) = {value}{end}"),
        };
        out.write_str(&line).await?;
    }
    out.flush().await?;
    Ok(status)
}

/// The checksum of one operand, streamed chunk by chunk; `Err` is the
/// message for an unreadable operand (GNU's CRC code reads a directory
/// as empty, the others fail with `Is a directory`).
async fn sum_of(
    ctx: &mut UtilityContext<'_>,
    kind: Kind,
    name: &str,
) -> Flow<Result<String, String>> {
    let mut h = Hasher::new(kind);
    let mut len: u64 = 0;
    if kind == Kind::Crc && !ctx.is_stdin_operand(name) && ctx.endless_operand(name).is_none() {
        let fs = ctx.shell.fs();
        if fs
            .metadata(&ctx.resolve_path(name))
            .await
            .is_ok_and(|m| m.is_dir())
        {
            return Ok(Ok(h.finish(0)));
        }
    }
    let mut src = match Source::open(ctx, name).await? {
        Ok(s) => s,
        Err(m) => return Ok(Err(m)),
    };
    while let Some(chunk) = src.chunk(ctx.stdin).await {
        h.update(&chunk);
        len += chunk.len() as u64;
        ctx.shell.checkpoint()?;
    }
    Ok(Ok(h.finish(len)))
}

/// `-c`: check with the digest of `-a`, or the one named by the first
/// tagged line of the first list.
async fn check(ctx: &mut UtilityContext<'_>, args: &Args, kind: Option<Kind>) -> Flow<i32> {
    let lists = if args.operands.is_empty() {
        vec!["-".to_string()]
    } else {
        args.operands.clone()
    };
    // A list on standard input is read here to find its algorithm and
    // handed to the checker as a fresh input holding the same bytes.
    let mut saved_stdin = None;
    let kind = match kind {
        Some(k) => Some(k),
        None if ctx.is_stdin_operand(&lists[0]) => {
            let max = ctx.shell.limits().max_buffer_bytes;
            let data = ctx.stdin.read_to_end(max).await?;
            let kind = detect_in(&data);
            saved_stdin = Some(std::mem::replace(ctx.stdin, Input::from_bytes(data)));
            kind
        }
        None => detect(ctx, &lists[0]).await?,
    };
    let r = check_with(ctx, &lists, kind, args).await;
    if let Some(orig) = saved_stdin {
        *ctx.stdin = orig;
    }
    r
}

/// Run the checker of `kind` over `lists`.
async fn check_with(
    ctx: &mut UtilityContext<'_>,
    lists: &[String],
    kind: Option<Kind>,
    args: &Args,
) -> Flow<i32> {
    let (q, s, i) = (args.has('q'), args.has('s'), args.has('I'));
    let r = match kind {
        Some(Kind::Sysv | Kind::Bsd | Kind::Crc | Kind::Sm3) => {
            error(
                ctx,
                "--check is not supported with --algorithm={bsd,sysv,crc}",
            )
            .await?;
            return Ok(1);
        }
        Some(Kind::Md5) => digest_check::<Md5>(ctx, lists, q, s, i).await,
        Some(Kind::Sha1) => digest_check::<Sha1>(ctx, lists, q, s, i).await,
        Some(Kind::Sha224) => digest_check::<Sha224>(ctx, lists, q, s, i).await,
        Some(Kind::Sha256) => digest_check::<Sha256>(ctx, lists, q, s, i).await,
        Some(Kind::Sha384) => digest_check::<Sha384>(ctx, lists, q, s, i).await,
        Some(Kind::Sha512) => digest_check::<Sha512>(ctx, lists, q, s, i).await,
        Some(Kind::Blake2b(_)) => digest_check::<Blake2b512>(ctx, lists, q, s, i).await,
        None => {
            let list = lists[0].clone();
            error(
                ctx,
                &format!("{list}: no properly formatted checksum lines found"),
            )
            .await?;
            return Ok(1);
        }
    };
    Ok(r?)
}

/// The algorithm of the first `TAG (NAME) = HASH` line of the file
/// `list`; `None` when it cannot be read or has no tagged line.
async fn detect(ctx: &mut UtilityContext<'_>, list: &str) -> Flow<Option<Kind>> {
    if ctx.endless_operand(list).is_some() {
        return Ok(None);
    }
    let Ok(data) = ctx.read_operand(list).await else {
        return Ok(None);
    };
    Ok(detect_in(&data))
}

/// The algorithm of the first tagged line of a checksum list.
fn detect_in(data: &[u8]) -> Option<Kind> {
    let text = String::from_utf8_lossy(data);
    text.lines().find_map(|line| {
        let (tag, _) = line.split_once(" (")?;
        Some(match tag {
            "MD5" => Kind::Md5,
            "SHA1" => Kind::Sha1,
            "SHA224" => Kind::Sha224,
            "SHA256" => Kind::Sha256,
            "SHA384" => Kind::Sha384,
            "SHA512" => Kind::Sha512,
            "BLAKE2b" => Kind::Blake2b(64),
            _ => return None,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(kind: Kind, data: &[u8]) -> String {
        let mut h = Hasher::new(kind);
        h.update(data);
        h.finish(data.len() as u64)
    }

    /// Values printed by GNU coreutils 9.1 for "abc".
    #[test]
    fn sums_of_abc_match_gnu() {
        assert_eq!(sum(Kind::Crc, b"abc"), "1219131554 3");
        assert_eq!(sum(Kind::Crc, b""), "4294967295 0");
        assert_eq!(sum(Kind::Sysv, b"abc"), "294 1");
        assert_eq!(sum(Kind::Bsd, b"abc"), "16556     1");
        assert_eq!(sum(Kind::Blake2b(2), b""), "b1fe");
    }
}
