//! Records: reading input split by RS (POSIX: newline, a single
//! character, `""` for paragraph mode; gawk: a regular expression), with
//! RT set to the text that ended the record.

use std::rc::Rc;

use super::regex::{Re, find_nonempty};
use super::value::{Str, empty_str};
use toolsh_command::posix_regex::PosixRegex;

use super::host::{Host, HostStop, Reply, Request};
use toolsh_command::limits::within_buffer;

/// How input is split into records.
#[derive(Debug, Clone)]
pub enum RecordSep {
    /// A single byte (newline by default).
    Byte(u8),
    /// `RS = ""`: records separated by blank lines.
    Paragraph,
    /// A regular expression (RS longer than one character, gawk).
    Regex(Re),
}

/// Where a reader's bytes come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Source {
    /// Standard input, read chunk by chunk.
    Stdin,
    /// Everything is already in the buffer.
    Memory,
}

/// A record reader over standard input or a file's contents.
#[derive(Debug)]
pub struct RecordReader {
    buf: Vec<u8>,
    pos: usize,
    eof: bool,
    source: Source,
    /// The last terminator handed out: the next one, most often the same
    /// bytes (RS's newline), shares it rather than allocating.
    last_rt: Str,
}

/// A record and its terminator (RT), as awk strings.
pub type RecordAndTerminator = (Str, Str);

impl RecordReader {
    /// A reader over standard input.
    pub fn stdin() -> Self {
        Self {
            buf: Vec::new(),
            pos: 0,
            eof: false,
            source: Source::Stdin,
            last_rt: empty_str(),
        }
    }

    /// A reader over bytes already read (a file).
    pub fn memory(data: Vec<u8>) -> Self {
        Self {
            buf: data,
            pos: 0,
            eof: true,
            source: Source::Memory,
            last_rt: empty_str(),
        }
    }

    /// Read more input; `false` at end of file.
    fn fill(&mut self, host: &Host, max: usize) -> Result<bool, HostStop> {
        if self.eof || self.source == Source::Memory {
            self.eof = true;
            return Ok(false);
        }
        if self.pos > 0 {
            self.buf.drain(..self.pos);
            self.pos = 0;
        }
        let Reply::Chunk(Some(c)) = host.call(Request::ReadStdin)? else {
            self.eof = true;
            return Ok(false);
        };
        within_buffer(self.buf.len() + c.len(), max).map_err(HostStop::Interrupt)?;
        self.buf.extend_from_slice(&c);
        Ok(true)
    }

    fn take(&mut self, end: usize, next: usize) -> RecordAndTerminator {
        let rec: Str = Rc::from(&self.buf[self.pos..end]);
        let rt = &self.buf[end..next];
        if *self.last_rt != *rt {
            self.last_rt = Rc::from(rt);
        }
        self.pos = next;
        (rec, self.last_rt.clone())
    }

    /// The next record, or `None` at end of input. `max` bounds the bytes
    /// buffered for one record.
    pub fn next_record(
        &mut self,
        rs: &RecordSep,
        host: &Host,
        max: usize,
    ) -> Result<Option<RecordAndTerminator>, HostStop> {
        match rs {
            RecordSep::Byte(b) => self.next_by_byte(*b, host, max),
            RecordSep::Paragraph => self.next_paragraph(host, max),
            RecordSep::Regex(re) => self.next_by_regex(re, host, max),
        }
    }

    fn next_by_byte(
        &mut self,
        b: u8,
        host: &Host,
        max: usize,
    ) -> Result<Option<RecordAndTerminator>, HostStop> {
        let mut searched = self.pos;
        loop {
            if let Some(i) = memchr(b, &self.buf[searched..]) {
                let end = searched + i;
                return Ok(Some(self.take(end, end + 1)));
            }
            let scanned = self.buf.len() - self.pos;
            if !self.fill(host, max)? {
                if self.pos < self.buf.len() {
                    let end = self.buf.len();
                    return Ok(Some(self.take(end, end)));
                }
                return Ok(None);
            }
            searched = self.pos + scanned;
        }
    }

    fn next_paragraph(
        &mut self,
        host: &Host,
        max: usize,
    ) -> Result<Option<RecordAndTerminator>, HostStop> {
        // Skip leading newlines.
        loop {
            while self.pos < self.buf.len() && self.buf[self.pos] == b'\n' {
                self.pos += 1;
            }
            if self.pos < self.buf.len() || !self.fill(host, max)? {
                break;
            }
        }
        if self.pos >= self.buf.len() {
            return Ok(None);
        }
        let mut from = self.pos;
        loop {
            let hay = &self.buf[from..];
            if let Some(i) = hay.windows(2).position(|w| w == b"\n\n") {
                let end = from + i;
                let mut next = end;
                while next < self.buf.len() && self.buf[next] == b'\n' {
                    next += 1;
                }
                if next == self.buf.len() && !self.eof && self.source == Source::Stdin {
                    // The run of newlines may continue in the next chunk.
                    let rel_end = end - self.pos;
                    if self.fill(host, max)? {
                        from = self.pos + rel_end;
                        continue;
                    }
                    let end = self.pos + rel_end;
                    let next = self.buf.len();
                    return Ok(Some(self.take(end, next)));
                }
                return Ok(Some(self.take(end, next)));
            }
            let rel = (self.buf.len() - self.pos).saturating_sub(1);
            if !self.fill(host, max)? {
                let mut end = self.buf.len();
                while end > self.pos && self.buf[end - 1] == b'\n' {
                    end -= 1;
                }
                let next = self.buf.len();
                return Ok(Some(self.take(end, next)));
            }
            from = self.pos + rel;
        }
    }

    fn next_by_regex(
        &mut self,
        re: &PosixRegex,
        host: &Host,
        max: usize,
    ) -> Result<Option<RecordAndTerminator>, HostStop> {
        loop {
            if self.pos >= self.buf.len() && !self.fill(host, max)? {
                return Ok(None);
            }
            let hay = &self.buf[self.pos..];
            let found = find_nonempty(re, hay, 0);
            match found {
                Some((s, e)) if e < hay.len() || self.eof => {
                    let (s, e) = (self.pos + s, self.pos + e);
                    return Ok(Some(self.take(s, e)));
                }
                _ => {
                    if !self.fill(host, max)? {
                        let hay = &self.buf[self.pos..];
                        if let Some((s, e)) = find_nonempty(re, hay, 0) {
                            let (s, e) = (self.pos + s, self.pos + e);
                            return Ok(Some(self.take(s, e)));
                        }
                        let end = self.buf.len();
                        return Ok(Some(self.take(end, end)));
                    }
                }
            }
        }
    }
}

fn memchr(b: u8, hay: &[u8]) -> Option<usize> {
    memchr::memchr(b, hay)
}
