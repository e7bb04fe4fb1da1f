//! The `[[ ]]` conditional command and its expression grammar (bash manual
//! 3.2.5.2 and 6.4 "Bash Conditional Expressions") on nom: `||` below `&&`
//! below `!`, parentheses, unary and binary tests.
//!
//! Runs of `||` and `&&` are `fold_many0` loops, each operator one
//! nesting level (as bash's `cond_or`/`cond_and` recurse), left at the end
//! of the run. Operand words are parsed by the hand-written word parser
//! through the input's host. Every error is a `Failure` at the token that
//! is wrong, with bash's message as a template (`{}` stands for that
//! token's text, `EOF` at the end), turned into a [`ParseError`] by
//! [`Parser::cond_command`]: `Incomplete` at the end of the text,
//! `UnexpectedToken` elsewhere.

use nom::branch::alt;
use nom::bytes::complete::tag;
use nom::character::complete::{char, satisfy};
use nom::combinator::{eof, peek, value};
use nom::multi::fold_many0;
use nom::sequence::{preceded, terminated};
use nom::{Err, Offset as _, Parser as _};

use crate::ast::{CompactString, CompoundCommand, CondBinaryOp, CondExpr, Word};
use crate::blank::{blanks, linebreak};
use crate::error::ParseError;
use crate::input::{Flags, GrammarError, Input, PResult, at_word_start, expect};
use crate::lexer::is_meta;
use crate::parser::Parser;
use crate::word::WordCtx;

/// The unary test operators (bash manual 6.4).
pub(crate) const UNARY: &[&str] = &[
    "-a", "-b", "-c", "-d", "-e", "-f", "-g", "-h", "-k", "-p", "-r", "-s", "-t", "-u", "-w", "-x",
    "-G", "-L", "-N", "-O", "-S", "-o", "-v", "-R", "-z", "-n",
];

/// The binary test operators, in the order they are tried (a longer one
/// before its prefix).
pub(crate) const BINARY: &[(&str, CondBinaryOp)] = &[
    ("==", CondBinaryOp::Match),
    ("=~", CondBinaryOp::RegexMatch),
    ("!=", CondBinaryOp::NotMatch),
    ("=", CondBinaryOp::Match),
    ("<", CondBinaryOp::Less),
    (">", CondBinaryOp::Greater),
    ("-eq", CondBinaryOp::Eq),
    ("-ne", CondBinaryOp::Ne),
    ("-lt", CondBinaryOp::Lt),
    ("-le", CondBinaryOp::Le),
    ("-gt", CondBinaryOp::Gt),
    ("-ge", CondBinaryOp::Ge),
    ("-nt", CondBinaryOp::NewerThan),
    ("-ot", CondBinaryOp::OlderThan),
    ("-ef", CondBinaryOp::SameFile),
];

impl Parser<'_> {
    /// The `[[ ... ]]` at the cursor (the `[[` of the command at `start`).
    pub(crate) fn cond_command(&mut self, start: usize) -> Result<CompoundCommand, ParseError> {
        #[cfg(test)]
        if crate::differential::legacy_cond() {
            return self.legacy_cond_command(start);
        }
        let e = self
            .run_nom(Flags::default(), command)
            .map_err(|e| self.grammar_error(e))?;
        Ok(CompoundCommand::Cond(Box::new(e), self.span_from(start)))
    }
}

/// The end of a word-like token: the end of the text or a metacharacter.
fn token_end<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ()> {
    peek(alt((
        value((), eof),
        value((), satisfy(|c| is_meta(c as u8))),
    )))
    .parse(i)
}

/// The reserved word `]]` (ending at a metacharacter).
fn close<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ()> {
    value((), terminated(tag("]]"), token_end)).parse(i)
}

/// `true` at a word operand: a word start that is not `]]`.
fn at_operand(i: Input<'_, '_>) -> bool {
    at_word_start(&i) && close(i).is_err()
}

/// `[[ expr ]]`, the `[[` at the cursor.
fn command<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, CondExpr> {
    let (i, _) = tag("[[").parse(i)?;
    let (i, e) = or(i)?;
    let (i, ()) = blanks(i)?;
    let message = match i.at(0) {
        None | Some(b'\n') => "unexpected EOF while looking for `]]'",
        Some(_) => "syntax error in conditional expression: unexpected token `{}'",
    };
    let (i, ()) = expect(message, close).parse(i)?;
    Ok((i, e))
}

/// `expr || expr ...` (`op` `||`, `next` [`and`]) or `expr && expr ...`
/// (`op` `&&`, `next` [`not`]): each operator one level deeper until the
/// run ends.
fn run<'h, 'a>(
    i: Input<'h, 'a>,
    op: &'static str,
    next: fn(Input<'h, 'a>) -> PResult<'h, 'a, CondExpr>,
    join: fn(Box<CondExpr>, Box<CondExpr>) -> CondExpr,
) -> PResult<'h, 'a, CondExpr> {
    let (j, first) = next(i)?;
    let mut first = Some(first);
    let (j, e) = fold_many0(
        preceded((blanks, tag(op)), |k: Input<'h, 'a>| next(k.deeper()?)),
        move || {
            first
                .take()
                .unwrap_or_else(|| CondExpr::Word(Word::default()))
        },
        |lhs, rhs| join(Box::new(lhs), Box::new(rhs)),
    )
    .parse(j)?;
    Ok((j.leave_to(&i), e))
}

/// `expr || expr ...`.
fn or<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, CondExpr> {
    run(i, "||", and, CondExpr::Or)
}

/// `expr && expr ...`.
fn and<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, CondExpr> {
    run(i, "&&", not, CondExpr::And)
}

/// `! expr` (the `!` a word of its own), one level deeper, or a primary.
fn not<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, CondExpr> {
    let (i, ()) = linebreak(i)?;
    if let Ok((j, ())) = bang(i) {
        let (k, e) = not(j.deeper()?)?;
        return Ok((k.leave_to(&i), CondExpr::Not(Box::new(e))));
    }
    primary(i)
}

/// A `!` followed by a blank, a newline or the end of the text.
fn bang<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ()> {
    let end = alt((
        value((), eof),
        value((), satisfy(|c| matches!(c, ' ' | '\t' | '\n'))),
    ));
    value((), terminated(char('!'), peek(end))).parse(i)
}

/// An operand word: a pattern unless `ctx` says otherwise.
fn word<'h, 'a>(i: Input<'h, 'a>, ctx: WordCtx) -> PResult<'h, 'a, Word> {
    crate::word::word(i, ctx)
}

/// `( expr )`, a unary test, a binary test or a lone word.
fn primary<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, CondExpr> {
    let (i, ()) = linebreak(i)?;
    if let Ok((j, _)) = char::<_, GrammarError>('(').parse(i) {
        let (j, e) = or(j.deeper()?)?;
        let (j, ()) = linebreak(j)?;
        let (j, _) = expect("unexpected token `{}', expected `)'", char(')')).parse(j)?;
        let (j, ()) = linebreak(j.leave_to(&i))?;
        return Ok((j, CondExpr::Group(Box::new(e))));
    }
    if !at_operand(i) {
        return Err(i.fail("unexpected token `{}' in conditional command", i.pos));
    }
    let (j, first) = word(i, WordCtx::Pattern)?;
    let text = &i.text()[..i.offset(&j)];
    if UNARY.contains(&text) {
        return unary(j, CompactString::from(text));
    }
    let (j, ()) = blanks(j)?;
    let lone = close(j).is_ok()
        || j.at_end()
        || j.rest().starts_with(b"&&")
        || j.rest().starts_with(b"||")
        || j.at(0) == Some(b')');
    if lone {
        return Ok((j, CondExpr::Word(first)));
    }
    binary(j, first)
}

/// The operand of the unary operator `op` (read), then a linebreak.
fn unary<'h, 'a>(i: Input<'h, 'a>, op: CompactString) -> PResult<'h, 'a, CondExpr> {
    let (i, ()) = blanks(i)?;
    if !at_operand(i) {
        return Err(i.fail(
            "unexpected argument `{}' to conditional unary operator",
            i.pos,
        ));
    }
    let (i, operand) = word(i, WordCtx::Pattern)?;
    // After a complete test, newlines (and comments) may come before `&&`,
    // `||`, `)` or `]]`; after a lone word they may not (bash:
    // "conditional binary operator expected").
    let (i, ()) = linebreak(i)?;
    Ok((i, CondExpr::Unary { op, operand }))
}

/// A binary operator: `<` and `>` anywhere, the others ending at a
/// metacharacter.
fn binary_op<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, CondBinaryOp> {
    for &(t, op) in BINARY {
        let r = if matches!(t, "<" | ">") {
            value(op, tag(t)).parse(i)
        } else {
            value(op, terminated(tag(t), token_end)).parse(i)
        };
        if r.is_ok() {
            return r;
        }
    }
    Err(Err::Error(nom::error::ParseError::from_error_kind(
        i,
        nom::error::ErrorKind::Tag,
    )))
}

/// `lhs OP rhs`, at the operator; then a linebreak. The right operand of
/// `=~` is a regular expression word (it may start with `(`).
fn binary<'h, 'a>(i: Input<'h, 'a>, lhs: Word) -> PResult<'h, 'a, CondExpr> {
    let message = if at_word_start(&i) {
        "conditional binary operator expected"
    } else {
        "unexpected token `{}', conditional binary operator expected"
    };
    let (j, op) = expect(message, binary_op).parse(i)?;
    let (j, ()) = blanks(j)?;
    let regex = op == CondBinaryOp::RegexMatch;
    let ok = if regex {
        (at_word_start(&j) || j.at(0) == Some(b'(')) && close(j).is_err()
    } else {
        at_operand(j)
    };
    if !ok {
        return Err(j.fail(
            "unexpected argument `{}' to conditional binary operator",
            j.pos,
        ));
    }
    let ctx = if regex {
        WordCtx::Regex
    } else {
        WordCtx::Pattern
    };
    let (j, rhs) = word(j, ctx)?;
    let (j, ()) = linebreak(j)?;
    Ok((j, CondExpr::Binary { op, lhs, rhs }))
}
