//! `uniq`: report or omit repeated adjacent lines, comparing after
//! skipping fields (`-f`) and characters (`-s`), up to `-w` characters,
//! optionally ignoring case (GNU coreutils manual, "uniq invocation").

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, OpenWording, OutBuf, Source, error, parse_args, usage_error};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `uniq [OPTION]... [INPUT [OUTPUT]]`.
    Uniq,
    "uniq",
    body
);

const SPEC: Spec = Spec {
    short: "cdDf:is:uw:z",
    long: &[
        long("count", HasArg::No, 'c'),
        long("repeated", HasArg::No, 'd'),
        long("all-repeated", HasArg::Optional, 'D'),
        long("group", HasArg::Optional, 'g'),
        long("skip-fields", HasArg::Yes, 'f'),
        long("ignore-case", HasArg::No, 'i'),
        long("skip-chars", HasArg::Yes, 's'),
        long("unique", HasArg::No, 'u'),
        long("check-chars", HasArg::Yes, 'w'),
        long("zero-terminated", HasArg::No, 'z'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: uniq [OPTION]... [INPUT [OUTPUT]]
Filter adjacent matching lines from INPUT (or standard input),
writing to OUTPUT (or standard output).

  -c, --count           prefix lines by the number of occurrences
  -d, --repeated        only print duplicate lines, one for each group
  -D                    print all duplicate lines
      --all-repeated[=METHOD]  like -D, but allow separating groups
                                 with an empty line;
                                 METHOD={none(default),prepend,separate}
  -f, --skip-fields=N   avoid comparing the first N fields
      --group[=METHOD]  show all items, separating groups with an empty line;
                          METHOD={separate(default),prepend,append,both}
  -i, --ignore-case     ignore differences in case when comparing
  -s, --skip-chars=N    avoid comparing the first N characters
  -u, --unique          only print unique lines
  -z, --zero-terminated     line delimiter is NUL, not newline
  -w, --check-chars=N   compare no more than N characters in lines
      --help            display this help and exit
";

#[derive(Default)]
struct Opts {
    count: bool,
    repeated: bool,
    all: Option<String>,
    group: Option<String>,
    unique: bool,
    fields: usize,
    chars: usize,
    width: Option<usize>,
    icase: bool,
}

/// The part of `line` compared: the line after `-f` fields and `-s`
/// bytes, at most `-w` bytes. The field loop ends with the line, never at
/// the count (`-f 99999999999` is one pass).
fn key<'a>(line: &'a [u8], o: &Opts) -> &'a [u8] {
    let mut p = 0;
    for _ in 0..o.fields {
        if p >= line.len() {
            break;
        }
        while p < line.len() && (line[p] == b' ' || line[p] == b'\t') {
            p += 1;
        }
        while p < line.len() && line[p] != b' ' && line[p] != b'\t' {
            p += 1;
        }
    }
    p = p.saturating_add(o.chars).min(line.len());
    let end = o
        .width
        .map_or(line.len(), |w| p.saturating_add(w).min(line.len()));
    &line[p..end]
}

fn same(a: &[u8], b: &[u8], o: &Opts) -> bool {
    let (ka, kb) = (key(a, o), key(b, o));
    if o.icase {
        ka.eq_ignore_ascii_case(kb)
    } else {
        ka == kb
    }
}

/// A `-f`/`-s`/`-w` count: GNU saturates a huge one (it skips or
/// compares everything).
fn number(v: Option<&str>) -> Option<usize> {
    toolsh_command::numarg::scan_decimal(v?).map(|(n, _)| toolsh_command::numarg::to_usize(n))
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let mut o = Opts::default();
    let mut delim = b'\n';
    for (k, v) in &args.opts {
        match k {
            'c' => o.count = true,
            'd' => o.repeated = true,
            'D' => o.all = Some(v.clone().unwrap_or_else(|| "none".into())),
            'g' => o.group = Some(v.clone().unwrap_or_else(|| "separate".into())),
            'u' => o.unique = true,
            'i' => o.icase = true,
            'z' => delim = 0,
            'f' | 's' | 'w' => {
                let Some(n) = number(v.as_deref()) else {
                    let what = match k {
                        'f' => "number of fields to skip",
                        's' => "number of bytes to skip",
                        _ => "number of bytes to compare",
                    };
                    error(
                        ctx,
                        &format!("{}: invalid {what}", v.as_deref().unwrap_or("")),
                    )
                    .await?;
                    return Ok(1);
                };
                match k {
                    'f' => o.fields = n,
                    's' => o.chars = n,
                    _ => o.width = Some(n),
                }
            }
            _ => {}
        }
    }
    for (m, allowed) in [
        (&o.all, &["none", "prepend", "separate"][..]),
        (&o.group, &["separate", "prepend", "append", "both"][..]),
    ] {
        if let Some(m) = m
            && !allowed.contains(&m.as_str())
        {
            usage_error(ctx, &format!("invalid argument '{m}'"), 1).await?;
            return Ok(1);
        }
    }
    if o.group.is_some() && (o.count || o.repeated || o.unique || o.all.is_some()) {
        usage_error(ctx, "--group is mutually exclusive with -c/-d/-D/-u", 1).await?;
        return Ok(1);
    }
    if o.count && o.all.is_some() {
        usage_error(
            ctx,
            "printing all duplicated lines and repeat counts is meaningless",
            1,
        )
        .await?;
        return Ok(1);
    }
    if args.operands.len() > 2 {
        usage_error(ctx, &format!("extra operand '{}'", args.operands[2]), 1).await?;
        return Ok(1);
    }
    let input = args.operands.first().cloned().unwrap_or_else(|| "-".into());
    let Some(mut src) = Source::open_or_report(ctx, &input, OpenWording::Plain, None).await? else {
        return Ok(1);
    };
    let max = ctx.shell.limits().max_buffer_bytes;
    let mut result = Vec::new();
    let stdout = ctx.stdout;
    let to_file = args.operands.get(1).filter(|n| *n != "-").cloned();
    let mut out = OutBuf::new(stdout);
    // Current group: its first line, count, and (for -D/--group) members.
    let mut group: Vec<Vec<u8>> = Vec::new();
    // The members of the current group (`-D`, `--group`: `yes | uniq -D`
    // is one endless group) and the output kept for a file are held
    // against the memory budget.
    let mut held = ctx.shell.memory().reservation();
    let mut held_result = ctx.shell.memory().reservation();
    let mut count: u64 = 0;
    let mut groups_seen = 0u64;
    let keep_members = o.all.is_some() || o.group.is_some();
    loop {
        let mut line = Vec::new();
        let got = src.record(ctx.stdin, delim, &mut line, max).await?;
        ctx.shell.checkpoint()?;
        if got && line.last() == Some(&delim) {
            line.pop();
        }
        let boundary = !got || group.first().is_some_and(|f| !same(f, &line, &o));
        if boundary && count > 0 {
            emit(&o, &group, count, delim, &mut groups_seen, &mut result);
            group.clear();
            held.resize(0)?;
            held_result.resize(result.len())?;
            count = 0;
            if result.len() > 32 * 1024 && to_file.is_none() {
                out.write(&result).await?;
                result.clear();
            }
        }
        if !got {
            break;
        }
        if group.is_empty() || keep_members {
            held.grow(line.len() + std::mem::size_of::<Vec<u8>>() + 32)?;
            group.push(line);
        }
        count += 1;
    }
    if o.group
        .as_deref()
        .is_some_and(|m| m == "append" || m == "both")
        && groups_seen > 0
    {
        result.push(delim);
    }
    if let Some(path) = to_file {
        let abs = ctx.resolve_path(&path);
        if let Err(e) = ctx.shell.fs().write(&abs, &result).await {
            error(ctx, &format!("{path}: {e}")).await?;
            return Ok(1);
        }
        return Ok(0);
    }
    out.write(&result).await?;
    out.flush().await?;
    Ok(0)
}

fn emit(o: &Opts, group: &[Vec<u8>], count: u64, delim: u8, seen: &mut u64, out: &mut Vec<u8>) {
    if let Some(m) = &o.group {
        if *seen > 0 || m == "prepend" || m == "both" {
            out.push(delim);
        }
        *seen += 1;
        for l in group {
            out.extend_from_slice(l);
            out.push(delim);
        }
        return;
    }
    if let Some(m) = &o.all {
        if count < 2 {
            return;
        }
        if m == "prepend" || (m == "separate" && *seen > 0) {
            out.push(delim);
        }
        *seen += 1;
        for l in group {
            out.extend_from_slice(l);
            out.push(delim);
        }
        return;
    }
    if (o.repeated && count < 2) || (o.unique && count > 1) {
        return;
    }
    if o.count {
        out.extend_from_slice(format!("{count:>7} ").as_bytes());
    }
    out.extend_from_slice(&group[0]);
    out.push(delim);
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    async fn run(args: &[&str], input: &str) -> String {
        let mut sh = TestShell::default();
        sh.run(&Uniq, args, input).await.stdout
    }

    #[tokio::test]
    async fn modes() {
        let inp = "a\na\nb\nc\nc\nc\n";
        assert_eq!(run(&["uniq"], inp).await, "a\nb\nc\n");
        assert_eq!(
            run(&["uniq", "-c"], inp).await,
            "      2 a\n      1 b\n      3 c\n"
        );
        assert_eq!(run(&["uniq", "-d"], inp).await, "a\nc\n");
        assert_eq!(run(&["uniq", "-u"], inp).await, "b\n");
        assert_eq!(run(&["uniq", "-D"], inp).await, "a\na\nc\nc\nc\n");
        assert_eq!(run(&["uniq", "-i"], "A\na\n").await, "A\n");
        assert_eq!(run(&["uniq", "-f1"], "x a\ny a\n").await, "x a\n");
    }
}
