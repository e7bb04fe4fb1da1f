//! `unexpand`'s conversion: runs of blanks that reach a tab stop become
//! tabs; by default only among a line's leading blanks, with `-a` (or
//! `-t`) everywhere (GNU coreutils `unexpand`, whose buffering of the
//! blanks before a stop this follows: a lone space just before a stop
//! stays a space).

use super::stops::{NextStop, TabStops};

/// The converter; feed it bytes with [`Unexpander::feed`].
#[derive(Debug)]
pub(crate) struct Unexpander {
    stops: TabStops,
    all: bool,
    column: u64,
    index: usize,
    convert: bool,
    prev_blank: bool,
    /// Buffered blanks: the first one (a space, or a tab once a stop was
    /// reached) and the number buffered in all.
    pending_first: u8,
    pending: u64,
    one_blank_before_stop: bool,
    /// Most blanks buffered at once (the buffer limit).
    max_pending: u64,
}

impl Unexpander {
    /// A converter for `stops`; `all` is `-a`; `max_pending` bounds the
    /// blanks held back at once.
    pub fn new(stops: TabStops, all: bool, max_pending: u64) -> Self {
        Self {
            stops,
            all,
            column: 0,
            index: 0,
            convert: true,
            prev_blank: true,
            pending_first: b' ',
            pending: 0,
            one_blank_before_stop: false,
            max_pending,
        }
    }

    fn flush_pending(&mut self, out: &mut Vec<u8>) {
        if self.pending > 0 {
            let first = if self.pending > 1 && self.one_blank_before_stop {
                b'\t'
            } else {
                self.pending_first
            };
            out.push(first);
            let rest = usize::try_from(self.pending - 1).unwrap_or(usize::MAX);
            out.resize(out.len() + rest, b' ');
            self.pending = 0;
            self.one_blank_before_stop = false;
        }
    }

    /// Convert `data` into `out`. `Err(())` when more blanks than the
    /// buffer limit are held back.
    pub fn feed(&mut self, data: &[u8], out: &mut Vec<u8>) -> Result<(), ()> {
        for &b in data {
            self.byte(Some(b), out)?;
        }
        Ok(())
    }

    /// End of input: write the blanks still held back.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        let _ = self.byte(None, out);
    }

    fn byte(&mut self, c: Option<u8>, out: &mut Vec<u8>) -> Result<(), ()> {
        let mut c = c;
        if self.convert {
            let blank = matches!(c, Some(b' ' | b'\t'));
            if blank {
                let next = self.stops.next(self.column, &mut self.index);
                if let NextStop::At(next) = next {
                    if c == Some(b'\t') {
                        self.column = next;
                        if self.pending > 0 {
                            self.pending_first = b'\t';
                        }
                    } else {
                        self.column = self.column.saturating_add(1);
                        if !(self.prev_blank && self.column == next) {
                            if self.column == next {
                                self.one_blank_before_stop = true;
                            }
                            if self.pending == 0 {
                                self.pending_first = b' ';
                            }
                            self.pending += 1;
                            if self.pending > self.max_pending {
                                return Err(());
                            }
                            self.prev_blank = true;
                            return Ok(());
                        }
                        self.pending_first = b'\t';
                        c = Some(b'\t');
                    }
                    self.pending = u64::from(self.one_blank_before_stop);
                } else {
                    self.convert = false;
                }
            } else if c == Some(0x08) {
                self.column = self.column.saturating_sub(1);
                self.index = self.index.saturating_sub(1);
            } else {
                self.column = self.column.saturating_add(1);
            }
            self.flush_pending(out);
            self.prev_blank = blank;
            self.convert &= self.all || blank;
        }
        if let Some(c) = c {
            out.push(c);
            if c == b'\n' {
                self.column = 0;
                self.index = 0;
                self.convert = true;
                self.prev_blank = true;
                self.pending = 0;
                self.one_blank_before_stop = false;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(input: &str, spec: &str, all: bool) -> String {
        let mut stops = TabStops::default();
        stops.parse(spec).unwrap();
        let mut u = Unexpander::new(stops, all, 1 << 20);
        let mut out = Vec::new();
        u.feed(input.as_bytes(), &mut out).unwrap();
        u.finish(&mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn blanks_to_tabs() {
        assert_eq!(run("        a\n", "8", false), "\ta\n");
        assert_eq!(run("    a   b       c\n", "4", true), "\ta\tb\t\tc\n");
        assert_eq!(run("a       b\n", "8", false), "a       b\n");
        assert_eq!(run(" a\n", "1", false), "\ta\n");
    }
}
