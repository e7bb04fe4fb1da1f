//! `du`: estimate file space usage (GNU coreutils), with blocks counted
//! as on ext4 (4 KiB per started block of a file, one per directory).

use std::fmt::Write as _;

use super::common::{HasArg, Spec, blocks_512, human, join_path, long, parse_or_usage, quote};
use super::file_command;
use toolsh_command::fs::FileSystem;
use toolsh_command::limits::Interrupt;
use toolsh_command::utility::{UtilityContext, UtilityResult};

file_command!(
    /// `du [-s] [-a] [-c] [-h|-k|-m|-b] [--apparent-size] [-d N] [FILE...]`.
    Du,
    "du"
);

const SPEC: Spec = Spec {
    short: "sachkmbd:xLP",
    long: &[
        long("summarize", HasArg::No, 's'),
        long("all", HasArg::No, 'a'),
        long("total", HasArg::No, 'c'),
        long("human-readable", HasArg::No, 'h'),
        long("bytes", HasArg::No, 'b'),
        long("apparent-size", HasArg::No, 'A'),
        long("max-depth", HasArg::Yes, 'd'),
        long("one-file-system", HasArg::No, 'x'),
        long("dereference", HasArg::No, 'L'),
    ],
    stop_at_operand: false,
};

struct Opts {
    all: bool,
    max_depth: Option<usize>,
    apparent: bool,
    unit: Unit,
}

#[derive(Clone, Copy)]
enum Unit {
    Human,
    Bytes,
    Kilo,
    Mega,
}

impl Opts {
    fn show(&self, bytes: u64) -> String {
        match self.unit {
            Unit::Human => human(bytes),
            Unit::Bytes => bytes.to_string(),
            Unit::Kilo => bytes.div_ceil(1024).to_string(),
            Unit::Mega => bytes.div_ceil(1024 * 1024).to_string(),
        }
    }
}

async fn run(ctx: &mut UtilityContext<'_>) -> UtilityResult {
    let p = match parse_or_usage(ctx, &SPEC, 1).await? {
        Ok(p) => p,
        Err(s) => return Ok(s),
    };
    let mut unit = Unit::Kilo;
    for (k, _) in &p.opts {
        match k {
            'h' => unit = Unit::Human,
            'b' => unit = Unit::Bytes,
            'k' => unit = Unit::Kilo,
            'm' => unit = Unit::Mega,
            _ => {}
        }
    }
    let max_depth = if p.has('s') {
        Some(0)
    } else if let Some(d) = p.last('d') {
        if let Ok(n) = d.parse() {
            Some(n)
        } else {
            ctx.err_msg(&format!("invalid maximum depth {}", quote(d)))
                .await?;
            return Ok(1);
        }
    } else {
        None
    };
    let opts = Opts {
        all: p.has('a'),
        max_depth,
        apparent: p.has('A') || p.has('b'),
        unit,
    };
    let operands = if p.operands.is_empty() {
        vec![".".to_string()]
    } else {
        p.operands.clone()
    };
    let fs = ctx.shell.fs();
    let mut status = 0;
    let mut total = 0;
    let mut out = String::new();
    for op in &operands {
        let abs = ctx.resolve_path(op);
        match walk(ctx, fs.as_ref(), op, &abs, 0, &opts, &mut out).await? {
            Some(n) => total += n,
            None => status = 1,
        }
    }
    if p.has('c') {
        let _ = writeln!(out, "{}\ttotal", opts.show(total));
    }
    ctx.out(out.as_bytes()).await?;
    Ok(status)
}

/// Size of `abs` in bytes (blocks * 512, or apparent); prints lines for
/// what the depth limit and `-a` allow. `None` after an error.
async fn walk(
    ctx: &mut UtilityContext<'_>,
    fs: &dyn FileSystem,
    shown: &str,
    abs: &str,
    depth: usize,
    opts: &Opts,
    out: &mut String,
) -> Result<Option<u64>, Interrupt> {
    ctx.shell.checkpoint()?;
    let meta = match fs.symlink_metadata(abs).await {
        Ok(m) => m,
        Err(e) => {
            ctx.err_msg(&format!("cannot access {}: {e}", quote(shown)))
                .await?;
            return Ok(None);
        }
    };
    let own = if opts.apparent {
        meta.len
    } else {
        blocks_512(&meta) * 512
    };
    let visible = opts.max_depth.is_none_or(|m| depth <= m);
    if !meta.is_dir() {
        if visible && (opts.all || depth == 0) {
            let _ = writeln!(out, "{}\t{shown}", opts.show(own));
        }
        return Ok(Some(own));
    }
    let mut sum = own;
    let mut ok = true;
    if let Ok(entries) = fs.read_dir(abs).await {
        for e in entries {
            let s = join_path(shown, &e.name);
            let a = join_path(abs, &e.name);
            match Box::pin(walk(ctx, fs, &s, &a, depth + 1, opts, out)).await? {
                Some(n) => sum += n,
                None => ok = false,
            }
        }
    }
    if visible {
        let _ = writeln!(out, "{}\t{shown}", opts.show(sum));
    }
    Ok(if ok { Some(sum) } else { None })
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use toolsh_command::fs::FileSystem;

    #[tokio::test]
    async fn sizes() {
        let (mut sh, fs) = shell();
        fs.create_dir("/tmp/d/s", true).await.unwrap();
        fs.write("/tmp/d/a", &[b'x'; 5000]).await.unwrap();
        fs.write("/tmp/d/s/b", b"x").await.unwrap();
        assert_eq!(out(&mut sh, &["du", "d"]).await.0, "8\td/s\n20\td\n");
        assert_eq!(out(&mut sh, &["du", "-s", "d"]).await.0, "20\td\n");
        assert_eq!(out(&mut sh, &["du", "-sh", "d"]).await.0, "20K\td\n");
        assert_eq!(
            out(&mut sh, &["du", "-a", "d"]).await.0,
            "8\td/a\n4\td/s/b\n8\td/s\n20\td\n"
        );
        assert_eq!(out(&mut sh, &["du", "-b", "d/a"]).await.0, "5000\td/a\n");
        assert_eq!(
            out(&mut sh, &["du", "-c", "d/a", "d/s"]).await.0,
            "8\td/a\n8\td/s\n16\ttotal\n"
        );
    }
}
