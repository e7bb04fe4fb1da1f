//! `xargs`: build command lines from standard input (GNU findutils manual,
//! "xargs invocation"): blank-separated items with quotes and backslashes,
//! `-0`, `-d DELIM`, `-n MAX-ARGS`, `-L MAX-LINES`, `-I REPLACE`, `-r`,
//! `-t`, `-x`, `-s`; the command (default `echo`) runs through the shell
//! (builtins, functions, tools; never host programs) with standard input
//! empty. Status 123 when an invocation exits 1-125, 124 for 255, 127/126
//! as reported.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use crate::builtin::BuiltinContext;
use crate::io::Input;
use crate::utils::cli::{HasArg, Spec, long};
use crate::utils::textio::{Flow, Source, error, parse_args, usage_error, utility};

utility!(
    /// `xargs [OPTION]... [COMMAND [INITIAL-ARGS]...]`.
    Xargs,
    "xargs",
    body
);

const SPEC: Spec = Spec {
    short: "0a:d:E:e::I:i::L:l::n:oP:prs:tx",
    long: &[
        long("null", HasArg::No, '0'),
        long("arg-file", HasArg::Yes, 'a'),
        long("delimiter", HasArg::Yes, 'd'),
        long("replace", HasArg::Optional, 'i'),
        long("max-lines", HasArg::Optional, 'l'),
        long("max-args", HasArg::Yes, 'n'),
        long("max-procs", HasArg::Yes, 'P'),
        long("no-run-if-empty", HasArg::No, 'r'),
        long("max-chars", HasArg::Yes, 's'),
        long("verbose", HasArg::No, 't'),
        long("exit", HasArg::No, 'x'),
        long("open-tty", HasArg::No, 'o'),
        long("interactive", HasArg::No, 'p'),
        long("eof", HasArg::Optional, 'e'),
    ],
    stop_at_operand: true,
};

const HELP: &str = "Usage: xargs [OPTION]... COMMAND [INITIAL-ARGS]...
Run COMMAND with arguments INITIAL-ARGS and more arguments read from input.

  -0, --null                   items are separated by a null, not whitespace
  -a, --arg-file=FILE          read arguments from FILE, not standard input
  -d, --delimiter=CHARACTER    items in input stream are separated by CHARACTER
  -E END                       set logical EOF string
  -I R                         same as --replace=R
  -i, --replace[=R]            replace R in INITIAL-ARGS with names read
                                 from standard input, split at newlines
  -L, --max-lines=MAX-LINES    use at most MAX-LINES non-blank input lines per
                                 command line
  -n, --max-args=MAX-ARGS      use at most MAX-ARGS arguments per command line
  -P, --max-procs=MAX-PROCS    accepted; commands run one at a time
  -r, --no-run-if-empty        if there are no arguments, then do not run COMMAND
  -s, --max-chars=MAX-CHARS    limit length of command line to MAX-CHARS
  -t, --verbose                print commands before executing them
  -x, --exit                   exit if the size (see -s) is exceeded
      --help                   display this help and exit
";

/// Split GNU xargs' default input format into items, grouped by input
/// line (for `-L`). Errors are GNU's messages about unmatched quotes.
fn split_default(data: &[u8], eof: Option<&str>) -> Result<Vec<(String, usize)>, String> {
    let mut items = Vec::new();
    let mut cur = Vec::new();
    let mut have = false;
    let mut quote: Option<u8> = None;
    let mut line = 0usize;
    let mut i = 0;
    let push = |cur: &mut Vec<u8>, items: &mut Vec<(String, usize)>, line: usize| -> bool {
        let s = String::from_utf8_lossy(cur).into_owned();
        cur.clear();
        if eof.is_some_and(|e| e == s) {
            return false;
        }
        items.push((s, line));
        true
    };
    while i < data.len() {
        let c = data[i];
        if let Some(q) = quote {
            if c == q {
                quote = None;
            } else if c == b'\n' {
                let kind = if q == b'\'' { "single" } else { "double" };
                return Err(format!(
                    "unmatched {kind} quote; by default quotes are special to xargs unless you use the -0 option"
                ));
            } else {
                cur.push(c);
            }
            i += 1;
            continue;
        }
        match c {
            b'\'' | b'"' => {
                quote = Some(c);
                have = true;
            }
            b'\\' if i + 1 < data.len() => {
                cur.push(data[i + 1]);
                have = true;
                i += 1;
            }
            b' ' | b'\t' | b'\n' => {
                if have && !push(&mut cur, &mut items, line) {
                    return Ok(items);
                }
                have = false;
                if c == b'\n' {
                    line += 1;
                }
            }
            _ => {
                cur.push(c);
                have = true;
            }
        }
        i += 1;
    }
    if let Some(q) = quote {
        let kind = if q == b'\'' { "single" } else { "double" };
        return Err(format!(
            "unmatched {kind} quote; by default quotes are special to xargs unless you use the -0 option"
        ));
    }
    if have {
        push(&mut cur, &mut items, line);
    }
    Ok(items)
}

async fn body(ctx: &mut BuiltinContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let mut delim: Option<u8> = None;
    let mut max_args: Option<usize> = None;
    let mut max_lines: Option<usize> = None;
    let mut replace: Option<String> = None;
    let mut eof: Option<String> = None;
    let mut arg_file = None;
    for (k, v) in &args.opts {
        match k {
            '0' => delim = Some(0),
            'd' => {
                let v = v.as_deref().unwrap_or("");
                let d = match v {
                    "\\n" => b'\n',
                    "\\t" => b'\t',
                    "\\0" => 0,
                    _ if v.len() == 1 => v.as_bytes()[0],
                    _ => {
                        error(ctx, &format!("invalid input delimiter specification {v}: the delimiter must be either a single character or an escape sequence starting with \\.")).await?;
                        return Ok(1);
                    }
                };
                delim = Some(d);
            }
            'n' | 'L' | 'l' | 's' | 'P' => {
                let v = v.as_deref().unwrap_or("1");
                let Ok(n) = v.parse::<usize>() else {
                    error(ctx, &format!("invalid number \"{v}\" for -{k} option")).await?;
                    return Ok(1);
                };
                if n == 0 && *k != 'P' {
                    error(ctx, &format!("value {v} for -{k} option should be >= 1")).await?;
                    return Ok(1);
                }
                match k {
                    'n' => {
                        max_args = Some(n);
                        max_lines = None;
                    }
                    'L' | 'l' => {
                        max_lines = Some(n);
                        max_args = None;
                    }
                    _ => {}
                }
            }
            'I' | 'i' => {
                replace = Some(v.clone().unwrap_or_else(|| "{}".into()));
                max_lines = Some(1);
            }
            'E' | 'e' => eof.clone_from(v),
            'a' => arg_file.clone_from(v),
            _ => {}
        }
    }
    let no_run_empty = args.has('r');
    let trace = args.has('t');
    let mut command = args.operands.clone();
    if command.is_empty() {
        command.push("echo".into());
    }
    let max = ctx.shell.limits().max_buffer_bytes;
    let src_name = arg_file.unwrap_or_else(|| "-".into());
    let data = match Source::open(ctx, &src_name).await? {
        Ok(mut s) => s.read_all(ctx.stdin, max).await?,
        Err(m) => {
            error(ctx, &format!("cannot open input file {m}")).await?;
            return Ok(1);
        }
    };
    let items: Vec<(String, usize)> = if replace.is_some() && delim.is_none() {
        data.split(|&b| b == b'\n')
            .enumerate()
            .map(|(n, l)| {
                let l = String::from_utf8_lossy(l);
                (l.trim_start_matches([' ', '\t']).to_string(), n)
            })
            .filter(|(l, _)| !l.is_empty())
            .collect()
    } else if let Some(d) = delim {
        let mut v: Vec<(String, usize)> = data
            .split(|&b| b == d)
            .enumerate()
            .map(|(n, s)| (String::from_utf8_lossy(s).into_owned(), n))
            .collect();
        if data.last() == Some(&d) || data.is_empty() {
            v.pop();
        }
        v
    } else {
        match split_default(&data, eof.as_deref()) {
            Ok(v) => v,
            Err(m) => {
                error(ctx, &m).await?;
                return Ok(1);
            }
        }
    };
    // Group the items into invocations.
    let mut batches: Vec<Vec<String>> = Vec::new();
    if let Some(n) = max_lines {
        let mut cur: Vec<String> = Vec::new();
        let mut lines_in = 0;
        let mut last_line = None;
        for (item, line) in items {
            if last_line != Some(line) {
                if lines_in == n {
                    batches.push(std::mem::take(&mut cur));
                    lines_in = 0;
                }
                lines_in += 1;
                last_line = Some(line);
            }
            cur.push(item);
        }
        if !cur.is_empty() {
            batches.push(cur);
        }
    } else {
        let n = max_args.unwrap_or(usize::MAX);
        let all: Vec<String> = items.into_iter().map(|(s, _)| s).collect();
        if !all.is_empty() {
            batches.extend(all.chunks(n.min(all.len()).max(1)).map(<[String]>::to_vec));
        }
    }
    if batches.is_empty() && !no_run_empty && replace.is_none() {
        batches.push(Vec::new());
    }
    let mut status = 0;
    for batch in batches {
        ctx.shell.checkpoint()?;
        let argv: Vec<String> = match &replace {
            Some(r) => {
                let joined = batch.join(" ");
                command
                    .iter()
                    .map(|a| a.replace(r.as_str(), &joined))
                    .collect()
            }
            None => command.iter().cloned().chain(batch).collect(),
        };
        if trace {
            let err = ctx.stderr;
            err.write_str(&format!("{}\n", argv.join(" "))).await.ok();
        }
        let (out, err) = (ctx.stdout, ctx.stderr);
        let st = ctx
            .shell
            .run_command(argv.clone(), Input::empty(), out, err)
            .await?;
        match st {
            0 => {}
            255 => {
                error(
                    ctx,
                    &format!("{}: exited with status 255; aborting", argv[0]),
                )
                .await?;
                return Ok(124);
            }
            126 | 127 => return Ok(st),
            s if s > 128 => {
                error(
                    ctx,
                    &format!("{}: terminated by signal {}", argv[0], s - 128),
                )
                .await?;
                return Ok(125);
            }
            _ => status = 123,
        }
    }
    let _ = usage_error;
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_splitting() {
        let v = split_default(b"a 'b c' d\\ e\n\"f\"\n", None).unwrap();
        let items: Vec<&str> = v.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(items, ["a", "b c", "d e", "f"]);
        assert!(split_default(b"'a\n", None).is_err());
    }
}
