//! `find`: search for files in a directory hierarchy (GNU findutils 4.9).
//! Entries are visited in name order (GNU uses the directory's on-disk
//! order). `-exec`/`-execdir`/`-ok` run builtins, functions and tools
//! through the shell, never host programs; `-execdir` runs in the file's
//! directory with `{}` as `./NAME`, one `+` batch per directory.

use std::collections::HashMap;
use std::time::SystemTime;

use super::common::{join_path, quote};
use super::file_command;
use toolsh_command::fs::{FileSystem, FsError, Metadata};
use toolsh_command::io::Input;
use toolsh_command::limits::{Interrupt, LimitKind};
use toolsh_command::utility::{UtilityContext, UtilityResult};

mod parse;
mod printf;

use parse::{Expr, Globals, Perm, Primary};

file_command!(
    /// `find [-H|-L|-P] [PATH...] [EXPRESSION]`.
    Find,
    "find"
);

/// The state of one run.
struct Run<'e> {
    expr: &'e Expr,
    globals: Globals,
    now: SystemTime,
    out: Vec<u8>,
    status: i32,
    quit: bool,
    prune: bool,
    /// `-exec ... {} +` batches: by primary address, (argv, paths, the
    /// directory to run in for `-execdir`).
    batches: HashMap<usize, Batch>,
    /// `-newer` reference times.
    newer: HashMap<String, Option<SystemTime>>,
}

/// One visited file.
struct Visit<'a> {
    shown: &'a str,
    abs: &'a str,
    start: &'a str,
    depth: usize,
    meta: Metadata,
}

/// Paths passed to one batched command before it is run.
const BATCH_MAX: usize = 4096;

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let args: Vec<String> = ctx.args[1..].to_vec();
    let mut i = 0;
    let mut follow = false;
    while let Some(a) = args.get(i) {
        match a.as_str() {
            "-L" => follow = true,
            "-P" | "-H" => follow = a == "-H" && follow,
            _ => break,
        }
        i += 1;
    }
    let mut starts = Vec::new();
    while let Some(a) = args.get(i) {
        if (a.starts_with('-') && a.len() > 1) || a == "(" || a == "!" || a == ")" {
            break;
        }
        starts.push(a.clone());
        i += 1;
    }
    if starts.is_empty() {
        starts.push(".".to_string());
    }
    let max_depth = ctx.shell.limits().max_ast_depth;
    let (expr, mut globals) = match parse::parse(&args[i..], max_depth) {
        Ok(v) => v,
        Err(parse::ParseError::Syntax(msg)) => {
            ctx.err_msg(&msg).await?;
            return Ok(1);
        }
        Err(parse::ParseError::TooDeep) => {
            return Err(Interrupt::limit(LimitKind::AstDepth, max_depth));
        }
    };
    globals.follow |= follow;
    for w in std::mem::take(&mut globals.warnings) {
        ctx.err_msg(&w).await?;
    }
    let print = Expr::Primary(Primary::Print);
    let expr = match expr {
        None => print,
        Some(e) if e.has_action() => e,
        Some(e) => Expr::And(vec![e, print]),
    };
    if expr.has_delete() {
        globals.depth_first = true;
    }
    let mut run = Run {
        expr: &expr,
        globals,
        now: ctx.shell.now(),
        out: Vec::new(),
        status: 0,
        quit: false,
        prune: false,
        batches: HashMap::new(),
        newer: HashMap::new(),
    };
    let fs = ctx.shell.fs();
    for start in &starts {
        if run.quit {
            break;
        }
        let abs = ctx.resolve_path(start);
        let mut ancestors = Vec::new();
        visit(
            ctx,
            fs.as_ref(),
            &mut run,
            start,
            &abs,
            start,
            0,
            &mut ancestors,
        )
        .await?;
    }
    flush(ctx, &mut run).await?;
    let pending: Vec<Batch> = run.batches.drain().map(|(_, v)| v).collect();
    for (argv, paths, dir) in pending {
        if !paths.is_empty() && !run_batch(ctx, argv, paths, dir.as_deref()).await? {
            run.status = 1;
        }
    }
    Ok(run.status)
}

async fn flush(ctx: &UtilityContext<'_>, run: &mut Run<'_>) -> Result<(), Interrupt> {
    if !run.out.is_empty() {
        ctx.out(&run.out).await?;
        run.out.clear();
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
async fn visit(
    ctx: &mut UtilityContext<'_>,
    fs: &dyn FileSystem,
    run: &mut Run<'_>,
    shown: &str,
    abs: &str,
    start: &str,
    depth: usize,
    ancestors: &mut Vec<String>,
) -> Result<(), Interrupt> {
    ctx.shell.checkpoint()?;
    if run.out.len() > 64 * 1024 {
        flush(ctx, run).await?;
    }
    let lmeta = match fs.symlink_metadata(abs).await {
        Ok(m) => m,
        Err(e) => {
            ctx.err_msg(&format!("{}: {e}", quote(shown))).await?;
            run.status = 1;
            return Ok(());
        }
    };
    let meta = if run.globals.follow && lmeta.is_symlink() {
        fs.metadata(abs).await.unwrap_or(lmeta)
    } else {
        lmeta
    };
    let this = Visit {
        shown,
        abs,
        start,
        depth,
        meta,
    };
    let at_min = depth >= run.globals.min_depth;
    run.prune = false;
    if !run.globals.depth_first && at_min {
        eval(ctx, fs, run, run.expr, &this).await?;
    }
    let descend = this.meta.is_dir()
        && !run.prune
        && !run.quit
        && run.globals.max_depth.is_none_or(|m| depth < m);
    if descend {
        let canon = fs
            .canonicalize(abs)
            .await
            .unwrap_or_else(|_| abs.to_string());
        if run.globals.follow && ancestors.contains(&canon) {
            ctx.err_msg(&format!(
                "File system loop detected; {} is part of the same file system loop.",
                quote(shown)
            ))
            .await?;
            run.status = 1;
        } else {
            match fs.read_dir(abs).await {
                Ok(entries) => {
                    ancestors.push(canon);
                    for e in entries {
                        if run.quit {
                            break;
                        }
                        let child_shown = join_path(shown, &e.name);
                        let child_abs = join_path(abs, &e.name);
                        Box::pin(visit(
                            ctx,
                            fs,
                            run,
                            &child_shown,
                            &child_abs,
                            start,
                            depth + 1,
                            ancestors,
                        ))
                        .await?;
                    }
                    ancestors.pop();
                }
                Err(e) => {
                    ctx.err_msg(&format!("{}: {e}", quote(shown))).await?;
                    run.status = 1;
                }
            }
        }
    }
    if run.globals.depth_first && at_min && !run.quit {
        eval(ctx, fs, run, run.expr, &this).await?;
    }
    Ok(())
}

/// One `{} +` batch: the command words, the paths so far, and the
/// directory to run in (`-execdir`).
type Batch = (Vec<String>, Vec<String>, Option<String>);

/// `{}` replaced by `path` in every word.
fn substitute(argv: &[String], path: &str) -> Vec<String> {
    argv.iter().map(|a| a.replace("{}", path)).collect()
}

/// Where `-execdir` runs for the file `shown` (as find prints it), and the
/// name it passes: the file's directory (resolved against the current
/// one) and `./` + its last component, as GNU find does (`.` gives `./.`
/// run in the current directory).
fn execdir_target(ctx: &UtilityContext<'_>, shown: &str) -> (String, String) {
    let trimmed = shown.trim_end_matches('/');
    let (parent, name) = match trimmed.rfind('/') {
        Some(0) => ("/", &trimmed[1..]),
        Some(i) => (&trimmed[..i], &trimmed[i + 1..]),
        None => (".", trimmed),
    };
    if name.is_empty() {
        return ("/".to_string(), "/".to_string());
    }
    (ctx.resolve_path(parent), format!("./{name}"))
}

/// Run `argv` with `{}` already substituted, in `dir` when given.
async fn run_in(
    ctx: &mut UtilityContext<'_>,
    argv: Vec<String>,
    dir: Option<&str>,
) -> Result<i32, Interrupt> {
    match dir {
        Some(d) => {
            ctx.shell
                .run_command_in(d, argv, Input::empty(), ctx.stdout, ctx.stderr)
                .await
        }
        None => {
            ctx.shell
                .run_command(argv, Input::empty(), ctx.stdout, ctx.stderr)
                .await
        }
    }
}

async fn run_batch(
    ctx: &mut UtilityContext<'_>,
    mut argv: Vec<String>,
    paths: Vec<String>,
    dir: Option<&str>,
) -> Result<bool, Interrupt> {
    argv.extend(paths);
    Ok(run_in(ctx, argv, dir).await? == 0)
}

/// Match a `-name` or `-path` pattern under a budget of the shell's
/// `max_pattern_steps` that checks the deadline as it goes.
fn pattern_matches(
    ctx: &mut UtilityContext<'_>,
    pat: &toolsh_command::pattern::Pattern,
    text: &str,
) -> Result<bool, Interrupt> {
    let max = ctx.shell.limits().max_pattern_steps;
    let mut check = || ctx.shell.checkpoint();
    let mut budget = toolsh_command::pattern::Budget::new(max).with_checkpoint(&mut check);
    pat.matches(text, &mut budget)
}

#[allow(clippy::too_many_lines, clippy::many_single_char_names)]
async fn eval(
    ctx: &mut UtilityContext<'_>,
    fs: &dyn FileSystem,
    run: &mut Run<'_>,
    expr: &Expr,
    v: &Visit<'_>,
) -> Result<bool, Interrupt> {
    let p = match expr {
        Expr::And(es) => {
            for (i, e) in es.iter().enumerate() {
                if (i > 0 && run.quit)
                    || !Box::pin(toolsh_command::stack::GrowStack::new(eval(
                        ctx, fs, run, e, v,
                    )))
                    .await?
                {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        Expr::Or(es) => {
            for (i, e) in es.iter().enumerate() {
                if i > 0 && run.quit {
                    return Ok(false);
                }
                if Box::pin(toolsh_command::stack::GrowStack::new(eval(
                    ctx, fs, run, e, v,
                )))
                .await?
                {
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        Expr::Not(e) => {
            return Ok(!Box::pin(toolsh_command::stack::GrowStack::new(eval(
                ctx, fs, run, e, v,
            )))
            .await?);
        }
        Expr::Primary(p) => p,
    };
    let m = &v.meta;
    Ok(match p {
        Primary::Name(pat) => {
            let name = super::common::base_name(v.shown);
            pattern_matches(ctx, pat, if name.is_empty() { v.shown } else { name })?
        }
        Primary::Path(pat) => pattern_matches(ctx, pat, v.shown)?,
        Primary::Type(kinds) => {
            let c = match m.file_type {
                toolsh_command::fs::FileType::File => 'f',
                toolsh_command::fs::FileType::Dir => 'd',
                toolsh_command::fs::FileType::Symlink => 'l',
                toolsh_command::fs::FileType::CharDevice => 'c',
            };
            kinds.contains(&c)
        }
        Primary::Size(cmp, unit) => {
            let units = if *unit == 1 {
                m.len
            } else {
                m.len.div_ceil(*unit)
            };
            cmp.test(units)
        }
        Primary::Empty => {
            if m.is_dir() {
                fs.read_dir(v.abs).await.is_ok_and(|l| l.is_empty())
            } else {
                m.is_file() && m.len == 0
            }
        }
        Primary::Age(cmp, unit) => {
            let age = run
                .now
                .duration_since(m.mtime)
                .map_or(0, |d| d.as_secs() / unit);
            let future = run.now < m.mtime;
            if future {
                matches!(cmp, parse::Cmp::Less(n) if *n > 0)
            } else {
                cmp.test(age)
            }
        }
        Primary::Newer(reference) => {
            if !run.newer.contains_key(reference) {
                let abs = ctx.resolve_path(reference);
                let t = match fs.metadata(&abs).await {
                    Ok(rm) => Some(rm.mtime),
                    Err(e) => {
                        ctx.err_msg(&format!("{}: {e}", quote(reference))).await?;
                        run.status = 1;
                        None
                    }
                };
                run.newer.insert(reference.clone(), t);
            }
            run.newer
                .get(reference)
                .copied()
                .flatten()
                .is_some_and(|t| m.mtime > t)
        }
        Primary::Perm(perm) => match *perm {
            Perm::Exact(bits) => m.mode & 0o7777 == bits,
            Perm::All(bits) => m.mode & bits == bits,
            Perm::Any(bits) => bits == 0 || m.mode & bits != 0,
        },
        Primary::Owner(name) => name == super::common::OWNER || name == "1000",
        Primary::Links(cmp) => cmp.test(super::stat::dir_links(fs, v.abs, m).await),
        Primary::Executable => m.is_dir() || m.mode & 0o111 != 0,
        Primary::Const(b) => *b,
        Primary::Print => {
            run.out.extend_from_slice(v.shown.as_bytes());
            run.out.push(b'\n');
            true
        }
        Primary::Print0 => {
            run.out.extend_from_slice(v.shown.as_bytes());
            run.out.push(0);
            true
        }
        Primary::Printf(fmt) => {
            let link = if m.is_symlink() {
                fs.read_link(v.abs).await.ok()
            } else {
                None
            };
            let target = fs.metadata(v.abs).await.ok();
            let nlink = super::stat::dir_links(fs, v.abs, m).await;
            let node = printf::Node {
                path: v.shown,
                start: v.start,
                depth: v.depth,
                meta: m,
                target_meta: target.as_ref(),
                link: link.as_deref(),
                nlink,
            };
            run.out
                .extend_from_slice(&printf::format(fmt, &node, ctx.shell.limits())?);
            true
        }
        Primary::Exec { argv, batch, dir } => {
            let (run_dir, arg) = if *dir {
                let (d, a) = execdir_target(ctx, v.shown);
                (Some(d), a)
            } else {
                (None, v.shown.to_string())
            };
            if *batch {
                let key = std::ptr::from_ref(p) as usize;
                let entry = run
                    .batches
                    .entry(key)
                    .or_insert_with(|| (argv.clone(), Vec::new(), run_dir.clone()));
                // `-execdir ... +` runs one batch per directory.
                let mut due = Vec::new();
                if entry.2 != run_dir {
                    if !entry.1.is_empty() {
                        due.push((
                            entry.0.clone(),
                            std::mem::take(&mut entry.1),
                            entry.2.clone(),
                        ));
                    }
                    entry.2.clone_from(&run_dir);
                }
                entry.1.push(arg);
                if entry.1.len() >= BATCH_MAX {
                    due.push((
                        entry.0.clone(),
                        std::mem::take(&mut entry.1),
                        entry.2.clone(),
                    ));
                }
                for (argv, paths, d) in due {
                    flush(ctx, run).await?;
                    if !run_batch(ctx, argv, paths, d.as_deref()).await? {
                        run.status = 1;
                    }
                }
                true
            } else {
                flush(ctx, run).await?;
                let words = substitute(argv, &arg);
                run_in(ctx, words, run_dir.as_deref()).await? == 0
            }
        }
        Primary::Ok(argv) => {
            flush(ctx, run).await?;
            let words = substitute(argv, v.shown);
            let prompt = format!("< {} ... {} > ? ", argv[0], v.shown);
            let _ = ctx.stderr.write(prompt.as_bytes()).await;
            let mut answer = Vec::new();
            ctx.stdin.read_line(&mut answer).await;
            if answer.first().is_some_and(|c| *c == b'y' || *c == b'Y') {
                let status = ctx
                    .shell
                    .run_command(words, Input::empty(), ctx.stdout, ctx.stderr)
                    .await?;
                status == 0
            } else {
                false
            }
        }
        Primary::Delete => {
            if v.shown == "." || v.abs == "/" {
                return Ok(true);
            }
            let r = if m.is_dir() {
                fs.remove_dir(v.abs, false).await
            } else {
                fs.remove_file(v.abs).await
            };
            match r {
                Ok(()) | Err(FsError::NotFound) => true,
                Err(e) => {
                    ctx.err_msg(&format!("cannot delete {}: {e}", quote(v.shown)))
                        .await?;
                    run.status = 1;
                    false
                }
            }
        }
        Primary::Prune => {
            run.prune = true;
            true
        }
        Primary::Quit => {
            run.quit = true;
            true
        }
    })
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use toolsh_command::fs::FileSystem;

    #[tokio::test]
    async fn searches_and_acts() {
        let (mut sh, fs) = shell();
        fs.create_dir("/tmp/d/sub", true).await.unwrap();
        fs.write("/tmp/d/a.txt", b"hello").await.unwrap();
        fs.write("/tmp/d/sub/b.txt", b"").await.unwrap();
        fs.write("/tmp/d/sub/c.md", b"x").await.unwrap();
        assert_eq!(
            out(&mut sh, &["find", "d"]).await.0,
            "d\nd/a.txt\nd/sub\nd/sub/b.txt\nd/sub/c.md\n"
        );
        assert_eq!(
            out(&mut sh, &["find", "d", "-name", "*.txt"]).await.0,
            "d/a.txt\nd/sub/b.txt\n"
        );
        assert_eq!(
            out(&mut sh, &["find", "d", "-type", "f", "-empty"]).await.0,
            "d/sub/b.txt\n"
        );
        assert_eq!(
            out(&mut sh, &["find", "d", "-maxdepth", "1", "-type", "d"])
                .await
                .0,
            "d\nd/sub\n"
        );
        assert_eq!(
            out(
                &mut sh,
                &[
                    "find", "d", "(", "-name", "*.md", "-o", "-name", "a*", ")", "-print"
                ]
            )
            .await
            .0,
            "d/a.txt\nd/sub/c.md\n"
        );
        assert_eq!(
            out(
                &mut sh,
                &[
                    "find", "d", "-name", "sub", "-prune", "-o", "-type", "f", "-print"
                ]
            )
            .await
            .0,
            "d/a.txt\n"
        );
        assert_eq!(
            out(
                &mut sh,
                &["find", "d", "-type", "f", "-exec", "basename", "{}", ";"]
            )
            .await
            .0,
            "a.txt\nb.txt\nc.md\n"
        );
        assert_eq!(
            out(
                &mut sh,
                &[
                    "find", "d", "-name", "*.txt", "-exec", "basename", "-a", "{}", "+"
                ]
            )
            .await
            .0,
            "a.txt\nb.txt\n"
        );
        assert_eq!(
            out(
                &mut sh,
                &[
                    "find", "d", "-size", "+0", "-type", "f", "-printf", "%f %s\\n"
                ]
            )
            .await
            .0,
            "a.txt 5\nc.md 1\n"
        );
        assert_eq!(out(&mut sh, &["find", "nope"]).await.1, 1);
        assert_eq!(out(&mut sh, &["find", "d", "-bogus"]).await.1, 1);
        assert_eq!(
            out(&mut sh, &["find", "d", "-name", "*.md", "-delete"]).await,
            (String::new(), 0)
        );
        assert!(fs.metadata("/tmp/d/sub/c.md").await.is_err());
        assert_eq!(
            out(
                &mut sh,
                &["find", "d", "-name", "a.txt", "-quit", "-o", "-print"]
            )
            .await
            .0,
            "d\n"
        );
    }
}
