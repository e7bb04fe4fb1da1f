//! The shared body of `md5sum`, `sha1sum` and the `sha2` family
//! (`sha224sum` ... `sha512sum`, GNU coreutils): print `HASH  NAME` lines,
//! or check them with `-c`.

use std::fmt::Write as _;

use super::{HasArg, Spec, long, parse_or_usage};
use toolsh_command::utility::{OperandError, UtilityContext, UtilityResult};

/// A hash algorithm: a streaming hasher and its `--tag` name.
pub(crate) trait Algorithm: Default + Send {
    /// `MD5`, `SHA256`.
    const TAG: &'static str;
    /// Hex digits in a digest.
    const HEX_LEN: usize;
    /// Feed bytes.
    fn update(&mut self, data: &[u8]);
    /// The lowercase hex digest.
    fn finish(self) -> String;
}

/// `Md5` over the md-5 crate.
#[derive(Default)]
pub(crate) struct Md5(md5::Md5);

impl Algorithm for Md5 {
    const TAG: &'static str = "MD5";
    const HEX_LEN: usize = 32;
    fn update(&mut self, data: &[u8]) {
        md5::Digest::update(&mut self.0, data);
    }
    fn finish(self) -> String {
        hex(&md5::Digest::finalize(self.0))
    }
}

/// `Sha256` over the sha2 crate.
#[derive(Default)]
pub(crate) struct Sha256(sha2::Sha256);

impl Algorithm for Sha256 {
    const TAG: &'static str = "SHA256";
    const HEX_LEN: usize = 64;
    fn update(&mut self, data: &[u8]) {
        sha2::Digest::update(&mut self.0, data);
    }
    fn finish(self) -> String {
        hex(&sha2::Digest::finalize(self.0))
    }
}

/// One SHA algorithm as an [`Algorithm`]: `$ty` over `$hasher`.
macro_rules! sha_algorithm {
    ($(#[$doc:meta])* $ty:ident, $hasher:ty, $tag:literal, $hex:literal) => {
        $(#[$doc])*
        #[derive(Default)]
        pub(crate) struct $ty($hasher);

        impl Algorithm for $ty {
            const TAG: &'static str = $tag;
            const HEX_LEN: usize = $hex;
            fn update(&mut self, data: &[u8]) {
                sha2::Digest::update(&mut self.0, data);
            }
            fn finish(self) -> String {
                hex(&sha2::Digest::finalize(self.0))
            }
        }
    };
}

sha_algorithm!(
    /// SHA-1 (FIPS 180-4) over the sha1 crate.
    Sha1, sha1::Sha1, "SHA1", 40
);
sha_algorithm!(
    /// SHA-224 over the sha2 crate.
    Sha224, sha2::Sha224, "SHA224", 56
);
sha_algorithm!(
    /// SHA-384 over the sha2 crate.
    Sha384, sha2::Sha384, "SHA384", 96
);
sha_algorithm!(
    /// SHA-512 over the sha2 crate.
    Sha512, sha2::Sha512, "SHA512", 128
);

fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

const SPEC: Spec = Spec {
    short: "bctwz",
    long: &[
        long("binary", HasArg::No, 'b'),
        long("check", HasArg::No, 'c'),
        long("text", HasArg::No, 't'),
        long("tag", HasArg::No, 'T'),
        long("quiet", HasArg::No, 'q'),
        long("status", HasArg::No, 's'),
        long("warn", HasArg::No, 'w'),
        long("strict", HasArg::No, 'S'),
        long("ignore-missing", HasArg::No, 'I'),
        long("zero", HasArg::No, 'z'),
    ],
    stop_at_operand: false,
};

/// Hash one operand (`-` is standard input, streamed).
async fn digest_of<A: Algorithm>(
    ctx: &mut UtilityContext<'_>,
    name: &str,
) -> Result<Result<String, String>, toolsh_command::limits::Interrupt> {
    let mut h = A::default();
    if name == "-" {
        while let Some(chunk) = ctx.stdin.read_chunk().await {
            h.update(&chunk);
            ctx.shell.checkpoint()?;
        }
        return Ok(Ok(h.finish()));
    }
    match ctx.read_operand(name).await {
        Ok(data) => {
            h.update(&data);
            Ok(Ok(h.finish()))
        }
        Err(OperandError::Interrupt(i)) => Err(i),
        Err(OperandError::Fs(e)) => Ok(Err(format!("{name}: {e}"))),
    }
}

/// Run `md5sum`/`sha256sum` with algorithm `A`.
pub(crate) async fn run<A: Algorithm>(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let operands = if p.operands.is_empty() {
        vec!["-".to_string()]
    } else {
        p.operands.clone()
    };
    if p.has('c') {
        return check::<A>(ctx, &operands, p.has('q'), p.has('s'), p.has('I')).await;
    }
    let mut status = 0;
    let end = if p.has('z') { '\0' } else { '\n' };
    let marker = if p.has('b') { '*' } else { ' ' };
    for op in &operands {
        match digest_of::<A>(ctx, op).await? {
            Ok(d) => {
                let line = if p.has('T') {
                    format!("{} ({op}) = {d}{end}", A::TAG)
                } else {
                    format!("{d} {marker}{op}{end}")
                };
                ctx.out(line.as_bytes()).await?;
            }
            Err(msg) => {
                ctx.err_msg(&msg).await?;
                status = 1;
            }
        }
    }
    Ok(status)
}

/// `-c`: verify `HASH  NAME` (or `TAG (NAME) = HASH`) lines (also
/// `cksum -c`).
pub(crate) async fn check<A: Algorithm>(
    ctx: &mut UtilityContext<'_>,
    lists: &[String],
    quiet: bool,
    status_only: bool,
    ignore_missing: bool,
) -> UtilityResult {
    let (mut failed, mut unreadable, mut malformed, mut ok_lines) = (0, 0, 0, 0);
    let mut status = 0;
    for list in lists {
        let data = match ctx.read_operand(list).await {
            Ok(d) => d,
            Err(OperandError::Interrupt(i)) => return Err(i),
            Err(OperandError::Fs(e)) => {
                ctx.err_msg(&format!("{list}: {e}")).await?;
                status = 1;
                continue;
            }
        };
        let text = String::from_utf8_lossy(&data).into_owned();
        for line in text.lines() {
            ctx.shell.checkpoint()?;
            let Some((want, name)) = parse_line::<A>(line) else {
                malformed += 1;
                continue;
            };
            let got = digest_of::<A>(ctx, &name).await?;
            match got {
                Ok(d) if d.eq_ignore_ascii_case(&want) => {
                    ok_lines += 1;
                    if !quiet && !status_only {
                        ctx.out(format!("{name}: OK\n").as_bytes()).await?;
                    }
                }
                Ok(_) => {
                    ok_lines += 1;
                    failed += 1;
                    if !status_only {
                        ctx.out(format!("{name}: FAILED\n").as_bytes()).await?;
                    }
                }
                Err(_) if ignore_missing => {}
                Err(msg) => {
                    ok_lines += 1;
                    unreadable += 1;
                    if !status_only {
                        ctx.err_msg(&msg).await?;
                        ctx.out(format!("{name}: FAILED open or read\n").as_bytes())
                            .await?;
                    }
                }
            }
        }
        if ok_lines == 0 && malformed > 0 {
            ctx.err_msg(&format!(
                "{list}: no properly formatted checksum lines found"
            ))
            .await?;
            status = 1;
        }
    }
    if !status_only {
        if malformed > 0 && ok_lines > 0 {
            let s = if malformed == 1 {
                "line is"
            } else {
                "lines are"
            };
            ctx.err_msg(&format!("WARNING: {malformed} {s} improperly formatted"))
                .await?;
        }
        if unreadable > 0 {
            let s = if unreadable == 1 { "file" } else { "files" };
            ctx.err_msg(&format!(
                "WARNING: {unreadable} listed {s} could not be read"
            ))
            .await?;
        }
        if failed > 0 {
            let s = if failed == 1 {
                "checksum did NOT match"
            } else {
                "checksums did NOT match"
            };
            ctx.err_msg(&format!("WARNING: {failed} computed {s}"))
                .await?;
        }
    }
    if failed > 0 || unreadable > 0 {
        status = 1;
    }
    Ok(status)
}

fn parse_line<A: Algorithm>(line: &str) -> Option<(String, String)> {
    if let Some(rest) = line.strip_prefix(A::TAG).and_then(|r| r.strip_prefix(" (")) {
        let (name, hash) = rest.rsplit_once(") = ")?;
        return Some((hash.to_string(), name.to_string()));
    }
    let hash = line.get(..A::HEX_LEN)?;
    if !hash.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    let rest = &line[A::HEX_LEN..];
    let name = rest
        .strip_prefix("  ")
        .or_else(|| rest.strip_prefix(" *"))?;
    Some((hash.to_string(), name.to_string()))
}
