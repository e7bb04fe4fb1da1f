//! The parser state: the cursor over the source, positions, depth and errors.

use std::rc::Rc;

use crate::ast::{Comment, HereDoc, ListItem, Span, Word};
use crate::error::{ParseError, ParseErrorKind};
use crate::heredoc::PendingHereDoc;
use crate::limits::ParseLimits;

/// Byte offsets of line starts, for turning offsets into lines and columns.
pub(crate) struct LineIndex {
    starts: Vec<usize>,
    /// Per line: `true` when it holds only ASCII (column = byte distance).
    /// Empty when the whole text is ASCII (the common case: no per-line
    /// scan is needed).
    ascii: Vec<bool>,
}

impl LineIndex {
    pub(crate) fn new(src: &str) -> Self {
        let b = src.as_bytes();
        let mut starts = Vec::with_capacity(b.len() / 32 + 1);
        starts.push(0);
        starts.extend(memchr::memchr_iter(b'\n', b).map(|i| i + 1));
        let ascii = if b.is_ascii() {
            Vec::new()
        } else {
            let mut ends = starts[1..].iter().map(|&s| s - 1).chain([b.len()]);
            starts
                .iter()
                .map(|&s| b[s..ends.next().unwrap_or(b.len())].is_ascii())
                .collect()
        };
        Self { starts, ascii }
    }

    /// The index of the line holding offset `off`; the line after `prev`
    /// (the last one asked about) is tried first, as positions are mostly
    /// asked for in source order.
    fn line_of(&self, off: usize, prev: usize) -> usize {
        let next = prev + 1;
        if let (Some(&s), end) = (self.starts.get(next), self.starts.get(next + 1))
            && s <= off
            && end.is_none_or(|&e| off < e)
        {
            return next;
        }
        // Backwards (the start of an enclosing compound command) mostly a
        // few lines: widen the window from `prev` by doubling steps first.
        let starts = &self.starts;
        if prev < starts.len() && off < starts[prev] {
            let mut step = 1;
            while step <= prev {
                let lo = prev - step;
                if starts[lo] <= off {
                    return lo + starts[lo..prev].partition_point(|&s| s <= off) - 1;
                }
                step *= 2;
            }
        }
        starts.partition_point(|&s| s <= off) - 1
    }

    /// The byte range `[start, end)` of line `idx` (`end` is the next
    /// line's start, or past the text for the last line), and whether the
    /// line is all ASCII.
    fn line(&self, idx: usize) -> (usize, usize, bool) {
        let start = self.starts[idx];
        let end = self.starts.get(idx + 1).copied().unwrap_or(usize::MAX);
        (start, end, self.ascii.get(idx).copied().unwrap_or(true))
    }
}

/// The line the last position was looked up on: its index, byte range and
/// ASCII flag, plus a column memo (an offset on it and that offset's
/// column) for lines holding multi-byte characters.
#[derive(Clone, Copy)]
struct LineCache {
    idx: usize,
    /// `idx` as a 1-based line number of the original script.
    line: u32,
    start: usize,
    end: usize,
    ascii: bool,
    memo_off: usize,
    memo_col: u32,
}

/// Where a sub-parser's source sits in the original script.
#[derive(Clone, Copy, Default)]
pub(crate) struct Base {
    /// Added to every byte offset.
    pub offset: usize,
    /// Added to every line (0 for a parser over the original text).
    pub line: u32,
}

/// A saved cursor state, for backtracking.
#[derive(Clone, Copy)]
pub(crate) struct Checkpoint {
    pos: usize,
    depth: usize,
    pending: usize,
    words: usize,
    items: usize,
    comments: usize,
}

/// The recursive-descent parser. Methods live in the grammar modules
/// (`command`, `compound`, `word`, `param`, `arith`, `cond`, `heredoc`).
pub(crate) struct Parser<'a> {
    pub src: &'a str,
    pub b: &'a [u8],
    pub pos: usize,
    lines: Rc<LineIndex>,
    pub base: Base,
    pub depth: usize,
    pub limits: ParseLimits,
    /// Here-documents seen so far (limit accounting, shared with
    /// sub-parsers through `take`/`give`).
    pub heredoc_count: usize,
    /// Here-documents whose bodies start after the next newline token.
    pub pending: Vec<PendingHereDoc>,
    /// Bodies read so far, by here-document id.
    pub bodies: Vec<Option<HereDoc>>,
    /// The line of the last position looked up (spans are asked for near
    /// the cursor, so the next answer is almost always on it).
    line_cache: LineCache,
    /// The last reserved-word lookup: (offset, answer). A command start
    /// is asked several times (command start, compound, keyword checks).
    pub(crate) reserved_cache: std::cell::Cell<(usize, Option<&'static str>)>,
    /// Start of the last arithmetic token (for bash's "error token").
    pub arith_last: usize,
    /// Words of the simple commands being parsed, innermost last; each
    /// command moves its own into a vector of exactly their number (a
    /// growing `Vec` per command would reserve room for four).
    pub word_stack: Vec<Word>,
    /// Items of the lists being parsed, the same way.
    pub item_stack: Vec<ListItem>,
    /// Local offset where the current item of the top-level list began
    /// (see [`ParseError::command_start`]).
    pub(crate) top_command_start: usize,
    /// The comments skipped so far, in source order (see
    /// [`crate::ast::Script::comments`]).
    pub comments: Vec<Comment>,
}

impl<'a> Parser<'a> {
    pub(crate) fn new(src: &'a str, limits: ParseLimits) -> Self {
        Self::with_index(src, Rc::new(LineIndex::new(src)), Base::default(), limits)
    }

    pub(crate) fn with_index(
        src: &'a str,
        lines: Rc<LineIndex>,
        base: Base,
        limits: ParseLimits,
    ) -> Self {
        Self {
            src,
            b: src.as_bytes(),
            pos: 0,
            lines,
            base,
            depth: 0,
            limits,
            heredoc_count: 0,
            pending: Vec::new(),
            bodies: Vec::new(),
            line_cache: LineCache {
                idx: 0,
                line: 1 + base.line,
                start: 0,
                end: 0,
                ascii: true,
                memo_off: 0,
                memo_col: 1,
            },
            reserved_cache: std::cell::Cell::new((usize::MAX, None)),
            arith_last: 0,
            word_stack: Vec::new(),
            item_stack: Vec::new(),
            top_command_start: 0,
            comments: Vec::new(),
        }
    }

    /// A parser over a prefix `src[..end]` of this parser's text, sharing
    /// the line index.
    pub(crate) fn prefix(&self, end: usize, start: usize) -> Parser<'a> {
        let mut p =
            Parser::with_index(&self.src[..end], self.lines.clone(), self.base, self.limits);
        p.pos = start;
        p.depth = self.depth;
        p.heredoc_count = self.heredoc_count;
        p
    }

    /// A parser over derived text (backquote contents, tab-stripped
    /// here-document bodies) that came from offset `at` of this text.
    pub(crate) fn derived<'b>(&mut self, text: &'b str, at: usize) -> Parser<'b> {
        let (line, _) = self.loc(at);
        let base = Base {
            offset: self.base.offset + at,
            line: line - 1,
        };
        let mut p = Parser::with_index(text, Rc::new(LineIndex::new(text)), base, self.limits);
        p.depth = self.depth;
        p.heredoc_count = self.heredoc_count;
        p
    }

    pub(crate) fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            pos: self.pos,
            depth: self.depth,
            pending: self.pending.len(),
            words: self.word_stack.len(),
            items: self.item_stack.len(),
            comments: self.comments.len(),
        }
    }

    pub(crate) fn restore(&mut self, c: Checkpoint) {
        self.pos = c.pos;
        self.depth = c.depth;
        self.pending.truncate(c.pending);
        self.word_stack.truncate(c.words);
        self.item_stack.truncate(c.items);
        self.comments.truncate(c.comments);
    }

    // ---- cursor ----

    #[inline]
    pub(crate) fn peek(&self) -> Option<u8> {
        self.b.get(self.pos).copied()
    }

    #[inline]
    pub(crate) fn peek_at(&self, n: usize) -> Option<u8> {
        self.b.get(self.pos + n).copied()
    }

    #[inline]
    pub(crate) fn at_eof(&self) -> bool {
        self.pos >= self.b.len()
    }

    #[inline]
    pub(crate) fn starts_with(&self, s: &str) -> bool {
        self.b[self.pos.min(self.b.len())..].starts_with(s.as_bytes())
    }

    /// The character at the cursor (the source is valid UTF-8; the nom
    /// productions read characters from their input).
    #[cfg(test)]
    pub(crate) fn peek_char(&self) -> Option<char> {
        self.src.get(self.pos..).and_then(|s| s.chars().next())
    }

    /// Consumes one character and returns it.
    #[cfg(test)]
    pub(crate) fn bump_char(&mut self) -> Option<char> {
        let c = self.peek_char()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    // ---- positions ----

    /// Line and column of local offset `off`.
    #[inline]
    pub(crate) fn loc(&mut self, off: usize) -> (u32, u32) {
        let off = off.min(self.b.len());
        let c = &self.line_cache;
        if c.ascii && c.start <= off && off < c.end {
            return (c.line, (off - c.start) as u32 + 1);
        }
        self.loc_slow(off)
    }

    /// [`Self::loc`] off the cached ASCII line: another line (the next
    /// one is tried before a binary search) or a line with multi-byte
    /// characters.
    #[cold]
    #[inline(never)]
    fn loc_slow(&mut self, off: usize) -> (u32, u32) {
        let mut c = self.line_cache;
        if !(c.start <= off && off < c.end) {
            let idx = self.lines.line_of(off, c.idx);
            let (start, end, ascii) = self.lines.line(idx);
            c = LineCache {
                idx,
                line: idx as u32 + 1 + self.base.line,
                start,
                end,
                ascii,
                memo_off: start,
                memo_col: 1,
            };
        }
        let col = if c.ascii {
            (off - c.start) as u32 + 1
        } else {
            // Count characters from the memo when it lies before `off`.
            let (from, col) = if c.memo_off <= off {
                (c.memo_off, c.memo_col)
            } else {
                (c.start, 1)
            };
            let col = col + self.src[from..off].chars().count() as u32;
            c.memo_off = off;
            c.memo_col = col;
            col
        };
        self.line_cache = c;
        (c.line, col)
    }

    /// The span from local offset `start` to the cursor.
    pub(crate) fn span_from(&mut self, start: usize) -> Span {
        self.span(start, self.pos)
    }

    pub(crate) fn span(&mut self, start: usize, end: usize) -> Span {
        let (line, column) = self.loc(start);
        Span {
            start: offset32(self.base.offset + start),
            end: offset32(self.base.offset + end.max(start)),
            line,
            column,
        }
    }

    // ---- depth ----

    /// Enters one nesting level; errors past [`ParseLimits::max_depth`].
    #[inline]
    pub(crate) fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > self.limits.max_depth {
            return Err(self.depth_error());
        }
        Ok(())
    }

    #[cold]
    #[inline(never)]
    fn depth_error(&mut self) -> ParseError {
        self.depth_error_at(self.pos)
    }

    /// The nesting-limit error, reported at local offset `at`.
    #[cold]
    #[inline(never)]
    pub(crate) fn depth_error_at(&mut self, at: usize) -> ParseError {
        let message = format!(
            "nesting depth limit exceeded ({} levels)",
            self.limits.max_depth
        );
        self.error(ParseErrorKind::LimitExceeded, message, at)
    }

    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    // ---- errors ----

    pub(crate) fn error(&mut self, kind: ParseErrorKind, message: String, at: usize) -> ParseError {
        let span = self.span(at, (at + 1).min(self.b.len()));
        ParseError {
            kind,
            message,
            line: span.line,
            column: span.column,
            span,
            command_start: 0,
        }
    }

    /// `unexpected EOF while looking for matching `c'` at the line of `at`.
    pub(crate) fn eof_matching(&mut self, c: char, at: usize) -> ParseError {
        self.error(
            ParseErrorKind::Incomplete,
            format!("unexpected EOF while looking for matching `{c}'"),
            at,
        )
    }

    /// `syntax error: unexpected end of file`, at the last line.
    pub(crate) fn eof_error(&mut self) -> ParseError {
        self.error(
            ParseErrorKind::Incomplete,
            "syntax error: unexpected end of file".to_string(),
            self.b.len(),
        )
    }

    /// `syntax error near unexpected token `tok'` for the token at the
    /// cursor (or end of file).
    pub(crate) fn unexpected(&mut self) -> ParseError {
        if self.at_eof() {
            return self.eof_error();
        }
        let tok = self.token_text();
        let at = self.pos;
        self.error(
            ParseErrorKind::UnexpectedToken,
            format!("syntax error near unexpected token `{tok}'"),
            at,
        )
    }

    pub(crate) fn invalid(&mut self, message: String, at: usize) -> ParseError {
        self.error(ParseErrorKind::Invalid, message, at)
    }
}

/// A byte offset as stored in a [`Span`]. The parser refuses sources longer
/// than `u32::MAX` bytes before reading them, so this never saturates in
/// practice.
fn offset32(off: usize) -> u32 {
    u32::try_from(off).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::Parser;
    use crate::limits::ParseLimits;
    use proptest::prelude::*;

    /// Line and column of `off` counted from the start, one character at
    /// a time (the definition `loc` must agree with).
    fn naive(src: &str, off: usize) -> (u32, u32) {
        let before = &src[..off];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let col = src[line_start..off].chars().count() + 1;
        (line as u32, col as u32)
    }

    proptest! {
        /// Positions asked for in any order (forwards, backwards, jumps,
        /// the same one twice) on text mixing ASCII and multi-byte lines.
        #[test]
        fn loc_matches_a_count_from_the_start(
            lines in proptest::collection::vec("[a-z é✓]{0,12}", 1..30),
            picks in proptest::collection::vec(any::<prop::sample::Index>(), 1..60),
        ) {
            let src = lines.join("\n");
            let boundaries: Vec<usize> = (0..=src.len()).filter(|&i| src.is_char_boundary(i)).collect();
            let mut p = Parser::new(&src, ParseLimits::default());
            for pick in picks {
                let off = boundaries[pick.index(boundaries.len())];
                prop_assert_eq!(p.loc(off), naive(&src, off), "offset {}", off);
            }
        }
    }
}
