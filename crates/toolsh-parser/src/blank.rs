//! Blanks, comments and linebreaks on nom (bash manual 3.1.2.1 for the
//! line continuation, 3.1.3 for comments, POSIX XCU 2.10.2 `linebreak`).
//!
//! A comment is recognized here and recorded by the host (the list of
//! comments is not scoped to a position; a comment read again after
//! backtracking is recorded once). A newline token reads the bodies of
//! the here-documents pending before it, through the host.

use nom::bytes::complete::take_till;
use nom::character::complete::char;
use nom::combinator::recognize;
use nom::multi::fold_many0;
use nom::sequence::preceded;
use nom::{Offset as _, Parser as _};

use crate::input::{Input, PResult};

/// A comment: `#` through the end of its line (not the newline),
/// recorded with the host.
fn comment<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ()> {
    let (j, _) = recognize(preceded(char('#'), take_till(|c| c == b'\n'))).parse(i)?;
    let end = i.pos + i.offset(&j);
    i.host().borrow_mut().record_comment(i.pos, end);
    Ok((j, ()))
}

/// Blanks, line continuations and a comment, not the newline (the
/// lexer's `skip_blanks`); never fails.
///
/// `fold_many0(alt((blank run, "\\\n", comment)))` written out over the
/// bytes: it runs before every word of a command, most often with
/// nothing to skip, where the combinator costs several times the test.
/// A comment ends at a newline, so nothing follows it here.
#[inline]
pub(crate) fn blanks<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ()> {
    let b = i.rest();
    let mut n = 0;
    loop {
        match b.get(n) {
            Some(b' ' | b'\t') => n += 1,
            Some(b'\\') if b.get(n + 1) == Some(&b'\n') => n += 2,
            Some(b'#') => return comment(i.advance(n)),
            _ => return Ok((i.advance(n), ())),
        }
    }
}

/// One newline token, then the bodies of the pending here-documents.
fn newline<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ()> {
    let (j, _) = char('\n').parse(i)?;
    if i.host().borrow().pending.is_empty() {
        return Ok((j, ()));
    }
    j.host_parse(crate::parser::Parser::read_heredoc_bodies)
}

/// Blanks, comments and newline tokens (a `linebreak`); fails only where
/// reading a here-document body does.
pub(crate) fn linebreak<'h, 'a>(i: Input<'h, 'a>) -> PResult<'h, 'a, ()> {
    let (i, ()) = blanks(i)?;
    fold_many0(preceded(newline, blanks), || (), |(), ()| ()).parse(i)
}
