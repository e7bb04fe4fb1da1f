//! Reading jq's inputs incrementally: JSON texts one at a time (so
//! `yes '{}' | jq -c . | head -1` ends), lines with `-R`, or everything with
//! `-s`. Values are framed by a resumable byte scanner, then parsed by
//! jaq-json; nesting deeper than jq's limit (10,000) and values larger than
//! the buffer limit are errors, not crashes.

use bytes::Bytes;
use jaq_json::Val;

/// Deepest nesting accepted, as jq's parser (`MAX_PARSING_DEPTH`).
pub(crate) const MAX_DEPTH: usize = 10_000;

/// Why the next input could not be produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ReadError {
    /// Malformed JSON: jq's "parse error" message text.
    Parse(String),
    /// One value (or the slurped input) exceeded `max_buffer_bytes`.
    Limit,
}

/// A pull-based reader over a byte source.
pub(crate) struct Reader<'a> {
    pull: Box<dyn FnMut() -> Option<Bytes> + 'a>,
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
    line: usize,
    max: usize,
}

/// Newlines in `b`.
fn newlines(b: &[u8]) -> usize {
    b.split(|&c| c == b'\n').count() - 1
}

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

impl<'a> Reader<'a> {
    /// A reader pulling chunks from `pull` (which returns `None` at end of
    /// input); one value may hold at most `max` bytes.
    pub fn new(pull: impl FnMut() -> Option<Bytes> + 'a, max: usize) -> Self {
        Self {
            pull: Box::new(pull),
            buf: Vec::new(),
            pos: 0,
            eof: false,
            line: 0,
            max,
        }
    }

    /// Lines consumed so far (jq's `input_line_number`).
    pub fn line(&self) -> usize {
        self.line
    }

    /// Pull one more chunk, dropping consumed bytes first; `false` at EOF.
    fn fill(&mut self) -> bool {
        if self.eof {
            return false;
        }
        if let Some(chunk) = (self.pull)() {
            if self.pos > 0 {
                self.buf.drain(..self.pos);
                self.pos = 0;
            }
            self.buf.extend_from_slice(&chunk);
            true
        } else {
            self.eof = true;
            false
        }
    }

    fn consume(&mut self, n: usize) {
        let end = self.pos + n;
        self.line += newlines(&self.buf[self.pos..end]);
        self.pos = end;
    }

    /// The next JSON text, `None` at end of input.
    pub fn next_value(&mut self) -> Option<Result<Val, ReadError>> {
        loop {
            while self.pos < self.buf.len() && is_ws(self.buf[self.pos]) {
                if self.buf[self.pos] == b'\n' {
                    self.line += 1;
                }
                self.pos += 1;
            }
            if self.pos < self.buf.len() {
                break;
            }
            if !self.fill() {
                return None;
            }
        }
        let len = match self.frame() {
            Ok(n) => n,
            Err(e) => return Some(Err(e)),
        };
        let text = &self.buf[self.pos..self.pos + len];
        let result = parse_text(text).map_err(|msg| {
            let line = self.line + 1 + newlines(text);
            ReadError::Parse(format!("{msg} at line {line}"))
        });
        self.consume(len);
        Some(result)
    }

    /// Find the length of the JSON text starting at `pos`.
    fn frame(&mut self) -> Result<usize, ReadError> {
        let first = self.buf[self.pos];
        let container = matches!(first, b'[' | b'{');
        let string = first == b'"';
        let (mut depth, mut in_str, mut esc) = (0usize, string, false);
        let mut off = usize::from(string);
        loop {
            while self.pos + off < self.buf.len() {
                let c = self.buf[self.pos + off];
                if in_str {
                    if esc {
                        esc = false;
                    } else if c == b'\\' {
                        esc = true;
                    } else if c == b'"' {
                        in_str = false;
                        if string {
                            return Ok(off + 1);
                        }
                    }
                } else if container {
                    match c {
                        b'"' => in_str = true,
                        b'[' | b'{' => {
                            depth += 1;
                            if depth > MAX_DEPTH {
                                return Err(ReadError::Parse(
                                    "Exceeds depth limit for parsing".to_string(),
                                ));
                            }
                        }
                        b']' | b'}' => {
                            depth = depth.saturating_sub(1);
                            if depth == 0 {
                                return Ok(off + 1);
                            }
                        }
                        _ => {}
                    }
                } else if is_ws(c) || matches!(c, b'[' | b'{' | b']' | b'}' | b'"' | b',' | b':') {
                    return Ok(off.max(1));
                }
                off += 1;
                if off > self.max {
                    return Err(ReadError::Limit);
                }
            }
            if !self.fill() {
                if container || string {
                    let line = self.line + 1 + newlines(&self.buf[self.pos..]);
                    self.pos = self.buf.len();
                    return Err(ReadError::Parse(format!(
                        "Unfinished JSON term at EOF at line {line}, column 0"
                    )));
                }
                return Ok(off);
            }
        }
    }

    /// The next line without its newline (`-R`), `None` at end of input.
    pub fn next_line(&mut self) -> Option<Result<Val, ReadError>> {
        let mut off = 0;
        loop {
            if let Some(i) = self.buf[self.pos + off..].iter().position(|&b| b == b'\n') {
                let end = off + i;
                let s = Bytes::copy_from_slice(&self.buf[self.pos..self.pos + end]);
                self.consume(end + 1);
                return Some(Ok(Val::utf8_str(s)));
            }
            off = self.buf.len() - self.pos;
            if off > self.max {
                return Some(Err(ReadError::Limit));
            }
            if !self.fill() {
                if off == 0 {
                    return None;
                }
                let s = Bytes::copy_from_slice(&self.buf[self.pos..]);
                self.consume(off);
                return Some(Ok(Val::utf8_str(s)));
            }
        }
    }

    /// Everything that is left (`-Rs`).
    pub fn read_all(&mut self) -> Result<Vec<u8>, ReadError> {
        while self.fill() {
            if self.buf.len() - self.pos > self.max {
                return Err(ReadError::Limit);
            }
        }
        let rest = self.buf[self.pos..].to_vec();
        self.consume(rest.len());
        Ok(rest)
    }
}

/// Parse exactly one JSON text (surrounding whitespace allowed), refusing
/// nesting deeper than [`MAX_DEPTH`].
pub(crate) fn parse_text(text: &[u8]) -> Result<Val, String> {
    let (mut depth, mut max, mut in_str, mut esc) = (0usize, 0usize, false, false);
    for &c in text {
        if in_str {
            if esc {
                esc = false;
            } else if c == b'\\' {
                esc = true;
            } else if c == b'"' {
                in_str = false;
            }
        } else {
            match c {
                b'"' => in_str = true,
                b'[' | b'{' => {
                    depth += 1;
                    max = max.max(depth);
                }
                b']' | b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
    }
    if max > MAX_DEPTH {
        return Err("Exceeds depth limit for parsing".to_string());
    }
    let trimmed = text.trim_ascii();
    match trimmed {
        b"nan" | b"NaN" | b"-nan" | b"-NaN" => return Ok(Val::Num(jaq_json::Num::Float(f64::NAN))),
        _ => {}
    }
    jaq_json::read::parse_single(text).map_err(|e| {
        let msg = e.to_string();
        if msg.contains("unexpected end") || trimmed.is_empty() {
            "Unfinished JSON term at EOF".to_string()
        } else {
            format!("Invalid JSON text ({msg})")
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reader(chunks: &[&'static str]) -> Reader<'static> {
        let mut it = chunks
            .iter()
            .map(|c| Bytes::from_static(c.as_bytes()))
            .collect::<Vec<_>>()
            .into_iter();
        Reader::new(move || it.next(), 1 << 20)
    }

    #[test]
    fn values_split_across_chunks() {
        let mut r = reader(&["{\"a\":", "[1,2]}  3", "4 \"x", "]\" true"]);
        let mut got = Vec::new();
        while let Some(v) = r.next_value() {
            got.push(crate::utils::jq::format::to_json(&v.unwrap()));
        }
        assert_eq!(got, ["{\"a\":[1,2]}", "34", "\"x]\"", "true"]);
    }

    #[test]
    fn unfinished_and_deep_input_are_errors() {
        let mut r = reader(&["[1,2"]);
        assert!(matches!(r.next_value(), Some(Err(ReadError::Parse(_)))));
        let deep: &'static str = Box::leak("[".repeat(MAX_DEPTH + 1).into_boxed_str());
        let mut r = reader(&[deep]);
        assert!(matches!(r.next_value(), Some(Err(ReadError::Parse(_)))));
    }

    #[test]
    fn raw_lines() {
        let mut r = reader(&["a\nb", "c\n\nd"]);
        let mut got = Vec::new();
        while let Some(v) = r.next_line() {
            got.push(crate::utils::jq::format::to_json(&v.unwrap()));
        }
        assert_eq!(got, ["\"a\"", "\"bc\"", "\"\"", "\"d\""]);
    }
}
