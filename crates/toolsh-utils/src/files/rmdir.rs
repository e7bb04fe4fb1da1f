//! `rmdir`: remove empty directories (GNU coreutils).

use super::common::{HasArg, Spec, long, parse_with_operands, quote};
use super::file_command;
use toolsh_command::fs::FsError;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `rmdir [-p] [-v] [--ignore-fail-on-non-empty] DIR...`.
    Rmdir,
    "rmdir"
);

const SPEC: Spec = Spec {
    short: "pv",
    long: &[
        long("parents", HasArg::No, 'p'),
        long("verbose", HasArg::No, 'v'),
        long("ignore-fail-on-non-empty", HasArg::No, 'I'),
    ],
    stop_at_operand: false,
};

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_with_operands(ctx, &SPEC).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let fs = ctx.shell.fs();
    let mut status = 0;
    for op in &p.operands {
        let mut name = op.trim_end_matches('/').to_string();
        if name.is_empty() {
            name = op.clone();
        }
        let mut parent = false;
        loop {
            ctx.shell.checkpoint()?;
            let abs = ctx.resolve_path(&name);
            let r = match fs.symlink_metadata(&abs).await {
                Ok(m) if !m.is_dir() => Err(FsError::NotADirectory),
                Ok(_) => fs.remove_dir(&abs, false).await,
                Err(e) => Err(e),
            };
            match r {
                Ok(()) => {
                    if p.has('v') {
                        let msg = format!("rmdir: removing directory, {}\n", quote(&name));
                        ctx.out(msg.as_bytes()).await?;
                    }
                }
                Err(FsError::DirectoryNotEmpty) if p.has('I') => break,
                Err(e) => {
                    // GNU names the parents `-p` climbs to as directories.
                    let what = if parent { "directory " } else { "" };
                    ctx.err_msg(&format!("failed to remove {what}{}: {e}", quote(&name)))
                        .await?;
                    status = 1;
                    break;
                }
            }
            if !p.has('p') {
                break;
            }
            match name.rfind('/') {
                Some(i) if i > 0 => name = name[..i].trim_end_matches('/').to_string(),
                _ => break,
            }
            parent = true;
            if name.is_empty() {
                break;
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
    async fn removes_empty_and_parents() {
        let (mut sh, fs) = shell();
        fs.create_dir("/tmp/a/b/c", true).await.unwrap();
        let (o, s) = out(&mut sh, &["rmdir", "a"]).await;
        assert_eq!(
            (o.as_str(), s),
            ("|rmdir: failed to remove 'a': Directory not empty\n", 1)
        );
        assert_eq!(
            out(&mut sh, &["rmdir", "-p", "a/b/c"]).await,
            (String::new(), 0)
        );
        assert!(fs.metadata("/tmp/a").await.is_err());
    }
}
