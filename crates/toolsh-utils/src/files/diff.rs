//! `diff`: compare files line by line (GNU diffutils 3.8): the normal
//! format, unified (`-u`, `-U N`), brief (`-q`), recursive (`-r`), and the
//! `-i`/`-w`/`-b`/`-B` comparison relaxations. The line matching is the
//! `similar` crate's Myers diff.

use std::fmt::Write as _;

use similar::{Algorithm, DiffOp, capture_diff_slices};

use super::common::time::full_date;
use super::common::{HasArg, Spec, base_name, join_path, long, parse_or_usage, usage_error};
use super::file_command;
use toolsh_command::fs::FileSystem;
use toolsh_command::limits::Interrupt;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `diff [-u|-U N] [-q] [-s] [-r] [-N] [-i] [-w] [-b] [-B] [--label L] FILE1 FILE2`.
    Diff,
    "diff"
);

const SPEC: Spec = Spec {
    short: "uU:qsrNiwbBaTc",
    long: &[
        long("unified", HasArg::Optional, 'U'),
        long("brief", HasArg::No, 'q'),
        long("report-identical-files", HasArg::No, 's'),
        long("recursive", HasArg::No, 'r'),
        long("new-file", HasArg::No, 'N'),
        long("ignore-case", HasArg::No, 'i'),
        long("ignore-all-space", HasArg::No, 'w'),
        long("ignore-space-change", HasArg::No, 'b'),
        long("ignore-blank-lines", HasArg::No, 'B'),
        long("text", HasArg::No, 'a'),
        long("label", HasArg::Yes, 'L'),
    ],
    stop_at_operand: false,
};

struct Opts {
    /// Context lines for the unified format; `None` for the normal format.
    unified: Option<usize>,
    brief: bool,
    report_same: bool,
    recursive: bool,
    new_file: bool,
    ignore_case: bool,
    ignore_all_space: bool,
    ignore_space_change: bool,
    ignore_blank: bool,
    text: bool,
    labels: Vec<String>,
    /// The option words as typed, for `diff -r`'s per-file header.
    switches: String,
}

/// One side of a comparison.
struct Side {
    name: String,
    data: Vec<u8>,
    mtime: Option<std::time::SystemTime>,
}

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 2).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut unified = None;
    for (k, v) in &p.opts {
        match k {
            'u' => unified = Some(3),
            'U' => {
                let Some(n) = v.as_deref().map_or(Some(3), |s| s.parse().ok()) else {
                    usage_error(ctx, "invalid context length").await?;
                    return Ok(2);
                };
                unified = Some(n);
            }
            _ => {}
        }
    }
    let switches: Vec<&str> = ctx.args[1..]
        .iter()
        .filter(|a| a.starts_with('-') && a.len() > 1)
        .map(String::as_str)
        .collect();
    let opts = Opts {
        unified,
        brief: p.has('q'),
        report_same: p.has('s'),
        recursive: p.has('r'),
        new_file: p.has('N'),
        ignore_case: p.has('i'),
        ignore_all_space: p.has('w'),
        ignore_space_change: p.has('b'),
        ignore_blank: p.has('B'),
        text: p.has('a'),
        labels: p
            .opts
            .iter()
            .filter(|(k, _)| *k == 'L')
            .filter_map(|(_, v)| v.clone())
            .collect(),
        switches: switches.join(" "),
    };
    let [a, b] = p.operands.as_slice() else {
        let msg = if p.operands.len() < 2 {
            format!(
                "missing operand after '{}'",
                p.operands.first().map_or("diff", |s| s)
            )
        } else {
            format!("extra operand '{}'", p.operands[2])
        };
        usage_error(ctx, &msg).await?;
        return Ok(2);
    };
    let mut out = String::new();
    let status = compare(ctx, &opts, a, b, true, &mut out).await?;
    ctx.out(out.as_bytes()).await?;
    Ok(status)
}

/// Compare two operands (files or directories); 0 same, 1 different,
/// 2 trouble.
async fn compare(
    ctx: &mut UtilityContext<'_>,
    opts: &Opts,
    a: &str,
    b: &str,
    top: bool,
    out: &mut String,
) -> Result<i32, Interrupt> {
    ctx.shell.checkpoint()?;
    let fs = ctx.shell.fs();
    let (abs_a, abs_b) = (ctx.resolve_path(a), ctx.resolve_path(b));
    let meta_a = if a == "-" {
        None
    } else {
        fs.metadata(&abs_a).await.ok()
    };
    let meta_b = if b == "-" {
        None
    } else {
        fs.metadata(&abs_b).await.ok()
    };
    let dir_a = meta_a
        .as_ref()
        .is_some_and(toolsh_command::fs::Metadata::is_dir);
    let dir_b = meta_b
        .as_ref()
        .is_some_and(toolsh_command::fs::Metadata::is_dir);
    if dir_a && dir_b {
        return compare_dirs(ctx, opts, (a, &abs_a), (b, &abs_b), top, out).await;
    }
    if top && dir_a != dir_b {
        // `diff dir file` compares dir/file's basename with file.
        let (na, nb) = if dir_a {
            (join_path(a, base_name(b)), b.to_string())
        } else {
            (a.to_string(), join_path(b, base_name(a)))
        };
        // No `diff a b` header: GNU prints it only inside directories.
        let dir_again = fs
            .metadata(&ctx.resolve_path(if dir_a { &na } else { &nb }))
            .await
            .is_ok_and(|m| m.is_dir());
        return Box::pin(compare(ctx, opts, &na, &nb, !dir_again, out)).await;
    }
    let side_a = read_side(ctx, fs.as_ref(), a, &abs_a, opts).await?;
    let side_b = read_side(ctx, fs.as_ref(), b, &abs_b, opts).await?;
    let (Some(side_a), Some(side_b)) = (side_a, side_b) else {
        return Ok(2);
    };
    let is_binary = |d: &[u8]| !opts.text && d.contains(&0);
    if is_binary(&side_a.data) || is_binary(&side_b.data) {
        if side_a.data == side_b.data {
            return Ok(0);
        }
        let _ = writeln!(out, "Binary files {a} and {b} differ");
        return Ok(1);
    }
    let changes = changes(&side_a.data, &side_b.data, opts);
    if changes.is_empty() {
        if opts.report_same {
            let _ = writeln!(out, "Files {a} and {b} are identical");
        }
        return Ok(0);
    }
    if opts.brief {
        let _ = writeln!(out, "Files {a} and {b} differ");
        return Ok(1);
    }
    if !top {
        if opts.switches.is_empty() {
            let _ = writeln!(out, "diff {a} {b}");
        } else {
            let _ = writeln!(out, "diff {} {a} {b}", opts.switches);
        }
    }
    let lines_a = split_lines(&side_a.data);
    let lines_b = split_lines(&side_b.data);
    match opts.unified {
        Some(n) => {
            let label = |i: usize, s: &Side| match opts.labels.get(i) {
                Some(l) => l.clone(),
                None => match s.mtime {
                    Some(t) => format!("{}\t{}", s.name, full_date(t)),
                    None => s.name.clone(),
                },
            };
            let _ = writeln!(out, "--- {}", label(0, &side_a));
            let _ = writeln!(out, "+++ {}", label(1, &side_b));
            unified(out, &lines_a, &lines_b, &changes, n);
        }
        None => normal(out, &lines_a, &lines_b, &changes),
    }
    Ok(1)
}

async fn read_side(
    ctx: &mut UtilityContext<'_>,
    fs: &dyn FileSystem,
    name: &str,
    abs: &str,
    opts: &Opts,
) -> Result<Option<Side>, Interrupt> {
    if name == "-" {
        let max = ctx.shell.limits().max_buffer_bytes;
        let data = ctx.stdin.read_to_end(max).await?;
        return Ok(Some(Side {
            name: name.to_string(),
            data,
            mtime: Some(ctx.shell.now()),
        }));
    }
    match fs.read(abs).await {
        Ok(data) => Ok(Some(Side {
            name: name.to_string(),
            data,
            mtime: fs.metadata(abs).await.ok().map(|m| m.mtime),
        })),
        Err(toolsh_command::fs::FsError::NotFound) if opts.new_file => Ok(Some(Side {
            name: name.to_string(),
            data: Vec::new(),
            mtime: Some(std::time::UNIX_EPOCH),
        })),
        Err(e) => {
            ctx.err_msg(&format!("{name}: {e}")).await?;
            Ok(None)
        }
    }
}

async fn compare_dirs(
    ctx: &mut UtilityContext<'_>,
    opts: &Opts,
    (a, abs_a): (&str, &str),
    (b, abs_b): (&str, &str),
    top: bool,
    out: &mut String,
) -> Result<i32, Interrupt> {
    let _ = top;
    let fs = ctx.shell.fs();
    let names_a: Vec<String> = fs
        .read_dir(abs_a)
        .await
        .map(|l| l.into_iter().map(|e| e.name).collect())
        .unwrap_or_default();
    let names_b: Vec<String> = fs
        .read_dir(abs_b)
        .await
        .map(|l| l.into_iter().map(|e| e.name).collect())
        .unwrap_or_default();
    let mut all: Vec<&String> = names_a.iter().chain(names_b.iter()).collect();
    all.sort();
    all.dedup();
    let mut status = 0;
    for name in all {
        let (in_a, in_b) = (names_a.contains(name), names_b.contains(name));
        let (pa, pb) = (join_path(a, name), join_path(b, name));
        if in_a && in_b || opts.new_file {
            let da = fs
                .metadata(&join_path(abs_a, name))
                .await
                .is_ok_and(|m| m.is_dir());
            let db = fs
                .metadata(&join_path(abs_b, name))
                .await
                .is_ok_and(|m| m.is_dir());
            if da && db {
                if opts.recursive {
                    let s = Box::pin(compare(ctx, opts, &pa, &pb, false, out)).await?;
                    status = status.max(s);
                } else {
                    let _ = writeln!(out, "Common subdirectories: {pa} and {pb}");
                }
                continue;
            }
            if da != db && in_a && in_b {
                let kind = |d: bool| if d { "directory" } else { "regular file" };
                let _ = writeln!(
                    out,
                    "File {pa} is a {} while file {pb} is a {}",
                    kind(da),
                    kind(db)
                );
                status = status.max(1);
                continue;
            }
            let s = Box::pin(compare(ctx, opts, &pa, &pb, false, out)).await?;
            status = status.max(s);
        } else {
            let dir = if in_a { a } else { b };
            let _ = writeln!(out, "Only in {dir}: {name}");
            status = status.max(1);
        }
    }
    Ok(status)
}

/// Lines with their terminators.
fn split_lines(data: &[u8]) -> Vec<&[u8]> {
    data.split_inclusive(|b| *b == b'\n').collect()
}

/// The comparison key of a line under the relaxations in force.
fn key(line: &[u8], opts: &Opts) -> Vec<u8> {
    let mut s: Vec<u8> = line.to_vec();
    if opts.ignore_case {
        s.make_ascii_lowercase();
    }
    if opts.ignore_all_space {
        let nl = s.last() == Some(&b'\n');
        s.retain(|b| !b.is_ascii_whitespace());
        if nl {
            s.push(b'\n');
        }
    } else if opts.ignore_space_change {
        let nl = s.last() == Some(&b'\n');
        let mut out = Vec::with_capacity(s.len());
        let mut in_space = false;
        for b in s {
            if b.is_ascii_whitespace() {
                in_space = true;
            } else {
                if in_space && !out.is_empty() {
                    out.push(b' ');
                }
                in_space = false;
                out.push(b);
            }
        }
        if nl {
            out.push(b'\n');
        }
        s = out;
    }
    s
}

/// A change: old lines `o1..o2` replaced by new lines `n1..n2`.
#[derive(Debug, Clone, Copy)]
struct Change {
    o1: usize,
    o2: usize,
    n1: usize,
    n2: usize,
}

fn changes(a: &[u8], b: &[u8], opts: &Opts) -> Vec<Change> {
    let la = split_lines(a);
    let lb = split_lines(b);
    let ka: Vec<Vec<u8>> = la.iter().map(|l| key(l, opts)).collect();
    let kb: Vec<Vec<u8>> = lb.iter().map(|l| key(l, opts)).collect();
    let ops = capture_diff_slices(Algorithm::Myers, &ka, &kb);
    let mut out: Vec<Change> = Vec::new();
    for op in ops {
        let (o1, o2, n1, n2) = match op {
            DiffOp::Equal { .. } => continue,
            DiffOp::Delete {
                old_index,
                old_len,
                new_index,
            } => (old_index, old_index + old_len, new_index, new_index),
            DiffOp::Insert {
                old_index,
                new_index,
                new_len,
            } => (old_index, old_index, new_index, new_index + new_len),
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => (
                old_index,
                old_index + old_len,
                new_index,
                new_index + new_len,
            ),
        };
        match out.last_mut() {
            Some(c) if c.o2 == o1 && c.n2 == n1 => {
                c.o2 = o2;
                c.n2 = n2;
            }
            _ => out.push(Change { o1, o2, n1, n2 }),
        }
    }
    if opts.ignore_blank {
        let blank = |l: &&[u8]| l.iter().all(u8::is_ascii_whitespace);
        out.retain(|c| !(la[c.o1..c.o2].iter().all(blank) && lb[c.n1..c.n2].iter().all(blank)));
    }
    out
}

fn push_line(out: &mut String, prefix: &str, line: &[u8]) {
    out.push_str(prefix);
    out.push_str(&String::from_utf8_lossy(line));
    if line.last() != Some(&b'\n') {
        out.push_str("\n\\ No newline at end of file\n");
    }
}

fn range(start: usize, end: usize) -> String {
    // 1-based inclusive lines start+1..=end
    if end <= start + 1 {
        (start + 1).to_string()
    } else {
        format!("{},{end}", start + 1)
    }
}

fn normal(out: &mut String, a: &[&[u8]], b: &[&[u8]], changes: &[Change]) {
    for c in changes {
        if c.o1 == c.o2 {
            let _ = writeln!(out, "{}a{}", c.o1, range(c.n1, c.n2));
        } else if c.n1 == c.n2 {
            let _ = writeln!(out, "{}d{}", range(c.o1, c.o2), c.n1);
        } else {
            let _ = writeln!(out, "{}c{}", range(c.o1, c.o2), range(c.n1, c.n2));
        }
        for l in &a[c.o1..c.o2] {
            push_line(out, "< ", l);
        }
        if c.o1 != c.o2 && c.n1 != c.n2 {
            out.push_str("---\n");
        }
        for l in &b[c.n1..c.n2] {
            push_line(out, "> ", l);
        }
    }
}

fn hunk_range(start: usize, len: usize) -> String {
    match len {
        0 => format!("{start},0"),
        1 => (start + 1).to_string(),
        _ => format!("{},{len}", start + 1),
    }
}

#[allow(clippy::many_single_char_names)]
fn unified(out: &mut String, a: &[&[u8]], b: &[&[u8]], changes: &[Change], ctx: usize) {
    let mut i = 0;
    while i < changes.len() {
        let mut j = i;
        while j + 1 < changes.len() && changes[j + 1].o1 - changes[j].o2 <= 2 * ctx {
            j += 1;
        }
        let first = changes[i];
        let last = changes[j];
        let start_o = first.o1.saturating_sub(ctx);
        let start_n = first.n1 - (first.o1 - start_o);
        let end_o = (last.o2 + ctx).min(a.len());
        let end_n = (last.n2 + (end_o - last.o2)).min(b.len());
        let _ = writeln!(
            out,
            "@@ -{} +{} @@",
            hunk_range(start_o, end_o - start_o),
            hunk_range(start_n, end_n - start_n)
        );
        let mut o = start_o;
        for c in &changes[i..=j] {
            for l in &a[o..c.o1] {
                push_line(out, " ", l);
            }
            for l in &a[c.o1..c.o2] {
                push_line(out, "-", l);
            }
            for l in &b[c.n1..c.n2] {
                push_line(out, "+", l);
            }
            o = c.o2;
        }
        for l in &a[o..end_o] {
            push_line(out, " ", l);
        }
        i = j + 1;
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use toolsh_command::fs::FileSystem;

    #[tokio::test]
    async fn normal_unified_brief() {
        let (mut sh, fs) = shell();
        fs.write("/tmp/a", b"a\nb\nc\nd\n").await.unwrap();
        fs.write("/tmp/b", b"a\nB\nc\nd\ne\n").await.unwrap();
        assert_eq!(
            out(&mut sh, &["diff", "a", "b"]).await,
            ("2c2\n< b\n---\n> B\n4a5\n> e\n".into(), 1)
        );
        let (o, s) = out(
            &mut sh,
            &["diff", "-u", "--label", "x", "--label", "y", "a", "b"],
        )
        .await;
        assert_eq!(s, 1);
        assert_eq!(o, "--- x\n+++ y\n@@ -1,4 +1,5 @@\n a\n-b\n+B\n c\n d\n+e\n");
        assert_eq!(
            out(&mut sh, &["diff", "-q", "a", "b"]).await,
            ("Files a and b differ\n".into(), 1)
        );
        assert_eq!(out(&mut sh, &["diff", "a", "a"]).await, (String::new(), 0));
        assert_eq!(out(&mut sh, &["diff", "a", "nope"]).await.1, 2);
        fs.write("/tmp/c", b"a\nb").await.unwrap();
        assert_eq!(
            out(&mut sh, &["diff", "a", "c"]).await.0,
            "2,4c2\n< b\n< c\n< d\n---\n> b\n\\ No newline at end of file\n"
        );
    }
}
