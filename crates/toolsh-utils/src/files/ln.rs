//! `ln`: make links between files (GNU coreutils). Only symbolic links:
//! the sandbox file system has no hard links.

use super::common::{HasArg, Spec, base_name, join_path, long, parse_or_usage, quote, usage_error};
use super::file_command;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `ln -s [-f] [-n] [-T] [-v] TARGET [LINK]`, `ln -s TARGET... DIR`.
    Ln,
    "ln"
);

const SPEC: Spec = Spec {
    short: "sfnTvt:",
    long: &[
        long("symbolic", HasArg::No, 's'),
        long("force", HasArg::No, 'f'),
        long("no-dereference", HasArg::No, 'n'),
        long("no-target-directory", HasArg::No, 'T'),
        long("target-directory", HasArg::Yes, 't'),
        long("verbose", HasArg::No, 'v'),
    ],
    stop_at_operand: false,
};

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let fs = ctx.shell.fs();
    let mut ops = p.operands.clone();
    if ops.is_empty() {
        usage_error(ctx, "missing file operand").await?;
        return Ok(1);
    }
    // Work out (target, link name) pairs.
    let mut pairs: Vec<(String, String)> = Vec::new();
    let dir = if let Some(t) = p.last('t') {
        Some(t.to_string())
    } else if ops.len() == 1 {
        Some(".".to_string())
    } else if p.has('T') {
        if ops.len() > 2 {
            usage_error(ctx, &format!("extra operand {}", quote(&ops[2]))).await?;
            return Ok(1);
        }
        None
    } else {
        let last = ops.last().cloned().unwrap_or_default();
        let abs = ctx.resolve_path(&last);
        let is_dir = if p.has('n') {
            fs.symlink_metadata(&abs).await.is_ok_and(|m| m.is_dir())
        } else {
            fs.metadata(&abs).await.is_ok_and(|m| m.is_dir())
        };
        if is_dir {
            ops.pop();
            Some(last)
        } else if ops.len() > 2 {
            ctx.err_msg(&format!("target {}: Not a directory", quote(&last)))
                .await?;
            return Ok(1);
        } else {
            None
        }
    };
    match dir {
        Some(d) => {
            for t in &ops {
                let name = if d == "." && p.last('t').is_none() && ops.len() == 1 {
                    base_name(t).to_string()
                } else {
                    join_path(&d, base_name(t))
                };
                pairs.push((t.clone(), name));
            }
        }
        None => pairs.push((ops[0].clone(), ops[1].clone())),
    }
    let mut status = 0;
    for (target, link) in pairs {
        ctx.shell.checkpoint()?;
        let abs = ctx.resolve_path(&link);
        if !p.has('s') {
            ctx.err_msg(&format!(
                "failed to create hard link {} => {}: Operation not permitted",
                quote(&link),
                quote(&target)
            ))
            .await?;
            status = 1;
            continue;
        }
        if p.has('f')
            && let Ok(m) = fs.symlink_metadata(&abs).await
        {
            if m.is_dir() {
                ctx.err_msg(&format!("{}: cannot overwrite directory", quote(&link)))
                    .await?;
                status = 1;
                continue;
            }
            let _ = fs.remove_file(&abs).await;
        }
        match fs.symlink(&target, &abs).await {
            Ok(()) => {
                if p.has('v') {
                    let msg = format!("{} -> {}\n", quote(&link), quote(&target));
                    ctx.out(msg.as_bytes()).await?;
                }
            }
            Err(e) => {
                ctx.err_msg(&format!(
                    "failed to create symbolic link {}: {e}",
                    quote(&link)
                ))
                .await?;
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
    async fn symbolic_links() {
        let (mut sh, fs) = shell();
        fs.write("/tmp/f", b"x").await.unwrap();
        assert_eq!(out(&mut sh, &["ln", "-s", "f", "l"]).await.1, 0);
        assert_eq!(fs.read_link("/tmp/l").await.unwrap(), "f");
        let (o, s) = out(&mut sh, &["ln", "-s", "f", "l"]).await;
        assert_eq!(
            (o.as_str(), s),
            ("|ln: failed to create symbolic link 'l': File exists\n", 1)
        );
        assert_eq!(
            out(&mut sh, &["ln", "-sfv", "g", "l"]).await,
            ("'l' -> 'g'\n".into(), 0)
        );
        fs.create_dir("/tmp/d", false).await.unwrap();
        assert_eq!(out(&mut sh, &["ln", "-s", "/tmp/f", "d"]).await.1, 0);
        assert_eq!(fs.read_link("/tmp/d/f").await.unwrap(), "/tmp/f");
        assert_eq!(out(&mut sh, &["ln", "-s", "/x/y"]).await.1, 0);
        assert_eq!(fs.read_link("/tmp/y").await.unwrap(), "/x/y");
        assert_eq!(out(&mut sh, &["ln", "f", "h"]).await.1, 1);
    }
}
