//! `chmod`: change file mode bits (GNU coreutils).

use super::common::mode::apply_mode;
use super::common::{join_path, mode_string, quote, usage_error};
use super::file_command;
use toolsh_command::fs::{FileSystem, Metadata};
use toolsh_command::limits::Interrupt;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `chmod [-R] [-v|-c] [-f] MODE FILE...`; a mode may start with `-`
    /// (`chmod -w f`), as in GNU.
    Chmod,
    "chmod"
);

#[derive(Default)]
struct Opts {
    recursive: bool,
    verbose: bool,
    changes: bool,
    quiet: bool,
}

fn is_mode_like(arg: &str) -> bool {
    arg.len() > 1
        && arg[1..]
            .bytes()
            .all(|b| b"rwxXstugoa+-=,01234567".contains(&b))
}

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let mut opts = Opts::default();
    let mut words = Vec::new();
    let mut mode: Option<String> = None;
    let mut ended = false;
    for a in ctx.args[1..].iter().cloned() {
        if ended || a == "-" || !a.starts_with('-') {
            words.push(a);
            continue;
        }
        if a == "--" {
            ended = true;
            continue;
        }
        match a.as_str() {
            "--recursive" => opts.recursive = true,
            "--verbose" => opts.verbose = true,
            "--changes" => opts.changes = true,
            "--silent" | "--quiet" => opts.quiet = true,
            _ if a.starts_with("--") => {
                usage_error(ctx, &format!("unrecognized option '{a}'")).await?;
                return Ok(1);
            }
            _ if is_mode_like(&a) && mode.is_none() => mode = Some(a),
            _ => {
                for c in a[1..].chars() {
                    match c {
                        'R' => opts.recursive = true,
                        'v' => opts.verbose = true,
                        'c' => opts.changes = true,
                        'f' => opts.quiet = true,
                        _ => {
                            usage_error(ctx, &format!("invalid option -- '{c}'")).await?;
                            return Ok(1);
                        }
                    }
                }
            }
        }
    }
    let mode = match mode {
        Some(m) => m,
        None if words.is_empty() => {
            usage_error(ctx, "missing operand").await?;
            return Ok(1);
        }
        None => words.remove(0),
    };
    if words.is_empty() {
        usage_error(ctx, &format!("missing operand after {}", quote(&mode))).await?;
        return Ok(1);
    }
    if apply_mode(&mode, 0o644, false).is_none() {
        usage_error(ctx, &format!("invalid mode: {}", quote(&mode))).await?;
        return Ok(1);
    }
    let fs = ctx.shell.fs();
    let mut status = 0;
    for op in &words {
        let abs = ctx.resolve_path(op);
        if !change(ctx, fs.as_ref(), op, &abs, &mode, &opts, true).await? {
            status = 1;
        }
    }
    Ok(status)
}

fn describe(m: u32, meta: &Metadata) -> String {
    let shown = Metadata {
        mode: m,
        ..meta.clone()
    };
    format!("{m:04o} ({})", &mode_string(&shown)[1..])
}

async fn change(
    ctx: &mut UtilityContext<'_>,
    fs: &dyn FileSystem,
    shown: &str,
    abs: &str,
    mode: &str,
    opts: &Opts,
    top: bool,
) -> Result<bool, Interrupt> {
    ctx.shell.checkpoint()?;
    if !top
        && let Ok(m) = fs.symlink_metadata(abs).await
        && m.is_symlink()
    {
        return Ok(true); // GNU chmod -R skips symlinks met in the walk
    }
    let meta = match fs.metadata(abs).await {
        Ok(m) => m,
        Err(e) => {
            if !opts.quiet {
                ctx.err_msg(&format!("cannot access {}: {e}", quote(shown)))
                    .await?;
            }
            return Ok(false);
        }
    };
    let new = apply_mode(mode, meta.mode, meta.is_dir()).unwrap_or(meta.mode);
    let mut ok = true;
    if let Err(e) = fs.set_mode(abs, new).await {
        if !opts.quiet {
            ctx.err_msg(&format!("changing permissions of {}: {e}", quote(shown)))
                .await?;
        }
        ok = false;
    } else if opts.verbose || (opts.changes && new != meta.mode) {
        let msg = if new == meta.mode {
            format!(
                "mode of {} retained as {}\n",
                quote(shown),
                describe(new, &meta)
            )
        } else {
            format!(
                "mode of {} changed from {} to {}\n",
                quote(shown),
                describe(meta.mode, &meta),
                describe(new, &meta)
            )
        };
        ctx.out(msg.as_bytes()).await?;
    }
    if opts.recursive
        && meta.is_dir()
        && let Ok(entries) = fs.read_dir(abs).await
    {
        {
            for e in entries {
                let s = join_path(shown, &e.name);
                let a = join_path(abs, &e.name);
                ok &= Box::pin(change(ctx, fs, &s, &a, mode, opts, false)).await?;
            }
        }
    }
    Ok(ok)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use toolsh_command::fs::FileSystem;

    #[tokio::test]
    async fn modes_and_messages() {
        let (mut sh, fs) = shell();
        fs.write("/tmp/f", b"").await.unwrap();
        assert_eq!(out(&mut sh, &["chmod", "-w", "f"]).await.1, 0);
        assert_eq!(fs.metadata("/tmp/f").await.unwrap().mode, 0o444);
        let (o, _) = out(&mut sh, &["chmod", "-v", "755", "f"]).await;
        assert_eq!(
            o,
            "mode of 'f' changed from 0444 (r--r--r--) to 0755 (rwxr-xr-x)\n"
        );
        assert_eq!(out(&mut sh, &["chmod", "999", "f"]).await.1, 1);
        assert_eq!(out(&mut sh, &["chmod", "644", "nope"]).await.1, 1);
        fs.create_dir("/tmp/d/e", true).await.unwrap();
        assert_eq!(out(&mut sh, &["chmod", "-R", "700", "d"]).await.1, 0);
        assert_eq!(fs.metadata("/tmp/d/e").await.unwrap().mode, 0o700);
    }
}
