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
    /// Whether a leading UTF-8 byte order mark was looked for (jq skips
    /// one at the start of the input).
    bom_checked: bool,
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
            bom_checked: false,
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
        if !self.bom_checked {
            while self.buf.len() - self.pos < 3 && self.fill() {}
            self.bom_checked = true;
            if self.buf[self.pos..].starts_with(b"\xEF\xBB\xBF") {
                self.pos += 3;
            }
        }
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
    let lenient = lenient_literals(text);
    let text = lenient.as_deref().unwrap_or(text);
    jaq_json::read::parse_single(text).map_err(|e| {
        let msg = e.to_string();
        if msg.contains("unexpected end") || trimmed.is_empty() {
            "Unfinished JSON term at EOF".to_string()
        } else {
            format!("Invalid JSON text ({msg})")
        }
    })
}

/// jq 1.7.1's parser reads `nan` and `infinity` number literals, in any
/// case, signed, `nan` optionally followed by digits, `inf` short for
/// `infinity`; jaq-json reads only `NaN` and `[+-]Infinity`. Returns the
/// text with such words spelled jaq's way, or `None` when there are none.
fn lenient_literals(text: &[u8]) -> Option<Vec<u8>> {
    let (mut out, mut in_str, mut esc, mut at) = (None::<Vec<u8>>, false, false, 0);
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if in_str {
            if esc {
                esc = false;
            } else if c == b'\\' {
                esc = true;
            } else if c == b'"' {
                in_str = false;
            }
            i += 1;
            continue;
        }
        if c == b'"' {
            in_str = true;
            i += 1;
            continue;
        }
        if !c.is_ascii_alphabetic() {
            i += 1;
            continue;
        }
        let mut start = i;
        let negative = i > 0 && text[i - 1] == b'-';
        if i > 0 && matches!(text[i - 1], b'-' | b'+') {
            start -= 1;
        }
        let mut end = i;
        while end < text.len() && text[end].is_ascii_alphanumeric() {
            end += 1;
        }
        let word = text[i..end].to_ascii_lowercase();
        let digits_after_nan = word.len() >= 3 && word[3..].iter().all(u8::is_ascii_digit);
        let spelled: Option<&[u8]> = if word.starts_with(b"nan") && digits_after_nan {
            Some(b"NaN")
        } else if word == b"inf" || word == b"infinity" {
            Some(if negative { b"-Infinity" } else { b"Infinity" })
        } else {
            None
        };
        if let Some(sp) = spelled
            && (text[i..end] != *sp || start != i)
        {
            let buf = out.get_or_insert_with(Vec::new);
            buf.extend_from_slice(&text[at..start]);
            buf.extend_from_slice(sp);
            at = end;
        }
        i = end;
    }
    out.map(|mut buf| {
        buf.extend_from_slice(&text[at..]);
        buf
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
    fn nan_and_infinity_literals() {
        let v = parse_text(b"[nan, -NaN, nan12, Infinity, -inf, +INF, \"nan\"]").unwrap();
        assert_eq!(
            crate::utils::jq::format::to_json(&v),
            "[null,null,null,1.7976931348623157e+308,-1.7976931348623157e+308,1.7976931348623157e+308,\"nan\"]"
        );
        assert!(parse_text(b"[nanx]").is_err());
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
