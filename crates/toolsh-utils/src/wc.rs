//! `wc`: newline, word, character, byte and maximum-line-width counts,
//! in GNU coreutils 9.1's column layout: every count right-aligned to a
//! common width (the digits of the total size of the regular files, at
//! least 7 when standard input is among the inputs; 1 for a single count
//! of a single input), then the name, then a `total` line for several
//! inputs (GNU coreutils manual, "wc invocation"). C locale: `-m` counts
//! bytes, words are runs of non-space bytes. UTF-8 locale (checked against
//! coreutils 9.1 under `C.UTF-8`): `-m` counts valid characters (bytes
//! that are not UTF-8 count for `-c` only and start no word), Unicode
//! white space (no-break spaces included) separates words, and `-L`
//! counts a wide East Asian character as two columns.

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Flow, OutBuf, Source, error, parse_args};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `wc [OPTION]... [FILE]...`.
    Wc,
    "wc",
    body
);

const SPEC: Spec = Spec {
    short: "clmwL",
    long: &[
        long("bytes", HasArg::No, 'c'),
        long("chars", HasArg::No, 'm'),
        long("lines", HasArg::No, 'l'),
        long("words", HasArg::No, 'w'),
        long("max-line-length", HasArg::No, 'L'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: wc [OPTION]... [FILE]...
Print newline, word, and byte counts for each FILE, and a total line if
more than one FILE is specified.  A word is a non-zero-length sequence of
characters delimited by white space.

With no FILE, or when FILE is -, read standard input.

  -c, --bytes            print the byte counts
  -m, --chars            print the character counts
  -l, --lines            print the newline counts
  -L, --max-line-length  print the maximum display width
  -w, --words            print the word counts
      --help             display this help and exit
";

#[derive(Default, Clone, Copy)]
struct Counts {
    lines: u64,
    words: u64,
    chars: u64,
    bytes: u64,
    max_len: u64,
}

#[derive(Default)]
struct Counter {
    c: Counts,
    in_word: bool,
    pos: u64,
    /// Read characters as UTF-8 (a UTF-8 locale).
    utf8: bool,
    /// The start of a UTF-8 sequence cut by the end of the last chunk.
    pending: Vec<u8>,
}

impl Counter {
    /// Count a chunk under a UTF-8 locale; a sequence cut at the end of
    /// the chunk waits for the next one.
    fn feed_utf8(&mut self, data: &[u8]) {
        self.c.bytes += data.len() as u64;
        let joined;
        let mut rest = if self.pending.is_empty() {
            data
        } else {
            let mut j = std::mem::take(&mut self.pending);
            j.extend_from_slice(data);
            joined = j;
            &joined[..]
        };
        loop {
            match std::str::from_utf8(rest) {
                Ok(s) => {
                    s.chars().for_each(|c| self.char(c));
                    return;
                }
                Err(e) => {
                    let (valid, after) = rest.split_at(e.valid_up_to());
                    // `valid` is UTF-8 by the error's own account.
                    String::from_utf8_lossy(valid)
                        .chars()
                        .for_each(|c| self.char(c));
                    match e.error_len() {
                        None => {
                            self.pending = after.to_vec();
                            return;
                        }
                        Some(n) => rest = &after[n..],
                    }
                }
            }
        }
    }

    fn char(&mut self, c: char) {
        self.c.chars += 1;
        match c {
            '\n' | '\r' | '\x0c' => {
                if c == '\n' {
                    self.c.lines += 1;
                }
                self.c.max_len = self.c.max_len.max(self.pos);
                self.pos = 0;
                self.in_word = false;
            }
            '\t' => {
                self.pos += 8 - self.pos % 8;
                self.in_word = false;
            }
            c if c.is_whitespace() => {
                self.pos += u64::from(c != '\x0b');
                self.in_word = false;
            }
            c => {
                self.pos += toolsh_command::chars::char_width(c);
                if !self.in_word {
                    self.c.words += 1;
                    self.in_word = true;
                }
            }
        }
    }

    fn feed(&mut self, data: &[u8]) {
        // ASCII counts the same in both locales: only text past ASCII
        // takes the decoding path.
        if self.utf8 && !(self.pending.is_empty() && data.is_ascii()) {
            return self.feed_utf8(data);
        }
        self.c.bytes += data.len() as u64;
        self.c.chars += data.len() as u64;
        for &b in data {
            match b {
                b'\n' | b'\r' | 0x0c => {
                    if b == b'\n' {
                        self.c.lines += 1;
                    }
                    self.c.max_len = self.c.max_len.max(self.pos);
                    self.pos = 0;
                    self.in_word = false;
                }
                b'\t' => {
                    self.pos += 8 - self.pos % 8;
                    self.in_word = false;
                }
                b' ' | 0x0b => {
                    self.pos += u64::from(b == b' ');
                    self.in_word = false;
                }
                _ => {
                    if (0x20..0x7f).contains(&b) {
                        self.pos += 1;
                    }
                    if !self.in_word {
                        self.c.words += 1;
                        self.in_word = true;
                    }
                }
            }
        }
    }

    fn done(mut self) -> Counts {
        self.c.max_len = self.c.max_len.max(self.pos);
        self.c
    }
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let mut show = [false; 5]; // lines words chars bytes maxlen
    for (k, _) in &args.opts {
        match k {
            'l' => show[0] = true,
            'w' => show[1] = true,
            'm' => show[2] = true,
            'c' => show[3] = true,
            'L' => show[4] = true,
            _ => {}
        }
    }
    if !show.iter().any(|&s| s) {
        show = [true, true, false, true, false];
    }
    let named = !args.operands.is_empty();
    let names = if named {
        args.operands.clone()
    } else {
        vec!["-".to_string()]
    };
    // Open everything first: the column width depends on all inputs.
    let mut regular_total: u64 = 0;
    let mut min_width = 1;
    let mut status = 0;
    let mut sources = Vec::new();
    for name in &names {
        match Source::open(ctx, name).await? {
            Ok(src) => {
                match &src {
                    Source::Data { data } => regular_total += data.len() as u64,
                    Source::Stdin { .. } | Source::Device { .. } => min_width = 7,
                }
                sources.push(Ok(src));
            }
            Err(msg) => sources.push(Err(msg)),
        }
    }
    let singles = show.iter().filter(|&&s| s).count() == 1 && names.len() == 1;
    let width = if singles {
        1
    } else {
        let mut w = 1;
        let mut t = regular_total;
        while t >= 10 {
            w += 1;
            t /= 10;
        }
        w.max(min_width)
    };
    let stdout = ctx.stdout;
    let mut out = OutBuf::new(stdout);
    let mut total = Counts::default();
    for (name, src) in names.iter().zip(sources) {
        let mut src = match src {
            Ok(s) => s,
            Err(m) => {
                out.flush().await?;
                error(ctx, &m).await?;
                status = 1;
                continue;
            }
        };
        let mut counter = Counter {
            utf8: ctx.shell.locale().is_utf8(),
            ..Counter::default()
        };
        while let Some(chunk) = src.chunk(ctx.stdin).await {
            ctx.shell.checkpoint()?;
            counter.feed(&chunk);
        }
        let c = counter.done();
        total.lines += c.lines;
        total.words += c.words;
        total.bytes += c.bytes;
        total.chars += c.chars;
        total.max_len = total.max_len.max(c.max_len);
        let line = render(&c, show, width, named.then_some(name.as_str()));
        out.write_str(&line).await?;
    }
    if names.len() > 1 {
        let line = render(&total, show, width, Some("total"));
        out.write_str(&line).await?;
    }
    out.flush().await?;
    Ok(status)
}

fn render(c: &Counts, show: [bool; 5], width: usize, name: Option<&str>) -> String {
    let values = [c.lines, c.words, c.chars, c.bytes, c.max_len];
    let mut parts = Vec::new();
    for (v, s) in values.iter().zip(show) {
        if s {
            parts.push(format!("{v:>width$}"));
        }
    }
    let mut line = parts.join(" ");
    if let Some(n) = name {
        line.push(' ');
        line.push_str(n);
    }
    line.push('\n');
    line
}

#[cfg(test)]
mod tests {
    use super::*;
    use toolsh_command::testing::TestShell;

    #[tokio::test]
    async fn layout() {
        let mut sh = TestShell::default();
        let r = sh.run(&Wc, &["wc"], "a\n").await;
        assert_eq!(r.stdout, "      1       1       2\n");
        let r = sh.run(&Wc, &["wc", "-l"], "a\nb\n").await;
        assert_eq!(r.stdout, "2\n");
        let r = sh.run(&Wc, &["wc", "-L", "-w"], "a\tb  c\n").await;
        assert_eq!(r.stdout, "      3      12\n");
    }

    // Expected values: coreutils 9.1 wc under LC_ALL=C.UTF-8 and LC_ALL=C.
    #[tokio::test]
    async fn characters_follow_the_locale() {
        let mut sh = TestShell::default();
        let line = "a\u{2003}b c\u{a0}d é☠\n";
        let r = sh.run(&Wc, &["wc", "-mwL"], line).await;
        assert_eq!(r.stdout, "      5      11      10\n");
        let r = sh.run(&Wc, &["wc", "-L"], "日本\n").await;
        assert_eq!(r.stdout, "4\n");
        sh.vars.insert("LC_ALL".into(), "C".into());
        sh.exported.push("LC_ALL".into());
        let r = sh.run(&Wc, &["wc", "-mL"], "café☠\n").await;
        assert_eq!(r.stdout, "      9       3\n");
    }
}
