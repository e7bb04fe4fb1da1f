//! `cp`: copy files and directories (GNU coreutils).

use super::common::mode::UMASK;
use super::common::targets::pairs;
use super::common::{HasArg, Spec, join_path, long, parse_or_usage, quote};
use super::file_command;
use toolsh_command::fs::{FileSystem, FsError};
use toolsh_command::limits::Interrupt;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `cp [-r] [-p] [-a] [-f] [-n] [-v] [-L|-P] [-T] [-t DIR] SRC... DEST`.
    Cp,
    "cp"
);

const SPEC: Spec = Spec {
    short: "rRpafnvLPdTt:ui",
    long: &[
        long("recursive", HasArg::No, 'r'),
        long("archive", HasArg::No, 'a'),
        long("force", HasArg::No, 'f'),
        long("no-clobber", HasArg::No, 'n'),
        long("verbose", HasArg::No, 'v'),
        long("dereference", HasArg::No, 'L'),
        long("no-dereference", HasArg::No, 'P'),
        long("no-target-directory", HasArg::No, 'T'),
        long("target-directory", HasArg::Yes, 't'),
        long("preserve", HasArg::Optional, 'Z'),
        long("update", HasArg::Optional, 'u'),
    ],
    stop_at_operand: false,
};

struct Opts {
    recursive: bool,
    preserve: bool,
    deref: bool,
    no_clobber: bool,
    verbose: bool,
    update: bool,
}

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let recursive = p.has('r') || p.has('R') || p.has('a');
    let deref = p
        .opts
        .iter()
        .rev()
        .find_map(|(k, _)| match k {
            'L' => Some(true),
            'P' | 'd' | 'a' => Some(false),
            _ => None,
        })
        .unwrap_or(!recursive);
    let opts = Opts {
        recursive,
        preserve: p.has('p') || p.has('a') || p.has('Z'),
        deref,
        no_clobber: p.has('n'),
        verbose: p.has('v'),
        update: p.has('u'),
    };
    let list = match pairs(ctx, &p.operands, p.last('t'), p.has('T')).await? {
        Ok(l) => l,
        Err(s) => return Ok(s),
    };
    let fs = ctx.shell.fs();
    let mut status = 0;
    for (src, dst) in list {
        let src_abs = ctx.resolve_path(&src);
        let dst_abs = ctx.resolve_path(&dst);
        if !copy(
            ctx,
            fs.as_ref(),
            (&src, &src_abs),
            (&dst, &dst_abs),
            &opts,
            true,
        )
        .await?
        {
            status = 1;
        }
    }
    Ok(status)
}

async fn fail(ctx: &UtilityContext<'_>, msg: String) -> Result<bool, Interrupt> {
    ctx.err_msg(&msg).await?;
    Ok(false)
}

async fn copy(
    ctx: &mut UtilityContext<'_>,
    fs: &dyn FileSystem,
    (src, src_abs): (&str, &str),
    (dst, dst_abs): (&str, &str),
    opts: &Opts,
    top: bool,
) -> Result<bool, Interrupt> {
    ctx.shell.checkpoint()?;
    let meta = if opts.deref {
        fs.metadata(src_abs).await
    } else {
        fs.symlink_metadata(src_abs).await
    };
    let meta = match meta {
        Ok(m) => m,
        Err(e) => return fail(ctx, format!("cannot stat {}: {e}", quote(src))).await,
    };
    let dst_meta = fs.metadata(dst_abs).await.ok();
    if meta.is_dir() {
        if !opts.recursive {
            let msg = format!("-r not specified; omitting directory {}", quote(src));
            return fail(ctx, msg).await;
        }
        if dst_abs == src_abs || dst_abs.starts_with(&format!("{src_abs}/")) {
            let msg = format!(
                "cannot copy a directory, {}, into itself, {}",
                quote(src),
                quote(dst)
            );
            return fail(ctx, msg).await;
        }
        match &dst_meta {
            Some(m) if !m.is_dir() => {
                let msg = format!(
                    "cannot overwrite non-directory {} with directory {}",
                    quote(dst),
                    quote(src)
                );
                return fail(ctx, msg).await;
            }
            Some(_) => {}
            None => {
                if let Err(e) = fs.create_dir(dst_abs, false).await {
                    let msg = format!("cannot create directory {}: {e}", quote(dst));
                    return fail(ctx, msg).await;
                }
                let _ = fs.set_mode(dst_abs, meta.mode & !UMASK).await;
            }
        }
        if opts.verbose && (top || dst_meta.is_none()) {
            ctx.out(format!("{} -> {}\n", quote(src), quote(dst)).as_bytes())
                .await?;
        }
        let entries = match fs.read_dir(src_abs).await {
            Ok(e) => e,
            Err(e) => return fail(ctx, format!("cannot access {}: {e}", quote(src))).await,
        };
        let mut ok = true;
        for e in entries {
            let s = join_path(src, &e.name);
            let sa = join_path(src_abs, &e.name);
            let d = join_path(dst, &e.name);
            let da = join_path(dst_abs, &e.name);
            ok &= Box::pin(copy(ctx, fs, (&s, &sa), (&d, &da), opts, false)).await?;
        }
        if opts.preserve {
            let _ = fs.set_mode(dst_abs, meta.mode).await;
            let _ = fs.set_mtime(dst_abs, meta.mtime).await;
        }
        return Ok(ok);
    }
    if let Some(m) = &dst_meta {
        if m.is_dir() {
            let msg = format!(
                "cannot overwrite directory {} with non-directory",
                quote(dst)
            );
            return fail(ctx, msg).await;
        }
        let same = match (
            fs.canonicalize(src_abs).await,
            fs.canonicalize(dst_abs).await,
        ) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if same && !meta.is_symlink() {
            let msg = format!("{} and {} are the same file", quote(src), quote(dst));
            return fail(ctx, msg).await;
        }
        if opts.no_clobber || (opts.update && m.mtime >= meta.mtime) {
            return Ok(true);
        }
    }
    let result = if meta.is_symlink() {
        match fs.read_link(src_abs).await {
            Ok(target) => {
                if fs.symlink_metadata(dst_abs).await.is_ok() {
                    let _ = fs.remove_file(dst_abs).await;
                }
                fs.symlink(&target, dst_abs).await
            }
            Err(e) => Err(e),
        }
    } else {
        copy_file(fs, src_abs, dst_abs, dst_meta.is_none(), meta.mode).await
    };
    match result {
        Ok(()) => {
            if opts.preserve && !meta.is_symlink() {
                let _ = fs.set_mode(dst_abs, meta.mode).await;
                let _ = fs.set_mtime(dst_abs, meta.mtime).await;
            }
            if opts.verbose {
                ctx.out(format!("{} -> {}\n", quote(src), quote(dst)).as_bytes())
                    .await?;
            }
            Ok(true)
        }
        Err(FsError::NotFound) if fs.metadata(src_abs).await.is_err() => {
            fail(
                ctx,
                format!("cannot stat {}: No such file or directory", quote(src)),
            )
            .await
        }
        Err(e) => {
            fail(
                ctx,
                format!("cannot create regular file {}: {e}", quote(dst)),
            )
            .await
        }
    }
}

async fn copy_file(
    fs: &dyn FileSystem,
    src: &str,
    dst: &str,
    created: bool,
    mode: u32,
) -> Result<(), FsError> {
    let data = fs.read(src).await?;
    fs.write(dst, &data).await?;
    if created {
        fs.set_mode(dst, mode & !UMASK & 0o777).await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use toolsh_command::fs::FileSystem;

    #[tokio::test]
    async fn files_dirs_and_errors() {
        let (mut sh, fs) = shell();
        fs.write("/tmp/a", b"A").await.unwrap();
        fs.create_dir("/tmp/d/e", true).await.unwrap();
        fs.write("/tmp/d/e/f", b"F").await.unwrap();
        assert_eq!(out(&mut sh, &["cp", "a", "b"]).await, (String::new(), 0));
        assert_eq!(fs.read("/tmp/b").await.unwrap(), b"A");
        assert_eq!(
            out(&mut sh, &["cp", "-v", "a", "d"]).await,
            ("'a' -> 'd/a'\n".into(), 0)
        );
        let (o, s) = out(&mut sh, &["cp", "d", "x"]).await;
        assert_eq!(
            (o.as_str(), s),
            ("|cp: -r not specified; omitting directory 'd'\n", 1)
        );
        assert_eq!(out(&mut sh, &["cp", "-r", "d", "x"]).await.1, 0);
        assert_eq!(fs.read("/tmp/x/e/f").await.unwrap(), b"F");
        assert_eq!(out(&mut sh, &["cp", "-r", "d", "x"]).await.1, 0);
        assert_eq!(fs.read("/tmp/x/d/e/f").await.unwrap(), b"F");
        assert_eq!(out(&mut sh, &["cp", "a", "a"]).await.1, 1);
        assert_eq!(out(&mut sh, &["cp", "-r", "d", "d/e"]).await.1, 1);
        assert_eq!(out(&mut sh, &["cp", "nope", "z"]).await.1, 1);
        assert_eq!(out(&mut sh, &["cp", "a", "b", "nodir"]).await.1, 1);
        fs.set_mode("/tmp/a", 0o600).await.unwrap();
        assert_eq!(out(&mut sh, &["cp", "-p", "a", "p"]).await.1, 0);
        assert_eq!(fs.metadata("/tmp/p").await.unwrap().mode, 0o600);
    }
}
