//! `mktemp`: create a unique temporary file or directory (GNU coreutils).

use super::common::{HasArg, Spec, join_path, long, parse_or_usage, quote, usage_error};
use super::file_command;
use toolsh_command::fs::FsError;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `mktemp [-d] [-u] [-q] [-p DIR | -t] [--suffix=SUFF] [TEMPLATE]`.
    Mktemp,
    "mktemp"
);

const SPEC: Spec = Spec {
    short: "duqp:t",
    long: &[
        long("directory", HasArg::No, 'd'),
        long("dry-run", HasArg::No, 'u'),
        long("quiet", HasArg::No, 'q'),
        long("tmpdir", HasArg::Optional, 'p'),
        long("suffix", HasArg::Yes, 'S'),
    ],
    stop_at_operand: false,
};

const CHARS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    if p.operands.len() > 1 {
        usage_error(ctx, "too many templates").await?;
        return Ok(1);
    }
    let quiet = p.has('q');
    let suffix = p.last('S').unwrap_or("").to_string();
    let tmpdir_env = ctx
        .shell
        .var("TMPDIR")
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "/tmp".to_string());
    let p_dir = p.has('p').then(|| {
        p.last('p')
            .filter(|d| !d.is_empty())
            .map_or(tmpdir_env.clone(), str::to_string)
    });
    let (template, dir) = match p.operands.first() {
        None => (
            "tmp.XXXXXXXXXX".to_string(),
            Some(p_dir.clone().unwrap_or_else(|| tmpdir_env.clone())),
        ),
        Some(t) => {
            let dir = if let Some(d) = &p_dir {
                Some(d.clone())
            } else if p.has('t') {
                Some(tmpdir_env.clone())
            } else {
                None
            };
            (t.clone(), dir)
        }
    };
    let (template, suffix) = if suffix.is_empty() {
        // Trailing X's are the pattern.
        (template, String::new())
    } else if template.ends_with('X') {
        (template, suffix)
    } else {
        if !quiet {
            ctx.err_msg(&format!(
                "with --suffix, template {} must end in X",
                quote(&template)
            ))
            .await?;
        }
        return Ok(1);
    };
    let xs = template.len() - template.trim_end_matches('X').len();
    if xs < 3 {
        if !quiet {
            ctx.err_msg(&format!("too few X's in template {}", quote(&template)))
                .await?;
        }
        return Ok(1);
    }
    let stem = &template[..template.len() - xs];
    let fs = ctx.shell.fs();
    for _ in 0..100 {
        let mut name = stem.to_string();
        for _ in 0..xs {
            name.push(CHARS[(ctx.shell.random_u32() as usize) % CHARS.len()] as char);
        }
        name.push_str(&suffix);
        let shown = match &dir {
            Some(d) => join_path(d, &name),
            None => name,
        };
        let abs = ctx.resolve_path(&shown);
        let r = if p.has('u') {
            match fs.symlink_metadata(&abs).await {
                Ok(_) => Err(FsError::AlreadyExists),
                Err(_) => Ok(()),
            }
        } else if p.has('d') {
            match fs.create_dir(&abs, false).await {
                Ok(()) => fs.set_mode(&abs, 0o700).await,
                Err(e) => Err(e),
            }
        } else {
            match fs.symlink_metadata(&abs).await {
                Ok(_) => Err(FsError::AlreadyExists),
                Err(FsError::NotFound) => match fs.write(&abs, b"").await {
                    Ok(()) => fs.set_mode(&abs, 0o600).await,
                    Err(e) => Err(e),
                },
                Err(e) => Err(e),
            }
        };
        match r {
            Ok(()) => {
                ctx.out(format!("{shown}\n").as_bytes()).await?;
                return Ok(0);
            }
            Err(FsError::AlreadyExists) => {}
            Err(e) => {
                if !quiet {
                    let what = if p.has('d') { "directory" } else { "file" };
                    ctx.err_msg(&format!(
                        "failed to create {what} via template {}: {e}",
                        quote(&template)
                    ))
                    .await?;
                }
                return Ok(1);
            }
        }
    }
    Ok(1)
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use toolsh_command::fs::FileSystem;

    #[tokio::test]
    async fn creates_unique_names() {
        let (mut sh, fs) = shell();
        let (o, s) = out(&mut sh, &["mktemp"]).await;
        assert_eq!(s, 0);
        assert!(o.starts_with("/tmp/tmp.") && o.len() == "/tmp/tmp.XXXXXXXXXX\n".len());
        assert!(fs.metadata(o.trim_end()).await.unwrap().is_file());
        assert_eq!(fs.metadata(o.trim_end()).await.unwrap().mode, 0o600);
        let (o, _) = out(&mut sh, &["mktemp", "-d", "work.XXXX"]).await;
        assert!(
            fs.metadata(&format!("/tmp/{}", o.trim_end()))
                .await
                .unwrap()
                .is_dir()
        );
        assert_eq!(out(&mut sh, &["mktemp", "aXX"]).await.1, 1);
        let (o, _) = out(&mut sh, &["mktemp", "--suffix=.txt", "-t", "rXXX"]).await;
        assert!(o.starts_with("/tmp/r") && o.ends_with(".txt\n"));
    }
}
