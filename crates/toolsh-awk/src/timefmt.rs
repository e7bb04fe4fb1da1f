//! Time functions of gawk: `strftime` and `mktime`, in UTC (the sandbox
//! has no time zone database; `TZ` is not consulted).

use toolsh_command::calendar::{DAYS, MONTHS};

/// gawk's default `strftime` format (`PROCINFO["strftime"]`).
pub const DEFAULT_FORMAT: &[u8] = b"%a %b %e %H:%M:%S %Z %Y";

/// Broken-down UTC time.
#[derive(Debug, Clone, Copy)]
struct Tm {
    year: i64,
    mon: u32,
    mday: u32,
    hour: u32,
    min: u32,
    sec: u32,
    wday: u32,
    yday: u32,
}

/// Days since 1970-01-01 to (year, month 1-12, day 1-31).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// (year, month 1-12, day) to days since 1970-01-01.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn tm(t: i64) -> Tm {
    let days = t.div_euclid(86_400);
    let secs = t.rem_euclid(86_400);
    let (year, mon, mday) = civil_from_days(days);
    let yday = (days - days_from_civil(year, 1, 1)) as u32;
    Tm {
        year,
        mon,
        mday,
        hour: (secs / 3600) as u32,
        min: (secs % 3600 / 60) as u32,
        sec: (secs % 60) as u32,
        wday: (days + 4).rem_euclid(7) as u32,
        yday,
    }
}

/// ISO 8601 week-based year and week number.
fn iso_week(t: &Tm) -> (i64, u32) {
    let wday = (t.wday + 6) % 7; // Monday = 0
    let yday = i64::from(t.yday);
    let mut year = t.year;
    let mut week = (yday - i64::from(wday) + 10) / 7;
    if week < 1 {
        year -= 1;
        let prev_days = if is_leap(year) { 366 } else { 365 };
        week = (yday + prev_days - i64::from(wday) + 10) / 7;
    } else {
        let days = if is_leap(year) { 366 } else { 365 };
        if week == 53 && yday - i64::from(wday) + 3 >= days {
            year += 1;
            week = 1;
        }
    }
    (year, week as u32)
}

/// Format UTC time `t` (seconds since the epoch) by `fmt`, as glibc's
/// `strftime(3)` does in the C locale, which is what gawk calls: the flags
/// `_` (pad with spaces), `-` (no number padding), `0` (pad with zeros),
/// `^` (upper case) and `#` (swap case), a field width, the `E`/`O`
/// modifiers, and a malformed conversion copied as it is (padded to its
/// width). `utc` is gawk's third argument: the zone is then named `GMT`
/// (gmtime's), else `UTC` (the sandbox's only zone). Like gawk, the
/// result is empty when it would not fit in 1024 bytes per format byte
/// (rounded up to a doubling of 8 KiB) or the year overflows C's `int`.
pub fn strftime(fmt: &[u8], t: i64, utc: bool) -> Vec<u8> {
    let tm = tm(t);
    if i32::try_from(tm.year - 1900).is_err() {
        return Vec::new();
    }
    let mut limit = 8192usize;
    while limit < fmt.len().saturating_mul(1024) {
        limit *= 2;
    }
    let mut f = Formatter {
        tm,
        t,
        zone: if utc { "GMT" } else { "UTC" },
        limit,
        out: Vec::new(),
    };
    f.run(fmt);
    if f.out.len() >= limit {
        return Vec::new();
    }
    f.out
}

/// One conversion's flags: the padding flag (the last of `_ - 0` wins),
/// the field width, and the case flags.
#[derive(Clone, Copy, Default)]
struct Spec {
    pad: Option<u8>,
    width: Option<usize>,
    upper: bool,
    lower: bool,
}

/// A conversion's meaning, once its modifier is accepted.
#[derive(Clone, Copy)]
enum Conv {
    /// A number of at least this many digits, padded with zeros.
    Num(usize, i64),
    /// A number of at least this many digits, padded with spaces.
    SpaceNum(usize, i64),
    /// Text, with `#` meaning upper case (names).
    Name(&'static str),
    /// Text, with `#` meaning lower case (`%p`, `%Z`).
    LowerName(&'static str),
    /// A sub-format whose whole result is padded and may be upper-cased.
    Sub(&'static [u8]),
    /// One character padded to the width.
    Char(u8),
    /// `%s`: the seconds, padded only to the width (zeros go before a
    /// minus sign, as in glibc).
    Seconds,
    /// `%z`: a sign padded to the width, then the offset as a number.
    Offset,
}

struct Formatter {
    tm: Tm,
    t: i64,
    zone: &'static str,
    limit: usize,
    out: Vec<u8>,
}

impl Formatter {
    fn run(&mut self, fmt: &[u8]) {
        let mut i = 0;
        while i < fmt.len() {
            if self.out.len() >= self.limit {
                return;
            }
            if fmt[i] != b'%' {
                self.out.push(fmt[i]);
                i += 1;
                continue;
            }
            let start = i;
            i += 1;
            let mut spec = Spec::default();
            let mut swap = false;
            while let Some(&c) = fmt.get(i) {
                match c {
                    b'_' | b'-' | b'0' => spec.pad = Some(c),
                    b'^' => spec.upper = true,
                    b'#' => swap = true,
                    _ => break,
                }
                i += 1;
            }
            let digits = fmt[i..].iter().take_while(|b| b.is_ascii_digit()).count();
            if digits > 0 {
                let w = fmt[i..i + digits].iter().fold(0usize, |w, &d| {
                    w.saturating_mul(10).saturating_add(usize::from(d - b'0'))
                });
                spec.width = Some(w.min(self.limit));
                i += digits;
            }
            let modifier = match fmt.get(i) {
                Some(&m @ (b'E' | b'O')) => {
                    i += 1;
                    Some(m)
                }
                _ => None,
            };
            let Some(&c) = fmt.get(i) else {
                // `%` and flags at the end of the format: copied.
                self.bad(&fmt[start..], spec);
                break;
            };
            i += 1;
            match self.conversion(c, modifier, &mut spec, swap) {
                Some(conv) => self.emit(conv, spec),
                None => self.bad(&fmt[start..i], spec),
            }
        }
    }

    /// What conversion `c` with `modifier` means; `None` when glibc
    /// rejects it. Sets the case flags a `#` implies.
    fn conversion(&self, c: u8, modifier: Option<u8>, spec: &mut Spec, swap: bool) -> Option<Conv> {
        let tm = &self.tm;
        let (e, o) = (modifier == Some(b'E'), modifier == Some(b'O'));
        let name_case = |spec: &mut Spec| {
            if swap {
                (spec.upper, spec.lower) = (true, false);
            }
        };
        let hour12 = i64::from((tm.hour + 11) % 12 + 1);
        let ampm = if tm.hour < 12 { "AM" } else { "PM" };
        let conv = match c {
            b'a' | b'A' if modifier.is_none() => {
                name_case(spec);
                let day = DAYS[tm.wday as usize];
                Conv::Name(if c == b'a' { &day[..3] } else { day })
            }
            b'b' | b'h' | b'B' if !e => {
                name_case(spec);
                let month = MONTHS[tm.mon as usize - 1];
                Conv::Name(if c == b'B' { month } else { &month[..3] })
            }
            b'c' if !o => Conv::Sub(b"%a %b %e %H:%M:%S %Y"),
            b'C' => Conv::Num(1, tm.year.div_euclid(100)),
            b'd' if !e => Conv::Num(2, i64::from(tm.mday)),
            b'e' if !e => Conv::SpaceNum(2, i64::from(tm.mday)),
            b'D' if modifier.is_none() => Conv::Sub(b"%m/%d/%y"),
            b'F' if modifier.is_none() => Conv::Sub(b"%Y-%m-%d"),
            b'g' if !e => Conv::Num(2, iso_week(tm).0.rem_euclid(100)),
            b'G' if !e => Conv::Num(1, iso_week(tm).0),
            b'H' if !e => Conv::Num(2, i64::from(tm.hour)),
            b'I' if !e => Conv::Num(2, hour12),
            b'j' if !e => Conv::Num(3, i64::from(tm.yday) + 1),
            b'k' if !e => Conv::SpaceNum(2, i64::from(tm.hour)),
            b'l' if !e => Conv::SpaceNum(2, hour12),
            b'm' if !e => Conv::Num(2, i64::from(tm.mon)),
            b'M' if !e => Conv::Num(2, i64::from(tm.min)),
            b'n' => Conv::Char(b'\n'),
            b'p' | b'P' => {
                if swap || c == b'P' {
                    (spec.upper, spec.lower) = (false, true);
                }
                Conv::LowerName(ampm)
            }
            b'r' => Conv::Sub(b"%I:%M:%S %p"),
            b'R' => Conv::Sub(b"%H:%M"),
            b's' => Conv::Seconds,
            b'S' if !e => Conv::Num(2, i64::from(tm.sec)),
            b't' => Conv::Char(b'\t'),
            b'T' => Conv::Sub(b"%H:%M:%S"),
            b'u' if !e => Conv::Num(1, i64::from((tm.wday + 6) % 7 + 1)),
            b'U' if !e => Conv::Num(2, i64::from((tm.yday + 7 - tm.wday) / 7)),
            b'V' if !e => Conv::Num(2, i64::from(iso_week(tm).1)),
            b'w' if !e => Conv::Num(1, i64::from(tm.wday)),
            b'W' if !e => Conv::Num(2, i64::from((tm.yday + 7 - (tm.wday + 6) % 7) / 7)),
            b'x' if !o => Conv::Sub(b"%m/%d/%y"),
            b'X' if !o => Conv::Sub(b"%H:%M:%S"),
            b'y' => Conv::Num(2, tm.year.rem_euclid(100)),
            b'Y' if !o => Conv::Num(1, tm.year),
            b'z' => Conv::Offset,
            b'Z' => {
                if swap {
                    (spec.upper, spec.lower) = (false, true);
                }
                Conv::LowerName(self.zone)
            }
            b'%' => Conv::Char(b'%'),
            _ => return None,
        };
        Some(conv)
    }

    fn emit(&mut self, conv: Conv, spec: Spec) {
        match conv {
            Conv::Num(d, v) => self.number(d, v, spec),
            Conv::SpaceNum(d, v) => {
                let mut spec = spec;
                if !matches!(spec.pad, Some(b'0' | b'-')) {
                    spec.pad = Some(b'_');
                }
                self.number(d, v, spec);
            }
            Conv::Name(s) | Conv::LowerName(s) => self.padded(s.as_bytes(), spec),
            Conv::Sub(sub) => {
                let mut inner = Formatter {
                    tm: self.tm,
                    t: self.t,
                    zone: self.zone,
                    limit: self.limit,
                    out: Vec::new(),
                };
                inner.run(sub);
                let at = self.out.len();
                self.padded(
                    &inner.out,
                    Spec {
                        upper: false,
                        lower: false,
                        ..spec
                    },
                );
                if spec.upper {
                    self.out[at..].make_ascii_uppercase();
                }
            }
            Conv::Char(c) => self.padded(&[c], spec),
            Conv::Seconds => self.padded(self.t.to_string().as_bytes(), spec),
            Conv::Offset => {
                self.padded(b"+", spec);
                self.number(4, 0, spec);
            }
        }
    }

    /// glibc's `add`: `s` after enough fill to reach the width (zeros
    /// with the `0` flag, else spaces), case-mapped by the flags.
    fn padded(&mut self, s: &[u8], spec: Spec) {
        let fill = spec.width.unwrap_or(0).saturating_sub(s.len());
        let c = if spec.pad == Some(b'0') { b'0' } else { b' ' };
        self.out.resize(self.out.len() + fill, c);
        let at = self.out.len();
        self.out.extend_from_slice(s);
        if spec.lower {
            self.out[at..].make_ascii_lowercase();
        } else if spec.upper {
            self.out[at..].make_ascii_uppercase();
        }
    }

    /// glibc's `do_number`: `v` padded to at least `digits` (or the
    /// width) with zeros after the sign, or spaces with `_`, or not at all
    /// with `-` (the width then still pads with spaces).
    fn number(&mut self, digits: usize, v: i64, spec: Spec) {
        let digits = digits.max(spec.width.unwrap_or(0));
        let mut text = v.unsigned_abs().to_string().into_bytes();
        if v < 0 {
            text.insert(0, b'-');
        }
        let mut spec = spec;
        let padding = digits.saturating_sub(text.len());
        if spec.pad != Some(b'-') && padding > 0 {
            if spec.pad == Some(b'_') {
                self.out.resize(self.out.len() + padding, b' ');
                spec.width = spec.width.map(|w| w.saturating_sub(padding));
            } else {
                let digits_from = usize::from(v < 0);
                if v < 0 {
                    self.out.push(b'-');
                }
                self.out.resize(self.out.len() + padding, b'0');
                self.out.extend_from_slice(&text[digits_from..]);
                return;
            }
        }
        self.padded(&text, spec);
    }

    /// A conversion glibc rejects: its text from the `%` on, padded.
    fn bad(&mut self, text: &[u8], spec: Spec) {
        self.padded(text, spec);
    }
}

/// `mktime("YYYY MM DD HH MM SS [DST]")` in UTC; -1 when malformed.
/// Out-of-range fields are normalized as C `mktime` does.
pub fn mktime(spec: &[u8]) -> f64 {
    let text = String::from_utf8_lossy(spec);
    let nums: Vec<i64> = text
        .split_ascii_whitespace()
        .map(str::parse::<i64>)
        .collect::<Result<_, _>>()
        .unwrap_or_default();
    if nums.len() < 6 {
        return -1.0;
    }
    let (y, mo, d, h, mi, s) = (nums[0], nums[1], nums[2], nums[3], nums[4], nums[5]);
    let m0 = mo - 1;
    let y = y + m0.div_euclid(12);
    let m = m0.rem_euclid(12) + 1;
    let days = days_from_civil(y, m, 1) + d - 1;
    (days * 86_400 + h * 3600 + mi * 60 + s) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_like_gawk_in_utc() {
        let s = strftime(
            b"%Y-%m-%d %H:%M:%S %j %a %A %b %B %y %e %p %U %W %V %G",
            1_700_000_000,
            false,
        );
        assert_eq!(
            String::from_utf8(s).unwrap(),
            "2023-11-14 22:13:20 318 Tue Tuesday Nov November 23 14 PM 46 46 46 2023"
        );
        assert_eq!(
            String::from_utf8(strftime(DEFAULT_FORMAT, 1_700_000_000, false)).unwrap(),
            "Tue Nov 14 22:13:20 UTC 2023"
        );
    }

    #[test]
    fn mktime_is_utc() {
        assert_eq!(mktime(b"2023 11 14 22 13 20"), 1_700_000_000.0);
        assert_eq!(mktime(b"2023 1 1 0 0 0"), 1_672_531_200.0);
        assert_eq!(mktime(b"bad"), -1.0);
    }
}
