//! `mv`: move (rename) files (GNU coreutils).

use super::common::targets::pairs;
use super::common::{HasArg, Spec, long, parse_or_usage, quote};
use super::file_command;
use toolsh_command::fs::FsError;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `mv [-f] [-n] [-v] [-T] [-t DIR] SRC... DEST`.
    Mv,
    "mv"
);

const SPEC: Spec = Spec {
    short: "fnivTt:u",
    long: &[
        long("force", HasArg::No, 'f'),
        long("no-clobber", HasArg::No, 'n'),
        long("interactive", HasArg::No, 'i'),
        long("verbose", HasArg::No, 'v'),
        long("no-target-directory", HasArg::No, 'T'),
        long("target-directory", HasArg::Yes, 't'),
        long("update", HasArg::Optional, 'u'),
    ],
    stop_at_operand: false,
};

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let list = match pairs(ctx, &p.operands, p.last('t'), p.has('T')).await? {
        Ok(l) => l,
        Err(s) => return Ok(s),
    };
    let fs = ctx.shell.fs();
    let mut status = 0;
    for (src, dst) in list {
        ctx.shell.checkpoint()?;
        let src_abs = ctx.resolve_path(&src);
        let dst_abs = ctx.resolve_path(&dst);
        let meta = match fs.symlink_metadata(&src_abs).await {
            Ok(m) => m,
            Err(e) => {
                ctx.err_msg(&format!("cannot stat {}: {e}", quote(&src)))
                    .await?;
                status = 1;
                continue;
            }
        };
        let dst_meta = fs.symlink_metadata(&dst_abs).await.ok();
        if let Some(dm) = &dst_meta {
            if p.has('n') || (p.has('u') && dm.mtime >= meta.mtime) {
                continue;
            }
            if src_abs == dst_abs {
                ctx.err_msg(&format!(
                    "{} and {} are the same file",
                    quote(&src),
                    quote(&dst)
                ))
                .await?;
                status = 1;
                continue;
            }
        }
        if meta.is_dir() && dst_abs.starts_with(&format!("{src_abs}/")) {
            ctx.err_msg(&format!(
                "cannot move {} to a subdirectory of itself, {}",
                quote(&src),
                quote(&dst)
            ))
            .await?;
            status = 1;
            continue;
        }
        match fs.rename(&src_abs, &dst_abs).await {
            Ok(()) => {
                if p.has('v') {
                    let msg = format!("renamed {} -> {}\n", quote(&src), quote(&dst));
                    ctx.out(msg.as_bytes()).await?;
                }
            }
            Err(e) => {
                let msg = match e {
                    FsError::IsADirectory => format!(
                        "cannot overwrite directory {} with non-directory",
                        quote(&dst)
                    ),
                    FsError::NotADirectory if meta.is_dir() && dst_meta.is_some() => format!(
                        "cannot overwrite non-directory {} with directory {}",
                        quote(&dst),
                        quote(&src)
                    ),
                    e => format!("cannot move {} to {}: {e}", quote(&src), quote(&dst)),
                };
                ctx.err_msg(&msg).await?;
                status = 1;
            }
        }
    }
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use toolsh_command::fs::FileSystem;

    #[tokio::test]
    async fn renames_and_moves_into_dirs() {
        let (mut sh, fs) = shell();
        fs.write("/tmp/a", b"A").await.unwrap();
        fs.create_dir("/tmp/d", false).await.unwrap();
        assert_eq!(
            out(&mut sh, &["mv", "-v", "a", "b"]).await,
            ("renamed 'a' -> 'b'\n".into(), 0)
        );
        assert_eq!(out(&mut sh, &["mv", "b", "d"]).await.1, 0);
        assert_eq!(fs.read("/tmp/d/b").await.unwrap(), b"A");
        let (o, s) = out(&mut sh, &["mv", "d", "d/x"]).await;
        assert_eq!(
            (o.as_str(), s),
            (
                "|mv: cannot move 'd' to a subdirectory of itself, 'd/x'\n",
                1
            )
        );
        assert_eq!(out(&mut sh, &["mv", "nope", "x"]).await.1, 1);
        fs.write("/tmp/c", b"C").await.unwrap();
        assert_eq!(out(&mut sh, &["mv", "-n", "c", "d/b"]).await.1, 0);
        assert_eq!(fs.read("/tmp/d/b").await.unwrap(), b"A");
    }
}
