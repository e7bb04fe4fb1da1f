//! `ls`: list directory contents (GNU coreutils), in the format GNU uses
//! when standard output is not a terminal: one name per line, or the
//! long format with `-l`.

use std::fmt::Write as _;

use super::common::time::{full_date, ls_date};
use super::common::{
    HasArg, OWNER, OWNER_ID, Spec, blocks_512, human, join_path, long, mode_string, parse_or_usage,
    quote,
};
use super::file_command;
use toolsh_command::fs::{FileSystem, FileType, Metadata};
use toolsh_command::limits::Interrupt;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `ls [-laA1RtSrhdFpLngo] [--full-time] [FILE...]`.
    Ls,
    "ls"
);

const SPEC: Spec = Spec {
    short: "laA1RtSrhdFpLngoUCc",
    long: &[
        long("all", HasArg::No, 'a'),
        long("almost-all", HasArg::No, 'A'),
        long("recursive", HasArg::No, 'R'),
        long("reverse", HasArg::No, 'r'),
        long("human-readable", HasArg::No, 'h'),
        long("directory", HasArg::No, 'd'),
        long("classify", HasArg::No, 'F'),
        long("dereference", HasArg::No, 'L'),
        long("numeric-uid-gid", HasArg::No, 'n'),
        long("full-time", HasArg::No, 'T'),
        long("color", HasArg::Optional, 'K'),
        long("group-directories-first", HasArg::No, 'G'),
    ],
    stop_at_operand: false,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sort {
    Name,
    Time,
    Size,
    None,
}

struct Opts {
    all: bool,
    almost_all: bool,
    long: bool,
    recursive: bool,
    sort: Sort,
    reverse: bool,
    human: bool,
    directory: bool,
    classify: bool,
    slash: bool,
    deref: bool,
    numeric: bool,
    owner: bool,
    group: bool,
    full_time: bool,
    dirs_first: bool,
}

/// One line of a listing.
struct Entry {
    /// The name printed.
    name: String,
    /// The absolute path.
    path: String,
    meta: Metadata,
    /// The target, for a symlink.
    target: Option<String>,
}

fn options(p: &super::common::Parsed) -> Opts {
    let mut sort = Sort::Name;
    let mut long = false;
    let (mut owner, mut group) = (true, true);
    let mut full_time = false;
    for (k, _) in &p.opts {
        match k {
            't' => sort = Sort::Time,
            'S' => sort = Sort::Size,
            'U' => sort = Sort::None,
            'l' | 'n' => long = true,
            'g' => {
                long = true;
                owner = false;
            }
            'o' => {
                long = true;
                group = false;
            }
            'T' => {
                long = true;
                full_time = true;
            }
            '1' | 'C' => long = false,
            _ => {}
        }
    }
    Opts {
        all: p.has('a'),
        almost_all: p.has('A'),
        long,
        recursive: p.has('R'),
        sort,
        reverse: p.has('r'),
        human: p.has('h'),
        directory: p.has('d'),
        classify: p.has('F'),
        slash: p.has('p'),
        deref: p.has('L'),
        numeric: p.has('n'),
        owner,
        group,
        full_time,
        dirs_first: p.has('G'),
    }
}

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 2).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let opts = options(&p);
    let fs = ctx.shell.fs();
    let operands = if p.operands.is_empty() {
        vec![".".to_string()]
    } else {
        p.operands.clone()
    };
    let mut status = 0;
    let mut files = Vec::new();
    let mut dirs = Vec::new();
    for op in &operands {
        let path = ctx.resolve_path(op);
        let follow = opts.deref || (!opts.long && !opts.directory && !opts.classify);
        let lmeta = match fs.symlink_metadata(&path).await {
            Ok(m) => m,
            Err(e) => {
                ctx.err_msg(&format!("cannot access {}: {e}", quote(op)))
                    .await?;
                status = 2;
                continue;
            }
        };
        let meta = if lmeta.is_symlink() && follow {
            fs.metadata(&path).await.unwrap_or(lmeta)
        } else {
            lmeta
        };
        let target = if meta.is_symlink() {
            fs.read_link(&path).await.ok()
        } else {
            None
        };
        let e = Entry {
            name: op.clone(),
            path,
            meta,
            target,
        };
        if e.meta.is_dir() && !opts.directory {
            dirs.push(e);
        } else {
            files.push(e);
        }
    }
    sort(&mut files, &opts);
    sort(&mut dirs, &opts);
    let mut out = String::new();
    let mut printed = false;
    if !files.is_empty() {
        // GNU sizes the columns over every operand, directories included.
        format_entries(&mut out, fs.as_ref(), &files, &dirs, &opts, ctx.shell.now()).await;
        printed = true;
    }
    let headers = operands.len() > 1 || opts.recursive;
    for d in dirs {
        let ok = list_dir(
            ctx,
            fs.as_ref(),
            &d.name,
            &d.path,
            &opts,
            headers,
            &mut printed,
            &mut out,
        )
        .await?;
        if !ok && status == 0 {
            status = 1;
        }
    }
    ctx.out(out.as_bytes()).await?;
    Ok(status)
}

fn sort(entries: &mut [Entry], opts: &Opts) {
    match opts.sort {
        Sort::None => return,
        Sort::Name => entries.sort_by(|a, b| a.name.as_bytes().cmp(b.name.as_bytes())),
        Sort::Time => entries.sort_by(|a, b| {
            b.meta
                .mtime
                .cmp(&a.meta.mtime)
                .then_with(|| a.name.as_bytes().cmp(b.name.as_bytes()))
        }),
        Sort::Size => entries.sort_by(|a, b| {
            b.meta
                .len
                .cmp(&a.meta.len)
                .then_with(|| a.name.as_bytes().cmp(b.name.as_bytes()))
        }),
    }
    if opts.reverse {
        entries.reverse();
    }
    if opts.dirs_first {
        entries.sort_by_key(|e| !e.meta.is_dir());
    }
}

/// List one directory (and, with `-R`, its subdirectories). `Ok(false)`
/// when something could not be read.
#[allow(clippy::too_many_arguments)]
async fn list_dir(
    ctx: &mut UtilityContext<'_>,
    fs: &dyn FileSystem,
    shown: &str,
    path: &str,
    opts: &Opts,
    header: bool,
    printed: &mut bool,
    out: &mut String,
) -> Result<bool, Interrupt> {
    ctx.shell.checkpoint()?;
    if out.len() > 64 * 1024 {
        ctx.out(out.as_bytes()).await?;
        out.clear();
    }
    let list = match fs.read_dir(path).await {
        Ok(l) => l,
        Err(e) => {
            ctx.err_msg(&format!("cannot open directory {}: {e}", quote(shown)))
                .await?;
            return Ok(false);
        }
    };
    if *printed {
        out.push('\n');
    }
    *printed = true;
    if header {
        out.push_str(shown);
        out.push_str(":\n");
    }
    let mut entries = Vec::new();
    if opts.all {
        for dot in [".", ".."] {
            let p = toolsh_command::fs::normalize_path(path, dot);
            if let Ok(meta) = fs.metadata(&p).await {
                entries.push(Entry {
                    name: dot.to_string(),
                    path: p,
                    meta,
                    target: None,
                });
            }
        }
    }
    for item in list {
        if item.name.starts_with('.') && !opts.all && !opts.almost_all {
            continue;
        }
        let p = join_path(path, &item.name);
        let Ok(lmeta) = fs.symlink_metadata(&p).await else {
            continue;
        };
        let meta = if opts.deref && lmeta.is_symlink() {
            fs.metadata(&p).await.unwrap_or(lmeta)
        } else {
            lmeta
        };
        let target = if meta.is_symlink() {
            fs.read_link(&p).await.ok()
        } else {
            None
        };
        entries.push(Entry {
            name: item.name,
            path: p,
            meta,
            target,
        });
    }
    sort(&mut entries, opts);
    if opts.long {
        let total: u64 = entries.iter().map(|e| blocks_512(&e.meta)).sum::<u64>() / 2;
        let total = if opts.human {
            human(total * 1024)
        } else {
            total.to_string()
        };
        let _ = writeln!(out, "total {total}");
    }
    format_entries(out, fs, &entries, &[], opts, ctx.shell.now()).await;
    let mut ok = true;
    if opts.recursive {
        for e in &entries {
            if e.meta.is_dir() && e.name != "." && e.name != ".." {
                let sub_shown = join_path(shown, &e.name);
                ok &= Box::pin(list_dir(
                    ctx, fs, &sub_shown, &e.path, opts, true, printed, out,
                ))
                .await?;
            }
        }
    }
    Ok(ok)
}

fn indicator(meta: &Metadata, opts: &Opts) -> &'static str {
    match meta.file_type {
        FileType::Dir if opts.classify || opts.slash => "/",
        FileType::Symlink if opts.classify && !opts.long => "@",
        FileType::File if opts.classify && meta.mode & 0o111 != 0 => "*",
        _ => "",
    }
}

/// Directory link count as on ext4: 2 plus one per subdirectory.
async fn nlink(fs: &dyn FileSystem, e: &Entry) -> u64 {
    if !e.meta.is_dir() {
        return 1;
    }
    let subdirs = fs.read_dir(&e.path).await.map_or(0, |l| {
        l.iter().filter(|d| d.file_type == FileType::Dir).count() as u64
    });
    2 + subdirs
}

async fn format_entries(
    out: &mut String,
    fs: &dyn FileSystem,
    entries: &[Entry],
    also_sized: &[Entry],
    opts: &Opts,
    now: std::time::SystemTime,
) {
    if !opts.long {
        for e in entries {
            out.push_str(&e.name);
            out.push_str(indicator(&e.meta, opts));
            out.push('\n');
        }
        return;
    }
    let owner = if opts.numeric {
        OWNER_ID.to_string()
    } else {
        OWNER.to_string()
    };
    let mut rows = Vec::with_capacity(entries.len());
    for e in entries {
        let size = if opts.human {
            human(e.meta.len)
        } else {
            e.meta.len.to_string()
        };
        let date = if opts.full_time {
            full_date(e.meta.mtime)
        } else {
            ls_date(e.meta.mtime, now)
        };
        rows.push((
            mode_string(&e.meta),
            nlink(fs, e).await.to_string(),
            size,
            date,
        ));
    }
    let mut w_link = rows.iter().map(|r| r.1.len()).max().unwrap_or(0);
    let mut w_size = rows.iter().map(|r| r.2.len()).max().unwrap_or(0);
    for e in also_sized {
        w_link = w_link.max(nlink(fs, e).await.to_string().len());
        let size = if opts.human {
            human(e.meta.len)
        } else {
            e.meta.len.to_string()
        };
        w_size = w_size.max(size.len());
    }
    for (e, (mode, links, size, date)) in entries.iter().zip(rows) {
        let _ = write!(out, "{mode} {links:>w_link$} ");
        if opts.owner {
            out.push_str(&owner);
            out.push(' ');
        }
        if opts.group {
            out.push_str(&owner);
            out.push(' ');
        }
        let _ = write!(out, "{size:>w_size$} {date} {}", e.name);
        if let Some(t) = &e.target {
            out.push_str(" -> ");
            out.push_str(t);
        } else {
            out.push_str(indicator(&e.meta, opts));
        }
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use std::time::{Duration, UNIX_EPOCH};
    use toolsh_command::fs::FileSystem;

    #[tokio::test]
    async fn plain_long_recursive() {
        let (mut sh, fs) = shell();
        fs.create_dir("/tmp/d/sub", true).await.unwrap();
        fs.write("/tmp/d/b.txt", b"hello").await.unwrap();
        fs.write("/tmp/d/.hidden", b"").await.unwrap();
        fs.symlink("b.txt", "/tmp/d/l").await.unwrap();
        let t = UNIX_EPOCH + Duration::from_secs(1_577_934_245); // 2020-01-02 03:04:05
        for p in ["/tmp/d/sub", "/tmp/d/b.txt", "/tmp/d/.hidden"] {
            fs.set_mtime(p, t).await.unwrap();
        }
        assert_eq!(
            out(&mut sh, &["ls", "d"]).await,
            ("b.txt\nl\nsub\n".into(), 0)
        );
        assert_eq!(
            out(&mut sh, &["ls", "-A", "d"]).await.0,
            ".hidden\nb.txt\nl\nsub\n"
        );
        let (o, _) = out(&mut sh, &["ls", "-l", "d/b.txt", "d/sub"]).await;
        assert_eq!(
            o,
            "-rw-r--r-- 1 user user    5 Jan  2  2020 d/b.txt\n\nd/sub:\ntotal 0\n"
        );
        let (o, _) = out(&mut sh, &["ls", "-R", "d"]).await;
        assert_eq!(o, "d:\nb.txt\nl\nsub\n\nd/sub:\n");
        let (o, s) = out(&mut sh, &["ls", "nope"]).await;
        assert_eq!(
            (o.as_str(), s),
            ("|ls: cannot access 'nope': No such file or directory\n", 2)
        );
        assert_eq!(out(&mut sh, &["ls", "-d", "d", "-F"]).await.0, "d/\n");
        assert_eq!(
            out(&mut sh, &["ls", "-S", "-r", "d"]).await.0,
            "l\nb.txt\nsub\n"
        );
    }
}
