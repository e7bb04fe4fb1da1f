//! `$`-expansions on nom: parameters (bash manual 3.5.3), command
//! substitution (3.5.4), arithmetic expansion (3.5.5), process
//! substitution (3.5.6), `$'...'` (3.1.2.4) and `$"..."` (3.1.2.5), and
//! backquoted substitutions.
//!
//! Each is a nom production over the crate's `Input`; what bash decides
//! by trying is written out by hand over nom's types: `$((` is an
//! arithmetic expansion when the text parses as one up to `))`, else
//! arithmetic kept for run time when it ends in `))`, else a command
//! substitution whose first command is a subshell (the host's
//! checkpoint puts back what the failed tries recorded). The commands of
//! a substitution are read by the hand-written list parser through the
//! input's host; the operator of a `${...}` by `param_op.rs`. Errors are
//! the host's finished messages, as `Failure`s.

use nom::Parser as _;
use nom::bytes::complete::{take_till, take_while};

use crate::ast::{
    ArithExpr, CompactString, DefaultKind, ParamExpansion, ParamOp, Parameter, Script, Subscript,
    WordPart,
};
use crate::blank::blanks;
use crate::error::{ParseError, ParseErrorKind};
use crate::input::{Flags, Input, PResult};
use crate::lexer::{is_name_char, is_name_start};
use crate::param_op::param_operator;
use crate::parser::Parser;
use crate::word::{Parts, WordCtx, double_quoted, host_error, unmatched, word};

/// The end of bash's message for a `${...}` it cannot expand.
pub(crate) const BAD_SUBST: &str = ": bad substitution";

/// A `\u`/`\U` escape bash cannot turn into a character, as it keeps it.
pub(crate) fn kept_escape(v: u32) -> String {
    if v <= 0xffff {
        format!("\\u{v:04X}")
    } else {
        format!("\\U{v:08X}")
    }
}

/// A special parameter's character (bash manual 3.4.2).
#[inline]
pub(crate) fn is_special_param(c: u8) -> bool {
    matches!(c, b'@' | b'*' | b'#' | b'?' | b'-' | b'$' | b'!')
}

impl Parser<'_> {
    /// Parses the expansion at `$` ([`dollar`]) and pushes it.
    pub(crate) fn dollar(&mut self, parts: &mut Parts, in_dq: bool) -> Result<(), ParseError> {
        #[cfg(test)]
        if crate::differential::legacy_word() {
            return self.legacy_dollar(parts, in_dq);
        }
        let part = self
            .run_nom(Flags::default(), |i| dollar(i, in_dq))
            .map_err(|e| self.grammar_error(e))?;
        parts.push(part);
        Ok(())
    }

    /// The backquoted substitution at the cursor ([`backquote`]).
    pub(crate) fn backquote(&mut self, in_dq: bool) -> Result<WordPart, ParseError> {
        #[cfg(test)]
        if crate::differential::legacy_word() {
            return self.legacy_backquote(in_dq);
        }
        self.run_nom(Flags::default(), |i| backquote(i, in_dq))
            .map_err(|e| self.grammar_error(e))
    }

    /// A word of a `${...}` operator (for `legacy_param.rs`).
    #[cfg(test)]
    pub(crate) fn op_word(
        &mut self,
        in_dq: bool,
        pattern: bool,
        slash: bool,
    ) -> Result<crate::ast::Word, ParseError> {
        self.parse_word(WordCtx::Param {
            dq: in_dq,
            pattern,
            slash,
        })
    }

    /// An arithmetic operand of `${x:off:len}` ([`arith_operand`], for
    /// `legacy_param.rs`).
    #[cfg(test)]
    pub(crate) fn arith_in_param(
        &mut self,
        stops: &'static [u8],
        open: usize,
    ) -> Result<ArithExpr, ParseError> {
        if crate::differential::legacy_word() {
            return self.legacy_arith_in_param(stops, open);
        }
        self.run_nom(Flags::default(), |i| arith_operand(i, stops, open))
            .map_err(|e| self.grammar_error(e))
    }

    /// The error for a malformed `${...}` starting at `open`.
    pub(crate) fn bad_substitution(&mut self, open: usize) -> ParseError {
        let Some(close) = crate::word::memchr(b'}', &self.b[self.pos..]) else {
            // bash reads to the matching brace before judging the text.
            return self.eof_matching('}', open);
        };
        let end = self.pos + close + 1;
        let mut e = end;
        while !self.src.is_char_boundary(e) {
            e += 1;
        }
        let text = self.src[open..e].to_string();
        self.invalid(format!("{text}{BAD_SUBST}"), open)
    }
}

/// A `$` alone: literal text.
fn dollar_sign<'h, 'a>(i: Input<'h, 'a>) -> (Input<'h, 'a>, WordPart) {
    (
        i.advance(1),
        WordPart::Literal(CompactString::const_new("$")),
    )
}

/// The expansion at `$` (`in_dq`: inside double quotes, where `$'` and
/// `$"` are literal text); a `$` that starts nothing is literal text.
pub(crate) fn dollar<'h, 'a>(i: Input<'h, 'a>, in_dq: bool) -> PResult<'h, 'a, WordPart> {
    let start = i.pos;
    let Some(n) = i.at(1) else {
        return Ok(dollar_sign(i));
    };
    match n {
        b'{' => braced_param(i, in_dq),
        b'(' if i.at(2) == Some(b'(') => arith_or_subst(i),
        b'(' => {
            let (j, script) = substitution_script(i.advance(2), start)?;
            Ok((j, command_subst(script)))
        }
        b'[' => bracket_arith(i),
        b'\'' if !in_dq => {
            let (j, s) = ansi_c(i.advance(1))?;
            Ok((j, WordPart::AnsiC(s.into())))
        }
        b'"' if !in_dq => double_quoted(i.advance(1), true),
        c if is_name_start(c) => {
            let (j, name) = take_while(is_name_char).parse(i.advance(1))?;
            let name = CompactString::from(name.text());
            Ok(simple_param(j, Parameter::Named(name), start))
        }
        c @ b'0'..=b'9' => {
            let p = if c == b'0' {
                Parameter::Special('0')
            } else {
                Parameter::Positional(u32::from(c - b'0'))
            };
            Ok(simple_param(i.advance(2), p, start))
        }
        c if is_special_param(c) => Ok(simple_param(
            i.advance(2),
            Parameter::Special(c as char),
            start,
        )),
        _ => Ok(dollar_sign(i)),
    }
}

/// `$name`, `$1`, `$@` ... ending at `j`.
fn simple_param<'h, 'a>(
    j: Input<'h, 'a>,
    param: Parameter,
    start: usize,
) -> (Input<'h, 'a>, WordPart) {
    let span = j.host().borrow_mut().span(start, j.pos);
    let part = WordPart::Param(Box::new(ParamExpansion {
        param,
        subscript: None,
        indirect: false,
        op: None,
        braced: false,
        span,
    }));
    (j, part)
}

fn command_subst(script: Script) -> WordPart {
    WordPart::CommandSubst {
        script: Box::new(script),
        backquoted: false,
    }
}

/// The commands of `$(...)` or `<(...)` after the opening parenthesis,
/// through the closing one; `start` is the `$` or `<`.
///
/// Here-documents begun before the substitution on the same line are
/// not read at a newline inside it: bash reads their bodies after the
/// line that holds the end of the substitution (`cat <<E && echo $(\n
/// echo x)\nbody\nE`). Only those begun inside are read there.
fn substitution_script<'h, 'a>(i: Input<'h, 'a>, start: usize) -> PResult<'h, 'a, Script> {
    let outer = std::mem::take(&mut i.host().borrow_mut().pending);
    let r = substitution_list(i, start);
    let mut host = i.host().borrow_mut();
    let inner = std::mem::replace(&mut host.pending, outer);
    host.pending.extend(inner);
    r
}

/// [`substitution_script`] with the outer here-documents put aside, one
/// level deeper.
fn substitution_list<'h, 'a>(i: Input<'h, 'a>, start: usize) -> PResult<'h, 'a, Script> {
    let (j, body) = i.deeper()?.host_parse(Parser::parse_compound_list)?;
    let (j, ()) = blanks(j)?;
    let j = match j.at(0) {
        Some(b')') => j.advance(1),
        None => return unmatched(j, ')', j.src().len()),
        Some(_) => return host_error(j, Parser::unexpected),
    };
    let span = j.host().borrow_mut().span(start, j.pos);
    let script = Script {
        body,
        span,
        comments: Vec::new(),
    };
    Ok((j.leave_to(&i), script))
}

/// `<(list)` / `>(list)` at the cursor.
pub(crate) fn process_subst<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, WordPart> {
    let read = i.at(0) == Some(b'<');
    let (j, script) = substitution_script(i.advance(2), i.pos)?;
    Ok((
        j,
        WordPart::ProcessSubst {
            read,
            script: Box::new(script),
        },
    ))
}

/// `$((...))`, or `$( (...) )` when the text does not close with `))`.
fn arith_or_subst<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, WordPart> {
    let start = i.pos;
    let cp = i.host().borrow().checkpoint();
    let (j, tried) = i.advance(3).deeper()?.call_host(|p| p.arith_top(b')'));
    match tried {
        Ok(expr) if j.rest().starts_with(b"))") => {
            return Ok((j.advance(2).leave_to(&i), WordPart::Arith(Box::new(expr))));
        }
        Err(err) if err.kind == ParseErrorKind::LimitExceeded => return Err(j.fatal(err)),
        _ => {}
    }
    i.host().borrow_mut().restore(cp);
    // The tries go on with the last arithmetic token where they left it.
    let (k, deferred) = i
        .advance(3)
        .with_last(j.last)
        .deeper()?
        .host_parse(|p| p.deferred_arith(b')', start))?;
    if k.rest().starts_with(b"))") {
        return Ok((
            k.advance(2).leave_to(&i),
            WordPart::Arith(Box::new(deferred)),
        ));
    }
    // A command substitution whose first command is a subshell.
    i.host().borrow_mut().restore(cp);
    let (l, script) = substitution_script(i.advance(2).with_last(k.last), start)?;
    Ok((l, command_subst(script)))
}

/// `$[expr]` (obsolete arithmetic expansion).
fn bracket_arith<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, WordPart> {
    let start = i.pos;
    let cp = i.host().borrow().checkpoint();
    let (j, tried) = i.advance(2).deeper()?.call_host(|p| p.arith_top(b']'));
    match tried {
        Ok(expr) if j.at(0) == Some(b']') => {
            return Ok((j.advance(1).leave_to(&i), WordPart::Arith(Box::new(expr))));
        }
        Err(err) if err.kind == ParseErrorKind::LimitExceeded => return Err(j.fatal(err)),
        _ => {}
    }
    i.host().borrow_mut().restore(cp);
    let (k, deferred) = i
        .advance(2)
        .with_last(j.last)
        .deeper()?
        .host_parse(|p| p.deferred_arith(b']', start))?;
    if k.at(0) == Some(b']') {
        return Ok((
            k.advance(1).leave_to(&i),
            WordPart::Arith(Box::new(deferred)),
        ));
    }
    unmatched(k, ']', start)
}

/// `${...}` at the cursor; a bad substitution (bash's run-time error)
/// becomes [`WordPart::BadSubstitution`] with the text up to the
/// closing brace, the cursor after it.
fn braced_param<'h, 'a>(i: Input<'h, 'a>, in_dq: bool) -> PResult<'h, 'a, WordPart> {
    match braced_param_checked(i, in_dq) {
        Err(nom::Err::Failure(e)) => {
            if let Some(f) = &e.fatal
                && f.kind == ParseErrorKind::Invalid
                && let Some(text) = f.message.strip_suffix(BAD_SUBST)
                && i.src()[i.pos..].starts_with(text)
            {
                let part = WordPart::BadSubstitution(text.into());
                return Ok((i.advance(text.len()).with_last(e.last), part));
            }
            Err(nom::Err::Failure(e))
        }
        r => r,
    }
}

/// `${...}` at the cursor, a bad substitution an error; one level
/// deeper.
fn braced_param_checked<'h, 'a>(i: Input<'h, 'a>, in_dq: bool) -> PResult<'h, 'a, WordPart> {
    let open = i.pos;
    let j = i.advance(2).deeper()?;
    let (j, param, subscript, indirect, op) = match j.at(0) {
        Some(b'#')
            if j.at(1) != Some(b'}')
                && j.at(1).is_some_and(|n| {
                    is_name_start(n)
                        || n.is_ascii_digit()
                        || (is_special_param(n) && j.at(2) == Some(b'}'))
                }) =>
        {
            let (k, param) = param_name(j.advance(1), open)?;
            let (k, subscript) = opt_subscript(k, &param)?;
            (k, param, subscript, false, Some(ParamOp::Length))
        }
        Some(b'!')
            if j.at(1).is_some_and(|n| {
                n != b'}' && (is_name_start(n) || n.is_ascii_digit() || is_special_param(n))
            }) =>
        {
            let (k, param) = param_name(j.advance(1), open)?;
            if matches!(param, Parameter::Named(_))
                && matches!(k.at(0), Some(b'*' | b'@'))
                && k.at(1) == Some(b'}')
            {
                let star = k.at(0) == Some(b'*');
                (
                    k.advance(1),
                    param,
                    None,
                    false,
                    Some(ParamOp::PrefixNames { star }),
                )
            } else {
                let (k, subscript) = opt_subscript(k, &param)?;
                match (&subscript, k.at(0)) {
                    (Some(Subscript::At), Some(b'}')) => {
                        (k, param, None, false, Some(ParamOp::Keys { star: false }))
                    }
                    (Some(Subscript::Star), Some(b'}')) => {
                        (k, param, None, false, Some(ParamOp::Keys { star: true }))
                    }
                    _ => {
                        let (k, op) = param_operator(k, in_dq, open)?;
                        (k, param, subscript, true, op)
                    }
                }
            }
        }
        _ => {
            let (k, param) = param_name(j, open)?;
            let (k, subscript) = opt_subscript(k, &param)?;
            let (k, op) = param_operator(k, in_dq, open)?;
            (k, param, subscript, false, op)
        }
    };
    let j = match j.at(0) {
        Some(b'}') => j.advance(1),
        None => return unmatched(j, '}', open),
        Some(_) => return host_error(j, |p| p.bad_substitution(open)),
    };
    let span = j.host().borrow_mut().span(open, j.pos);
    let part = WordPart::Param(Box::new(ParamExpansion {
        param,
        subscript,
        indirect,
        op: op.map(Box::new),
        braced: true,
        span,
    }));
    Ok((j.leave_to(&i), part))
}

/// The parameter of the `${` at `open`: a name, a number, a special
/// parameter.
fn param_name<'h, 'a>(i: Input<'h, 'a>, open: usize) -> PResult<'h, 'a, Parameter> {
    match i.at(0) {
        Some(c) if is_name_start(c) => {
            let (j, name) = take_while(is_name_char).parse(i)?;
            Ok((j, Parameter::Named(CompactString::from(name.text()))))
        }
        Some(c) if c.is_ascii_digit() => {
            let (j, digits) = take_while(|c: u8| c.is_ascii_digit()).parse(i)?;
            let p = match digits.text() {
                "0" => Parameter::Special('0'),
                d => Parameter::Positional(d.parse::<u32>().unwrap_or(u32::MAX)),
            };
            Ok((j, p))
        }
        Some(c) if is_special_param(c) => Ok((i.advance(1), Parameter::Special(c as char))),
        None => unmatched(i, '}', open),
        Some(_) => host_error(i, |p| p.bad_substitution(open)),
    }
}

/// `[@]`, `[*]` or `[word]` after a named parameter, if there.
fn opt_subscript<'h, 'a>(
    i: Input<'h, 'a>,
    param: &Parameter,
) -> PResult<'h, 'a, Option<Subscript>> {
    if !matches!(param, Parameter::Named(_)) || i.at(0) != Some(b'[') {
        return Ok((i, None));
    }
    let j = i.advance(1);
    if matches!(j.at(0), Some(b'@' | b'*')) && j.at(1) == Some(b']') {
        let s = if j.at(0) == Some(b'*') {
            Subscript::Star
        } else {
            Subscript::At
        };
        return Ok((j.advance(2), Some(s)));
    }
    let (k, w) = word(j, WordCtx::Subscript)?;
    if k.at(0) != Some(b']') {
        return unmatched(k, ']', i.pos);
    }
    Ok((k.advance(1), Some(Subscript::Index(w))))
}

/// An arithmetic operand of `${x:off:len}`, ending before one of
/// `stops`: an expression when the text parses as one up to a stop,
/// else the text kept for run time; `open` is the `${`.
pub(crate) fn arith_operand<'h, 'a>(
    i: Input<'h, 'a>,
    stops: &'static [u8],
    open: usize,
) -> PResult<'h, 'a, ArithExpr> {
    let cp = i.host().borrow().checkpoint();
    let (j, tried) = i.call_host(|p| p.arith_top(stops[0]));
    match tried {
        Ok(expr) if j.at(0).is_some_and(|c| stops.contains(&c)) => return Ok((j, expr)),
        Err(err) if err.kind == ParseErrorKind::LimitExceeded => return Err(j.fatal(err)),
        _ => {}
    }
    i.host().borrow_mut().restore(cp);
    let (k, w) = i.with_last(j.last).host_parse(|p| p.deferred_word(stops))?;
    if k.at_end() {
        return unmatched(k, '}', open);
    }
    Ok((k, ArithExpr::Deferred(Box::new(w))))
}

/// The character at the cursor and the input after it.
#[inline]
fn next_char<'h, 'a>(i: Input<'h, 'a>) -> Option<(char, Input<'h, 'a>)> {
    let c = i.text().chars().next()?;
    Some((c, i.advance(c.len_utf8())))
}

/// `$'...'` with the cursor at the quote: the decoded text.
pub(crate) fn ansi_c<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, String> {
    let open = i.pos - 1;
    let utf8 = i.host().borrow().limits.utf8;
    let mut j = i.advance(1);
    // Bytes, so that octal and hex escapes above 0x7f combine into
    // UTF-8 characters as they do in bash (`$'\303\251'` is `é`).
    let mut out: Vec<u8> = Vec::new();
    let mut nul_at: Option<usize> = None;
    loop {
        let Some((ch, after)) = next_char(j) else {
            return unmatched(j, '\'', open);
        };
        j = after;
        let decoded: Option<char> = match ch {
            '\'' => break,
            '\\' => {
                let Some((esc, after)) = next_char(j) else {
                    return unmatched(j, '\'', open);
                };
                let (after, dec) = ansi_escape(after, esc, &mut out, utf8);
                j = after;
                dec
            }
            other => Some(other),
        };
        if let Some(dec) = decoded {
            if dec == '\0' && nul_at.is_none() {
                nul_at = Some(out.len());
            }
            out.extend_from_slice(dec.encode_utf8(&mut [0; 4]).as_bytes());
        }
    }
    if let Some(n) = nul_at {
        out.truncate(n);
    }
    Ok((j, String::from_utf8_lossy(&out).into_owned()))
}

/// Decodes the escape `\e...` (the character after the backslash is
/// read; `i` is after it); `None` when it pushed bytes itself (a raw
/// byte above 0x7f from an octal or hex escape). `utf8`: the locale's
/// ([`crate::ParseLimits::utf8`]).
fn ansi_escape<'h, 'a>(
    mut i: Input<'h, 'a>,
    esc: char,
    out: &mut Vec<u8>,
    utf8: bool,
) -> (Input<'h, 'a>, Option<char>) {
    let decoded = match esc {
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
            let mut value = esc as u32 - '0' as u32;
            for _ in 0..2 {
                match i.at(0) {
                    Some(digit @ b'0'..=b'7') => {
                        value = value * 8 + u32::from(digit - b'0');
                        i = i.advance(1);
                    }
                    _ => break,
                }
            }
            let byte = (value & 0xff) as u8;
            if byte >= 0x80 {
                out.push(byte);
                return (i, None);
            }
            char::from(byte)
        }
        'x' | 'u' | 'U' => {
            let max = match esc {
                'x' => 2,
                'u' => 4,
                _ => 8,
            };
            let mut value: u32 = 0;
            let mut n = 0;
            while n < max {
                match i.at(0).and_then(|digit| char::from(digit).to_digit(16)) {
                    Some(digit) => {
                        value = value.wrapping_mul(16).wrapping_add(digit);
                        i = i.advance(1);
                        n += 1;
                    }
                    None => break,
                }
            }
            if n == 0 {
                out.push(b'\\');
                esc
            } else if esc == 'x' && value >= 0x80 {
                out.push(value as u8);
                return (i, None);
            } else if value >= 0x80 && utf8 {
                // A UTF-8 locale has a character for every code point;
                // bash gives up on the rest (surrogates, past U+10FFFF)
                // and keeps the escape.
                if let Some(c) = char::from_u32(value) {
                    c
                } else {
                    out.extend_from_slice(kept_escape(value).as_bytes());
                    return (i, None);
                }
            } else if value >= 0x80 {
                // The C locale has no character for it: bash keeps the
                // escape, normalised (`\u00E9`, `\U0001F600`).
                out.extend_from_slice(kept_escape(value).as_bytes());
                return (i, None);
            } else {
                char::from_u32(value).unwrap_or('\u{fffd}')
            }
        }
        'c' => {
            if let Some((c, after)) = next_char(i) {
                i = after;
                if c.is_ascii() {
                    let upper = (c as u8).to_ascii_uppercase();
                    if upper == b'?' {
                        '\x7f'
                    } else {
                        char::from(upper & 0x1f)
                    }
                } else {
                    out.extend_from_slice(b"\\c");
                    c
                }
            } else {
                out.push(b'\\');
                'c'
            }
        }
        other => {
            out.push(b'\\');
            other
        }
    };
    (i, Some(decoded))
}

/// A backquoted command substitution at the cursor (bash manual 3.5.4:
/// backslash keeps its literal meaning except before `$`, `` ` ``, `\`,
/// and `"` inside double quotes), its text parsed one level deeper as a
/// script of its own.
pub(crate) fn backquote<'h, 'a>(i: Input<'h, 'a>, in_dq: bool) -> PResult<'h, 'a, WordPart> {
    let open = i.pos;
    let body_start = open + 1;
    let mut j = i.advance(1);
    let mut text = String::new();
    loop {
        match j.at(0) {
            None => return unmatched(j, '`', open),
            Some(b'`') => {
                j = j.advance(1);
                break;
            }
            Some(b'\\') => match j.at(1) {
                Some(n @ (b'$' | b'`' | b'\\')) => {
                    text.push(char::from(n));
                    j = j.advance(2);
                }
                Some(b'"') if in_dq => {
                    text.push('"');
                    j = j.advance(2);
                }
                _ => {
                    text.push('\\');
                    j = j.advance(1);
                }
            },
            Some(_) => {
                let (k, run) = take_till(|c| c == b'`' || c == b'\\').parse(j)?;
                text.push_str(run.text());
                j = k;
            }
        }
    }
    let (k, script) = j.deeper()?.host_parse(|p| {
        let mut sub = p.derived(&text, body_start);
        let mut script = sub.parse_script_text()?;
        p.heredoc_count = sub.heredoc_count;
        // The outer script holds the comments of its substitutions.
        p.comments.append(&mut script.comments);
        script.span = p.span_from(open);
        Ok(script)
    })?;
    let part = WordPart::CommandSubst {
        script: Box::new(script),
        backquoted: true,
    };
    Ok((k.leave_to(&i), part))
}

pub(crate) fn default_kind(c: u8) -> Option<DefaultKind> {
    Some(match c {
        b'-' => DefaultKind::UseDefault,
        b'=' => DefaultKind::Assign,
        b'?' => DefaultKind::Error,
        b'+' => DefaultKind::Alternative,
        _ => return None,
    })
}
