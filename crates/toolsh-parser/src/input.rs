//! The nom input and error types the grammar modules parse with.
//!
//! [`Input`] is a cursor over the source that implements [`nom::Input`]
//! (items are bytes: every token of the shell grammar is ASCII, and
//! multi-byte characters are only ever copied whole). Beyond the bytes it
//! carries, by value, what bash's grammar needs to know about where the
//! cursor is: the nesting depth counted against [`ParseLimits::max_depth`],
//! the start of the last token (bash's "error token"), and context flags.
//! Being `Copy`, backtracking (`alt`, `opt`, `fold_many0` stopping) resets
//! all of them with the position. State that is not scoped to a position
//! (the pending here-document queue, comments, the line index) lives in
//! the [`Host`], the hand-written parser, reached through a `RefCell` while
//! a part of the grammar that is not on nom yet is parsed.
//!
//! [`GrammarError`] implements nom's [`ParseError`] and [`ContextError`]:
//! a nom primitive that fails gives a generic error at the current token
//! (the last one at the end of the text, as bash reports it), and
//! [`nom::error::context`] gives it bash's message. It converts into the
//! crate's [`crate::ParseError`] at the boundary with the hand-written
//! parser, which knows lines and columns.
//!
//! [`ParseLimits::max_depth`]: crate::ParseLimits::max_depth

use std::cell::RefCell;

use nom::error::{ContextError, ErrorKind, ParseError};
use nom::{CompareResult, Needed};

use crate::parser::Parser;

/// The hand-written parser as seen from a nom parser: borrowed for the
/// productions not on nom yet (`$`-expansions, backquotes, subscripts).
pub(crate) type Host<'h, 'a> = RefCell<&'h mut Parser<'a>>;

/// Context flags: where in bash's grammar the cursor is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Flags(u8);

impl Flags {
    /// Inside an arithmetic expression (`$((`, `((`, `let`, a subscript).
    pub(crate) const ARITH: Flags = Flags(1);

    /// `true` when every flag of `other` is set.
    pub(crate) fn contains(self, other: Flags) -> bool {
        self.0 & other.0 == other.0
    }
}

/// What every input of one run of a nom parser shares (behind one
/// pointer, so that the input copied through every production stays
/// five words).
pub(crate) struct Shared<'h, 'a> {
    src: &'a str,
    max_depth: usize,
    host: &'h Host<'h, 'a>,
}

impl<'h, 'a> Shared<'h, 'a> {
    /// The host's text and depth limit.
    fn new(host: &'h Host<'h, 'a>) -> Self {
        let p = host.borrow();
        Shared {
            src: p.src,
            max_depth: p.limits.max_depth,
            host,
        }
    }
}

/// A position in the source, with the grammar state scoped to it.
#[derive(Clone, Copy)]
pub(crate) struct Input<'h, 'a> {
    shared: &'h Shared<'h, 'a>,
    /// Cursor, a byte offset into the text (local to the host parser's).
    pub pos: usize,
    /// End of the window (`take` narrows it).
    end: usize,
    /// Start of the last token consumed (bash's "error token" at the end).
    pub last: usize,
    /// Nesting depth, counted against `max_depth`.
    depth: u32,
    pub flags: Flags,
}

impl<'h, 'a> Input<'h, 'a> {
    /// The host's text from its cursor, with its depth.
    fn new(shared: &'h Shared<'h, 'a>, flags: Flags) -> Self {
        let p = shared.host.borrow();
        Input {
            shared,
            pos: p.pos,
            end: p.src.len(),
            depth: u32::try_from(p.depth).unwrap_or(u32::MAX),
            last: p.arith_last,
            flags,
        }
    }

    /// The hand-written parser this input's grammar runs inside.
    #[inline]
    pub(crate) fn host(&self) -> &'h Host<'h, 'a> {
        self.shared.host
    }

    /// The bytes from the cursor to the end of the window.
    #[inline]
    pub(crate) fn rest(&self) -> &'a [u8] {
        // `pos <= end <= len` always holds: no panic branch.
        self.shared
            .src
            .as_bytes()
            .get(self.pos..self.end)
            .unwrap_or_default()
    }

    /// The byte `n` past the cursor.
    #[inline]
    pub(crate) fn at(&self, n: usize) -> Option<u8> {
        let k = self.pos + n;
        if k < self.end {
            self.shared.src.as_bytes().get(k).copied()
        } else {
            None
        }
    }

    /// `true` at the end of the window.
    #[inline]
    pub(crate) fn at_end(&self) -> bool {
        self.pos >= self.end
    }

    /// The whole source text the cursor moves over (offsets index it).
    #[inline]
    pub(crate) fn src(&self) -> &'a str {
        self.shared.src
    }

    /// The text of the window (what `recognize` returns).
    pub(crate) fn text(&self) -> &'a str {
        &self.shared.src[self.pos..self.end]
    }

    /// The input `n` bytes on.
    #[inline]
    pub(crate) fn advance(self, n: usize) -> Self {
        Input {
            pos: (self.pos + n).min(self.end),
            ..self
        }
    }

    /// The input `n` bytes on, with the consumed bytes as the last token.
    #[inline]
    pub(crate) fn token(self, n: usize) -> Self {
        Input {
            last: self.pos,
            ..self.advance(n)
        }
    }

    /// This input with `last` as the last token's start.
    #[inline]
    pub(crate) fn with_last(self, last: usize) -> Self {
        Input { last, ..self }
    }

    /// This input moved to `pos` (where a hand-written production
    /// stopped), with `last` as the last token's start.
    #[inline]
    pub(crate) fn moved_to(self, pos: usize, last: usize) -> Self {
        Input {
            pos: pos.min(self.end),
            last,
            ..self
        }
    }

    /// One nesting level deeper; a [`GrammarError`] holding the limit
    /// error past `ParseLimits::max_depth` (reported at the cursor).
    #[inline]
    pub(crate) fn deeper(self) -> Result<Self, nom::Err<GrammarError>> {
        if self.depth as usize >= self.shared.max_depth {
            return Err(nom::Err::Failure(self.depth_error()));
        }
        Ok(Input {
            depth: self.depth + 1,
            ..self
        })
    }

    #[cold]
    #[inline(never)]
    fn depth_error(&self) -> GrammarError {
        let e = self.host().borrow_mut().depth_error_at(self.pos);
        GrammarError {
            message: "",
            at: self.pos,
            last: self.last,
            fatal: Some(Box::new(e)),
        }
    }

    /// This input with the depth of `outer` (leaving the levels entered
    /// since).
    #[inline]
    pub(crate) fn leave_to(self, outer: &Self) -> Self {
        Input {
            depth: outer.depth,
            ..self
        }
    }

    /// Runs the hand-written production `f` at the cursor (at this depth,
    /// with the last token at the host) and returns the input moved to
    /// where it stopped, with the last token it left, and its result.
    pub(crate) fn call_host<O>(
        self,
        run: impl FnOnce(&mut Parser<'a>) -> Result<O, crate::ParseError>,
    ) -> (Self, Result<O, crate::ParseError>) {
        let mut host = self.host().borrow_mut();
        host.pos = self.pos;
        host.depth = self.depth as usize;
        host.arith_last = self.last;
        let result = run(&mut host);
        let (pos, last) = (host.pos, host.arith_last);
        drop(host);
        (self.moved_to(pos, last), result)
    }

    /// [`Input::call_host`] as a nom parser: an error of the hand-written
    /// production passes through as it is (a `Failure`).
    pub(crate) fn host_parse<O>(
        self,
        run: impl FnOnce(&mut Parser<'a>) -> Result<O, crate::ParseError>,
    ) -> PResult<'h, 'a, O> {
        match self.call_host(run) {
            (after, Ok(o)) => Ok((after, o)),
            (after, Err(e)) => Err(after.fatal(e)),
        }
    }

    /// The finished error `e` (a limit, or one of the hand-written
    /// parser) as a `Failure` at the cursor, passed through unchanged.
    #[cold]
    pub(crate) fn fatal(&self, e: crate::ParseError) -> nom::Err<GrammarError> {
        nom::Err::Failure(GrammarError {
            message: GrammarError::GENERIC,
            at: self.pos,
            last: self.last,
            fatal: Some(Box::new(e)),
        })
    }

    /// An error with `message` at `at`, for `cut` and `context` to carry.
    pub(crate) fn fail(&self, message: &'static str, at: usize) -> nom::Err<GrammarError> {
        nom::Err::Failure(GrammarError {
            message,
            at,
            last: self.last,
            fatal: None,
        })
    }
}

/// A grammar error: bash's message and where its error token starts, or a
/// finished [`crate::ParseError`] (a limit, or one from the hand-written
/// parser) that must reach the caller as it is.
#[derive(Debug)]
pub(crate) struct GrammarError {
    /// Bash's message; [`GrammarError::GENERIC`] until a `context` names it.
    pub message: &'static str,
    /// Local byte offset of the error token.
    pub at: usize,
    /// The last token's start when the error was found (a caller that goes
    /// on after the error, as deferred arithmetic does, keeps it).
    pub last: usize,
    /// A hard error, passed through unchanged.
    pub fatal: Option<Box<crate::ParseError>>,
}

impl GrammarError {
    /// The message of an error no `context` has named.
    pub(crate) const GENERIC: &'static str = "syntax error";

    /// bash's message for a token the grammar does not admit where it
    /// stands; `syntax error: unexpected end of file` at the end.
    pub(crate) const UNEXPECTED: &'static str = "syntax error near unexpected token `{}'";
}

impl<'h, 'a> ParseError<Input<'h, 'a>> for GrammarError {
    /// The error token is the one at the cursor, or the last one read when
    /// the text has ended (bash's `expr.c` reports `lasttp` there).
    fn from_error_kind(input: Input<'h, 'a>, _kind: ErrorKind) -> Self {
        GrammarError {
            message: Self::GENERIC,
            at: if input.at_end() {
                input.last
            } else {
                input.pos
            },
            last: input.last,
            fatal: None,
        }
    }

    fn append(_input: Input<'h, 'a>, _kind: ErrorKind, other: Self) -> Self {
        other
    }
}

impl<'h, 'a> ContextError<Input<'h, 'a>> for GrammarError {
    /// Names a generic error; an error that already has bash's message
    /// keeps it (the innermost production knows best).
    fn add_context(_input: Input<'h, 'a>, ctx: &'static str, mut other: Self) -> Self {
        if other.message == Self::GENERIC && other.fatal.is_none() {
            other.message = ctx;
        }
        other
    }
}

/// `p`, or a `Failure` with `message` at the cursor where `p` does not
/// match: `cut` and `context` at the token that is wrong.
pub(crate) fn expect<'h, 'a: 'h, O>(
    message: &'static str,
    mut p: impl nom::Parser<Input<'h, 'a>, Output = O, Error = GrammarError>,
) -> impl FnMut(Input<'h, 'a>) -> PResult<'h, 'a, O> {
    move |i| match p.parse(i) {
        Err(nom::Err::Error(_)) => Err(i.fail(message, i.pos)),
        r => r,
    }
}

/// `true` at the start of a word: not a metacharacter but for the `<(`
/// and `>(` of a process substitution.
pub(crate) fn at_word_start(i: &Input<'_, '_>) -> bool {
    match i.at(0) {
        None => false,
        Some(b'<' | b'>') => i.at(1) == Some(b'('),
        Some(c) => !crate::lexer::is_meta(c),
    }
}

/// What a grammar function returns.
pub(crate) type PResult<'h, 'a, O> = nom::IResult<Input<'h, 'a>, O, GrammarError>;

impl<'a> nom::Input for Input<'_, 'a> {
    type Item = u8;
    type Iter = std::iter::Copied<std::slice::Iter<'a, u8>>;
    type IterIndices = std::iter::Enumerate<Self::Iter>;

    fn input_len(&self) -> usize {
        self.end - self.pos
    }

    fn take(&self, index: usize) -> Self {
        Input {
            end: self.pos + index,
            ..*self
        }
    }

    fn take_from(&self, index: usize) -> Self {
        Input {
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
        self.rest().iter().position(|&b| predicate(b))
    }

    fn iter_elements(&self) -> Self::Iter {
        self.rest().iter().copied()
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

impl nom::Offset for Input<'_, '_> {
    fn offset(&self, second: &Self) -> usize {
        second.pos - self.pos
    }
}

/// `take_until` over the window: `memchr` for one byte, `memmem` for more.
impl nom::FindSubstring<&str> for Input<'_, '_> {
    fn find_substring(&self, substr: &str) -> Option<usize> {
        match substr.as_bytes() {
            [b] => memchr::memchr(*b, self.rest()),
            s => memchr::memmem::find(self.rest(), s),
        }
    }
}

impl nom::Compare<&str> for Input<'_, '_> {
    fn compare(&self, t: &str) -> CompareResult {
        let rest = self.rest();
        let t = t.as_bytes();
        if rest.starts_with(t) {
            CompareResult::Ok
        } else if rest.len() < t.len() && t.starts_with(rest) {
            CompareResult::Incomplete
        } else {
            CompareResult::Error
        }
    }

    fn compare_no_case(&self, t: &str) -> CompareResult {
        let rest = self.rest();
        let t = t.as_bytes();
        let n = rest.len().min(t.len());
        if !rest[..n].eq_ignore_ascii_case(&t[..n]) {
            CompareResult::Error
        } else if n < t.len() {
            CompareResult::Incomplete
        } else {
            CompareResult::Ok
        }
    }
}

impl<'a> Parser<'a> {
    /// Runs the nom parser `f` from the cursor, sharing this parser as the
    /// input's host; on success the cursor and depth move to where `f`
    /// stopped. The last token is kept either way (run-time arithmetic
    /// reports it after a deferred expansion).
    pub(crate) fn run_nom<O, F>(&mut self, flags: Flags, f: F) -> Result<O, GrammarError>
    where
        F: for<'h> FnOnce(Input<'h, 'a>) -> PResult<'h, 'a, O>,
    {
        let (r, end) = {
            let cell = RefCell::new(&mut *self);
            let shared = Shared::new(&cell);
            match f(Input::new(&shared, flags)) {
                Ok((rest, o)) => (Ok(o), Some((rest.pos, rest.depth as usize, rest.last))),
                Err(nom::Err::Error(e) | nom::Err::Failure(e)) => (Err(e), None),
                Err(nom::Err::Incomplete(_)) => {
                    let p = cell.borrow();
                    let e = GrammarError {
                        message: GrammarError::GENERIC,
                        at: p.pos,
                        last: p.arith_last,
                        fatal: None,
                    };
                    (Err(e), None)
                }
            }
        };
        match (&r, end) {
            (_, Some((pos, depth, last))) => {
                self.pos = pos;
                self.depth = depth;
                self.arith_last = last;
            }
            (Err(e), None) => self.arith_last = e.last,
            (Ok(_), None) => {}
        }
        r
    }

    /// A [`GrammarError`] whose message is a template over the token at
    /// its position (`{}`) as a [`crate::ParseError`]: `Incomplete` at the
    /// end of the text, `UnexpectedToken` elsewhere; a finished error as
    /// it is. [`GrammarError::UNEXPECTED`] at the end is bash's
    /// `syntax error: unexpected end of file`.
    pub(crate) fn grammar_error(&mut self, e: GrammarError) -> crate::ParseError {
        if let Some(f) = e.fatal {
            return *f;
        }
        if e.message == GrammarError::UNEXPECTED && e.at >= self.b.len() {
            return self.eof_error();
        }
        let kind = if e.at >= self.b.len() {
            crate::ParseErrorKind::Incomplete
        } else {
            crate::ParseErrorKind::UnexpectedToken
        };
        let message = if e.message.contains("{}") {
            e.message.replace("{}", &self.token_text_at(e.at))
        } else {
            e.message.to_string()
        };
        self.error(kind, message, e.at)
    }
}
