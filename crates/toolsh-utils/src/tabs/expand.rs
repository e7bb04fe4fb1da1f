//! `expand`'s conversion: each tab becomes the spaces up to the next tab
//! stop (one space past the last stop of a list); with `-i` only tabs
//! among a line's leading blanks (GNU coreutils `expand`). The state
//! carries over between chunks and files, as GNU reads its operands as
//! one stream.

use super::stops::{NextStop, TabStops};

/// The converter; feed it bytes with [`Expander::feed`].
#[derive(Debug)]
pub(crate) struct Expander {
    stops: TabStops,
    initial_only: bool,
    column: u64,
    index: usize,
    convert: bool,
    /// Spaces of the current tab not yet written.
    spaces_left: u64,
}

impl Expander {
    /// A converter for `stops`; `initial_only` is `-i`.
    pub fn new(stops: TabStops, initial_only: bool) -> Self {
        Self {
            stops,
            initial_only,
            column: 0,
            index: 0,
            convert: true,
            spaces_left: 0,
        }
    }

    /// `true` while spaces of a tab are still to be written (call
    /// [`Expander::feed`] again, possibly with no bytes).
    pub fn has_pending(&self) -> bool {
        self.spaces_left > 0
    }

    /// Convert a prefix of `data` into `out`, stopping once `out` holds
    /// `budget` bytes; returns how many bytes of `data` were consumed.
    pub fn feed(&mut self, data: &[u8], out: &mut Vec<u8>, budget: usize) -> usize {
        let mut used = 0;
        loop {
            if self.spaces_left > 0 {
                let room = budget.saturating_sub(out.len()).max(1);
                let n = usize::try_from(self.spaces_left)
                    .unwrap_or(usize::MAX)
                    .min(room);
                out.resize(out.len() + n, b' ');
                self.spaces_left -= n as u64;
                if self.spaces_left > 0 {
                    return used;
                }
            }
            if used == data.len() || out.len() >= budget {
                return used;
            }
            let c = data[used];
            used += 1;
            if c == b'\n' {
                out.push(c);
                self.column = 0;
                self.index = 0;
                self.convert = true;
                continue;
            }
            if self.convert {
                if c == b'\t' {
                    let next = match self.stops.next(self.column, &mut self.index) {
                        NextStop::At(n) => n,
                        NextStop::PastLast => self.column + 1,
                    };
                    self.spaces_left = next.saturating_sub(self.column);
                    self.column = next;
                    continue;
                } else if c == 0x08 {
                    self.column = self.column.saturating_sub(1);
                    self.index = self.index.saturating_sub(1);
                } else {
                    self.column = self.column.saturating_add(1);
                }
                self.convert &= !self.initial_only || c == b' ';
            }
            out.push(c);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str, spec: &str, initial: bool) -> String {
        let mut stops = TabStops::default();
        stops.parse(spec).unwrap();
        let mut e = Expander::new(stops, initial);
        let mut out = Vec::new();
        let mut data = input.as_bytes();
        // A tiny budget exercises the resumption.
        while !data.is_empty() || e.has_pending() {
            let budget = out.len() + 3;
            let n = e.feed(data, &mut out, budget);
            data = &data[n..];
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn tabs_to_stops() {
        assert_eq!(run("a\tb\n", "8", false), "a       b\n");
        assert_eq!(run("a\tb\tc\td\n", "2,4", false), "a b c d\n");
        assert_eq!(run("\ta\tb\n", "4", true), "    a\tb\n");
        assert_eq!(run("ab\x08\tc\n", "4", false), "ab\x08   c\n");
    }
}
