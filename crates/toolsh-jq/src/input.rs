//! Reading jq's inputs incrementally: JSON texts one at a time (so
//! `yes '{}' | jq -c . | head -1` ends), lines with `-R`, or everything with
//! `-s`, over the concatenation of the input files (a value may span two
//! files, as in jq). Values are parsed in place by [`super::parse`]; one
//! whose end has not arrived yet is framed by a resumable scanner first, so
//! a large value arriving in many chunks is parsed once.
//!
//! `input_line_number` and `input_filename` follow jq 1.7.1, which feeds
//! its parser with `fgets` into a 4096-byte buffer: the line number of a
//! value counts the newlines of its file up to the end of the piece (a
//! line, or 4095 bytes of a longer one) in which the value was completed.

use std::collections::VecDeque;

use bytes::Bytes;
use jaq_json::Val;

use super::parse::{self, Error, Scratch, is_ws};

/// Bytes jq's `fgets` reads at most at once (its buffer size minus one).
const PIECE: u64 = 4095;

/// One piece of the input stream.
#[derive(Debug)]
pub(crate) enum Piece {
    /// The start of a named input (`input_filename`); line numbers
    /// restart.
    File(String),
    /// An input that could not be opened: jq's message for it.
    Missing(String),
    /// Bytes of the current input.
    Data(Bytes),
}

/// Why the next input could not be produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ReadError {
    /// Malformed JSON: jq's message ("Invalid numeric literal at line 1,
    /// column 4"); the reader has stopped.
    Parse(String),
    /// One value (or the slurped input) exceeded `max_buffer_bytes`.
    Limit,
}

/// A pull-based reader over a stream of [`Piece`]s.
pub(crate) struct Reader<'a> {
    pull: Box<dyn FnMut() -> Option<Piece> + 'a>,
    /// The unconsumed input when it is one received chunk as it came
    /// (strings are then slices of it, not copies); `None` when the input
    /// is in `owned` (a value spanning chunks).
    direct: Option<Bytes>,
    owned: Vec<u8>,
    /// Stream offset of `buf[0]`.
    base: u64,
    pos: usize,
    eof: bool,
    /// Stopped after a parse error (jq reads nothing more).
    failed: bool,
    max: usize,
    /// Whether a leading UTF-8 byte order mark was looked for (jq skips
    /// one at the start of the input).
    bom_checked: bool,
    scratch: Scratch,
    /// Starts of inputs pulled but not yet reached by `counted`.
    starts: VecDeque<(u64, String)>,
    file: Option<String>,
    /// Stream offset up to which newlines are counted.
    counted: u64,
    /// Newlines of the current file before `counted`.
    newlines: usize,
    /// Stream offset of the start of the line holding `counted`.
    line_start: u64,
    /// Where the last value was completed (`None`: none yet, or the end).
    last: Option<u64>,
    /// `input_line_number` once known for the last value.
    last_line: Option<usize>,
    open_errors: Vec<String>,
    open_failed: bool,
}

impl<'a> Reader<'a> {
    /// A reader pulling pieces from `pull` (which returns `None` at the
    /// end of all input); one value may hold at most `max` bytes.
    pub fn new(pull: impl FnMut() -> Option<Piece> + 'a, max: usize) -> Self {
        Self {
            pull: Box::new(pull),
            direct: None,
            owned: Vec::new(),
            base: 0,
            pos: 0,
            eof: false,
            failed: false,
            max,
            bom_checked: false,
            scratch: Scratch::default(),
            starts: VecDeque::new(),
            file: None,
            counted: 0,
            newlines: 0,
            line_start: 0,
            last: None,
            last_line: None,
            open_errors: Vec::new(),
            open_failed: false,
        }
    }

    /// A reader over one in-memory text.
    pub fn from_bytes(data: Bytes, max: usize) -> Reader<'static> {
        let mut once = Some(Piece::Data(data));
        Reader::new(move || once.take(), max)
    }

    /// The buffered input (from stream offset `base`).
    fn data(&self) -> &[u8] {
        self.direct.as_deref().unwrap_or(&self.owned)
    }

    /// `input_line_number`: see the module documentation.
    pub fn line(&mut self) -> usize {
        if let Some(l) = self.last_line {
            return l;
        }
        let line = match self.last {
            None => self.newlines,
            Some(c) => {
                let before = self.newlines;
                let piece_end = self.line_start + ((c - self.line_start) / PIECE + 1) * PIECE;
                before + usize::from(self.newline_before(c, piece_end))
            }
        };
        self.last_line = Some(line);
        line
    }

    /// Whether a newline lies in `[from, until)` of the current file,
    /// reading more input as far as needed.
    fn newline_before(&mut self, from: u64, until: u64) -> bool {
        let mut from = from.max(self.base);
        loop {
            let limit = self.starts.front().map_or(until, |s| s.0.min(until));
            let end = self.base + self.data().len() as u64;
            let stop = limit.min(end);
            if from < stop {
                let a = usize::try_from(from - self.base).unwrap_or(usize::MAX);
                let b = usize::try_from(stop - self.base).unwrap_or(usize::MAX);
                if memchr::memchr(b'\n', &self.data()[a..b]).is_some() {
                    return true;
                }
            }
            if stop == limit || !self.fill() {
                return false;
            }
            from = from.max(stop).max(self.base);
        }
    }

    /// `input_filename`: the input holding the last value read.
    pub fn filename(&self) -> Option<String> {
        self.file.clone()
    }

    /// Messages for inputs that could not be opened, since the last call.
    pub fn take_open_errors(&mut self) -> Vec<String> {
        std::mem::take(&mut self.open_errors)
    }

    /// Whether some input could not be opened (jq then exits with 2).
    pub fn open_failed(&self) -> bool {
        self.open_failed
    }

    /// Count newlines up to stream offset `target`, entering the inputs
    /// that start at or before it.
    fn count_to(&mut self, target: u64) {
        loop {
            while let Some((s, _)) = self.starts.front()
                && *s <= self.counted
            {
                let (s, name) = self.starts.pop_front().unwrap_or_default();
                self.file = Some(name);
                self.newlines = 0;
                self.line_start = s;
            }
            if self.counted >= target {
                return;
            }
            let stop = self.starts.front().map_or(target, |s| s.0.min(target));
            let a = usize::try_from(self.counted - self.base).unwrap_or(0);
            let b = usize::try_from(stop - self.base).unwrap_or(0);
            let span = &self.data()[a..b];
            let n = memchr::memchr_iter(b'\n', span).count();
            if let Some(i) = memchr::memrchr(b'\n', span) {
                self.newlines += n;
                self.line_start = self.base + (a + i) as u64 + 1;
            }
            self.counted = stop;
        }
    }

    /// Pull until more bytes arrive, dropping consumed bytes first;
    /// `false` at the end of all input.
    fn fill(&mut self) -> bool {
        if self.eof {
            return false;
        }
        loop {
            match (self.pull)() {
                None => {
                    self.eof = true;
                    return false;
                }
                Some(Piece::File(name)) => {
                    let at = self.base + self.data().len() as u64;
                    self.starts.push_back((at, name));
                }
                Some(Piece::Missing(msg)) => {
                    self.open_errors.push(msg);
                    self.open_failed = true;
                }
                Some(Piece::Data(chunk)) => {
                    if chunk.is_empty() {
                        continue;
                    }
                    // Keep the byte the last value was completed at, so
                    // its line and input stay those of that byte.
                    let keep = self.last.map_or(self.pos, |c| {
                        self.pos
                            .min(usize::try_from(c.saturating_sub(self.base)).unwrap_or(0))
                    });
                    self.count_to(self.base + keep as u64);
                    if keep == self.data().len() {
                        self.owned.clear();
                        self.direct = Some(chunk);
                    } else {
                        if let Some(d) = self.direct.take() {
                            self.owned.clear();
                            self.owned.extend_from_slice(&d[keep..]);
                        } else {
                            self.owned.drain(..keep);
                        }
                        self.owned.extend_from_slice(&chunk);
                    }
                    self.base += keep as u64;
                    self.pos -= keep;
                    return true;
                }
            }
        }
    }

    fn at_end(&mut self) {
        let end = self.base + self.data().len() as u64;
        self.pos = self.data().len();
        self.count_to(end);
        self.last = None;
        self.last_line = None;
    }

    fn fail(&mut self, msg: &str, at: usize) -> ReadError {
        let len = self.data().len();
        let abs = self.base + at.min(len) as u64;
        self.count_to((abs + 1).min(self.base + len as u64));
        let line = self.newlines + 1;
        let col = (abs + 1).min(self.base + len as u64) - self.line_start;
        let at_eof = if at >= len && !msg.contains("at EOF") {
            " at EOF"
        } else {
            ""
        };
        self.failed = true;
        self.pos = len;
        self.last = None;
        self.last_line = None;
        ReadError::Parse(format!("{msg}{at_eof} at line {line}, column {col}"))
    }

    /// The next JSON text, `None` at the end of input (or after an error).
    pub fn next_value(&mut self) -> Option<Result<Val, ReadError>> {
        if self.failed {
            return None;
        }
        // The previous value's line no longer matters: consumed bytes
        // may all go.
        self.last = None;
        self.last_line = None;
        if !self.bom_checked {
            while self.data().len() - self.pos < 3 && self.fill() {}
            self.bom_checked = true;
            if self.data()[self.pos..].starts_with(b"\xEF\xBB\xBF") {
                self.pos += 3;
            }
        }
        loop {
            if let Some(i) = self.data()[self.pos..].iter().position(|&b| !is_ws(b)) {
                self.pos += i;
                break;
            }
            self.pos = self.data().len();
            if !self.fill() {
                self.at_end();
                return None;
            }
        }
        let mut framed = false;
        loop {
            let (text, shared) = match &self.direct {
                Some(d) => (&d[self.pos..], Some(d)),
                None => (&self.owned[self.pos..], None),
            };
            match parse::parse_value(text, shared, self.eof, &mut self.scratch) {
                Ok(p) => {
                    let completed = self.base + (self.pos + p.completed_at) as u64;
                    self.pos += p.end;
                    self.count_to(completed);
                    self.last = Some(completed);
                    self.last_line = None;
                    return Some(Ok(p.val));
                }
                Err(Error::Syntax(msg, at)) => {
                    let at = self.pos + at;
                    return Some(Err(self.fail(msg, at)));
                }
                Err(Error::Incomplete) => {
                    if framed {
                        self.fill();
                    } else if let Err(Some(e)) = self.frame() {
                        return Some(Err(e));
                    }
                    framed = true;
                    if self.data().len() - self.pos > self.max {
                        self.failed = true;
                        return Some(Err(ReadError::Limit));
                    }
                }
            }
        }
    }

    /// Read until the value starting at `pos` has fully arrived (or the
    /// input ends), scanning each byte once. `Err(Some)` when the value
    /// exceeds the buffer limit.
    fn frame(&mut self) -> Result<(), Option<ReadError>> {
        let first = self.data()[self.pos];
        let container = matches!(first, b'[' | b'{');
        let string = first == b'"';
        let (mut depth, mut in_str, mut esc) = (0usize, string, false);
        let mut off = usize::from(string);
        loop {
            while self.pos + off < self.data().len() {
                let c = self.data()[self.pos + off];
                off += 1;
                if in_str {
                    if esc {
                        esc = false;
                    } else if c == b'\\' {
                        esc = true;
                    } else if c == b'"' {
                        in_str = false;
                        if string {
                            return Ok(());
                        }
                    }
                } else if container {
                    match c {
                        b'"' => in_str = true,
                        b'[' | b'{' => depth += 1,
                        b']' | b'}' => {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                return Ok(());
                            }
                        }
                        _ => {}
                    }
                } else if parse::is_ws(c)
                    || matches!(c, b'[' | b'{' | b']' | b'}' | b'"' | b',' | b':')
                {
                    return Ok(());
                }
            }
            if off > self.max {
                self.failed = true;
                return Err(Some(ReadError::Limit));
            }
            if !self.fill() {
                return Err(None);
            }
        }
    }

    /// The next line without its newline (`-R`), `None` at end of input.
    pub fn next_line(&mut self) -> Option<Result<Val, ReadError>> {
        self.last = None;
        self.last_line = None;
        let mut off = 0;
        loop {
            if let Some(i) = memchr::memchr(b'\n', &self.data()[self.pos + off..]) {
                let end = self.pos + off + i;
                let s = parse::text_bytes(&self.data()[self.pos..end]);
                self.pos = end + 1;
                self.count_to(self.base + self.pos as u64);
                self.last = Some(self.base + end as u64);
                self.last_line = Some(self.newlines);
                return Some(Ok(Val::TStr(Box::new(s))));
            }
            off = self.data().len() - self.pos;
            if off > self.max {
                self.failed = true;
                return Some(Err(ReadError::Limit));
            }
            if !self.fill() {
                if off == 0 {
                    self.at_end();
                    return None;
                }
                let s = parse::text_bytes(&self.data()[self.pos..]);
                self.at_end();
                return Some(Ok(Val::TStr(Box::new(s))));
            }
        }
    }

    /// Everything that is left (`-Rs`).
    pub fn read_all(&mut self) -> Result<Vec<u8>, ReadError> {
        while self.fill() {
            if self.data().len() - self.pos > self.max {
                return Err(ReadError::Limit);
            }
        }
        let rest = self.data()[self.pos..].to_vec();
        self.at_end();
        Ok(rest)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::to_json;

    fn reader(pieces: &[&'static str]) -> Reader<'static> {
        let mut it = pieces
            .iter()
            .map(|c| match c.strip_prefix("FILE:") {
                Some(name) => Piece::File(name.to_string()),
                None => Piece::Data(Bytes::from_static(c.as_bytes())),
            })
            .collect::<Vec<_>>()
            .into_iter();
        Reader::new(move || it.next(), 1 << 20)
    }

    /// (value, input_line_number, input_filename) for every value.
    fn values(r: &mut Reader<'_>) -> Vec<(String, usize, Option<String>)> {
        let mut got = Vec::new();
        while let Some(v) = r.next_value() {
            let v = to_json(&v.unwrap());
            got.push((v, r.line(), r.filename()));
        }
        got
    }

    #[test]
    fn values_split_across_chunks() {
        let mut r = reader(&["{\"a\":", "[1,2]}  3", "4 \"x", "]\" true"]);
        let got: Vec<String> = values(&mut r).into_iter().map(|v| v.0).collect();
        assert_eq!(got, ["{\"a\":[1,2]}", "34", "\"x]\"", "true"]);
    }

    #[test]
    fn unfinished_and_deep_input_are_errors() {
        let mut r = reader(&["[1,2"]);
        assert!(matches!(r.next_value(), Some(Err(ReadError::Parse(_)))));
        assert!(r.next_value().is_none());
        let deep: &'static str = Box::leak("[".repeat(parse::MAX_DEPTH + 1).into_boxed_str());
        let mut r = reader(&[deep]);
        assert!(matches!(r.next_value(), Some(Err(ReadError::Parse(_)))));
    }

    #[test]
    fn line_numbers_as_jq_counts_them() {
        // Expected values from jq 1.7.1 (`printf X | jq -c '[., input_line_number]'`).
        let mut r = reader(&["FILE:<stdin>", "1\n\n\n2 3\n4"]);
        let lines: Vec<usize> = values(&mut r).into_iter().map(|v| v.1).collect();
        assert_eq!(lines, [1, 4, 4, 4]);
        let mut r = reader(&["[1,\n2]\n", "\n[3]"]);
        let lines: Vec<usize> = values(&mut r).into_iter().map(|v| v.1).collect();
        assert_eq!(lines, [2, 3]);
        let long: &'static str = Box::leak(format!("[1]{}\n2", " ".repeat(5000)).into_boxed_str());
        let mut r = reader(&[long]);
        let lines: Vec<usize> = values(&mut r).into_iter().map(|v| v.1).collect();
        assert_eq!(lines, [0, 1]);
        let edge: &'static str = Box::leak(format!("[1]{}\n2", " ".repeat(4091)).into_boxed_str());
        let mut r = reader(&[edge]);
        let lines: Vec<usize> = values(&mut r).into_iter().map(|v| v.1).collect();
        assert_eq!(lines, [1, 1]);
    }

    #[test]
    fn files_concatenate_and_restart_lines() {
        // jq 1.7.1: f1 = "1", f2 = "2\n" gives [12,1,"f2"]; "1\n2\n" and
        // "3\n4" give lines 1, 2, 1, 1.
        let mut r = reader(&["FILE:f1", "1", "FILE:f2", "2\n"]);
        assert_eq!(
            values(&mut r),
            [("12".to_string(), 1, Some("f2".to_string()))]
        );
        let mut r = reader(&["FILE:f1", "1\n2\n", "FILE:f2", "3\n4"]);
        let got: Vec<(usize, String)> = values(&mut r)
            .into_iter()
            .map(|v| (v.1, v.2.unwrap_or_default()))
            .collect();
        assert_eq!(
            got,
            [
                (1, "f1".into()),
                (2, "f1".into()),
                (1, "f2".into()),
                (1, "f2".into())
            ]
        );
    }

    #[test]
    fn raw_lines() {
        let mut r = reader(&["a\nb", "c\n\nd"]);
        let mut got = Vec::new();
        while let Some(v) = r.next_line() {
            got.push((to_json(&v.unwrap()), r.line()));
        }
        let want = [("\"a\"", 1), ("\"bc\"", 2), ("\"\"", 3), ("\"d\"", 3)];
        assert_eq!(got, want.map(|(s, l)| (s.to_string(), l)));
    }
}
