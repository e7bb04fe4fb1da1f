//! `tree`: list directory contents as an indented tree (`tree` 2.1 in
//! the C locale: ASCII connectors, byte-order sorting).

use std::fmt::Write as _;

use super::common::{HasArg, Spec, join_path, long, parse_or_usage, usage_error};
use super::file_command;
use toolsh_command::fs::{FileSystem, FileType};
use toolsh_command::limits::Interrupt;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `tree [-a] [-d] [-L LEVEL] [-f] [-i] [-F] [--noreport] [DIR...]`.
    Tree,
    "tree"
);

const SPEC: Spec = Spec {
    short: "adL:fiF",
    long: &[
        long("noreport", HasArg::No, 'N'),
        long("dirsfirst", HasArg::No, 'D'),
    ],
    stop_at_operand: false,
};

struct Opts {
    all: bool,
    dirs_only: bool,
    max_level: Option<usize>,
    full_path: bool,
    no_indent: bool,
    classify: bool,
    dirs_first: bool,
}

#[derive(Default)]
struct Counts {
    dirs: u64,
    files: u64,
}

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 2).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let max_level = match p.last('L') {
        None => None,
        Some(l) => match l.parse::<usize>() {
            Ok(n) if n > 0 => Some(n),
            _ => {
                usage_error(ctx, "Invalid level, must be greater than 0.").await?;
                return Ok(1);
            }
        },
    };
    let opts = Opts {
        all: p.has('a'),
        dirs_only: p.has('d'),
        max_level,
        full_path: p.has('f'),
        no_indent: p.has('i'),
        classify: p.has('F'),
        dirs_first: p.has('D'),
    };
    let roots = if p.operands.is_empty() {
        vec![".".to_string()]
    } else {
        p.operands.clone()
    };
    let fs = ctx.shell.fs();
    let mut counts = Counts::default();
    let mut out = String::new();
    let mut status = 0;
    for root in &roots {
        let abs = ctx.resolve_path(root);
        let is_dir = fs.metadata(&abs).await.is_ok_and(|m| m.is_dir());
        if !is_dir {
            let _ = writeln!(out, "{root}  [error opening dir]");
            if fs.metadata(&abs).await.is_ok() {
                counts.files += 1;
            }
            status = 2;
            continue;
        }
        let shown = if opts.classify && !root.ends_with('/') {
            format!("{root}/")
        } else {
            root.clone()
        };
        out.push_str(&shown);
        out.push('\n');
        let before = counts.dirs + counts.files;
        walk(
            ctx,
            fs.as_ref(),
            root,
            &abs,
            "",
            1,
            &opts,
            &mut counts,
            &mut out,
        )
        .await?;
        if counts.dirs + counts.files > before {
            counts.dirs += 1; // tree counts a root that has entries
        }
    }
    if !p.has('N') {
        let d = if counts.dirs == 1 {
            "directory"
        } else {
            "directories"
        };
        if opts.dirs_only {
            let _ = write!(out, "\n{} {d}\n", counts.dirs);
        } else {
            let f = if counts.files == 1 { "file" } else { "files" };
            let _ = write!(out, "\n{} {d}, {} {f}\n", counts.dirs, counts.files);
        }
    }
    ctx.out(out.as_bytes()).await?;
    Ok(status)
}

#[allow(clippy::too_many_arguments)]
async fn walk(
    ctx: &mut UtilityContext<'_>,
    fs: &dyn FileSystem,
    shown: &str,
    abs: &str,
    prefix: &str,
    level: usize,
    opts: &Opts,
    counts: &mut Counts,
    out: &mut String,
) -> Result<(), Interrupt> {
    ctx.shell.checkpoint()?;
    if opts.max_level.is_some_and(|m| level > m) {
        return Ok(());
    }
    let Ok(list) = fs.read_dir(abs).await else {
        return Ok(());
    };
    let mut items = Vec::new();
    for e in list {
        if !opts.all && e.name.starts_with('.') {
            continue;
        }
        let child_abs = join_path(abs, &e.name);
        let target_is_dir = match e.file_type {
            FileType::Dir => true,
            FileType::Symlink => fs.metadata(&child_abs).await.is_ok_and(|m| m.is_dir()),
            FileType::File | FileType::CharDevice => false,
        };
        if opts.dirs_only && !target_is_dir {
            continue;
        }
        items.push((e, child_abs, target_is_dir));
    }
    if opts.dirs_first {
        items.sort_by_key(|(_, _, d)| !*d);
    }
    let n = items.len();
    for (i, (e, child_abs, is_dir)) in items.into_iter().enumerate() {
        let last = i + 1 == n;
        let connector = if last { "`-- " } else { "|-- " };
        if !opts.no_indent {
            out.push_str(prefix);
            out.push_str(connector);
        }
        let child_shown = join_path(shown, &e.name);
        out.push_str(if opts.full_path {
            &child_shown
        } else {
            &e.name
        });
        let symlink = e.file_type == FileType::Symlink;
        if symlink {
            let target = fs.read_link(&child_abs).await.unwrap_or_default();
            out.push_str(" -> ");
            out.push_str(&target);
        }
        if opts.classify && is_dir {
            out.push('/');
        }
        out.push('\n');
        if is_dir {
            counts.dirs += 1;
        } else {
            counts.files += 1;
        }
        if is_dir && !symlink {
            let sub_prefix = format!("{prefix}{}", if last { "    " } else { "|   " });
            Box::pin(walk(
                ctx,
                fs,
                &child_shown,
                &child_abs,
                &sub_prefix,
                level + 1,
                opts,
                counts,
                out,
            ))
            .await?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use toolsh_command::fs::FileSystem;

    #[tokio::test]
    async fn draws_like_tree_2_1() {
        let (mut sh, fs) = shell();
        fs.create_dir("/tmp/w/a/b", true).await.unwrap();
        fs.create_dir("/tmp/w/d", true).await.unwrap();
        fs.write("/tmp/w/a/b/f", b"").await.unwrap();
        fs.write("/tmp/w/a/x", b"").await.unwrap();
        fs.write("/tmp/w/.h", b"").await.unwrap();
        fs.symlink("a", "/tmp/w/l").await.unwrap();
        sh.cwd = "/tmp/w".into();
        assert_eq!(
            out(&mut sh, &["tree", "a", "d"]).await.0,
            "a\n|-- b\n|   `-- f\n`-- x\nd\n\n2 directories, 2 files\n"
        );
        assert_eq!(
            out(&mut sh, &["tree", "-d"]).await.0,
            ".\n|-- a\n|   `-- b\n|-- d\n`-- l -> a\n\n5 directories\n"
        );
        assert_eq!(
            out(&mut sh, &["tree", "-L", "1", "-F"]).await.0,
            "./\n|-- a/\n|-- d/\n`-- l -> a/\n\n4 directories, 0 files\n"
        );
        assert_eq!(out(&mut sh, &["tree", "nope"]).await.1, 2);
    }
}
