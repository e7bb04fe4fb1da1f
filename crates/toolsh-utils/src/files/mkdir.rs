//! `mkdir`: make directories (GNU coreutils).

use super::common::mode::{UMASK, apply_mode};
use super::common::{HasArg, Spec, long, parse_with_operands, quote, usage_error};
use super::file_command;
use toolsh_command::fs::FsError;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `mkdir [-p] [-v] [-m MODE] DIR...`.
    Mkdir,
    "mkdir"
);

const SPEC: Spec = Spec {
    short: "pvm:",
    long: &[
        long("parents", HasArg::No, 'p'),
        long("verbose", HasArg::No, 'v'),
        long("mode", HasArg::Yes, 'm'),
    ],
    stop_at_operand: false,
};

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_with_operands(ctx, &SPEC).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let default_mode = 0o777 & !UMASK;
    let mode = match p.last('m') {
        None => None,
        Some(m) => {
            let Some(v) = apply_mode(m, 0o777, true) else {
                usage_error(ctx, &format!("invalid mode {}", quote(m))).await?;
                return Ok(1);
            };
            Some(v)
        }
    };
    let fs = ctx.shell.fs();
    let verbose = p.has('v');
    let mut status = 0;
    for op in &p.operands {
        ctx.shell.checkpoint()?;
        let abs = ctx.resolve_path(op);
        let result = if p.has('p') {
            make_parents(ctx, op, &abs, verbose).await?
        } else {
            match fs.create_dir(&abs, false).await {
                Ok(()) => {
                    if verbose {
                        ctx.out(format!("mkdir: created directory {}\n", quote(op)).as_bytes())
                            .await?;
                    }
                    Ok(())
                }
                Err(e) => Err((op.clone(), e)),
            }
        };
        match result {
            Ok(()) => {
                if let Some(m) = mode
                    && m != default_mode
                    && let Err(e) = fs.set_mode(&abs, m).await
                {
                    ctx.err_msg(&format!("cannot set permissions of {}: {e}", quote(op)))
                        .await?;
                    status = 1;
                }
            }
            Err((name, e)) => {
                ctx.err_msg(&format!("cannot create directory {}: {e}", quote(&name)))
                    .await?;
                status = 1;
            }
        }
    }
    Ok(status)
}

/// `mkdir -p`: create each missing component of `op` in turn, reporting
/// an error against the operand prefix that failed (as GNU does).
async fn make_parents(
    ctx: &mut UtilityContext<'_>,
    op: &str,
    abs: &str,
    verbose: bool,
) -> Result<Result<(), (String, FsError)>, toolsh_command::limits::Interrupt> {
    let fs = ctx.shell.fs();
    // Walk the operand's own prefixes so messages name what the user wrote.
    let mut shown = String::new();
    let parts: Vec<&str> = op.split('/').collect();
    for (i, comp) in parts.iter().enumerate() {
        if i > 0 {
            shown.push('/');
        }
        shown.push_str(comp);
        if comp.is_empty() || *comp == "." || *comp == ".." {
            continue;
        }
        let path = ctx.resolve_path(&shown);
        match fs.metadata(&path).await {
            Ok(m) if m.is_dir() => {}
            Ok(_) => {
                let err = if path == abs {
                    FsError::AlreadyExists
                } else {
                    FsError::NotADirectory
                };
                let name = if path == abs {
                    op.to_string()
                } else {
                    shown.clone()
                };
                return Ok(Err((name, err)));
            }
            Err(FsError::NotFound) => match fs.create_dir(&path, false).await {
                Ok(()) => {
                    if verbose {
                        let msg = format!("mkdir: created directory {}\n", quote(&shown));
                        ctx.out(msg.as_bytes()).await?;
                    }
                }
                Err(e) => return Ok(Err((shown.clone(), e))),
            },
            Err(e) => return Ok(Err((shown.clone(), e))),
        }
    }
    Ok(Ok(()))
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use toolsh_command::fs::FileSystem;

    #[tokio::test]
    async fn creates_with_parents_and_modes() {
        let (mut sh, fs) = shell();
        assert_eq!(out(&mut sh, &["mkdir", "a"]).await.1, 0);
        let (o, s) = out(&mut sh, &["mkdir", "a"]).await;
        assert_eq!(
            (o.as_str(), s),
            ("|mkdir: cannot create directory 'a': File exists\n", 1)
        );
        let (o, s) = out(&mut sh, &["mkdir", "-pv", "a/b/c"]).await;
        assert_eq!(
            (o.as_str(), s),
            (
                "mkdir: created directory 'a/b'\nmkdir: created directory 'a/b/c'\n",
                0
            )
        );
        assert_eq!(out(&mut sh, &["mkdir", "-m", "700", "m"]).await.1, 0);
        assert_eq!(fs.metadata("/tmp/m").await.unwrap().mode, 0o700);
        assert_eq!(out(&mut sh, &["mkdir", "x/y"]).await.1, 1);
        fs.write("/tmp/f", b"").await.unwrap();
        let (o, _) = out(&mut sh, &["mkdir", "-p", "f/x"]).await;
        assert_eq!(o, "|mkdir: cannot create directory 'f': Not a directory\n");
    }
}
