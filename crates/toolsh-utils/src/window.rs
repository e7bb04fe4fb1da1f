//! The last N lines (records) or bytes of a stream, for `tail -n N` and
//! `tail -c N`: the input is held as the chunks it arrived in, each with
//! its count of delimiters, and a chunk is let go as soon as the chunks
//! after it hold the N units on their own. Nothing is copied per line and
//! at most one chunk (and up to 4 KiB of small chunks being gathered)
//! more than the N units is held; at the end the start
//! of the last N units is found by scanning back with `memrchr`.

use std::collections::VecDeque;

use bytes::Bytes;

/// What [`Window`] counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Unit {
    /// Bytes (`-c`).
    Bytes,
    /// Records ending in this delimiter (`-n`; the last may lack it).
    Records(u8),
}

/// Chunks shorter than this are gathered into one before they are held,
/// so a writer of one line per write does not cost one chunk per line.
const GATHER: usize = 4096;

/// The tail of a stream, fed chunk by chunk.
pub(crate) struct Window {
    unit: Unit,
    keep: usize,
    /// The chunks held, oldest first, each with how many units it holds.
    chunks: VecDeque<(Bytes, usize)>,
    /// Units in all held chunks but the oldest.
    after_first: usize,
    /// Small chunks gathered, not yet in `chunks`.
    gathering: Vec<u8>,
    /// Bytes held in all.
    held: usize,
}

impl Window {
    /// A window keeping the last `keep` units.
    pub(crate) fn new(unit: Unit, keep: usize) -> Self {
        Self {
            unit,
            keep,
            chunks: VecDeque::new(),
            after_first: 0,
            gathering: Vec::new(),
            held: 0,
        }
    }

    /// The bytes held now (at most the last `keep` units and one chunk).
    pub(crate) fn held_bytes(&self) -> usize {
        self.held
    }

    /// Take the next chunk of the stream.
    pub(crate) fn push(&mut self, chunk: Bytes) {
        self.held += chunk.len();
        if chunk.len() < GATHER {
            self.gathering.extend_from_slice(&chunk);
            if self.gathering.len() >= GATHER {
                self.seal();
            }
            return;
        }
        self.seal();
        self.hold(chunk);
    }

    fn units(&self, data: &[u8]) -> usize {
        match self.unit {
            Unit::Bytes => data.len(),
            Unit::Records(d) => memchr::memchr_iter(d, data).count(),
        }
    }

    /// Move the gathered small chunks into `chunks`.
    fn seal(&mut self) {
        if !self.gathering.is_empty() {
            let g = Bytes::from(std::mem::take(&mut self.gathering));
            self.hold(g);
        }
    }

    fn hold(&mut self, chunk: Bytes) {
        let n = self.units(&chunk);
        if !self.chunks.is_empty() {
            self.after_first += n;
        }
        self.chunks.push_back((chunk, n));
        // A record's start lies after the delimiter before it, so the
        // oldest chunk goes once the later ones hold `keep + 1`
        // delimiters (the stream's final one may end the last record);
        // bytes need only `keep`.
        let enough = match self.unit {
            Unit::Bytes => self.keep,
            Unit::Records(_) => self.keep.saturating_add(1),
        };
        while self.chunks.len() > 1 && self.after_first >= enough {
            if let Some((gone, _)) = self.chunks.pop_front() {
                self.held -= gone.len();
            }
            if let Some(&(_, n)) = self.chunks.front() {
                self.after_first -= n;
            }
        }
    }

    /// The last `keep` units, as slices of the held chunks in order.
    pub(crate) fn last(&mut self) -> Vec<&[u8]> {
        self.seal();
        let Some(start) = self.start() else {
            return Vec::new();
        };
        let (first, off) = start;
        self.chunks
            .iter()
            .skip(first)
            .enumerate()
            .map(|(i, (c, _))| if i == 0 { &c[off..] } else { &c[..] })
            .filter(|s| !s.is_empty())
            .collect()
    }

    /// Where the last `keep` units start: chunk index and offset in it;
    /// `None` when nothing is printed.
    fn start(&self) -> Option<(usize, usize)> {
        if self.keep == 0 || self.chunks.is_empty() {
            return None;
        }
        match self.unit {
            Unit::Bytes => {
                let mut want = self.keep;
                for (i, (c, _)) in self.chunks.iter().enumerate().rev() {
                    if c.len() >= want {
                        return Some((i, c.len() - want));
                    }
                    want -= c.len();
                }
                Some((0, 0))
            }
            Unit::Records(d) => {
                let last_chunk = self.chunks.len() - 1;
                let mut want = self.keep;
                for (i, (c, _)) in self.chunks.iter().enumerate().rev() {
                    // The stream's final delimiter ends the last record;
                    // it does not start one.
                    let body = if i == last_chunk && c.last() == Some(&d) {
                        &c[..c.len() - 1]
                    } else {
                        &c[..]
                    };
                    for pos in memchr::memrchr_iter(d, body) {
                        want -= 1;
                        if want == 0 {
                            return Some((i, pos + 1));
                        }
                    }
                }
                Some((0, 0))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The window over `input` cut into chunks of `size`, against the
    /// plain definition: the last `keep` newline-ended lines.
    fn lines_by_chunks(input: &[u8], size: usize, keep: usize) -> Vec<u8> {
        let mut w = Window::new(Unit::Records(b'\n'), keep);
        for c in input.chunks(size) {
            w.push(Bytes::copy_from_slice(c));
        }
        w.last().concat()
    }

    fn last_lines(input: &[u8], keep: usize) -> Vec<u8> {
        let lines: Vec<&[u8]> = input.split_inclusive(|&b| b == b'\n').collect();
        lines[lines.len().saturating_sub(keep)..].concat()
    }

    #[test]
    fn any_chunking_gives_the_last_lines() {
        let mut input = Vec::new();
        for i in 0..3000 {
            input.extend_from_slice(format!("line {i}\n").as_bytes());
        }
        let unterminated = [&input[..], b"end"].concat();
        for data in [&input[..], &unterminated[..], b"", b"\n\n\n", b"x"] {
            for size in [1, 7, 4095, 4096, 5000, 70000] {
                for keep in [0, 1, 2, 3, 10, 2999, 3000, 3001, 10_000] {
                    assert_eq!(
                        lines_by_chunks(data, size, keep),
                        last_lines(data, keep),
                        "size {size} keep {keep} len {}",
                        data.len()
                    );
                }
            }
        }
    }

    #[test]
    fn bytes_and_what_is_held() {
        let input: Vec<u8> = (0..100_000u32).map(|i| (i % 251) as u8).collect();
        for keep in [0, 1, 4096, 50_000, 100_000, 200_000] {
            let mut w = Window::new(Unit::Bytes, keep);
            for c in input.chunks(8192) {
                w.push(Bytes::copy_from_slice(c));
                // The kept bytes, the chunk they start in, and small
                // chunks still being gathered.
                assert!(w.held_bytes() <= keep + 8192 + GATHER);
            }
            let start = input.len().saturating_sub(keep);
            assert_eq!(w.last().concat(), input[start..]);
        }
    }
}
