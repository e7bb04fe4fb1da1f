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
    ascii: Vec<bool>,
}

impl LineIndex {
    pub(crate) fn new(src: &str) -> Self {
        let b = src.as_bytes();
        let mut starts = vec![0];
        let mut ascii = Vec::new();
        let mut at = 0;
        for i in memchr::memchr_iter(b'\n', b) {
            ascii.push(b[at..i].is_ascii());
            at = i + 1;
            starts.push(at);
        }
        ascii.push(b[at..].is_ascii());
        Self { starts, ascii }
    }

    /// The index of the line holding offset `off`, starting the search at
    /// line `hint` (spans are asked for near the cursor, so the answer is
    /// almost always the hint or the line after it).
    fn line_of(&self, off: usize, hint: usize) -> usize {
        let starts = &self.starts;
        let in_line = |i: usize| starts[i] <= off && starts.get(i + 1).is_none_or(|&n| off < n);
        if hint < starts.len() {
            if in_line(hint) {
                return hint;
            }
            if hint + 1 < starts.len() && in_line(hint + 1) {
                return hint + 1;
            }
        }
        starts.partition_point(|&s| s <= off) - 1
    }
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
    /// The last line looked up, and a column memo on it: (line index,
    /// offset, column of that offset).
    col_cache: (usize, usize, u32),
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
            col_cache: (0, 0, 1),
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

    /// The character at the cursor (the source is valid UTF-8).
    pub(crate) fn peek_char(&self) -> Option<char> {
        self.src.get(self.pos..).and_then(|s| s.chars().next())
    }

    /// Consumes one character and returns it.
    pub(crate) fn bump_char(&mut self) -> Option<char> {
        let c = self.peek_char()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    // ---- positions ----

    /// Line and column of local offset `off`.
    pub(crate) fn loc(&mut self, off: usize) -> (u32, u32) {
        let off = off.min(self.b.len());
        let (cline, coff, ccol) = self.col_cache;
        if off == coff {
            // A word, its command, pipeline, and-or list and list item
            // often start at the same byte: their spans are made one after
            // the other.
            return (cline as u32 + 1 + self.base.line, ccol);
        }
        let idx = self.lines.line_of(off, cline);
        let ls = self.lines.starts[idx];
        let col = if self.lines.ascii[idx] {
            (off - ls) as u32 + 1
        } else if cline == idx && coff <= off && coff >= ls {
            ccol + self.src[coff..off].chars().count() as u32
        } else {
            self.src[ls..off].chars().count() as u32 + 1
        };
        self.col_cache = (idx, off, col);
        let line = idx as u32 + 1;
        (line + self.base.line, col)
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
    pub(crate) fn enter(&mut self) -> Result<(), ParseError> {
        self.depth += 1;
        if self.depth > self.limits.max_depth {
            return Err(self.error(
                ParseErrorKind::LimitExceeded,
                format!(
                    "nesting depth limit exceeded ({} levels)",
                    self.limits.max_depth
                ),
                self.pos,
            ));
        }
        Ok(())
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
