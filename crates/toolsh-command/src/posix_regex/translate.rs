//! Translation of POSIX basic and extended regular expressions (GNU
//! flavour) into the syntax of the `regex` crate.
//!
//! Source of the behaviour: POSIX XBD 9.3 (BRE) and 9.4 (ERE), the GNU
//! grep and sed manuals ("Regular Expressions", "BRE syntax", "Escapes"),
//! and the messages of glibc's `regcomp`.

use std::fmt::Write as _;

use super::bracket::parse_bracket;
use super::{ErrorKind, RegexError, Syntax};

/// The largest repetition count in an interval (`RE_DUP_MAX` in glibc).
pub(super) const DUP_MAX: u32 = 0x7fff;

/// Knobs that change how the pattern text is read.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct ReadOptions {
    /// GNU sed escapes: `\n \t \r \f \v \a` stand for the control
    /// characters, also inside bracket expressions.
    pub sed_escapes: bool,
    /// GNU grep reads an ERE `{` that does not start a valid interval as a
    /// literal (sed reports `Unmatched \{`).
    pub lax_interval: bool,
    /// Groups before this pattern when several are joined with `|`: its
    /// back-references are renumbered by this much.
    pub group_offset: usize,
    /// Characters are UTF-8 sequences (a UTF-8 locale): a multibyte
    /// character is one atom and bracket expressions hold characters. The
    /// output is then for a Unicode-mode regex. The caller only sets it
    /// for a pattern that is valid UTF-8.
    pub utf8: bool,
    /// Under `utf8`, a bracket range may end in a non-ASCII character
    /// (code-point order: gawk, expr); else that is an error, as in glibc.
    pub wide_ranges: bool,
}

/// The result of a translation.
#[derive(Debug)]
pub(super) struct Translated {
    /// The pattern in `regex` syntax (without flags).
    pub pattern: String,
    /// Number of capturing groups.
    pub groups: usize,
    /// `true` when the pattern uses back-references (`\1`..`\9`).
    pub backrefs: bool,
}

/// What the last emitted piece of output was, for quantifier handling.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    /// Start of the pattern, after `(` or `|`, or after a leading `^`:
    /// a `*` here is literal (BRE) or ignored (ERE).
    Start,
    /// An atom that starts at this output offset, not yet quantified.
    Atom(usize),
    /// An atom starting at this offset that already carries a quantifier.
    Quantified(usize),
    /// An anchor or assertion (not at the start) at this output offset.
    Assertion(usize),
}

struct Translator<'a> {
    src: &'a [u8],
    pos: usize,
    syntax: Syntax,
    opts: ReadOptions,
    out: String,
    groups: usize,
    /// Output offsets of open groups and the group number.
    open: Vec<(usize, usize)>,
    closed: Vec<bool>,
    last: Last,
    backrefs: bool,
}

/// Translate `src` in `syntax` into `regex` syntax.
pub(super) fn translate(
    src: &[u8],
    syntax: Syntax,
    opts: ReadOptions,
) -> Result<Translated, RegexError> {
    let mut t = Translator {
        src,
        pos: 0,
        syntax,
        opts,
        out: String::with_capacity(src.len() * 2),
        groups: 0,
        open: Vec::new(),
        closed: vec![false],
        last: Last::Start,
        backrefs: false,
    };
    t.run()?;
    Ok(Translated {
        pattern: t.out,
        groups: t.groups,
        backrefs: t.backrefs,
    })
}

/// Append a literal character in `regex` syntax, for a Unicode-mode
/// regex: ASCII as [`push_literal`] does, anything else as itself.
pub(super) fn push_char(out: &mut String, c: char) {
    match u8::try_from(c) {
        Ok(b) if b.is_ascii() => push_literal(out, b),
        _ => out.push(c),
    }
}

/// The character whose UTF-8 encoding starts `src`, and its length.
pub(super) fn decode_char(src: &[u8]) -> Option<(char, usize)> {
    let len = match *src.first()? {
        b if b < 0x80 => 1,
        b if b >= 0xf0 => 4,
        b if b >= 0xe0 => 3,
        _ => 2,
    };
    let s = std::str::from_utf8(src.get(..len)?).ok()?;
    s.chars().next().map(|c| (c, len))
}

/// Append a literal byte in `regex` syntax (bytes above 0x7f as `\xHH`,
/// meant for a non-Unicode byte regex).
pub(super) fn push_literal(out: &mut String, b: u8) {
    // `<` and `>` are plain in the regex crate's syntax, while `\<` and
    // `\>` are word-boundary assertions there: never escape them.
    if b.is_ascii_alphanumeric() || matches!(b, b'_' | b' ' | b'<' | b'>') {
        out.push(b as char);
    } else if b.is_ascii_graphic() {
        out.push('\\');
        out.push(b as char);
    } else {
        let _ = write!(out, "\\x{b:02X}");
    }
}

impl Translator<'_> {
    fn extended(&self) -> bool {
        self.syntax == Syntax::Extended
    }

    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    fn begin_atom(&mut self) -> usize {
        let at = self.out.len();
        self.last = Last::Atom(at);
        at
    }

    fn literal(&mut self, b: u8) {
        self.begin_atom();
        if self.opts.utf8
            && b >= 0x80
            && let Some((c, len)) = decode_char(&self.src[self.pos - 1..])
        {
            // `b` was consumed; the rest of its sequence goes with it.
            self.pos += len - 1;
            self.out.push(c);
            return;
        }
        push_literal(&mut self.out, b);
    }

    fn run(&mut self) -> Result<(), RegexError> {
        while let Some(c) = self.peek() {
            self.pos += 1;
            match c {
                b'\\' => self.escape()?,
                b'[' => {
                    let at = self.begin_atom();
                    let (class, used) = parse_bracket(
                        &self.src[self.pos..],
                        self.opts.sed_escapes,
                        self.opts.utf8,
                        self.opts.wide_ranges,
                    )?;
                    self.pos += used;
                    self.out.push_str(&class);
                    self.last = Last::Atom(at);
                }
                b'.' => {
                    self.begin_atom();
                    self.out.push('.');
                }
                b'*' if self.extended() => self.ere_quantifier("*")?,
                b'*' => self.quantifier("*"),
                b'^' => self.caret(),
                b'$' => self.dollar(),
                b'(' if self.extended() => self.open_group(),
                b')' if self.extended() => {
                    if self.open.is_empty() {
                        self.literal(b')');
                    } else {
                        self.close_group()?;
                    }
                }
                b'|' if self.extended() => self.alternation(),
                b'+' if self.extended() => self.ere_quantifier("+")?,
                b'?' if self.extended() => self.ere_quantifier("?")?,
                b'{' if self.extended() => self.interval_or_literal()?,
                _ => self.literal(c),
            }
        }
        if !self.open.is_empty() {
            return Err(RegexError::new(ErrorKind::UnmatchedParen));
        }
        Ok(())
    }

    fn escape(&mut self) -> Result<(), RegexError> {
        let Some(c) = self.peek() else {
            return Err(RegexError::new(ErrorKind::TrailingBackslash));
        };
        self.pos += 1;
        let ere = self.extended();
        match c {
            b'(' if !ere => self.open_group(),
            b')' if !ere => {
                if self.open.is_empty() {
                    return Err(RegexError::new(ErrorKind::UnmatchedCloseParen));
                }
                self.close_group()?;
            }
            b'|' if !ere => self.alternation(),
            b'{' if !ere => {
                if self.last == Last::Start {
                    self.literal(b'{');
                } else {
                    self.bre_interval()?;
                }
            }
            b'}' if !ere => self.literal(b'}'),
            b'+' if !ere => self.quantifier("+"),
            b'?' if !ere => self.quantifier("?"),
            b'1'..=b'9' => {
                let n = usize::from(c - b'0');
                if n > self.groups || !self.closed.get(n).copied().unwrap_or(false) {
                    return Err(RegexError::new(ErrorKind::BadBackReference));
                }
                self.begin_atom();
                self.backrefs = true;
                let _ = write!(self.out, "\\{}", n + self.opts.group_offset);
            }
            b'w' | b'W' | b's' | b'S' => {
                self.begin_atom();
                self.out.push('\\');
                self.out.push(c as char);
            }
            b'b' => self.assertion("\\b"),
            b'B' => self.assertion("\\B"),
            b'<' => self.assertion("\\b{start}"),
            b'>' => self.assertion("\\b{end}"),
            b'`' => self.assertion("\\A"),
            b'\'' => self.assertion("\\z"),
            b'n' if self.opts.sed_escapes => self.literal(b'\n'),
            b't' if self.opts.sed_escapes => self.literal(b'\t'),
            b'r' if self.opts.sed_escapes => self.literal(b'\r'),
            b'f' if self.opts.sed_escapes => self.literal(0x0c),
            b'v' if self.opts.sed_escapes => self.literal(0x0b),
            b'a' if self.opts.sed_escapes => self.literal(0x07),
            _ => self.literal(c),
        }
        Ok(())
    }

    fn assertion(&mut self, s: &str) {
        self.last = Last::Assertion(self.out.len());
        self.out.push_str(s);
    }

    fn caret(&mut self) {
        // ERE: always an anchor. BRE: an anchor only at the start of the
        // pattern or of a group or alternative (GNU), else a literal.
        if self.extended() || self.last == Last::Start {
            // `^*` keeps the `*` literal (BRE) or ignored (ERE).
            if self.last != Last::Start {
                self.last = Last::Assertion(self.out.len());
            }
            self.out.push('^');
        } else {
            self.literal(b'^');
        }
    }

    fn dollar(&mut self) {
        let rest = &self.src[self.pos..];
        let anchor = self.extended()
            || rest.is_empty()
            || rest.starts_with(b"\\)")
            || rest.starts_with(b"\\|");
        if anchor {
            self.assertion("$");
        } else {
            self.literal(b'$');
        }
    }

    fn open_group(&mut self) {
        self.groups += 1;
        self.closed.push(false);
        self.open.push((self.out.len(), self.groups));
        self.out.push('(');
        self.last = Last::Start;
    }

    fn close_group(&mut self) -> Result<(), RegexError> {
        let (at, n) = self
            .open
            .pop()
            .ok_or_else(|| RegexError::new(ErrorKind::UnmatchedCloseParen))?;
        self.out.push(')');
        self.closed[n] = true;
        self.last = Last::Atom(at);
        Ok(())
    }

    fn alternation(&mut self) {
        self.out.push('|');
        self.last = Last::Start;
    }

    /// Emit a quantifier (`*`, `+`, `?`, `{m,n}`) for the last atom.
    /// An ERE repetition operator: with nothing before it (start of the
    /// pattern, of a group, of an alternative), GNU grep ignores it and the
    /// strict syntax rejects it.
    fn ere_quantifier(&mut self, q: &str) -> Result<(), RegexError> {
        if self.last == Last::Start && !self.opts.lax_interval {
            return Err(RegexError::new(ErrorKind::BadRepetition));
        }
        self.quantifier(q);
        Ok(())
    }

    fn quantifier(&mut self, q: &str) {
        match self.last {
            Last::Start => {
                // BRE: a literal; ERE: GNU ignores a leading repetition.
                if !self.extended() {
                    let b = q.as_bytes()[0];
                    self.literal(b);
                }
            }
            Last::Atom(at) => {
                self.out.push_str(q);
                self.last = Last::Quantified(at);
            }
            Last::Quantified(at) => {
                self.out.insert_str(at, "(?:");
                self.out.push(')');
                self.out.push_str(q);
            }
            Last::Assertion(at) => {
                self.out.insert_str(at, "(?:");
                self.out.push(')');
                self.out.push_str(q);
                self.last = Last::Quantified(at);
            }
        }
    }

    /// Parse `m`, `m,`, `,n` or `m,n` at the current position, up to the
    /// closing token `close`. Returns the interval and the bytes used.
    fn parse_interval(&self, close: &[u8]) -> Option<(Option<u32>, Option<u32>, bool, usize)> {
        let rest = &self.src[self.pos..];
        let mut i = 0;
        let num = |i: &mut usize| -> Option<u32> {
            let start = *i;
            let mut v: u32 = 0;
            while let Some(d) = rest.get(*i).filter(|d| d.is_ascii_digit()) {
                v = v.saturating_mul(10).saturating_add(u32::from(d - b'0'));
                *i += 1;
            }
            (*i > start).then_some(v)
        };
        let min = num(&mut i);
        let mut comma = false;
        let mut max = min;
        if rest.get(i) == Some(&b',') {
            comma = true;
            i += 1;
            max = num(&mut i);
        }
        if rest[i..].starts_with(close) {
            Some((min, max, comma, i + close.len()))
        } else {
            None
        }
    }

    fn emit_interval(
        &mut self,
        min: Option<u32>,
        max: Option<u32>,
        comma: bool,
    ) -> Result<(), RegexError> {
        let lo = min.unwrap_or(0);
        if lo > DUP_MAX || max.is_some_and(|m| m > DUP_MAX) {
            return Err(RegexError::new(ErrorKind::TooBig));
        }
        if let Some(hi) = max
            && hi < lo
        {
            return Err(RegexError::new(ErrorKind::BadInterval));
        }
        let q = match (comma, max) {
            (false, _) => format!("{{{lo}}}"),
            (true, None) => format!("{{{lo},}}"),
            (true, Some(hi)) => format!("{{{lo},{hi}}}"),
        };
        self.quantifier(&q);
        Ok(())
    }

    fn bre_interval(&mut self) -> Result<(), RegexError> {
        match self.parse_interval(b"\\}") {
            Some((None, _, false, _)) | None => {
                // `\{` with junk: glibc says "Unmatched \{" when no
                // closing `\}` follows, else "Invalid content".
                let rest = &self.src[self.pos..];
                if rest.windows(2).any(|w| w == b"\\}") {
                    Err(RegexError::new(ErrorKind::BadInterval))
                } else {
                    Err(RegexError::new(ErrorKind::UnmatchedBrace))
                }
            }
            Some((min, max, comma, used)) => {
                self.pos += used;
                self.emit_interval(min, max, comma)
            }
        }
    }

    fn interval_or_literal(&mut self) -> Result<(), RegexError> {
        match self.parse_interval(b"}") {
            Some((min, max, comma, used)) if min.is_some() || comma => {
                self.pos += used;
                if self.last == Last::Start {
                    if !self.opts.lax_interval {
                        return Err(RegexError::new(ErrorKind::BadRepetition));
                    }
                    return Ok(());
                }
                self.emit_interval(min, max, comma)
            }
            _ if self.opts.lax_interval => {
                self.literal(b'{');
                Ok(())
            }
            _ => {
                let rest = &self.src[self.pos..];
                if rest.contains(&b'}') {
                    Err(RegexError::new(ErrorKind::BadInterval))
                } else {
                    Err(RegexError::new(ErrorKind::UnmatchedBrace))
                }
            }
        }
    }
}
