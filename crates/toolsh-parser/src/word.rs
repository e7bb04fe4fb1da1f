//! Words on nom: unquoted text, quoting (bash manual 3.1.2), tilde
//! prefixes, extended globs and the contexts that end a word.
//!
//! [`word`] reads a word as a hand-written nom production over the
//! crate's `Input` (what ends a word depends on where it stands and on
//! the brackets opened inside it, so the loop over its parts is written
//! out), composed of nom productions for its parts: [`single_quoted`]
//! (`take_until`), [`double_quoted`] and its [`dq_element`]s, escapes,
//! tilde prefixes, extended globs (`separated_list1`) and runs of literal
//! text (`take_while` over the lexer's byte classes); the `$`-expansions
//! are in `param.rs`. Brace expansion runs over the finished parts
//! (`brace.rs`). Errors are the host's finished messages, as `Failure`s.

use nom::Parser as _;
use nom::bytes::complete::{take_until, take_while};
use nom::character::complete::char;
use nom::multi::separated_list1;
use nom::sequence::{delimited, preceded};

use crate::ast::{CompactString, Word, WordPart, WordParts};
use crate::error::ParseError;
use crate::input::{Flags, GrammarError, Input, PResult};
use crate::lexer::{is_arith_stop, is_dq_stop, is_meta, is_plain};
use crate::param::{ansi_c, backquote, dollar, process_subst};
use crate::parser::Parser;

/// Where an unquoted word stands, which decides what ends it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum WordCtx {
    /// A command word, redirection target, `for`/`case` word, array value.
    Normal,
    /// The value of an assignment: tilde prefixes also after `:`, no brace
    /// expansion.
    Assign,
    /// A `case` pattern or `[[ ]]` operand: no brace expansion.
    Pattern,
    /// The right side of `=~`: parentheses and `|` belong to the word.
    Regex,
    /// One alternative of an extended glob: ends at `|` or `)`.
    ExtAlt,
    /// A word inside `${...}`: ends at `}` (or `/` with `slash`).
    Param {
        /// Inside double quotes.
        dq: bool,
        /// A pattern operand (`#`, `%`, `/`) or a `/` replacement: single
        /// quotes quote even inside double quotes.
        pattern: bool,
        /// Also ends at an unquoted `/`.
        slash: bool,
    },
    /// A subscript `[...]`: ends at the matching `]`.
    Subscript,
}

/// Collects word parts, merging adjacent literals.
///
/// Most words are one part, which [`WordParts`] keeps inline: a word
/// of one part costs no allocation for its part list.
#[derive(Default)]
pub(crate) struct Parts(pub WordParts);

impl Parts {
    fn push_new(&mut self, p: WordPart) {
        self.0.push(p);
    }

    pub(crate) fn lit(&mut self, s: &str) {
        if s.is_empty() {
            return;
        }
        if let Some(WordPart::Literal(l)) = self.0.last_mut() {
            l.push_str(s);
        } else {
            self.push_new(WordPart::Literal(s.into()));
        }
    }

    pub(crate) fn ch(&mut self, c: char) {
        if let Some(WordPart::Literal(l)) = self.0.last_mut() {
            l.push(c);
        } else {
            self.push_new(WordPart::Literal(CompactString::from(
                &*c.encode_utf8(&mut [0; 4]),
            )));
        }
    }

    pub(crate) fn push(&mut self, p: WordPart) {
        match p {
            WordPart::Literal(s) => {
                if let Some(WordPart::Literal(l)) = self.0.last_mut() {
                    l.push_str(&s);
                } else if !s.is_empty() {
                    self.push_new(WordPart::Literal(s));
                }
            }
            p => self.push_new(p),
        }
    }
}

#[inline]
fn is_extglob_op(c: u8) -> bool {
    matches!(c, b'@' | b'*' | b'+' | b'?' | b'!')
}

impl Parser<'_> {
    /// `true` when a word starts at the cursor (no operator, blank or end).
    pub(crate) fn at_word_start(&self) -> bool {
        match self.peek() {
            None => false,
            Some(b'<' | b'>') => self.peek_at(1) == Some(b'('),
            Some(c) => !is_meta(c),
        }
    }

    /// Parses an unquoted word in context `ctx` (may be empty) with
    /// [`word`].
    pub(crate) fn parse_word(&mut self, ctx: WordCtx) -> Result<Word, ParseError> {
        #[cfg(test)]
        if crate::differential::legacy_word() {
            return self.legacy_parse_word(ctx);
        }
        self.run_nom(Flags::default(), |i| word(i, ctx))
            .map_err(|e| self.grammar_error(e))
    }

    /// One element of double-quote-like text at the cursor, pushed onto
    /// `parts` ([`dq_element`]).
    pub(crate) fn dq_char(&mut self, parts: &mut Parts, mode: DqMode) -> Result<(), ParseError> {
        #[cfg(test)]
        if crate::differential::legacy_word() {
            return self.legacy_dq_char(parts, mode);
        }
        self.run_nom(Flags::default(), |i| dq_element(i, parts, mode))
            .map_err(|e| self.grammar_error(e))
    }
}

/// A finished error of the host (`make` builds it with the host's
/// cursor at the input's), as a `Failure`.
#[cold]
#[inline(never)]
pub(crate) fn host_error<'h, 'a, O>(
    i: Input<'h, 'a>,
    make: impl FnOnce(&mut Parser<'a>) -> ParseError,
) -> PResult<'h, 'a, O> {
    i.host_parse(|p| Err(make(p)))
}

/// bash's `unexpected EOF while looking for matching `c'` for the
/// bracket or quote at `open`.
pub(crate) fn unmatched<'h, 'a, O>(i: Input<'h, 'a>, c: char, open: usize) -> PResult<'h, 'a, O> {
    host_error(i, |p| p.eof_matching(c, open))
}

/// An unquoted word in context `ctx`, possibly empty: a tilde prefix
/// where one may stand, then parts until the context's terminator; in a
/// command word, brace expressions (`brace.rs`) over the literal text.
pub(crate) fn word<'h, 'a>(i: Input<'h, 'a>, ctx: WordCtx) -> PResult<'h, 'a, Word> {
    let start = i.pos;
    let mut parts = Parts::default();
    let (j, ()) = word_parts(i, ctx, &mut parts)?;
    let mut parts = parts.0;
    // Literal text comes from the source as written, so a word with no
    // `{` in its source has no brace expression (most words).
    if ctx == WordCtx::Normal && j.src().as_bytes()[start..j.pos].contains(&b'{') {
        let (k, ()) = j.host_parse(|p| crate::brace::expand_braces(&mut parts, p))?;
        debug_assert_eq!(k.pos, j.pos);
    }
    let span = j.host().borrow_mut().span(start, j.pos);
    Ok((j, Word { parts, span }))
}

/// The parts of a word after its tilde prefix, until what ends a word in
/// `ctx` (bash is context-sensitive here: what ends a word depends on
/// where it stands and on the brackets opened inside it). Quotes,
/// expansions and extended globs are productions of their own; the loop
/// reads terminators, brackets and runs of literal text over the bytes
/// (the lexer's byte classes), ahead of the input of the last production.
#[inline]
fn word_parts<'h, 'a>(i: Input<'h, 'a>, ctx: WordCtx, parts: &mut Parts) -> PResult<'h, 'a, ()> {
    let src = i.src();
    // The window's bytes (offsets stay those of the whole text).
    let b = &src.as_bytes()[..i.pos + nom::Input::input_len(&i)];
    // The input after the last production (it may carry a new last
    // token), and the cursor the loop has moved on from it.
    let mut cur = i;
    let mut pos = i.pos;
    if b.get(pos) == Some(&b'~')
        && matches!(ctx, WordCtx::Normal | WordCtx::Assign | WordCtx::Pattern)
    {
        cur = tilde(cur, ctx, parts);
        pos = cur.pos;
    }
    // Brackets opened inside the word (`=~`'s parentheses, `${...}`'s
    // braces, a subscript's brackets).
    let mut depth = 0usize;
    while let Some(&c) = b.get(pos) {
        if is_plain(c) {
            // A run of literal text (in every context: no plain byte ends
            // a word, counts as a bracket or starts a quote or an
            // expansion), through the end of a multi-byte character (its
            // other bytes are plain).
            let start = pos;
            pos += 1;
            while b.get(pos).is_some_and(|&c| is_plain(c)) {
                pos += 1;
            }
            while !src.is_char_boundary(pos) {
                pos += 1;
            }
            parts.lit(&src[start..pos]);
            continue;
        }
        let next = b.get(pos + 1).copied();
        // Terminators and the brackets a context counts.
        let bracket = match ctx {
            WordCtx::Normal | WordCtx::Assign | WordCtx::Pattern => {
                if is_meta(c) {
                    if (c == b'<' || c == b'>') && next == Some(b'(') {
                        let (j, p) = process_subst(cur.advance(pos - cur.pos))?;
                        parts.push(p);
                        (cur, pos) = (j, j.pos);
                        continue;
                    }
                    break;
                }
                None
            }
            WordCtx::Regex => match c {
                b' ' | b'\t' | b'\n' | b';' | b'&' | b'<' | b'>' if depth == 0 => break,
                b'|' if depth == 0 && next == Some(b'|') => break,
                b')' if depth == 0 => break,
                b'(' => Some(true),
                b')' => Some(false),
                _ => None,
            },
            WordCtx::ExtAlt => {
                if matches!(c, b'|' | b')') {
                    break;
                }
                None
            }
            WordCtx::Param { slash, .. } => match c {
                b'}' if depth == 0 => break,
                b'/' if slash && depth == 0 => break,
                b'{' => Some(true),
                b'}' => Some(false),
                _ => None,
            },
            WordCtx::Subscript => match c {
                b']' if depth == 0 => break,
                b'[' => Some(true),
                b']' => Some(false),
                _ => None,
            },
        };
        if let Some(open) = bracket {
            if open {
                depth += 1;
            } else {
                depth -= 1;
            }
            parts.ch(char::from(c));
            pos += 1;
            continue;
        }
        let (j, p) = match c {
            b'\\' => {
                cur = escape(cur.advance(pos - cur.pos), ctx, parts);
                pos = cur.pos;
                continue;
            }
            b'\'' => {
                if let WordCtx::Param {
                    dq: true,
                    pattern: false,
                    ..
                } = ctx
                {
                    parts.ch('\'');
                    pos += 1;
                    continue;
                }
                single_quoted(cur.advance(pos - cur.pos))?
            }
            b'"' => double_quoted(cur.advance(pos - cur.pos), false)?,
            b'$' => {
                let at = cur.advance(pos - cur.pos);
                let in_dq = matches!(ctx, WordCtx::Param { dq: true, .. });
                // `$'...'` / `$"..."` in an operand of a double-quoted
                // `${...}` decode as outside double quotes (bash's
                // `extquote` option, on by default; bash manual 4.3.2), so
                // `"${z//$'\n'/,}"` replaces newlines.
                match next {
                    Some(b'\'') if in_dq => {
                        let (j, s) = ansi_c(at.advance(1))?;
                        (j, WordPart::AnsiC(s.into()))
                    }
                    Some(b'"') if in_dq => double_quoted(at.advance(1), true)?,
                    _ => dollar(at, in_dq)?,
                }
            }
            b'`' => backquote(cur.advance(pos - cur.pos), false)?,
            b':' if ctx == WordCtx::Assign => {
                parts.ch(':');
                pos += 1;
                if b.get(pos) == Some(&b'~') {
                    cur = tilde(cur.advance(pos - cur.pos), ctx, parts);
                    pos = cur.pos;
                }
                continue;
            }
            c if is_extglob_op(c) && next == Some(b'(') && ctx != WordCtx::Regex => {
                extglob(cur.advance(pos - cur.pos))?
            }
            _ => {
                // Literal text from a byte that is special elsewhere
                // (`{`, `/`, `]` ...) through the plain bytes after it.
                let start = pos;
                pos += 1;
                while b.get(pos).is_some_and(|&c| is_plain(c)) {
                    pos += 1;
                }
                parts.lit(&src[start..pos]);
                continue;
            }
        };
        parts.push(p);
        (cur, pos) = (j, j.pos);
    }
    Ok((cur.advance(pos - cur.pos), ()))
}

/// A run of literal text: the byte at the cursor and the bytes after it
/// of the class `more` (one of the lexer's byte-class tests), through the
/// end of a multi-byte character. Never fails. (Written out rather than
/// `take_while`: it runs once per word and more.)
#[inline]
fn literal<'h, 'a>(i: Input<'h, 'a>, more: fn(u8) -> bool) -> (Input<'h, 'a>, &'a str) {
    let rest = i.rest();
    let mut n = 1;
    while n < rest.len() && more(rest[n]) {
        n += 1;
    }
    let src = i.src();
    let mut end = (i.pos + n).min(src.len());
    while !src.is_char_boundary(end) {
        end += 1;
    }
    (i.advance(end - i.pos), &src[i.pos..end])
}

/// A backslash outside double quotes: it quotes the next character, and
/// a line continuation is removed. In a `${...}` operand inside double
/// quotes it quotes only `$ ` " \ }`, except in the pattern and
/// replacement words of `#`, `%`, `/`, `^` and `,`, where it escapes any
/// character (bash 5.2: `"${p//\//_}"` replaces slashes, `"${p/./\x}"`
/// inserts `x`). Never fails.
fn escape<'h, 'a>(i: Input<'h, 'a>, ctx: WordCtx, parts: &mut Parts) -> Input<'h, 'a> {
    let dq = matches!(ctx, WordCtx::Param { dq: true, .. });
    let quotes = matches!(ctx, WordCtx::Param { pattern: true, .. });
    match i.at(1) {
        Some(b'\n') => i.advance(2),
        None => {
            parts.ch('\\');
            i.advance(1)
        }
        Some(n) if dq && !quotes && !matches!(n, b'$' | b'`' | b'"' | b'\\' | b'}') => {
            parts.ch('\\');
            i.advance(1)
        }
        Some(_) => {
            let j = i.advance(1);
            let ch = j.text().chars().next().unwrap_or('\\');
            parts.push(WordPart::Escaped(ch));
            j.advance(ch.len_utf8())
        }
    }
}

/// `op(alt|alt...)` of an extended glob, the cursor at the operator
/// character, one level deeper.
fn extglob<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, WordPart> {
    let op = char::from(i.at(0).unwrap_or(b'@'));
    let i = i.advance(1);
    let open = i.pos;
    let (j, alternatives) = preceded(
        char('('),
        separated_list1(char('|'), |k| word(k, WordCtx::ExtAlt)),
    )
    .parse(i.deeper()?)?;
    match char::<_, GrammarError>(')').parse(j) {
        Ok((k, _)) => Ok((k.leave_to(&i), WordPart::ExtGlob { op, alternatives })),
        Err(_) => unmatched(j, ')', open),
    }
}

/// A tilde prefix at the cursor's `~` (bash manual 3.5.2), if the text
/// up to a `/`, a metacharacter, the end (or a `:` in an assignment) is
/// one; the input moved past it, else as it was.
#[inline(never)]
fn tilde<'h, 'a>(i: Input<'h, 'a>, ctx: WordCtx, parts: &mut Parts) -> Input<'h, 'a> {
    let r: PResult<'h, 'a, Input<'h, 'a>> = preceded(
        char('~'),
        take_while(|c: u8| c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-' | b'+')),
    )
    .parse(i);
    let Ok((j, user)) = r else {
        return i;
    };
    let ends = match j.at(0) {
        None | Some(b'/') => true,
        Some(b':') => ctx == WordCtx::Assign,
        Some(c) => is_meta(c),
    };
    if !ends {
        return i;
    }
    parts.push(WordPart::Tilde(
        (!user.text().is_empty()).then(|| user.text().to_string()),
    ));
    j
}

/// `'...'`, the cursor at the opening quote.
pub(crate) fn single_quoted<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, WordPart> {
    let r: PResult<'h, 'a, Input<'h, 'a>> =
        delimited(char('\''), take_until("'"), char('\'')).parse(i);
    match r {
        Ok((j, body)) => Ok((j, WordPart::SingleQuoted(CompactString::from(body.text())))),
        Err(_) => unmatched(i, '\'', i.pos),
    }
}

/// `"..."`, the cursor at the opening quote (`locale`: `$"..."`, whose
/// `$` is one byte further back), one level deeper.
pub(crate) fn double_quoted<'h, 'a>(i: Input<'h, 'a>, locale: bool) -> PResult<'h, 'a, WordPart> {
    let open = if locale { i.pos - 1 } else { i.pos };
    let outer = i;
    let mut i = i.deeper()?.advance(1);
    let mut parts = Parts::default();
    loop {
        match i.at(0) {
            None => return unmatched(i, '"', open),
            Some(b'"') => break,
            Some(_) => i = dq_element(i, &mut parts, DqMode::Quotes)?.0,
        }
    }
    Ok((
        i.advance(1).leave_to(&outer),
        WordPart::DoubleQuoted {
            parts: parts.0.into_vec(),
            locale,
        },
    ))
}

/// One element of double-quote-like text at the cursor, pushed onto
/// `parts`: an escape, an expansion, a backquoted substitution, a nested
/// `"..."` (deferred arithmetic only) or a run of literal text.
pub(crate) fn dq_element<'h, 'a>(
    i: Input<'h, 'a>,
    parts: &mut Parts,
    mode: DqMode,
) -> PResult<'h, 'a, ()> {
    let j = match i.at(0).unwrap_or(0) {
        b'\\' => {
            let special = match i.at(1) {
                Some(b'$' | b'`' | b'\\') => true,
                Some(b'"') => mode != DqMode::HereDoc,
                Some(b'\n') => return Ok((i.advance(2), ())),
                _ => false,
            };
            let j = i.advance(1);
            if special {
                let ch = j.text().chars().next().unwrap_or('\\');
                parts.ch(ch);
                j.advance(ch.len_utf8())
            } else {
                parts.ch('\\');
                j
            }
        }
        b'$' => {
            let (j, p) = dollar(i, true)?;
            parts.push(p);
            j
        }
        b'`' => {
            let (j, p) = backquote(i, mode == DqMode::Quotes)?;
            parts.push(p);
            j
        }
        b'"' if mode == DqMode::Arith => {
            let (j, p) = double_quoted(i, false)?;
            parts.push(p);
            j
        }
        _ => {
            let (j, s) = if mode == DqMode::Arith {
                literal(i, |c| !is_arith_stop(c))
            } else {
                literal(i, |c| !is_dq_stop(c))
            };
            parts.lit(s);
            j
        }
    };
    Ok((j, ()))
}

/// Which double-quote-like text is being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum DqMode {
    /// Inside `"..."`.
    Quotes,
    /// An unquoted here-document body: `"` is an ordinary character.
    HereDoc,
    /// Arithmetic text kept for run time: `"` starts a nested quoted part.
    Arith,
}

/// Position of the first `needle` in `hay`.
pub(crate) fn memchr(needle: u8, hay: &[u8]) -> Option<usize> {
    memchr::memchr(needle, hay)
}
