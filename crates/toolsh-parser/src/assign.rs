//! Assignments (bash manual 3.4 "Shell Parameters", 6.7 "Arrays") on nom:
//! `name=value`, `name+=value`, `name[subscript]=value` and the compound
//! array form `name=(item ...)`, whose items are words or
//! `[key]=value` / `[key]+=value`.
//!
//! The command parser decides with `Parser::assignment_shape` (a lookahead
//! over the bytes) that an assignment word is at the cursor and where its
//! `=` is; [`Parser::parse_assignment`] reads it with [`assignment`]. The
//! value starts after that `=`, as bash's lexer has already cut the word
//! there. Words, subscripts and values are read by the hand-written word
//! parser through the input's host.

use nom::bytes::complete::take;
use nom::character::complete::char;
use nom::combinator::opt;
use nom::multi::many_till;
use nom::sequence::terminated;
use nom::{Err, Parser as _};

use crate::ast::{ArrayItem, AssignValue, Assignment, CompactString, Word};
use crate::blank::linebreak;
use crate::command::AssignShape;
use crate::error::ParseError;
use crate::input::{Flags, GrammarError, Input, PResult, at_word_start};
use crate::parser::Parser;
use crate::word::WordCtx;

impl Parser<'_> {
    /// The assignment word at the cursor, of the shape the lookahead
    /// found.
    pub(crate) fn parse_assignment(
        &mut self,
        shape: &AssignShape,
    ) -> Result<Assignment, ParseError> {
        #[cfg(test)]
        if crate::differential::legacy_assign() {
            return self.legacy_parse_assignment(shape);
        }
        let shape = *shape;
        self.run_nom(Flags::default(), |i| assignment(i, shape))
            .map_err(|e| self.grammar_error(e))
    }
}

/// A word of the host's word parser in context `ctx`.
fn word<'h, 'a>(i: Input<'h, 'a>, ctx: WordCtx) -> PResult<'h, 'a, Word> {
    crate::word::word(i, ctx)
}

/// The host's `unexpected EOF while looking for matching `c'` for the
/// bracket at `open`, as a hard error.
fn unmatched<'h, 'a, O>(i: Input<'h, 'a>, c: char, open: usize) -> PResult<'h, 'a, O> {
    i.host_parse(|p| Err(p.eof_matching(c, open)))
}

/// `[subscript]` after the name.
fn subscript<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, Word> {
    let (j, _) = char('[').parse(i)?;
    let (j, w) = word(j, WordCtx::Subscript)?;
    match char::<_, GrammarError>(']').parse(j) {
        Ok((k, _)) => Ok((k, w)),
        Err(_) => unmatched(j, ']', i.pos),
    }
}

/// `name[sub]=value` / `name+=value` / `name=(...)` of `shape`.
fn assignment<'h, 'a>(i: Input<'h, 'a>, shape: AssignShape) -> PResult<'h, 'a, Assignment> {
    let start = i.pos;
    let (j, name) = take(shape.name_end.saturating_sub(start)).parse(i)?;
    let name = CompactString::from(name.text());
    let (j, subscript) = opt(subscript).parse(j)?;
    let j = j.moved_to(shape.eq + 1, j.last);
    let (j, value) = if j.at(0) == Some(b'(') {
        let (j, items) = array(j)?;
        (j, AssignValue::Array(items))
    } else {
        let (j, w) = word(j, WordCtx::Assign)?;
        (j, AssignValue::Scalar(w))
    };
    let span = j.host().borrow_mut().span(start, j.pos);
    Ok((
        j,
        Assignment {
            name,
            subscript,
            append: shape.append,
            value,
            span,
        },
    ))
}

/// `( item ... )`, one level deeper; items are separated by blanks,
/// comments and newlines.
fn array<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, Vec<ArrayItem>> {
    let (j, _) = char('(').parse(i)?;
    let (j, ()) = linebreak(j.deeper()?)?;
    let (j, (items, _)) =
        many_till(terminated(|k| item(k, i.pos), linebreak), char(')')).parse(j)?;
    Ok((j.leave_to(&i), items))
}

/// One item of the array opened at `open`: `[key]=value`, else a word.
fn item<'h, 'a>(i: Input<'h, 'a>, open: usize) -> PResult<'h, 'a, ArrayItem> {
    match i.at(0) {
        None => unmatched(i, ')', open),
        Some(_) if !at_word_start(&i) => Err(i.fail(GrammarError::UNEXPECTED, i.pos)),
        Some(b'[') => match keyed(i) {
            Err(Err::Error(_)) => value(i),
            r => r,
        },
        Some(_) => value(i),
    }
}

/// A word item.
fn value<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArrayItem> {
    let (j, w) = word(i, WordCtx::Normal)?;
    Ok((j, ArrayItem::Value(w)))
}

/// `[key]=value` or `[key]+=value`; an `Error` when the key is not
/// followed by `]=` or `]+=`, with the host's state (here-documents,
/// comments, words seen in the key) put back as it was.
fn keyed<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ArrayItem> {
    let saved = i.host().borrow().checkpoint();
    let (j, _) = char('[').parse(i)?;
    let (j, key) = word(j, WordCtx::Subscript)?;
    let head: PResult<'h, 'a, _> = (char(']'), opt(char('+')), char('=')).parse(j);
    let Ok((j, (_, plus, _))) = head else {
        i.host().borrow_mut().restore(saved);
        return Err(Err::Error(nom::error::ParseError::from_error_kind(
            i,
            nom::error::ErrorKind::Char,
        )));
    };
    let (j, value) = word(j, WordCtx::Assign)?;
    Ok((
        j,
        ArrayItem::Keyed {
            key,
            value,
            append: plus.is_some(),
        },
    ))
}
