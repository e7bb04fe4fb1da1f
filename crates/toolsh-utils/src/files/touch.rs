//! `touch`: change file timestamps, creating empty files (GNU coreutils).

use std::time::SystemTime;

use super::common::time::{parse_date, parse_stamp};
use super::common::{HasArg, Spec, long, parse_or_usage, quote, usage_error};
use super::file_command;
use toolsh_command::fs::FsError;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `touch [-c] [-a|-m] [-d DATE | -t STAMP | -r FILE] FILE...`.
    Touch,
    "touch"
);

const SPEC: Spec = Spec {
    short: "acmhd:t:r:",
    long: &[
        long("no-create", HasArg::No, 'c'),
        long("date", HasArg::Yes, 'd'),
        long("reference", HasArg::Yes, 'r'),
        long("no-dereference", HasArg::No, 'h'),
        long("time", HasArg::Yes, 'T'),
    ],
    stop_at_operand: false,
};

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let now = ctx.shell.now();
    let fs = ctx.shell.fs();
    let time: SystemTime = if let Some(d) = p.last('d') {
        if let Some(t) = parse_date(d, now) {
            t
        } else {
            ctx.err_msg(&format!("invalid date format {}", quote(d)))
                .await?;
            return Ok(1);
        }
    } else if let Some(s) = p.last('t') {
        if let Some(t) = parse_stamp(s, now) {
            t
        } else {
            ctx.err_msg(&format!("invalid date format {}", quote(s)))
                .await?;
            return Ok(1);
        }
    } else if let Some(r) = p.last('r') {
        match fs.metadata(&ctx.resolve_path(r)).await {
            Ok(m) => m.mtime,
            Err(e) => {
                ctx.err_msg(&format!("failed to get attributes of {}: {e}", quote(r)))
                    .await?;
                return Ok(1);
            }
        }
    } else {
        now
    };
    if p.operands.is_empty() {
        usage_error(ctx, "missing file operand").await?;
        return Ok(1);
    }
    let only_atime = p.has('a') && !p.has('m');
    let mut status = 0;
    for op in &p.operands {
        ctx.shell.checkpoint()?;
        if op == "-" {
            // GNU: `-` means the file on standard output, which here is a
            // stream, not a file: nothing to touch.
            continue;
        }
        let abs = ctx.resolve_path(op);
        let r = match fs.metadata(&abs).await {
            Ok(_) if only_atime => Ok(()),
            Ok(_) => fs.set_mtime(&abs, time).await,
            Err(FsError::NotFound) if p.has('c') => Ok(()),
            Err(FsError::NotFound) => match fs.append(&abs, b"").await {
                Ok(()) => fs.set_mtime(&abs, time).await,
                Err(e) => Err(e),
            },
            Err(e) => Err(e),
        };
        if let Err(e) = r {
            let msg = if op.ends_with('/') && e == FsError::NotFound {
                format!("setting times of {}: {e}", quote(op))
            } else {
                format!("cannot touch {}: {e}", quote(op))
            };
            ctx.err_msg(&msg).await?;
            status = 1;
        }
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::super::common::time::full_date;
    use super::super::test_util::{out, shell};
    use toolsh_command::fs::FileSystem;

    #[tokio::test]
    async fn creates_and_sets_times() {
        let (mut sh, fs) = shell();
        assert_eq!(
            out(&mut sh, &["touch", "-d", "2020-01-02 03:04:05", "a"])
                .await
                .1,
            0
        );
        let m = fs.metadata("/tmp/a").await.unwrap();
        assert_eq!(full_date(m.mtime), "2020-01-02 03:04:05.000000000 +0000");
        fs.write("/tmp/a", b"keep").await.unwrap();
        assert_eq!(
            out(&mut sh, &["touch", "-t", "200001010000", "a"]).await.1,
            0
        );
        assert_eq!(fs.read("/tmp/a").await.unwrap(), b"keep");
        assert_eq!(out(&mut sh, &["touch", "-c", "none"]).await.1, 0);
        assert!(fs.metadata("/tmp/none").await.is_err());
        let (o, s) = out(&mut sh, &["touch", "x/y"]).await;
        assert_eq!(
            (o.as_str(), s),
            ("|touch: cannot touch 'x/y': No such file or directory\n", 1)
        );
        assert_eq!(out(&mut sh, &["touch", "-d", "garbage", "a"]).await.1, 1);
        assert_eq!(out(&mut sh, &["touch", "-r", "a", "b"]).await.1, 0);
        let b = fs.metadata("/tmp/b").await.unwrap();
        assert_eq!(full_date(b.mtime), "2000-01-01 00:00:00.000000000 +0000");
    }
}
