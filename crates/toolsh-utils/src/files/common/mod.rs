//! Helpers shared by the file commands: option parsing (over the one
//! parser, [`toolsh_command::getopt`]), GNU quoting of file names in
//! diagnostics, mode strings, block and size arithmetic,
//! dates.

use toolsh_command::fs::{FileType, Metadata};
use toolsh_command::getopt;
use toolsh_command::limits::Interrupt;
use toolsh_command::utility::UtilityContext;

pub(crate) mod canon;
pub(crate) mod digest;
pub(crate) mod mode;
pub(crate) mod targets;
pub(crate) mod time;

pub(crate) use toolsh_command::getopt::{Args as Parsed, HasArg, Spec, long};

/// The owner and group every sandbox file reports (`ls -l`, `stat`).
pub(crate) const OWNER: &str = "user";
/// The numeric id of [`OWNER`].
pub(crate) const OWNER_ID: u32 = 1000;

pub(crate) use toolsh_command::quote::{gnu as quote, gnu_if_needed as quote_if_needed};

/// Parse the command line with `spec`; on a usage error print GNU's two
/// lines (`cmd: invalid option -- 'z'`, `Try 'cmd --help' ...`) and give
/// `Err(status)` with the command's usage status.
pub(crate) async fn parse_or_usage(
    ctx: &UtilityContext<'_>,
    spec: &Spec,
    status: i32,
) -> Result<Result<Parsed, i32>, Interrupt> {
    let parsed = toolsh_command::getopt::parse(spec, &ctx.args[1..]).and_then(|p| {
        // The file commands have no help or version text: `--help` and
        // `--version` are unknown to them.
        match p
            .opts
            .iter()
            .find(|(k, _)| [getopt::HELP, getopt::VERSION].contains(k))
        {
            Some((k, _)) => {
                let name = if *k == getopt::HELP {
                    "help"
                } else {
                    "version"
                };
                Err(getopt::UsageError(format!(
                    "unrecognized option '--{name}'"
                )))
            }
            None => Ok(p),
        }
    });
    match parsed {
        Ok(p) => Ok(Ok(p)),
        Err(getopt::UsageError(msg)) => {
            usage_error(ctx, &msg).await?;
            Ok(Err(status))
        }
    }
}

/// Print `cmd: msg` and GNU's `Try 'cmd --help'` hint.
pub(crate) async fn usage_error(ctx: &UtilityContext<'_>, msg: &str) -> Result<(), Interrupt> {
    ctx.err_msg(msg).await?;
    let hint = format!("Try '{} --help' for more information.\n", ctx.name());
    toolsh_command::utility::write_status(ctx.stderr.write(hint.as_bytes()).await).map(|_| ())
}

/// [`parse_or_usage`] with usage status 1 for a command that needs at
/// least one operand: none is GNU's `cmd: missing operand` and the hint,
/// `Err(1)`.
pub(crate) async fn parse_with_operands(
    ctx: &UtilityContext<'_>,
    spec: &Spec,
) -> Result<Result<Parsed, i32>, Interrupt> {
    let p = match parse_or_usage(ctx, spec, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(Err(s)),
    };
    if p.operands.is_empty() {
        missing_operand(ctx).await?;
        return Ok(Err(1));
    }
    Ok(Ok(p))
}

/// Print `cmd: missing operand` and the hint.
pub(crate) async fn missing_operand(ctx: &UtilityContext<'_>) -> Result<(), Interrupt> {
    usage_error(ctx, "missing operand").await
}

/// `ls -l`'s mode column: `drwxr-xr-x`, with `s`/`S` and `t`/`T` for the
/// set-id and sticky bits.
pub(crate) fn mode_string(meta: &Metadata) -> String {
    let kind = match meta.file_type {
        FileType::Dir => 'd',
        FileType::Symlink => 'l',
        FileType::File => '-',
        FileType::CharDevice => 'c',
    };
    let m = meta.mode;
    let bit = |mask: u32, c: char| if m & mask != 0 { c } else { '-' };
    let special = |x: u32, special: u32, on: char, off: char| match (m & x != 0, m & special != 0) {
        (true, true) => on,
        (false, true) => off,
        (true, false) => 'x',
        (false, false) => '-',
    };
    let mut s = String::with_capacity(10);
    s.push(kind);
    s.push(bit(0o400, 'r'));
    s.push(bit(0o200, 'w'));
    s.push(special(0o100, 0o4000, 's', 'S'));
    s.push(bit(0o040, 'r'));
    s.push(bit(0o020, 'w'));
    s.push(special(0o010, 0o2000, 's', 'S'));
    s.push(bit(0o004, 'r'));
    s.push(bit(0o002, 'w'));
    s.push(special(0o001, 0o1000, 't', 'T'));
    s
}

/// 512-byte blocks a file occupies, as on ext4 with 4 KiB blocks: regular
/// files round up to 4 KiB, a directory takes one block, a symlink none
/// (its target is stored in the inode).
pub(crate) fn blocks_512(meta: &Metadata) -> u64 {
    match meta.file_type {
        FileType::File => meta.len.div_ceil(4096) * 8,
        FileType::Dir => 8,
        FileType::Symlink | FileType::CharDevice => 0,
    }
}

/// GNU's `--human-readable` form (powers of 1024, one decimal below 10,
/// always rounded up): `0`, `512`, `4.0K`, `12K`, `1.5M`.
pub(crate) fn human(bytes: u64) -> String {
    const UNITS: [&str; 8] = ["K", "M", "G", "T", "P", "E", "Z", "Y"];
    if bytes < 1024 {
        return bytes.to_string();
    }
    let mut unit = 0;
    let mut scale: u128 = 1024;
    while u128::from(bytes) >= scale * 1024 && unit + 1 < UNITS.len() {
        scale *= 1024;
        unit += 1;
    }
    let b = u128::from(bytes);
    // tenths, rounded up
    let tenths = (b * 10).div_ceil(scale);
    if tenths < 100 {
        let s = format!("{}.{}{}", tenths / 10, tenths % 10, UNITS[unit]);
        return s;
    }
    let whole = b.div_ceil(scale);
    if whole >= 1024 && unit + 1 < UNITS.len() {
        return format!("1.0{}", UNITS[unit + 1]);
    }
    format!("{whole}{}", UNITS[unit])
}

/// The last component of `path` (`basename` without suffix handling):
/// trailing slashes ignored, `/` for the root.
pub(crate) fn base_name(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() { "" } else { "/" };
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed)
}

/// `dir/name`, without doubling a slash.
pub(crate) fn join_path(dir: &str, name: &str) -> String {
    if dir.ends_with('/') {
        format!("{dir}{name}")
    } else {
        format!("{dir}/{name}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::UNIX_EPOCH;

    fn meta(file_type: FileType, mode: u32, len: u64) -> Metadata {
        Metadata {
            file_type,
            len,
            mode,
            mtime: UNIX_EPOCH,
        }
    }

    #[test]
    fn modes() {
        assert_eq!(mode_string(&meta(FileType::Dir, 0o1777, 0)), "drwxrwxrwt");
        assert_eq!(mode_string(&meta(FileType::File, 0o4644, 0)), "-rwSr--r--");
        assert_eq!(
            mode_string(&meta(FileType::Symlink, 0o777, 0)),
            "lrwxrwxrwx"
        );
    }

    #[test]
    fn human_sizes_match_gnu() {
        let cases = [
            (0, "0"),
            (1023, "1023"),
            (1024, "1.0K"),
            (1025, "1.1K"),
            (10 * 1024, "10K"),
            (10 * 1024 + 1, "11K"),
            (4096, "4.0K"),
            (1_048_576, "1.0M"),
            (1_048_575, "1.0M"),
            (1_572_864, "1.5M"),
        ];
        for (n, s) in cases {
            assert_eq!(human(n), s, "{n}");
        }
    }

    #[test]
    fn quoting_and_names() {
        assert_eq!(quote("a b"), "'a b'");
        assert_eq!(quote("it's"), "\"it's\"");
        assert_eq!(base_name("/a/b/"), "b");
        assert_eq!(base_name("/"), "/");
        assert_eq!(join_path("/", "x"), "/x");
    }
}
