//! Tab stops of `expand` and `unexpand`: the `-t` list syntax (`N`,
//! `N1,N2,...`, a last `/N` repeating every N columns, a last `+N`
//! repeating N after the last stop) and the next-stop arithmetic (GNU
//! coreutils manual, "expand invocation").

use crate::files::common::quote;

/// The tab stops in force, built from every `-t` option.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct TabStops {
    /// Explicit stops (columns from 0), strictly ascending once validated.
    list: Vec<u64>,
    /// `/N`: past the list, stops at every multiple of N.
    extend: u64,
    /// `+N`: past the list, stops every N columns after the last stop.
    increment: u64,
}

/// What [`TabStops::next`] found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NextStop {
    /// The next stop after the column.
    At(u64),
    /// The column is at or past the last explicit stop and nothing repeats.
    PastLast,
}

impl TabStops {
    /// Add the stops of one `-t` argument. The error is GNU's message
    /// (`tab size contains invalid character(s): 'x'`).
    pub fn parse(&mut self, spec: &str) -> Result<(), String> {
        let bytes = spec.as_bytes();
        let mut value: Option<u64> = None;
        let mut num_start = 0;
        let (mut extend, mut increment) = (false, false);
        let mut i = 0;
        while i < bytes.len() {
            let c = bytes[i];
            match c {
                b',' | b' ' | b'\t' => {
                    if let Some(v) = value.take() {
                        self.add(v, extend, increment)?;
                    }
                }
                b'/' | b'+' => {
                    if value.is_some() {
                        let which = if c == b'/' { '/' } else { '+' };
                        return Err(format!(
                            "'{which}' specifier not at start of number: {}",
                            quote(&spec[i..])
                        ));
                    }
                    extend = c == b'/';
                    increment = c == b'+';
                }
                b'0'..=b'9' => {
                    if value.is_none() {
                        num_start = i;
                    }
                    let v = value
                        .unwrap_or(0)
                        .checked_mul(10)
                        .and_then(|v| v.checked_add(u64::from(c - b'0')));
                    let Some(v) = v else {
                        let len = bytes[num_start..]
                            .iter()
                            .take_while(|b| b.is_ascii_digit())
                            .count();
                        return Err(format!(
                            "tab stop is too large {}",
                            quote(&spec[num_start..num_start + len])
                        ));
                    };
                    value = Some(v);
                }
                _ => {
                    return Err(format!(
                        "tab size contains invalid character(s): {}",
                        quote(&spec[i..])
                    ));
                }
            }
            i += 1;
        }
        if let Some(v) = value {
            self.add(v, extend, increment)?;
        }
        Ok(())
    }

    fn add(&mut self, v: u64, extend: bool, increment: bool) -> Result<(), String> {
        let plain = !extend && !increment;
        if self.extend != 0 && (plain || extend) {
            return Err("'/' specifier only allowed with the last value".into());
        }
        if self.increment != 0 && (plain || increment) {
            return Err("'+' specifier only allowed with the last value".into());
        }
        if extend {
            self.extend = v;
        } else if increment {
            self.increment = v;
        } else {
            self.list.push(v);
        }
        Ok(())
    }

    /// Check the whole set: no zero, strictly ascending, not both `/`
    /// and `+` (GNU's messages).
    pub fn validate(&self) -> Result<(), String> {
        let mut prev = 0;
        for (i, &t) in self.list.iter().enumerate() {
            if t == 0 {
                return Err("tab size cannot be 0".into());
            }
            if i > 0 && t <= prev {
                return Err("tab sizes must be ascending".into());
            }
            prev = t;
        }
        if self.extend != 0 && self.increment != 0 {
            return Err("'/' specifier is mutually exclusive with '+'".into());
        }
        Ok(())
    }

    /// The uniform tab size when the stops are evenly spaced from 0 (no
    /// list: the `/` or `+` value or 8; a single value alone).
    fn uniform(&self) -> Option<u64> {
        match self.list.as_slice() {
            [] => Some(if self.extend != 0 {
                self.extend
            } else if self.increment != 0 {
                self.increment
            } else {
                8
            }),
            [one] if self.extend == 0 && self.increment == 0 => Some(*one),
            _ => None,
        }
    }

    /// The first stop after `column`. `index` remembers how far into the
    /// list the line has got (reset to 0 at each line).
    pub fn next(&self, column: u64, index: &mut usize) -> NextStop {
        if let Some(size) = self.uniform() {
            return NextStop::At(column.saturating_add(size - column % size));
        }
        while *index < self.list.len() {
            let t = self.list[*index];
            if column < t {
                return NextStop::At(t);
            }
            *index += 1;
        }
        if self.extend != 0 {
            return NextStop::At(column.saturating_add(self.extend - column % self.extend));
        }
        if self.increment != 0 {
            let end = self.list.last().copied().unwrap_or(0);
            let step = self.increment - (column - end) % self.increment;
            return NextStop::At(column.saturating_add(step));
        }
        NextStop::PastLast
    }
}

/// Rewrite GNU's obsolete `-N` and `-N,M` options (digits as option
/// letters) into `-t N,M`, leaving everything after `--` alone.
pub(crate) fn obsolete_tab_options(args: &mut Vec<String>) {
    let mut out = Vec::with_capacity(args.len());
    let mut iter = std::mem::take(args).into_iter();
    if let Some(name) = iter.next() {
        out.push(name);
    }
    let mut ended = false;
    for a in iter {
        if !ended && a == "--" {
            ended = true;
        }
        if !ended && a.len() > 1 && a.starts_with('-') && a.as_bytes()[1].is_ascii_digit() {
            out.push("-t".into());
            out.push(a[1..].to_string());
        } else {
            out.push(a);
        }
    }
    *args = out;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stops(s: &str) -> Result<TabStops, String> {
        let mut t = TabStops::default();
        t.parse(s)?;
        t.validate()?;
        Ok(t)
    }

    #[test]
    fn lists_and_repeats() {
        let t = stops("2,4,/3").unwrap();
        let mut i = 0;
        assert_eq!(t.next(0, &mut i), NextStop::At(2));
        assert_eq!(t.next(4, &mut i), NextStop::At(6));
        let t = stops("2,+3").unwrap();
        let mut i = 0;
        assert_eq!(t.next(2, &mut i), NextStop::At(5));
        let t = stops("4 8").unwrap();
        let mut i = 0;
        assert_eq!(t.next(8, &mut i), NextStop::PastLast);
        assert_eq!(stops("/0").unwrap().uniform(), Some(8));
    }

    #[test]
    fn errors_match_gnu() {
        assert_eq!(stops("0").unwrap_err(), "tab size cannot be 0");
        assert_eq!(stops("4,2").unwrap_err(), "tab sizes must be ascending");
        assert_eq!(
            stops("4a5").unwrap_err(),
            "tab size contains invalid character(s): 'a5'"
        );
        assert_eq!(
            stops("4+").unwrap_err(),
            "'+' specifier not at start of number: '+'"
        );
        assert_eq!(
            stops("/8,4").unwrap_err(),
            "'/' specifier only allowed with the last value"
        );
        assert!(stops("99999999999999999999999").is_err());
    }
}
