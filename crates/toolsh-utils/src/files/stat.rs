//! `stat`: display file status (GNU coreutils), with `-c`/`--printf`
//! format directives. Owner is always `user` (1000); device and inode
//! numbers are synthetic.

use std::fmt::Write as _;

use super::common::time::{epoch_parts, full_date};
use super::common::{HasArg, OWNER, OWNER_ID, Spec, blocks_512, long, mode_string};
use super::common::{parse_with_operands, quote};
use super::file_command;
use toolsh_command::fs::{FileSystem, FileType, Metadata};
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `stat [-L] [-c FORMAT | --printf FORMAT] FILE...`.
    Stat,
    "stat"
);

const SPEC: Spec = Spec {
    short: "Lc:t",
    long: &[
        long("dereference", HasArg::No, 'L'),
        long("format", HasArg::Yes, 'c'),
        long("printf", HasArg::Yes, 'P'),
        long("terse", HasArg::No, 't'),
    ],
    stop_at_operand: false,
};

const DEFAULT_FORMAT: &str = "  File: %N\n  Size: %-10s\tBlocks: %-10b IO Block: %-6o %F\n\
Device: %Hd,%Ld\tInode: %-11i Links: %h\n\
Access: (%04a/%10.10A)  Uid: (%5u/%8U)   Gid: (%5g/%8G)\n\
Access: %x\nModify: %y\nChange: %z\n Birth: %w\n";

/// What one file's directives are computed from.
struct Subject<'a> {
    name: &'a str,
    meta: &'a Metadata,
    target: Option<String>,
    nlink: u64,
    inode: u64,
}

/// A synthetic, stable inode number for a path (FNV-1a).
fn inode_of(path: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in path.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h % 10_000_000 + 2
}

fn file_type_name(meta: &Metadata) -> &'static str {
    match meta.file_type {
        FileType::File if meta.len == 0 => "regular empty file",
        FileType::File => "regular file",
        FileType::Dir => "directory",
        FileType::Symlink => "symbolic link",
        FileType::CharDevice => "character special file",
    }
}

/// Expand one directive; `(text, numeric)`.
fn directive(c: char, s: &Subject<'_>) -> Option<(String, bool)> {
    let m = s.meta;
    let type_bits = match m.file_type {
        FileType::File => 0o100_000,
        FileType::Dir => 0o040_000,
        FileType::Symlink => 0o120_000,
        FileType::CharDevice => 0o020_000,
    };
    let (mtime, _) = epoch_parts(m.mtime);
    Some(match c {
        'n' => (s.name.to_string(), false),
        'N' => match &s.target {
            Some(t) => (format!("{} -> {}", quote(s.name), quote(t)), false),
            None => (quote(s.name), false),
        },
        's' => (m.len.to_string(), true),
        'a' => (format!("{:o}", m.mode), true),
        'A' => (mode_string(m), false),
        'f' => (format!("{:x}", m.mode | type_bits), false),
        'F' => (file_type_name(m).to_string(), false),
        'u' | 'g' => (OWNER_ID.to_string(), true),
        'U' | 'G' => (OWNER.to_string(), false),
        'h' => (s.nlink.to_string(), true),
        'i' => (s.inode.to_string(), true),
        'b' => (blocks_512(m).to_string(), true),
        'B' => ("512".to_string(), true),
        'o' => ("4096".to_string(), true),
        'd' | 'H' | 'L' | 't' | 'T' => ("0".to_string(), true),
        'D' => ("0".to_string(), false),
        'm' => ("/".to_string(), false),
        'x' | 'y' | 'z' => (full_date(m.mtime), false),
        'X' | 'Y' | 'Z' => (mtime.to_string(), true),
        'w' => ("-".to_string(), false),
        'W' => ("0".to_string(), true),
        _ => return None,
    })
}

/// Expand a `-c` format for one file. A field width past
/// `max_format_width` stops the script with that limit.
fn expand(
    format: &str,
    s: &Subject<'_>,
    limits: &toolsh_command::limits::ExecutionLimits,
) -> Result<String, toolsh_command::limits::Interrupt> {
    let chars: Vec<char> = format.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if c != '%' {
            out.push(c);
            continue;
        }
        let start = i;
        while i < chars.len() && "-+ #0'".contains(chars[i]) {
            i += 1;
        }
        let flags: String = chars[start..i].iter().collect();
        let wstart = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let digits: String = chars[wstart..i].iter().collect();
        let width = toolsh_command::numarg::scan_decimal(&digits).map_or(0, |(w, _)| w);
        let width = toolsh_command::numarg::format_width(limits, width)?;
        let mut precision = None;
        if i < chars.len() && chars[i] == '.' {
            i += 1;
            let pstart = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            precision = chars[pstart..i].iter().collect::<String>().parse().ok();
        }
        let Some(&conv) = chars.get(i) else {
            out.push('%');
            out.push_str(&flags);
            break;
        };
        i += 1;
        if conv == '%' {
            out.push('%');
            continue;
        }
        // %Hd / %Ld: major and minor device numbers.
        if (conv == 'H' || conv == 'L') && chars.get(i).is_some_and(|c| *c == 'd' || *c == 'r') {
            i += 1;
        }
        let Some((mut text, numeric)) = directive(conv, s) else {
            out.push('?');
            continue;
        };
        if let Some(p) = precision
            && !numeric
        {
            text = text.chars().take(p).collect();
        }
        let len = text.chars().count();
        if len < width {
            let pad = width - len;
            if flags.contains('-') {
                text.push_str(&" ".repeat(pad));
            } else if flags.contains('0') && numeric {
                text = format!("{}{text}", "0".repeat(pad));
            } else {
                text = format!("{}{text}", " ".repeat(pad));
            }
        }
        out.push_str(&text);
    }
    Ok(out)
}

/// `--printf` backslash escapes (the shared decoder's `stat` dialect),
/// with a `warning: unrecognized escape '\\X'` line for each unknown one.
fn unescape(format: &str) -> (String, Vec<String>) {
    use toolsh_command::escape::{Dialect, decode};
    let src = format.as_bytes();
    let mut out = Vec::with_capacity(src.len());
    let mut warnings = Vec::new();
    let mut i = 0;
    while let Some(at) = src[i..].iter().position(|&b| b == b'\\') {
        out.extend_from_slice(&src[i..i + at]);
        i += at + 1;
        let d = decode(&src[i..], Dialect::Stat, false, &mut out);
        if d.warning.is_some() {
            let what = String::from_utf8_lossy(&src[i..i + d.consumed]);
            warnings.push(format!("warning: unrecognized escape '\\{what}'"));
        }
        i += d.consumed;
    }
    out.extend_from_slice(&src[i..]);
    (String::from_utf8_lossy(&out).into_owned(), warnings)
}

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_with_operands(ctx, &SPEC).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let format = if let Some(f) = p.last('P') {
        let (text, warnings) = unescape(f);
        for w in warnings {
            ctx.err_msg(&w).await?;
        }
        text
    } else if let Some(f) = p.last('c') {
        format!("{f}\n")
    } else if p.has('t') {
        "%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %W %o\n".to_string()
    } else {
        DEFAULT_FORMAT.to_string()
    };
    let fs = ctx.shell.fs();
    let mut status = 0;
    let mut out = String::new();
    for op in &p.operands {
        ctx.shell.checkpoint()?;
        let abs = ctx.resolve_path(op);
        let meta = if p.has('L') {
            fs.metadata(&abs).await
        } else {
            fs.symlink_metadata(&abs).await
        };
        let meta = match meta {
            Ok(m) => m,
            Err(e) => {
                ctx.err_msg(&format!("cannot statx {}: {e}", quote(op)))
                    .await?;
                status = 1;
                continue;
            }
        };
        let target = if meta.is_symlink() {
            fs.read_link(&abs).await.ok()
        } else {
            None
        };
        let nlink = dir_links(fs.as_ref(), &abs, &meta).await;
        let inode = inode_of(&fs.canonicalize(&abs).await.unwrap_or(abs.clone()));
        let subject = Subject {
            name: op,
            meta: &meta,
            target,
            nlink,
            inode,
        };
        let _ = write!(out, "{}", expand(&format, &subject, ctx.shell.limits())?);
    }
    ctx.out(out.as_bytes()).await?;
    Ok(status)
}

/// Link count as on ext4: 2 plus the subdirectories for a directory.
pub(crate) async fn dir_links(fs: &dyn FileSystem, abs: &str, meta: &Metadata) -> u64 {
    if !meta.is_dir() {
        return 1;
    }
    2 + fs.read_dir(abs).await.map_or(0, |l| {
        l.iter().filter(|e| e.file_type == FileType::Dir).count() as u64
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use std::time::{Duration, UNIX_EPOCH};
    use toolsh_command::fs::FileSystem;

    #[tokio::test]
    async fn formats() {
        let (mut sh, fs) = shell();
        fs.write("/tmp/f", b"hello").await.unwrap();
        fs.set_mtime("/tmp/f", UNIX_EPOCH + Duration::from_secs(1_577_934_245))
            .await
            .unwrap();
        fs.symlink("f", "/tmp/l").await.unwrap();
        let (o, s) = out(&mut sh, &["stat", "-c", "%n %s %a %A %F %Y %y", "f"]).await;
        assert_eq!(s, 0);
        assert_eq!(
            o,
            "f 5 644 -rw-r--r-- regular file 1577934245 2020-01-02 03:04:05.000000000 +0000\n"
        );
        assert_eq!(
            out(&mut sh, &["stat", "-c", "%N|%F", "l"]).await.0,
            "'l' -> 'f'|symbolic link\n"
        );
        assert_eq!(
            out(&mut sh, &["stat", "-L", "-c", "%F", "l"]).await.0,
            "regular file\n"
        );
        assert_eq!(
            out(&mut sh, &["stat", "--printf", "%s\\t%05a|%-4s|\\n", "f"])
                .await
                .0,
            "5\t00644|5   |\n"
        );
        assert_eq!(
            out(&mut sh, &["stat", "-c", "%h %F", "/tmp"]).await.0,
            "2 directory\n"
        );
        assert_eq!(out(&mut sh, &["stat", "nope"]).await.1, 1);
    }
}
