//! The hand-written word parser `word.rs` held before it moved onto nom
//! (unquoted text, quoting, tilde prefixes, extended globs), kept (for tests only) as
//! the reference the nom version is checked against by `differential.rs`
//! until the migration is proven; then it goes. `legacy_expand.rs` holds
//! the `$`-expansions it calls.

use crate::ast::{CompactString, Word, WordPart};
use crate::error::ParseError;
use crate::lexer::{is_meta, is_plain};
use crate::parser::Parser;
use crate::word::{DqMode, Parts, WordCtx};

impl Parts {
    /// `true` when the last part is a literal ending in one of `chars`.
    fn last_lit_ends_with(&self, c: u8) -> bool {
        matches!(self.0.last(), Some(WordPart::Literal(l)) if l.as_bytes().last() == Some(&c))
    }

    fn pop_last_char(&mut self) {
        if let Some(WordPart::Literal(l)) = self.0.last_mut() {
            l.pop();
            if l.is_empty() {
                self.0.pop();
            }
        }
    }
}

#[inline]
fn is_extglob_op(c: u8) -> bool {
    matches!(c, b'@' | b'*' | b'+' | b'?' | b'!')
}

impl Parser<'_> {
    /// Parses an unquoted word in context `ctx` (may be empty).
    pub(crate) fn legacy_parse_word(&mut self, ctx: WordCtx) -> Result<Word, ParseError> {
        let start = self.pos;
        let mut parts = Parts::default();
        if matches!(ctx, WordCtx::Normal | WordCtx::Assign | WordCtx::Pattern) {
            self.legacy_tilde_prefix(ctx, &mut parts);
        }
        let mut depth = 0usize;
        self.legacy_word_loop(ctx, &mut parts, &mut depth)?;
        let mut parts = parts.0;
        // Literal text comes from the source as written, so a word with no
        // `{` in its source has no brace expression (most words).
        if ctx == WordCtx::Normal && self.b[start..self.pos].contains(&b'{') {
            crate::brace::expand_braces(&mut parts, self)?;
        }
        Ok(Word {
            parts,
            span: self.span_from(start),
        })
    }

    fn legacy_word_loop(
        &mut self,
        ctx: WordCtx,
        parts: &mut Parts,
        depth: &mut usize,
    ) -> Result<(), ParseError> {
        loop {
            let Some(c) = self.peek() else { return Ok(()) };
            // Terminators.
            match ctx {
                WordCtx::Normal | WordCtx::Assign | WordCtx::Pattern => {
                    if is_meta(c) {
                        if c == b'(' && parts.0.last().is_some() {
                            // handled below (extglob) when the previous
                            // character is an extglob operator
                            if !self.legacy_extglob_before(parts) {
                                return Ok(());
                            }
                        } else if (c == b'<' || c == b'>') && self.peek_at(1) == Some(b'(') {
                            let p = self.legacy_process_subst()?;
                            parts.push(p);
                            continue;
                        } else {
                            return Ok(());
                        }
                    }
                }
                WordCtx::Regex => match c {
                    b' ' | b'\t' | b'\n' if *depth == 0 => return Ok(()),
                    b';' | b'&' if *depth == 0 => return Ok(()),
                    b'|' if *depth == 0 && self.peek_at(1) == Some(b'|') => return Ok(()),
                    b'<' | b'>' if *depth == 0 => return Ok(()),
                    b'(' => {
                        *depth += 1;
                        self.pos += 1;
                        parts.ch('(');
                        continue;
                    }
                    b')' => {
                        if *depth == 0 {
                            return Ok(());
                        }
                        *depth -= 1;
                        self.pos += 1;
                        parts.ch(')');
                        continue;
                    }
                    _ => {}
                },
                WordCtx::ExtAlt => {
                    if matches!(c, b'|' | b')') {
                        return Ok(());
                    }
                }
                WordCtx::Param { slash, .. } => match c {
                    b'}' => {
                        if *depth == 0 {
                            return Ok(());
                        }
                        *depth -= 1;
                        self.pos += 1;
                        parts.ch('}');
                        continue;
                    }
                    b'{' => {
                        *depth += 1;
                        self.pos += 1;
                        parts.ch('{');
                        continue;
                    }
                    b'/' if slash && *depth == 0 => return Ok(()),
                    _ => {}
                },
                WordCtx::Subscript => match c {
                    b']' => {
                        if *depth == 0 {
                            return Ok(());
                        }
                        *depth -= 1;
                        self.pos += 1;
                        parts.ch(']');
                        continue;
                    }
                    b'[' => {
                        *depth += 1;
                        self.pos += 1;
                        parts.ch('[');
                        continue;
                    }
                    _ => {}
                },
            }
            match c {
                b'(' if self.legacy_extglob_before(parts) => {
                    // An extended glob: the operator character is the last
                    // literal character.
                    let op = parts.0.last().and_then(|p| match p {
                        WordPart::Literal(l) => l.chars().last(),
                        _ => None,
                    });
                    let op = op.unwrap_or('@');
                    parts.pop_last_char();
                    let p = self.legacy_extglob(op)?;
                    parts.push(p);
                }
                b'\\' => {
                    let dq = matches!(ctx, WordCtx::Param { dq: true, .. });
                    // In the pattern and replacement words of `#`, `%`, `/`,
                    // `^` and `,` a backslash escapes any character even
                    // inside double quotes (bash 5.2: `"${p//\//_}"` replaces
                    // slashes, `"${p/./\x}"` inserts `x`); single quotes
                    // quote there too, so `\'` escapes one.
                    let quotes = matches!(ctx, WordCtx::Param { pattern: true, .. });
                    match self.peek_at(1) {
                        Some(b'\n') => self.pos += 2,
                        None => {
                            self.pos += 1;
                            parts.ch('\\');
                        }
                        Some(n)
                            if dq && !quotes && !matches!(n, b'$' | b'`' | b'"' | b'\\' | b'}') =>
                        {
                            self.pos += 1;
                            parts.ch('\\');
                        }
                        Some(_) => {
                            self.pos += 1;
                            let ch = self.bump_char().unwrap_or('\\');
                            parts.push(WordPart::Escaped(ch));
                        }
                    }
                }
                b'\'' => {
                    if let WordCtx::Param {
                        dq: true,
                        pattern: false,
                        ..
                    } = ctx
                    {
                        self.pos += 1;
                        parts.ch('\'');
                    } else {
                        let p = self.legacy_single_quoted()?;
                        parts.push(p);
                    }
                }
                b'"' => {
                    let p = self.legacy_double_quoted(false)?;
                    parts.push(p);
                }
                b'$' => {
                    let in_dq = matches!(ctx, WordCtx::Param { dq: true, .. });
                    if in_dq && matches!(self.peek_at(1), Some(b'\'' | b'"')) {
                        self.legacy_extquote(parts)?;
                    } else {
                        self.legacy_dollar(parts, in_dq)?;
                    }
                }
                b'`' => {
                    let p = self.legacy_backquote(false)?;
                    parts.push(p);
                }
                b':' if ctx == WordCtx::Assign => {
                    self.pos += 1;
                    parts.ch(':');
                    self.legacy_tilde_prefix(ctx, parts);
                }
                _ => {
                    // A run of ordinary characters.
                    let start = self.pos;
                    self.pos += 1;
                    while let Some(c) = self.peek() {
                        if is_plain(c) {
                            self.pos += 1;
                        } else {
                            break;
                        }
                    }
                    while !self.src.is_char_boundary(self.pos) {
                        self.pos += 1;
                    }
                    let s = &self.src[start..self.pos];
                    parts.lit(s);
                }
            }
        }
    }

    /// `$'...'` or `$"..."` in an operand of a double-quoted `${...}`, with
    /// the cursor at `$`: decoded as outside double quotes (bash's
    /// `extquote` option, on by default; bash manual 4.3.2 "The Shopt
    /// Builtin"), so `"${z//$'\n'/,}"` replaces newlines. The decoded text
    /// is quoted (a pattern character in it matches itself).
    fn legacy_extquote(&mut self, parts: &mut Parts) -> Result<(), ParseError> {
        self.pos += 1;
        let part = if self.peek() == Some(b'"') {
            self.legacy_double_quoted(true)?
        } else {
            WordPart::AnsiC(self.legacy_ansi_c()?.into())
        };
        parts.push(part);
        Ok(())
    }

    /// `true` when the cursor is at `(` right after an unquoted extglob
    /// operator character.
    fn legacy_extglob_before(&self, parts: &Parts) -> bool {
        self.peek() == Some(b'(')
            && self.pos > 0
            && is_extglob_op(self.b[self.pos - 1])
            && parts.last_lit_ends_with(self.b[self.pos - 1])
    }

    /// Parses `(alt|alt...)` of an extended glob (the cursor is at `(`).
    fn legacy_extglob(&mut self, op: char) -> Result<WordPart, ParseError> {
        let open = self.pos;
        self.enter()?;
        self.pos += 1;
        let mut alternatives = Vec::new();
        loop {
            let w = self.legacy_parse_word(WordCtx::ExtAlt)?;
            alternatives.push(w);
            match self.peek() {
                Some(b'|') => self.pos += 1,
                Some(b')') => {
                    self.pos += 1;
                    break;
                }
                _ => return Err(self.eof_matching(')', open)),
            }
        }
        self.leave();
        Ok(WordPart::ExtGlob { op, alternatives })
    }

    /// A tilde prefix at the cursor (bash manual 3.5.2), if any.
    #[inline]
    fn legacy_tilde_prefix(&mut self, ctx: WordCtx, parts: &mut Parts) {
        if self.peek() == Some(b'~') {
            self.legacy_tilde_after(ctx, parts);
        }
    }

    /// [`Self::tilde_prefix`] past its first check (rare: words seldom
    /// start with `~`).
    #[inline(never)]
    fn legacy_tilde_after(&mut self, ctx: WordCtx, parts: &mut Parts) {
        let start = self.pos + 1;
        let mut end = start;
        while let Some(&c) = self.b.get(end) {
            if c.is_ascii_alphanumeric() || matches!(c, b'.' | b'_' | b'-' | b'+') {
                end += 1;
            } else {
                break;
            }
        }
        let next = self.b.get(end).copied();
        let ends = match next {
            None | Some(b'/') => true,
            Some(b':') => ctx == WordCtx::Assign,
            Some(c) => is_meta(c),
        };
        if !ends {
            return;
        }
        let user = &self.src[start..end];
        parts.push(WordPart::Tilde(if user.is_empty() {
            None
        } else {
            Some(user.to_string())
        }));
        self.pos = end;
    }

    /// `'...'` (the cursor is at the quote).
    pub(crate) fn legacy_single_quoted(&mut self) -> Result<WordPart, ParseError> {
        let open = self.pos;
        let body = open + 1;
        match memchr::memchr(b'\'', &self.b[body..]) {
            Some(i) => {
                self.pos = body + i + 1;
                Ok(WordPart::SingleQuoted(CompactString::from(
                    &self.src[body..body + i],
                )))
            }
            None => Err(self.eof_matching('\'', open)),
        }
    }

    /// `"..."` (the cursor is at the quote; `$"` consumed its `$`).
    pub(crate) fn legacy_double_quoted(&mut self, locale: bool) -> Result<WordPart, ParseError> {
        let open = if locale { self.pos - 1 } else { self.pos };
        self.enter()?;
        self.pos += 1;
        let mut parts = Parts::default();
        loop {
            match self.peek() {
                None => return Err(self.eof_matching('"', open)),
                Some(b'"') => {
                    self.pos += 1;
                    break;
                }
                Some(_) => self.legacy_dq_char(&mut parts, DqMode::Quotes)?,
            }
        }
        self.leave();
        Ok(WordPart::DoubleQuoted {
            parts: parts.0.into_vec(),
            locale,
        })
    }

    /// One element of double-quote-like text at the cursor.
    pub(crate) fn legacy_dq_char(
        &mut self,
        parts: &mut Parts,
        mode: DqMode,
    ) -> Result<(), ParseError> {
        let c = self.peek().unwrap_or(0);
        match c {
            b'\\' => {
                let n = self.peek_at(1);
                let special = match n {
                    Some(b'$' | b'`' | b'\\') => true,
                    Some(b'"') => mode != DqMode::HereDoc,
                    Some(b'\n') => {
                        self.pos += 2;
                        return Ok(());
                    }
                    _ => false,
                };
                self.pos += 1;
                if special {
                    let ch = self.bump_char().unwrap_or('\\');
                    parts.ch(ch);
                } else {
                    parts.ch('\\');
                }
            }
            b'$' => self.legacy_dollar(parts, true)?,
            b'`' => {
                let p = self.legacy_backquote(mode == DqMode::Quotes)?;
                parts.push(p);
            }
            b'"' if mode == DqMode::Arith => {
                let p = self.legacy_double_quoted(false)?;
                parts.push(p);
            }
            _ => {
                let start = self.pos;
                self.pos += 1;
                while let Some(c) = self.peek() {
                    if matches!(c, b'\\' | b'$' | b'`' | b'"')
                        || (mode == DqMode::Arith
                            && matches!(c, b'(' | b')' | b':' | b'}' | b'[' | b']' | b';'))
                    {
                        break;
                    }
                    self.pos += 1;
                }
                while !self.src.is_char_boundary(self.pos) {
                    self.pos += 1;
                }
                parts.lit(&self.src[start..self.pos]);
            }
        }
        Ok(())
    }
}
