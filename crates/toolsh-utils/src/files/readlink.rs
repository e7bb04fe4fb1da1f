//! `readlink`: print resolved symbolic links or canonical file names
//! (GNU coreutils).

use super::common::canon::{Canon, canonicalize};
use super::common::{HasArg, Spec, long, parse_with_operands, quote};
use super::file_command;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `readlink [-f|-e|-m] [-n] [-z] [-q|-s|-v] FILE...`.
    Readlink,
    "readlink"
);

const SPEC: Spec = Spec {
    short: "femnqsvz",
    long: &[
        long("canonicalize", HasArg::No, 'f'),
        long("canonicalize-existing", HasArg::No, 'e'),
        long("canonicalize-missing", HasArg::No, 'm'),
        long("no-newline", HasArg::No, 'n'),
        long("quiet", HasArg::No, 'q'),
        long("silent", HasArg::No, 's'),
        long("verbose", HasArg::No, 'v'),
        long("zero", HasArg::No, 'z'),
    ],
    stop_at_operand: false,
};

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_with_operands(ctx, &SPEC).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mode = p.opts.iter().rev().find_map(|(k, _)| match k {
        'f' => Some(Canon::AllButLast),
        'e' => Some(Canon::Existing),
        'm' => Some(Canon::Missing),
        _ => None,
    });
    let verbose = p.opts.iter().rev().find_map(|(k, _)| match k {
        'v' => Some(true),
        'q' | 's' => Some(false),
        _ => None,
    }) == Some(true);
    let fs = ctx.shell.fs();
    let end = if p.has('z') { "\0" } else { "\n" };
    let no_newline = p.has('n') && p.operands.len() == 1;
    let mut status = 0;
    for op in &p.operands {
        let abs = ctx.resolve_path(op);
        let r = match mode {
            Some(m) => canonicalize(fs.as_ref(), &abs, m).await,
            None => fs.read_link(&abs).await,
        };
        match r {
            Ok(s) => {
                let mut line = s;
                if !no_newline {
                    line.push_str(end);
                }
                ctx.out(line.as_bytes()).await?;
            }
            Err(e) => {
                if verbose {
                    ctx.err_msg(&format!("{}: {e}", quote(op))).await?;
                }
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
    async fn links_and_canonical_names() {
        let (mut sh, fs) = shell();
        fs.create_dir("/tmp/d", false).await.unwrap();
        fs.symlink("d", "/tmp/l").await.unwrap();
        fs.symlink("nowhere/x", "/tmp/dang").await.unwrap();
        assert_eq!(out(&mut sh, &["readlink", "l"]).await, ("d\n".into(), 0));
        assert_eq!(out(&mut sh, &["readlink", "d"]).await, (String::new(), 1));
        assert_eq!(
            out(&mut sh, &["readlink", "-f", "l/new"]).await,
            ("/tmp/d/new\n".into(), 0)
        );
        assert_eq!(out(&mut sh, &["readlink", "-e", "l/new"]).await.1, 1);
        assert_eq!(out(&mut sh, &["readlink", "-f", "dang"]).await.1, 1);
        assert_eq!(
            out(&mut sh, &["readlink", "-m", "dang/y"]).await,
            ("/tmp/nowhere/x/y\n".into(), 0)
        );
    }
}
