//! `realpath`: print the resolved absolute file name (GNU coreutils).

use super::common::canon::{Canon, canonicalize};
use super::common::{HasArg, Spec, long, parse_with_operands, quote_if_needed};
use super::file_command;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `realpath [-e|-m] [-s] [-q] [-z] FILE...`.
    Realpath,
    "realpath"
);

const SPEC: Spec = Spec {
    short: "emsqzEPL",
    long: &[
        long("canonicalize-existing", HasArg::No, 'e'),
        long("canonicalize-missing", HasArg::No, 'm'),
        long("strip", HasArg::No, 's'),
        long("no-symlinks", HasArg::No, 's'),
        long("quiet", HasArg::No, 'q'),
        long("zero", HasArg::No, 'z'),
    ],
    stop_at_operand: false,
};

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_with_operands(ctx, &SPEC).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mode = p
        .opts
        .iter()
        .rev()
        .find_map(|(k, _)| match k {
            'e' => Some(Canon::Existing),
            'm' => Some(Canon::Missing),
            'E' => Some(Canon::AllButLast),
            _ => None,
        })
        .unwrap_or(Canon::AllButLast);
    let fs = ctx.shell.fs();
    let end = if p.has('z') { "\0" } else { "\n" };
    let mut status = 0;
    for op in &p.operands {
        let abs = ctx.resolve_path(op);
        let r = if p.has('s') {
            Ok(abs.clone())
        } else {
            canonicalize(fs.as_ref(), &abs, mode).await
        };
        match r {
            Ok(s) => ctx.out(format!("{s}{end}").as_bytes()).await.map(drop)?,
            Err(e) => {
                if !p.has('q') {
                    ctx.err_msg(&format!("{}: {e}", quote_if_needed(op)))
                        .await?;
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
    async fn resolves() {
        let (mut sh, fs) = shell();
        fs.create_dir("/tmp/d", false).await.unwrap();
        fs.symlink("/tmp/d", "/tmp/l").await.unwrap();
        assert_eq!(
            out(&mut sh, &["realpath", "l", "."]).await,
            ("/tmp/d\n/tmp\n".into(), 0)
        );
        assert_eq!(
            out(&mut sh, &["realpath", "l/x"]).await,
            ("/tmp/d/x\n".into(), 0)
        );
        assert_eq!(
            out(&mut sh, &["realpath", "-s", "l/x"]).await,
            ("/tmp/l/x\n".into(), 0)
        );
        let (o, s) = out(&mut sh, &["realpath", "a/b"]).await;
        assert_eq!(
            (o.as_str(), s),
            ("|realpath: a/b: No such file or directory\n", 1)
        );
    }
}
