//! Brace expansion (bash manual 3.5.1) on nom: finding valid `{a,b}` and
//! `{x..y[..incr]}` expressions among a word's unquoted literal text.
//!
//! The input is the word as a run of atoms (a character of literal text,
//! or a whole other part), with braces matched once beforehand with a
//! stack (linear time): [`Atoms`] carries the matches and which `{` holds
//! a top-level comma, so a production never searches ahead. A `{` without
//! a matching `}`, a top-level comma or a valid sequence stays literal.

use std::cell::RefCell;

use nom::branch::alt;
use nom::bytes::complete::{tag, take_until};
use nom::character::complete::{digit1, one_of, satisfy};
use nom::combinator::{all_consuming, eof, opt, recognize, rest, value, verify};
use nom::error::{ErrorKind, ParseError as NomParseError};
use nom::multi::{fold_many0, many0_count, separated_list1};
use nom::{Err, Needed, Parser as _};

use crate::ast::{BraceExpansion, Span, Word, WordPart, WordParts};
use crate::error::ParseError;
use crate::parser::Parser;
use crate::word::Parts;

/// One element of a word: a character of literal text, or the index of
/// another part in [`Atoms::parts`].
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Atom {
    Ch(char),
    Part(usize),
}

/// A window of a word's atoms, with the brace matching and the nesting
/// depth (counted against `ParseLimits::max_depth` like every other
/// level).
#[derive(Clone, Copy)]
pub(crate) struct Atoms<'t> {
    /// The whole word.
    seq: &'t [Atom],
    pos: usize,
    end: usize,
    /// Per atom: the index of the matching `}` of a `{`, else `usize::MAX`.
    close: &'t [usize],
    /// Per atom: a `{` with a comma outside nested pairs before its `}`.
    comma: &'t [bool],
    /// The word's other parts, each taken once when it is emitted.
    parts: &'t RefCell<Vec<Option<WordPart>>>,
    depth: usize,
    max_depth: usize,
}

/// Why a brace production failed: no match here (an `Error`), or the
/// depth limit (a `Failure` the caller reports as a limit error).
#[derive(Debug, PartialEq)]
pub(crate) enum BraceError {
    NoMatch,
    Depth,
}

impl<'t> NomParseError<Atoms<'t>> for BraceError {
    fn from_error_kind(_input: Atoms<'t>, _kind: ErrorKind) -> Self {
        BraceError::NoMatch
    }

    fn append(_input: Atoms<'t>, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

type BResult<'t, O> = nom::IResult<Atoms<'t>, O, BraceError>;

impl<'t> nom::Input for Atoms<'t> {
    type Item = Atom;
    type Iter = std::iter::Copied<std::slice::Iter<'t, Atom>>;
    type IterIndices = std::iter::Enumerate<Self::Iter>;

    fn input_len(&self) -> usize {
        self.end - self.pos
    }

    fn take(&self, index: usize) -> Self {
        Atoms {
            end: self.pos + index,
            ..*self
        }
    }

    fn take_from(&self, index: usize) -> Self {
        Atoms {
            pos: self.pos + index,
            ..*self
        }
    }

    fn take_split(&self, index: usize) -> (Self, Self) {
        (self.take_from(index), self.take(index))
    }

    fn position<P>(&self, predicate: P) -> Option<usize>
    where
        P: Fn(Self::Item) -> bool,
    {
        self.seq[self.pos..self.end]
            .iter()
            .position(|&a| predicate(a))
    }

    fn iter_elements(&self) -> Self::Iter {
        self.seq[self.pos..self.end].iter().copied()
    }

    fn iter_indices(&self) -> Self::IterIndices {
        self.iter_elements().enumerate()
    }

    fn slice_index(&self, count: usize) -> Result<usize, Needed> {
        let len = self.end - self.pos;
        if count <= len {
            Ok(count)
        } else {
            Err(Needed::new(count - len))
        }
    }
}

impl nom::Offset for Atoms<'_> {
    fn offset(&self, second: &Self) -> usize {
        second.pos - self.pos
    }
}

impl Atoms<'_> {
    fn first(&self) -> Option<Atom> {
        (self.pos < self.end).then(|| self.seq[self.pos])
    }

    /// The index of the `}` closing the `{` at the cursor, when it closes
    /// inside this window.
    fn closing(&self) -> Option<usize> {
        if self.first() != Some(Atom::Ch('{')) {
            return None;
        }
        let c = self.close[self.pos];
        (c != usize::MAX && c < self.end).then_some(c)
    }

    /// The window `[from, to)` of the word.
    fn window(self, from: usize, to: usize) -> Self {
        Atoms {
            pos: from,
            end: to,
            ..self
        }
    }
}

/// Rewrites `parts` so that valid brace expressions become
/// [`WordPart::Brace`].
///
/// # Errors
/// The nesting limit, counted from the parser's depth (one level per
/// `{a,b}` inside another).
pub(crate) fn expand_braces(parts: &mut WordParts, p: &mut Parser<'_>) -> Result<(), ParseError> {
    #[cfg(test)]
    if crate::differential::legacy_brace() {
        return crate::legacy_brace::legacy_expand_braces(parts, p);
    }
    let has_brace = parts
        .iter()
        .any(|x| matches!(x, WordPart::Literal(l) if l.contains('{')));
    if !has_brace {
        return Ok(());
    }
    let mut atoms = Vec::new();
    let mut others = Vec::new();
    for part in parts.drain(..) {
        match part {
            WordPart::Literal(l) => atoms.extend(l.chars().map(Atom::Ch)),
            other => {
                atoms.push(Atom::Part(others.len()));
                others.push(Some(other));
            }
        }
    }
    let (close, comma) = match_braces(&atoms);
    let others = RefCell::new(others);
    let input = Atoms {
        seq: &atoms,
        pos: 0,
        end: atoms.len(),
        close: &close,
        comma: &comma,
        parts: &others,
        depth: p.depth,
        max_depth: p.limits.max_depth,
    };
    match word(input) {
        Ok((_, out)) => {
            *parts = out.0;
            Ok(())
        }
        Err(Err::Failure(BraceError::Depth)) => Err(p.depth_error_at(p.pos)),
        // `single` reads any atom, so the fold always reaches the end.
        Err(_) => Err(p.invalid("brace expansion: internal error".to_string(), p.pos)),
    }
}

/// Matching braces and whether each `{` has a top-level comma.
fn match_braces(atoms: &[Atom]) -> (Vec<usize>, Vec<bool>) {
    let n = atoms.len();
    let mut close = vec![usize::MAX; n];
    let mut comma = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    for (i, a) in atoms.iter().enumerate() {
        match a {
            Atom::Ch('{') => stack.push(i),
            Atom::Ch('}') => {
                if let Some(o) = stack.pop() {
                    close[o] = i;
                }
            }
            Atom::Ch(',') => {
                if let Some(&o) = stack.last() {
                    comma[o] = true;
                }
            }
            Atom::Ch(_) | Atom::Part(_) => {}
        }
    }
    (close, comma)
}

/// What one step of [`word`] read.
enum Piece {
    Ch(char),
    Part(WordPart),
    Brace(BraceExpansion),
}

/// The whole window as word parts: brace expressions where they are
/// valid, every other atom as it was.
fn word(i: Atoms<'_>) -> BResult<'_, Parts> {
    let (i, out) = fold_many0(
        alt((brace_list, brace_sequence, single)),
        Parts::default,
        |mut out, piece| {
            match piece {
                Piece::Ch(c) => out.ch(c),
                Piece::Part(p) => out.push(p),
                Piece::Brace(b) => out.push(WordPart::Brace(Box::new(b))),
            }
            out
        },
    )
    .parse(i)?;
    let (i, _) = eof(i)?;
    Ok((i, out))
}

/// `{a,b,...}`: a matched `{` with a top-level comma; the alternatives,
/// one level deeper, are split at the commas outside nested pairs.
fn brace_list<'t>(i: Atoms<'t>) -> BResult<'t, Piece> {
    let Some(c) = i.closing().filter(|_| i.comma[i.pos]) else {
        return Err(Err::Error(BraceError::NoMatch));
    };
    if i.depth >= i.max_depth {
        return Err(Err::Failure(BraceError::Depth));
    }
    let inner = Atoms {
        depth: i.depth + 1,
        ..i.window(i.pos + 1, c)
    };
    let (_, alts) = separated_list1(
        verify(single_atom, |a| *a == Atom::Ch(',')),
        |a: Atoms<'t>| {
            let (after, text) =
                recognize(many0_count(alt((nested_pair, value((), not_comma))))).parse(a)?;
            let (_, w) = word(text)?;
            Ok((
                after,
                Word {
                    parts: w.0,
                    span: Span::default(),
                },
            ))
        },
    )
    .parse(inner)?;
    Ok((
        i.window(c + 1, i.end),
        Piece::Brace(BraceExpansion::List(alts)),
    ))
}

/// A nested matched pair, skipped whole while splitting alternatives.
fn nested_pair(i: Atoms<'_>) -> BResult<'_, ()> {
    match i.closing() {
        Some(c) => Ok((i.window(c + 1, i.end), ())),
        None => Err(Err::Error(BraceError::NoMatch)),
    }
}

fn not_comma(i: Atoms<'_>) -> BResult<'_, Atom> {
    verify(single_atom, |a| *a != Atom::Ch(',')).parse(i)
}

fn single_atom(i: Atoms<'_>) -> BResult<'_, Atom> {
    match i.first() {
        Some(a) => Ok((i.window(i.pos + 1, i.end), a)),
        None => Err(Err::Error(BraceError::NoMatch)),
    }
}

/// `{x..y}` or `{x..y..incr}` between a matched pair without a top-level
/// comma.
fn brace_sequence(i: Atoms<'_>) -> BResult<'_, Piece> {
    let Some(c) = i.closing() else {
        return Err(Err::Error(BraceError::NoMatch));
    };
    let inner = &i.seq[i.pos + 1..c];
    if inner.len() > 64 {
        return Err(Err::Error(BraceError::NoMatch));
    }
    let mut text = String::new();
    for a in inner {
        match a {
            Atom::Ch(ch) => text.push(*ch),
            Atom::Part(_) => return Err(Err::Error(BraceError::NoMatch)),
        }
    }
    match sequence(&text) {
        Some(seq) => Ok((i.window(c + 1, i.end), Piece::Brace(seq))),
        None => Err(Err::Error(BraceError::NoMatch)),
    }
}

/// Any one atom as it is.
fn single(i: Atoms<'_>) -> BResult<'_, Piece> {
    let (after, atom) = single_atom(i)?;
    Ok((
        after,
        match atom {
            Atom::Ch(c) => Piece::Ch(c),
            Atom::Part(n) => match i.parts.borrow_mut()[n].take() {
                Some(p) => Piece::Part(p),
                // Each part is emitted once; a second visit would be a bug.
                None => return Err(Err::Error(BraceError::NoMatch)),
            },
        },
    ))
}

/// The text between the braces of a sequence: two or three pieces
/// separated by `..`, both ends integers or both single ASCII letters,
/// the increment an integer.
fn sequence(text: &str) -> Option<BraceExpansion> {
    type E<'s> = nom::error::Error<&'s str>;
    let piece = alt((take_until::<_, _, E<'_>>(".."), rest));
    let (_, pieces) = separated_list1(tag(".."), piece).parse(text).ok()?;
    if !(pieces.len() == 2 || pieces.len() == 3) {
        return None;
    }
    let int = |t: &str| {
        all_consuming(recognize((opt(one_of::<_, _, E<'_>>("-+")), digit1)))
            .parse(t)
            .is_ok()
    };
    let chr = |t: &str| {
        all_consuming(satisfy::<_, _, E<'_>>(|c| c.is_ascii_alphabetic()))
            .parse(t)
            .is_ok()
    };
    let (a, b) = (pieces[0], pieces[1]);
    if !((int(a) && int(b)) || (chr(a) && chr(b))) {
        return None;
    }
    if pieces.len() == 3 && !int(pieces[2]) {
        return None;
    }
    Some(BraceExpansion::Sequence {
        start: a.to_string(),
        end: b.to_string(),
        step: pieces.get(2).map(|s| (*s).to_string()),
    })
}
