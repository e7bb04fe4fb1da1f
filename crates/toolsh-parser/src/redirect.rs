//! Redirections (bash manual 3.6) on nom: an optional descriptor prefix
//! (`2>`, `{fd}>`), the operator, then the target word or a
//! here-document's delimiter (whose body is read after the next newline
//! token, `heredoc.rs`).
//!
//! The command parser decides with [`Parser::at_redirect`] (a lookahead
//! over the bytes: a number that fits an `int`, or `{name}`, then `<` or
//! `>` not opening a process substitution) that a redirection is at the
//! cursor; [`Parser::parse_redirect`] then reads it with [`redirect`].
//! The target word and the delimiter are read by the hand-written word
//! and here-document parsers through the input's host.

use nom::Parser as _;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, satisfy};
use nom::combinator::{map, opt, recognize, value};
use nom::sequence::{delimited, preceded};

use crate::ast::{CompactString, RedirFd, RedirOp, RedirTarget, Redirect, WordPart};
use crate::blank::blanks;
use crate::error::ParseError;
use crate::input::{Flags, GrammarError, Input, PResult, at_word_start, expect};
use crate::lexer::{is_name_char, is_name_start};
use crate::parser::Parser;
use crate::word::WordCtx;

impl Parser<'_> {
    /// `true` when a redirection starts at the cursor.
    #[inline]
    pub(crate) fn at_redirect(&self) -> bool {
        self.peek().is_some_and(crate::lexer::may_start_redirect) && self.redirect_ahead()
    }

    /// [`Self::at_redirect`] once the byte at the cursor can start one.
    #[inline(never)]
    fn redirect_ahead(&self) -> bool {
        let b = self.b;
        let mut i = self.pos;
        match b.get(i) {
            Some(b'<' | b'>') => return b.get(i + 1) != Some(&b'('),
            Some(b'&') => return b.get(i + 1) == Some(&b'>'),
            Some(c) if c.is_ascii_digit() => {
                // bash takes the digits as a descriptor only when they fit
                // an `int`; past `i32::MAX` they are a word of their own
                // (`exec 2147483648>f` runs a command named 2147483648).
                let mut n: u64 = 0;
                while let Some(&d) = b.get(i).filter(|d| d.is_ascii_digit()) {
                    n = (n * 10 + u64::from(d - b'0')).min(1 << 32);
                    i += 1;
                }
                if n > i32::MAX as u64 {
                    return false;
                }
            }
            Some(b'{') => {
                i += 1;
                if !b.get(i).is_some_and(|&c| is_name_start(c)) {
                    return false;
                }
                while b.get(i).is_some_and(|&c| is_name_char(c)) {
                    i += 1;
                }
                if b.get(i) != Some(&b'}') {
                    return false;
                }
                i += 1;
            }
            _ => return false,
        }
        matches!(b.get(i), Some(b'<' | b'>')) && b.get(i + 1) != Some(&b'(')
    }

    /// The redirection at the cursor ([`Self::at_redirect`] said one is
    /// there).
    pub(crate) fn parse_redirect(&mut self) -> Result<Redirect, ParseError> {
        #[cfg(test)]
        if crate::differential::legacy_redirect() {
            return self.legacy_parse_redirect();
        }
        self.run_nom(Flags::default(), redirect)
            .map_err(|e| self.grammar_error(e))
    }
}

/// The descriptor prefix: digits (past `u32::MAX` saturated; the
/// lookahead admits only those that fit an `int`) or `{name}`.
fn fd<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, Option<RedirFd>> {
    opt(alt((
        map(
            take_while1(|c: u8| c.is_ascii_digit()),
            |d: Input<'h, 'a>| RedirFd::Number(d.text().parse::<u32>().unwrap_or(u32::MAX)),
        ),
        map(
            delimited(
                char('{'),
                recognize(preceded(
                    satisfy(|c| is_name_start(c as u8)),
                    take_while(is_name_char),
                )),
                char('}'),
            ),
            |n: Input<'h, 'a>| RedirFd::Var(CompactString::from(n.text())),
        ),
    )))
    .parse(i)
}

/// The operator, the longest that matches.
fn operator<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, RedirOp> {
    alt((
        value(RedirOp::AppendBoth, tag("&>>")),
        value(RedirOp::WriteBoth, tag("&>")),
        value(RedirOp::HereString, tag("<<<")),
        value(RedirOp::HereDoc { strip_tabs: true }, tag("<<-")),
        value(RedirOp::HereDoc { strip_tabs: false }, tag("<<")),
        value(RedirOp::ReadWrite, tag("<>")),
        value(RedirOp::DupRead, tag("<&")),
        value(RedirOp::Read, tag("<")),
        value(RedirOp::Append, tag(">>")),
        value(RedirOp::Clobber, tag(">|")),
        value(RedirOp::DupWrite, tag(">&")),
        value(RedirOp::Write, tag(">")),
    ))
    .parse(i)
}

/// `[fd]op target`. `>&word` without a descriptor, where the word is
/// not a number, `-` or a number followed by `-`, is `&>word` (bash
/// manual 3.6.4).
fn redirect<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, Redirect> {
    let start = i.pos;
    let (j, fd) = fd(i)?;
    let (j, mut op) = expect(GrammarError::UNEXPECTED, operator).parse(j)?;
    let (j, ()) = blanks(j)?;
    if !at_word_start(&j) {
        return Err(j.fail(GrammarError::UNEXPECTED, j.pos));
    }
    let (j, target) = if let RedirOp::HereDoc { strip_tabs } = op {
        j.host_parse(|p| p.heredoc_delimiter(strip_tabs))?
    } else {
        let (j, word) = crate::word::word(j, WordCtx::Normal)?;
        if op == RedirOp::DupWrite
            && fd.is_none()
            && let [WordPart::Literal(l)] = word.parts.as_slice()
        {
            let digits = l.trim_end_matches('-');
            if l != "-" && !digits.bytes().all(|c| c.is_ascii_digit()) {
                op = RedirOp::WriteBoth;
            }
        }
        (j, RedirTarget::Word(word))
    };
    let span = j.host().borrow_mut().span(start, j.pos);
    Ok((
        j,
        Redirect {
            fd,
            op,
            target,
            span,
        },
    ))
}
