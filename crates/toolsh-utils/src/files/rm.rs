//! `rm`: remove files or directories (GNU coreutils).

use super::common::{
    HasArg, Spec, base_name, join_path, long, missing_operand, parse_or_usage, quote,
};
use super::file_command;
use toolsh_command::fs::{FileSystem, FsError};
use toolsh_command::limits::Interrupt;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `rm [-r] [-f] [-d] [-v] FILE...`.
    Rm,
    "rm"
);

const SPEC: Spec = Spec {
    short: "rRfdvi",
    long: &[
        long("recursive", HasArg::No, 'r'),
        long("force", HasArg::No, 'f'),
        long("dir", HasArg::No, 'd'),
        long("verbose", HasArg::No, 'v'),
        long("no-preserve-root", HasArg::No, 'N'),
        long("preserve-root", HasArg::Optional, 'P'),
    ],
    stop_at_operand: false,
};

struct Opts {
    recursive: bool,
    force: bool,
    dir: bool,
    verbose: bool,
}

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let opts = Opts {
        recursive: p.has('r') || p.has('R'),
        force: p.has('f'),
        dir: p.has('d'),
        verbose: p.has('v'),
    };
    if p.operands.is_empty() {
        if opts.force {
            return Ok(0);
        }
        missing_operand(ctx).await?;
        return Ok(1);
    }
    let fs = ctx.shell.fs();
    let mut status = 0;
    for op in &p.operands {
        let base = base_name(op);
        if base == "." || base == ".." {
            ctx.err_msg(&format!(
                "refusing to remove '.' or '..' directory: skipping {}",
                quote(op)
            ))
            .await?;
            status = 1;
            continue;
        }
        let abs = ctx.resolve_path(op);
        if abs == "/" && opts.recursive && !p.has('N') {
            ctx.err_msg("it is dangerous to operate recursively on '/'")
                .await?;
            ctx.err_msg("use --no-preserve-root to override this failsafe")
                .await?;
            status = 1;
            continue;
        }
        if !remove(ctx, fs.as_ref(), op, &abs, &opts).await? {
            status = 1;
        }
    }
    Ok(status)
}

/// Remove one operand; `Ok(false)` after printing an error.
async fn remove(
    ctx: &mut UtilityContext<'_>,
    fs: &dyn FileSystem,
    shown: &str,
    abs: &str,
    opts: &Opts,
) -> Result<bool, Interrupt> {
    ctx.shell.checkpoint()?;
    let meta = match fs.symlink_metadata(abs).await {
        Ok(m) => m,
        Err(FsError::NotFound) if opts.force => return Ok(true),
        Err(e) => return fail(ctx, shown, &e).await,
    };
    if !meta.is_dir() {
        return match fs.remove_file(abs).await {
            Ok(()) => {
                if opts.verbose {
                    ctx.out(format!("removed {}\n", quote(shown)).as_bytes())
                        .await?;
                }
                Ok(true)
            }
            Err(e) => fail(ctx, shown, &e).await,
        };
    }
    if opts.recursive {
        let entries = match fs.read_dir(abs).await {
            Ok(e) => e,
            Err(e) => return fail(ctx, shown, &e).await,
        };
        let mut ok = true;
        for e in entries {
            let child_shown = join_path(shown, &e.name);
            let child_abs = join_path(abs, &e.name);
            ok &= Box::pin(remove(ctx, fs, &child_shown, &child_abs, opts)).await?;
        }
        if !ok {
            return Ok(false);
        }
    } else if !opts.dir {
        return fail(ctx, shown, &FsError::IsADirectory).await;
    }
    match fs.remove_dir(abs, false).await {
        Ok(()) => {
            if opts.verbose {
                ctx.out(format!("removed directory {}\n", quote(shown)).as_bytes())
                    .await?;
            }
            Ok(true)
        }
        Err(e) => fail(ctx, shown, &e).await,
    }
}

async fn fail(ctx: &UtilityContext<'_>, shown: &str, e: &FsError) -> Result<bool, Interrupt> {
    ctx.err_msg(&format!("cannot remove {}: {e}", quote(shown)))
        .await?;
    Ok(false)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use toolsh_command::fs::FileSystem;

    #[tokio::test]
    async fn removes_files_and_trees() {
        let (mut sh, fs) = shell();
        fs.create_dir("/tmp/d/e", true).await.unwrap();
        fs.write("/tmp/d/e/f", b"x").await.unwrap();
        fs.write("/tmp/g", b"x").await.unwrap();
        let (o, s) = out(&mut sh, &["rm", "d"]).await;
        assert_eq!(
            (o.as_str(), s),
            ("|rm: cannot remove 'd': Is a directory\n", 1)
        );
        assert_eq!(
            out(&mut sh, &["rm", "-v", "g"]).await,
            ("removed 'g'\n".into(), 0)
        );
        let (o, s) = out(&mut sh, &["rm", "-rv", "d"]).await;
        assert_eq!(
            (o.as_str(), s),
            (
                "removed 'd/e/f'\nremoved directory 'd/e'\nremoved directory 'd'\n",
                0
            )
        );
        assert_eq!(
            out(&mut sh, &["rm", "-f", "nope"]).await,
            (String::new(), 0)
        );
        assert_eq!(out(&mut sh, &["rm", "nope"]).await.1, 1);
        assert_eq!(out(&mut sh, &["rm", "-rf", "/"]).await.1, 1);
        assert!(fs.metadata("/tmp").await.is_ok());
    }
}
