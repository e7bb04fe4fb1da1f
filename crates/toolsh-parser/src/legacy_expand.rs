//! The hand-written `$`-expansion parser `param.rs` held before it moved
//! onto nom (parameters, command, arithmetic and process substitution, `$'...'`,
//! `$"..."`, backquotes), kept (for tests only) as the reference the nom
//! version is checked against by `differential.rs` until the migration
//! is proven; then it goes.

use crate::ast::{
    ArithExpr, CompactString, ParamExpansion, ParamOp, Parameter, Script, Subscript, WordPart,
};
use crate::error::{ParseError, ParseErrorKind};
use crate::lexer::{is_name_char, is_name_start};
use crate::param::{BAD_SUBST, is_special_param, kept_escape};
use crate::parser::Parser;
use crate::word::{Parts, WordCtx};

impl Parser<'_> {
    /// Parses the expansion at `$` and pushes it; a `$` that starts nothing
    /// is a literal.
    pub(crate) fn legacy_dollar(
        &mut self,
        parts: &mut Parts,
        in_dq: bool,
    ) -> Result<(), ParseError> {
        let start = self.pos;
        let Some(n) = self.peek_at(1) else {
            self.pos += 1;
            parts.ch('$');
            return Ok(());
        };
        let part = match n {
            b'{' => self.legacy_braced_param(in_dq)?,
            b'(' => {
                if self.peek_at(2) == Some(b'(') {
                    self.legacy_arith_or_subst()?
                } else {
                    self.pos += 2;
                    let script = self.legacy_substitution_script(start)?;
                    WordPart::CommandSubst {
                        script: Box::new(script),
                        backquoted: false,
                    }
                }
            }
            b'[' => self.legacy_bracket_arith()?,
            b'\'' if !in_dq => {
                self.pos += 1;
                WordPart::AnsiC(self.legacy_ansi_c()?.into())
            }
            b'"' if !in_dq => {
                self.pos += 1;
                self.legacy_double_quoted(true)?
            }
            c if is_name_start(c) => {
                self.pos += 1;
                let s = self.pos;
                while self.peek().is_some_and(is_name_char) {
                    self.pos += 1;
                }
                let name = CompactString::from(&self.src[s..self.pos]);
                self.legacy_simple_param(Parameter::Named(name), start)
            }
            c @ b'0'..=b'9' => {
                self.pos += 2;
                let p = if c == b'0' {
                    Parameter::Special('0')
                } else {
                    Parameter::Positional(u32::from(c - b'0'))
                };
                self.legacy_simple_param(p, start)
            }
            c if is_special_param(c) => {
                self.pos += 2;
                self.legacy_simple_param(Parameter::Special(c as char), start)
            }
            _ => {
                self.pos += 1;
                parts.ch('$');
                return Ok(());
            }
        };
        parts.push(part);
        Ok(())
    }

    fn legacy_simple_param(&mut self, param: Parameter, start: usize) -> WordPart {
        WordPart::Param(Box::new(ParamExpansion {
            param,
            subscript: None,
            indirect: false,
            op: None,
            braced: false,
            span: self.span_from(start),
        }))
    }

    /// Parses the commands of `$(...)` or `<(...)` after the opening
    /// parenthesis, through the closing one.
    ///
    /// Here-documents begun before the substitution on the same line are
    /// not read at a newline inside it: bash reads their bodies after the
    /// line that holds the end of the substitution (`cat <<E && echo $(\n
    /// echo x)\nbody\nE`). Only those begun inside are read there.
    pub(crate) fn legacy_substitution_script(
        &mut self,
        start: usize,
    ) -> Result<Script, ParseError> {
        let outer = std::mem::take(&mut self.pending);
        let script = self.legacy_substitution_list(start);
        let inner = std::mem::replace(&mut self.pending, outer);
        self.pending.extend(inner);
        script
    }

    fn legacy_substitution_list(&mut self, start: usize) -> Result<Script, ParseError> {
        self.enter()?;
        let body = self.parse_compound_list()?;
        self.skip_blanks();
        match self.peek() {
            Some(b')') => self.pos += 1,
            None => {
                let at = self.b.len();
                return Err(self.eof_matching(')', at));
            }
            Some(_) => return Err(self.unexpected()),
        }
        self.leave();
        Ok(Script {
            body,
            span: self.span_from(start),
            comments: Vec::new(),
        })
    }

    /// `<(list)` / `>(list)` at the cursor.
    pub(crate) fn legacy_process_subst(&mut self) -> Result<WordPart, ParseError> {
        let start = self.pos;
        let read = self.peek() == Some(b'<');
        self.pos += 2;
        let script = self.legacy_substitution_script(start)?;
        Ok(WordPart::ProcessSubst {
            read,
            script: Box::new(script),
        })
    }

    /// `$((...))`, or `$( (...) )` when the text does not close with `))`.
    fn legacy_arith_or_subst(&mut self) -> Result<WordPart, ParseError> {
        let start = self.pos;
        let cp = self.checkpoint();
        self.pos += 3;
        self.enter()?;
        match self.arith_top(b')') {
            Ok(e) if self.starts_with("))") => {
                self.pos += 2;
                self.leave();
                return Ok(WordPart::Arith(Box::new(e)));
            }
            Err(e) if e.kind == ParseErrorKind::LimitExceeded => return Err(e),
            _ => {}
        }
        self.restore(cp);
        self.pos += 3;
        self.enter()?;
        let deferred = self.deferred_arith(b')', start)?;
        if self.starts_with("))") {
            self.pos += 2;
            self.leave();
            return Ok(WordPart::Arith(Box::new(deferred)));
        }
        // A command substitution whose first command is a subshell.
        self.restore(cp);
        self.pos += 2;
        let script = self.legacy_substitution_script(start)?;
        Ok(WordPart::CommandSubst {
            script: Box::new(script),
            backquoted: false,
        })
    }

    /// `$[expr]` (obsolete arithmetic expansion).
    fn legacy_bracket_arith(&mut self) -> Result<WordPart, ParseError> {
        let start = self.pos;
        let cp = self.checkpoint();
        self.pos += 2;
        self.enter()?;
        match self.arith_top(b']') {
            Ok(e) if self.peek() == Some(b']') => {
                self.pos += 1;
                self.leave();
                return Ok(WordPart::Arith(Box::new(e)));
            }
            Err(e) if e.kind == ParseErrorKind::LimitExceeded => return Err(e),
            _ => {}
        }
        self.restore(cp);
        self.pos += 2;
        self.enter()?;
        let deferred = self.deferred_arith(b']', start)?;
        if self.peek() == Some(b']') {
            self.pos += 1;
            self.leave();
            return Ok(WordPart::Arith(Box::new(deferred)));
        }
        Err(self.eof_matching(']', start))
    }

    /// `${...}` at the cursor; a bad substitution (bash's run-time error)
    /// becomes [`WordPart::BadSubstitution`] with the text up to the
    /// closing brace, the cursor after it.
    fn legacy_braced_param(&mut self, in_dq: bool) -> Result<WordPart, ParseError> {
        let (open, depth) = (self.pos, self.depth);
        match self.legacy_braced_param_checked(in_dq) {
            Err(e) if e.kind == ParseErrorKind::Invalid && e.message.ends_with(BAD_SUBST) => {
                let text = &e.message[..e.message.len() - BAD_SUBST.len()];
                if !self.src[open..].starts_with(text) {
                    return Err(e);
                }
                self.depth = depth;
                self.pos = open + text.len();
                Ok(WordPart::BadSubstitution(text.into()))
            }
            r => r,
        }
    }

    /// `${...}` at the cursor, a bad substitution an error.
    fn legacy_braced_param_checked(&mut self, in_dq: bool) -> Result<WordPart, ParseError> {
        let open = self.pos;
        self.pos += 2;
        self.enter()?;
        let mut indirect = false;
        let op;
        let param;
        let mut subscript = None;
        match self.peek() {
            Some(b'#')
                if self.peek_at(1) != Some(b'}')
                    && self.peek_at(1).is_some_and(|n| {
                        is_name_start(n)
                            || n.is_ascii_digit()
                            || (is_special_param(n) && self.peek_at(2) == Some(b'}'))
                    }) =>
            {
                self.pos += 1;
                param = self.legacy_param_name(open)?;
                subscript = self.legacy_opt_subscript(&param)?;
                op = Some(ParamOp::Length);
            }
            Some(b'!')
                if self.peek_at(1).is_some_and(|n| {
                    n != b'}' && (is_name_start(n) || n.is_ascii_digit() || is_special_param(n))
                }) =>
            {
                self.pos += 1;
                param = self.legacy_param_name(open)?;
                if matches!(param, Parameter::Named(_))
                    && matches!(self.peek(), Some(b'*' | b'@'))
                    && self.peek_at(1) == Some(b'}')
                {
                    op = Some(ParamOp::PrefixNames {
                        star: self.peek() == Some(b'*'),
                    });
                    self.pos += 1;
                } else {
                    subscript = self.legacy_opt_subscript(&param)?;
                    match (&subscript, self.peek()) {
                        (Some(Subscript::At), Some(b'}')) => {
                            subscript = None;
                            op = Some(ParamOp::Keys { star: false });
                        }
                        (Some(Subscript::Star), Some(b'}')) => {
                            subscript = None;
                            op = Some(ParamOp::Keys { star: true });
                        }
                        _ => {
                            indirect = true;
                            op = self.param_op(in_dq, open)?;
                        }
                    }
                }
            }
            _ => {
                param = self.legacy_param_name(open)?;
                subscript = self.legacy_opt_subscript(&param)?;
                op = self.param_op(in_dq, open)?;
            }
        }
        match self.peek() {
            Some(b'}') => self.pos += 1,
            None => return Err(self.eof_matching('}', open)),
            Some(_) => return Err(self.bad_substitution(open)),
        }
        self.leave();
        Ok(WordPart::Param(Box::new(ParamExpansion {
            param,
            subscript,
            indirect,
            op: op.map(Box::new),
            braced: true,
            span: self.span_from(open),
        })))
    }

    fn legacy_param_name(&mut self, open: usize) -> Result<Parameter, ParseError> {
        let s = self.pos;
        match self.peek() {
            Some(c) if is_name_start(c) => {
                while self.peek().is_some_and(is_name_char) {
                    self.pos += 1;
                }
                Ok(Parameter::Named(CompactString::from(
                    &self.src[s..self.pos],
                )))
            }
            Some(c) if c.is_ascii_digit() => {
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
                let digits = &self.src[s..self.pos];
                if digits == "0" {
                    return Ok(Parameter::Special('0'));
                }
                let n = digits.parse::<u32>().unwrap_or(u32::MAX);
                Ok(Parameter::Positional(n))
            }
            Some(c) if is_special_param(c) => {
                self.pos += 1;
                Ok(Parameter::Special(c as char))
            }
            None => Err(self.eof_matching('}', open)),
            Some(_) => Err(self.bad_substitution(open)),
        }
    }

    fn legacy_opt_subscript(&mut self, param: &Parameter) -> Result<Option<Subscript>, ParseError> {
        if !matches!(param, Parameter::Named(_)) || self.peek() != Some(b'[') {
            return Ok(None);
        }
        let open = self.pos;
        self.pos += 1;
        if matches!(self.peek(), Some(b'@' | b'*')) && self.peek_at(1) == Some(b']') {
            let star = self.peek() == Some(b'*');
            self.pos += 2;
            return Ok(Some(if star { Subscript::Star } else { Subscript::At }));
        }
        let w = self.legacy_parse_word(WordCtx::Subscript)?;
        if self.peek() != Some(b']') {
            return Err(self.eof_matching(']', open));
        }
        self.pos += 1;
        Ok(Some(Subscript::Index(w)))
    }

    /// An arithmetic operand of `${x:off:len}`, ending before one of
    /// `stops`.
    pub(crate) fn legacy_arith_in_param(
        &mut self,
        stops: &[u8],
        open: usize,
    ) -> Result<ArithExpr, ParseError> {
        let cp = self.checkpoint();
        match self.arith_top(stops[0]) {
            Ok(e) if self.peek().is_some_and(|c| stops.contains(&c)) => return Ok(e),
            Err(e) if e.kind == ParseErrorKind::LimitExceeded => return Err(e),
            _ => {}
        }
        self.restore(cp);
        let w = self.deferred_word(stops)?;
        if self.at_eof() {
            return Err(self.eof_matching('}', open));
        }
        Ok(ArithExpr::Deferred(Box::new(w)))
    }

    /// `$'...'` with the cursor at the quote: the decoded text.
    pub(crate) fn legacy_ansi_c(&mut self) -> Result<String, ParseError> {
        let open = self.pos - 1;
        self.pos += 1;
        // Bytes, so that octal and hex escapes above 0x7f combine into
        // UTF-8 characters as they do in bash (`$'\303\251'` is `é`).
        let mut out: Vec<u8> = Vec::new();
        let mut nul_at: Option<usize> = None;
        loop {
            let Some(c) = self.bump_char() else {
                return Err(self.eof_matching('\'', open));
            };
            let decoded: Option<char> = match c {
                '\'' => break,
                '\\' => {
                    let Some(e) = self.bump_char() else {
                        return Err(self.eof_matching('\'', open));
                    };
                    self.legacy_ansi_escape(e, &mut out)
                }
                c => Some(c),
            };
            if let Some(d) = decoded {
                if d == '\0' && nul_at.is_none() {
                    nul_at = Some(out.len());
                }
                out.extend_from_slice(d.encode_utf8(&mut [0; 4]).as_bytes());
            }
        }
        if let Some(n) = nul_at {
            out.truncate(n);
        }
        Ok(String::from_utf8_lossy(&out).into_owned())
    }

    /// Decodes the escape `\e...` (the character after the backslash is
    /// consumed); `None` when it pushed bytes itself (a raw byte above
    /// 0x7f from an octal or hex escape).
    fn legacy_ansi_escape(&mut self, e: char, out: &mut Vec<u8>) -> Option<char> {
        Some(match e {
            'a' => '\x07',
            'b' => '\x08',
            'e' | 'E' => '\x1b',
            'f' => '\x0c',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'v' => '\x0b',
            '\\' => '\\',
            '\'' => '\'',
            '"' => '"',
            '?' => '?',
            '0'..='7' => {
                let mut v = e as u32 - '0' as u32;
                for _ in 0..2 {
                    match self.peek() {
                        Some(d @ b'0'..=b'7') => {
                            v = v * 8 + u32::from(d - b'0');
                            self.pos += 1;
                        }
                        _ => break,
                    }
                }
                let b = (v & 0xff) as u8;
                if b >= 0x80 {
                    out.push(b);
                    return None;
                }
                char::from(b)
            }
            'x' | 'u' | 'U' => {
                let max = match e {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let mut v: u32 = 0;
                let mut n = 0;
                while n < max {
                    match self.peek().and_then(|d| (d as char).to_digit(16)) {
                        Some(d) => {
                            v = v.wrapping_mul(16).wrapping_add(d);
                            self.pos += 1;
                            n += 1;
                        }
                        None => break,
                    }
                }
                if n == 0 {
                    out.push(b'\\');
                    e
                } else if e == 'x' && v >= 0x80 {
                    out.push(v as u8);
                    return None;
                } else if v >= 0x80 && self.limits.utf8 {
                    // A UTF-8 locale has a character for every code
                    // point; bash gives up on the rest (surrogates, past
                    // U+10FFFF) and keeps the escape.
                    if let Some(c) = char::from_u32(v) {
                        c
                    } else {
                        out.extend_from_slice(kept_escape(v).as_bytes());
                        return None;
                    }
                } else if v >= 0x80 {
                    // The C locale has no character for it: bash keeps
                    // the escape, normalised (`\u00E9`, `\U0001F600`).
                    out.extend_from_slice(kept_escape(v).as_bytes());
                    return None;
                } else {
                    char::from_u32(v).unwrap_or('\u{fffd}')
                }
            }
            'c' => match self.bump_char() {
                Some(c) if c.is_ascii() => {
                    let u = (c as u8).to_ascii_uppercase();
                    if u == b'?' {
                        '\x7f'
                    } else {
                        char::from(u & 0x1f)
                    }
                }
                Some(c) => {
                    out.extend_from_slice(b"\\c");
                    c
                }
                None => {
                    out.push(b'\\');
                    'c'
                }
            },
            other => {
                out.push(b'\\');
                other
            }
        })
    }

    /// A backquoted command substitution at the cursor (bash manual 3.5.4:
    /// backslash keeps its literal meaning except before `$`, `` ` ``, `\`,
    /// and `"` inside double quotes).
    pub(crate) fn legacy_backquote(&mut self, in_dq: bool) -> Result<WordPart, ParseError> {
        let open = self.pos;
        self.pos += 1;
        let body_start = self.pos;
        let mut text = String::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(self.eof_matching('`', open));
            };
            match c {
                b'`' => {
                    self.pos += 1;
                    break;
                }
                b'\\' => match self.peek_at(1) {
                    Some(n @ (b'$' | b'`' | b'\\')) => {
                        text.push(n as char);
                        self.pos += 2;
                    }
                    Some(b'"') if in_dq => {
                        text.push('"');
                        self.pos += 2;
                    }
                    _ => {
                        text.push('\\');
                        self.pos += 1;
                    }
                },
                _ => {
                    let ch = self.bump_char().unwrap_or('\0');
                    text.push(ch);
                }
            }
        }
        self.enter()?;
        let mut sub = self.derived(&text, body_start);
        let mut script = sub.parse_script_text()?;
        self.heredoc_count = sub.heredoc_count;
        self.leave();
        // The outer script holds the comments of its substitutions.
        self.comments.append(&mut script.comments);
        script.span = self.span_from(open);
        Ok(WordPart::CommandSubst {
            script: Box::new(script),
            backquoted: true,
        })
    }
}
