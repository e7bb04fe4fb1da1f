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

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::io::Input;
use toolsh_command::limits::within_buffer;
use toolsh_command::textio::{Flow, OpenWording, Source, error, parse_args, usage_error};
use toolsh_command::utility::UtilityContext;

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

/// GNU xargs' default command-line size (`--show-limits`: "Size of
/// command buffer we are actually using: 131072"): the bytes of an
/// invocation's arguments, each counted with its terminating NUL.
const DEFAULT_MAX_CHARS: usize = 128 * 1024;

/// How the input is cut into items.
#[derive(Clone, Copy)]
enum Format<'e> {
    /// `-I`: one item per non-empty line, leading blanks dropped.
    Lines,
    /// `-0` / `-d`: items end at this byte.
    Delimited(u8),
    /// Blank-separated items with quotes and backslashes, up to the
    /// `-E` end-of-file string.
    Default(Option<&'e str>),
}

/// What the input gives next.
enum Next {
    /// An item and the 0-based input line it came from (for `-L`).
    Item(String, usize),
    /// GNU's message about an unmatched quote.
    Error(String),
    /// The buffered input ends inside an item: feed more.
    More,
    /// No more items.
    End,
}

/// The items of the input, read as it comes (so only the unread part of
/// the current chunk and one invocation's items are held, not the whole
/// input: `yes | xargs echo | head -n 1` ends as with GNU xargs).
struct Items<'e> {
    buf: Vec<u8>,
    pos: usize,
    /// No more input will be fed.
    eof: bool,
    format: Format<'e>,
    line: usize,
    done: bool,
}

impl<'e> Items<'e> {
    fn new(format: Format<'e>) -> Self {
        Items {
            buf: Vec::new(),
            pos: 0,
            eof: false,
            format,
            line: 0,
            done: false,
        }
    }

    /// Add input (`None`: the input has ended).
    fn feed(&mut self, chunk: Option<&[u8]>) {
        match chunk {
            Some(c) => {
                if self.pos > 0 {
                    self.buf.drain(..self.pos);
                    self.pos = 0;
                }
                self.buf.extend_from_slice(c);
            }
            None => self.eof = true,
        }
    }

    /// Bytes buffered and not yet made into items.
    fn pending(&self) -> usize {
        self.buf.len() - self.pos
    }

    /// The text up to the next `delim` (or the end of input) and the
    /// 0-based line it came from, consuming the delimiter; `Err` with
    /// `More` when the buffered input has no delimiter yet, `End` when
    /// nothing is left.
    fn next_piece(&mut self, delim: u8) -> Result<(String, usize), Next> {
        let rest = &self.buf[self.pos..];
        let end = match rest.iter().position(|&b| b == delim) {
            Some(i) => i,
            None if !self.eof => return Err(Next::More),
            None if rest.is_empty() => {
                self.done = true;
                return Err(Next::End);
            }
            None => rest.len(),
        };
        let piece = String::from_utf8_lossy(&rest[..end]).into_owned();
        let n = self.line;
        self.pos = (self.pos + end + 1).min(self.buf.len());
        self.line += 1;
        Ok((piece, n))
    }

    /// The next item, or what is needed to make one.
    fn next_item(&mut self) -> Next {
        if self.done {
            return Next::End;
        }
        match self.format {
            Format::Lines => loop {
                let (item, n) = match self.next_piece(b'\n') {
                    Ok(piece) => piece,
                    Err(next) => return next,
                };
                let item = item.trim_start_matches([' ', '\t']).to_string();
                if !item.is_empty() {
                    return Next::Item(item, n);
                }
            },
            // The piece after a final delimiter (or of empty input) is no
            // item.
            Format::Delimited(d) => match self.next_piece(d) {
                Ok((item, n)) => Next::Item(item, n),
                Err(next) => next,
            },
            Format::Default(eof) => {
                let r = self.next_default();
                match r {
                    Next::Item(s, _) if eof.is_some_and(|e| e == s) => {
                        self.done = true;
                        Next::End
                    }
                    Next::End | Next::Error(_) => {
                        self.done = true;
                        r
                    }
                    Next::Item(..) | Next::More => r,
                }
            }
        }
    }

    /// One item of the default format; nothing is consumed when the
    /// buffered input ends inside it (it is parsed again once fed).
    fn next_default(&mut self) -> Next {
        let data = &self.buf;
        let mut i = self.pos;
        let mut line = self.line;
        let mut cur = Vec::new();
        let mut have = false;
        let mut quote: Option<u8> = None;
        while i < data.len() {
            let c = data[i];
            i += 1;
            if let Some(q) = quote {
                if c == q {
                    quote = None;
                } else if c == b'\n' {
                    return Next::Error(unmatched(q));
                } else {
                    cur.push(c);
                }
                continue;
            }
            match c {
                b'\'' | b'"' => {
                    quote = Some(c);
                    have = true;
                }
                b'\\' if i < data.len() => {
                    cur.push(data[i]);
                    have = true;
                    i += 1;
                }
                b'\\' if !self.eof => return Next::More,
                // A backslash that ends the input escapes nothing and is
                // dropped (GNU xargs 4.9: `printf 'c\\' | xargs` is `c`).
                b'\\' => have = true,
                b' ' | b'\t' | b'\n' => {
                    let at = line;
                    if c == b'\n' {
                        line += 1;
                    }
                    self.pos = i;
                    self.line = line;
                    if have {
                        return Next::Item(String::from_utf8_lossy(&cur).into_owned(), at);
                    }
                }
                _ => {
                    cur.push(c);
                    have = true;
                }
            }
        }
        if !self.eof {
            return Next::More;
        }
        self.pos = i;
        self.line = line;
        if let Some(q) = quote {
            return Next::Error(unmatched(q));
        }
        if have {
            Next::Item(String::from_utf8_lossy(&cur).into_owned(), line)
        } else {
            Next::End
        }
    }
}

/// GNU's message for an unmatched quote `q`.
fn unmatched(q: u8) -> String {
    let kind = if q == b'\'' { "single" } else { "double" };
    format!(
        "unmatched {kind} quote; by default quotes are special to xargs unless you use the -0 option"
    )
}

/// Why the items stop going into the current invocation.
#[allow(clippy::struct_field_names)] // the options' own names
struct Batching {
    max_args: Option<usize>,
    max_lines: Option<usize>,
    /// `-s`: bytes of an invocation's arguments (each plus a NUL), the
    /// command and initial arguments included; not applied with `-I`.
    max_chars: Option<usize>,
}

/// How one invocation is run.
struct Invocation<'a> {
    command: &'a [String],
    replace: Option<&'a str>,
    trace: bool,
}

/// Run one invocation; `Some(status)` when xargs stops with it.
async fn invoke(
    ctx: &mut UtilityContext<'_>,
    how: &Invocation<'_>,
    batch: Vec<String>,
    status: &mut i32,
) -> Flow<Option<i32>> {
    ctx.shell.checkpoint()?;
    let argv: Vec<String> = match how.replace {
        Some(r) => {
            let joined = batch.join(" ");
            how.command.iter().map(|a| a.replace(r, &joined)).collect()
        }
        None => how.command.iter().cloned().chain(batch).collect(),
    };
    if how.trace {
        let err = ctx.stderr;
        err.write_str(&format!("{}\n", argv.join(" "))).await.ok();
    }
    let name = argv[0].clone();
    let (out, err) = (ctx.stdout, ctx.stderr);
    let st = ctx
        .shell
        .run_command(argv, Input::empty(), out, err)
        .await?;
    match st {
        0 => {}
        255 => {
            error(ctx, &format!("{name}: exited with status 255; aborting")).await?;
            return Ok(Some(124));
        }
        126 | 127 => return Ok(Some(st)),
        s if s > 128 => {
            error(ctx, &format!("{name}: terminated by signal {}", s - 128)).await?;
            return Ok(Some(125));
        }
        _ => *status = 123,
    }
    Ok(None)
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
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
    let mut max_chars = DEFAULT_MAX_CHARS;
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
                    's' => max_chars = n,
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
    let wording = OpenWording::InputFile;
    let Some(mut source) = Source::open_or_report(ctx, &src_name, wording, None).await? else {
        return Ok(1);
    };
    let format = if replace.is_some() && delim.is_none() {
        Format::Lines
    } else if let Some(d) = delim {
        Format::Delimited(d)
    } else {
        Format::Default(eof.as_deref())
    };
    let mut items = Items::new(format);
    let batching = Batching {
        max_args,
        max_lines,
        max_chars: replace.is_none().then_some(max_chars),
    };
    let how = Invocation {
        command: &command,
        replace: replace.as_deref(),
        trace,
    };
    // Items go into the current invocation until it is full, which then
    // runs: only one invocation's items are held at a time.
    let base: usize = command.iter().map(|a| a.len() + 1).sum();
    let mut status = 0;
    let mut ran = false;
    let mut cur: Vec<String> = Vec::new();
    let mut cur_chars = base;
    let mut lines_in = 0;
    let mut last_line = None;
    loop {
        let (item, line) = match items.next_item() {
            Next::End => break,
            Next::Item(item, line) => (item, line),
            Next::More => {
                // One item (or line) longer than a buffer is the limit.
                within_buffer(items.pending(), max)?;
                let chunk = source.chunk(ctx.stdin).await;
                items.feed(chunk.as_deref());
                continue;
            }
            Next::Error(m) => {
                // GNU runs the invocation read so far, then reports.
                if !cur.is_empty()
                    && let Some(s) =
                        invoke(ctx, &how, std::mem::take(&mut cur), &mut status).await?
                {
                    return Ok(s);
                }
                error(ctx, &m).await?;
                return Ok(1);
            }
        };
        let full = match (batching.max_lines, batching.max_args) {
            (Some(n), _) => last_line != Some(line) && lines_in == n,
            (None, Some(n)) => cur.len() == n,
            (None, None) => false,
        } || batching
            .max_chars
            .is_some_and(|m| !cur.is_empty() && cur_chars + item.len() + 1 > m);
        if full {
            ran = true;
            if let Some(s) = invoke(ctx, &how, std::mem::take(&mut cur), &mut status).await? {
                return Ok(s);
            }
            cur_chars = base;
            lines_in = 0;
        }
        if last_line != Some(line) {
            lines_in += 1;
            last_line = Some(line);
        }
        if batching
            .max_chars
            .is_some_and(|m| base + item.len() + 1 > m)
        {
            error(ctx, "argument line too long").await?;
            return Ok(1);
        }
        cur_chars += item.len() + 1;
        cur.push(item);
    }
    if (!cur.is_empty() || (!ran && !no_run_empty && replace.is_none()))
        && let Some(s) = invoke(ctx, &how, cur, &mut status).await?
    {
        return Ok(s);
    }
    let _ = usage_error;
    Ok(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The items of `data` fed in chunks of `step` bytes.
    fn items_in(
        data: &[u8],
        format: Format<'_>,
        step: usize,
    ) -> Result<Vec<(String, usize)>, String> {
        let mut items = Items::new(format);
        let mut chunks = data.chunks(step);
        let mut v = Vec::new();
        loop {
            match items.next_item() {
                Next::Item(s, l) => v.push((s, l)),
                Next::Error(m) => return Err(m),
                Next::More => items.feed(chunks.next()),
                Next::End => return Ok(v),
            }
        }
    }

    /// The items of `data`, the same whatever the chunk size.
    fn all(data: &[u8], format: Format<'_>) -> Result<Vec<(String, usize)>, String> {
        let whole = items_in(data, format, data.len().max(1));
        for step in 1..4 {
            assert_eq!(items_in(data, format, step), whole, "step {step}");
        }
        whole
    }

    #[test]
    fn default_splitting() {
        let v = all(b"a 'b c' d\\ e\n\"f\"\n", Format::Default(None)).unwrap();
        assert_eq!(
            v,
            [
                ("a".to_string(), 0),
                ("b c".to_string(), 0),
                ("d e".to_string(), 0),
                ("f".to_string(), 1)
            ]
        );
        assert!(all(b"'a\n", Format::Default(None)).is_err());
        let v = all(b"a b END c\n", Format::Default(Some("END"))).unwrap();
        assert_eq!(v.len(), 2);
    }

    #[test]
    fn delimited_and_lines() {
        let v = all(b"a:b::", Format::Delimited(b':')).unwrap();
        let t: Vec<&str> = v.iter().map(|(s, _)| s.as_str()).collect();
        assert_eq!(t, ["a", "b", ""]);
        assert!(all(b"", Format::Delimited(b':')).unwrap().is_empty());
        let v = all(b"  a\n\n\tb c\n", Format::Lines).unwrap();
        assert_eq!(v, [("a".to_string(), 0), ("b c".to_string(), 2)]);
    }
}
