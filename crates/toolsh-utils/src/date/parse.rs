//! `date -d STRING`: the subset of GNU's free-form date syntax that
//! scripts use (GNU coreutils manual, "Date input formats"): `@SECONDS`,
//! ISO 8601 dates and times (`2024-01-02`, `2024-01-02T03:04:05Z`,
//! `2024-01-02 03:04:05.5 +02:00`), `MM/DD/YYYY`, month names
//! (`Jan 2 2024`, `2 January 2024`), `now`/`today`/`yesterday`/
//! `tomorrow`, `noon`/`midnight`, and relative items (`+3 days`,
//! `2 weeks ago`, `next month`, `-1 hour`).

#![allow(clippy::many_single_char_names)] // short names mirror the C algorithms

use jiff::civil::{Date, DateTime};

use super::strftime::{DAYS, MONTHS, Zone};

/// A parsed point in time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Instant {
    /// Seconds since the epoch.
    pub secs: i64,
    /// Nanoseconds.
    pub nanos: u32,
}

#[derive(Default)]
struct Items {
    date: Option<(i64, i64, i64)>,
    time: Option<(i64, i64, i64, u32)>,
    zone: Option<i32>,
    rel_months: i64,
    rel_days: i64,
    rel_secs: i64,
    weekday: Option<i64>,
}

impl Items {
    /// Add `k` times a unit's (months, days, seconds): `None` (an
    /// invalid date, as GNU says of one out of range) on overflow, so
    /// `99999999999 days` never reaches the calendar unchecked.
    fn add_rel(&mut self, k: i64, (mo, d, s): (i64, i64, i64)) -> Option<()> {
        self.rel_months = self.rel_months.checked_add(k.checked_mul(mo)?)?;
        self.rel_days = self.rel_days.checked_add(k.checked_mul(d)?)?;
        self.rel_secs = self.rel_secs.checked_add(k.checked_mul(s)?)?;
        Some(())
    }
}

struct Cursor<'a> {
    s: &'a [u8],
    i: usize,
}

impl Cursor<'_> {
    fn skip_space(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b',' | b'\n') {
            self.i += 1;
        }
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn peek_at(&self, k: usize) -> Option<u8> {
        self.s.get(self.i + k).copied()
    }
    fn digits(&mut self) -> Option<(i64, usize)> {
        let start = self.i;
        while self.i < self.s.len() && self.s[self.i].is_ascii_digit() {
            self.i += 1;
        }
        let n = self.i - start;
        if n == 0 || n > 18 {
            return None;
        }
        let v = std::str::from_utf8(&self.s[start..self.i])
            .ok()?
            .parse()
            .ok()?;
        Some((v, n))
    }
    fn word(&mut self) -> String {
        let start = self.i;
        while self.i < self.s.len() && self.s[self.i].is_ascii_alphabetic() {
            self.i += 1;
        }
        String::from_utf8_lossy(&self.s[start..self.i]).to_ascii_lowercase()
    }
    fn eat(&mut self, b: u8) -> bool {
        if self.peek() == Some(b) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn fraction(&mut self) -> u32 {
        if !(matches!(self.peek(), Some(b'.' | b','))
            && self.peek_at(1).is_some_and(|b| b.is_ascii_digit()))
        {
            return 0;
        }
        self.i += 1;
        let mut nanos = 0u32;
        let mut n = 0;
        while let Some(b) = self.peek().filter(u8::is_ascii_digit) {
            if n < 9 {
                nanos = nanos * 10 + u32::from(b - b'0');
                n += 1;
            }
            self.i += 1;
        }
        while n < 9 {
            nanos *= 10;
            n += 1;
        }
        nanos
    }
}

fn unit_seconds(w: &str) -> Option<(i64, i64, i64)> {
    // (months, days, seconds) per unit.
    let w = w.strip_suffix('s').filter(|x| x.len() > 2).unwrap_or(w);
    Some(match w {
        "year" => (12, 0, 0),
        "month" => (1, 0, 0),
        "fortnight" => (0, 14, 0),
        "week" => (0, 7, 0),
        "day" => (0, 1, 0),
        "hour" => (0, 0, 3600),
        "minute" | "min" => (0, 0, 60),
        "second" | "sec" => (0, 0, 1),
        _ => return None,
    })
}

fn month_index(w: &str) -> Option<i64> {
    if w.len() < 3 {
        return None;
    }
    MONTHS
        .iter()
        .position(|m| {
            let m = m.to_ascii_lowercase();
            m == w || (w.len() == 3 && m.starts_with(w)) || (w == "sept" && m == "september")
        })
        .map(|i| i as i64 + 1)
}

fn weekday_index(w: &str) -> Option<i64> {
    if w.len() < 3 {
        return None;
    }
    DAYS.iter()
        .position(|d| {
            let d = d.to_ascii_lowercase();
            d == w || (w.len() == 3 && d.starts_with(w))
        })
        .map(|i| i as i64)
}

/// Parse `s` relative to `now` in `zone`. `None` means `invalid date`.
pub(crate) fn parse(s: &str, now: Instant, zone: &Zone) -> Option<Instant> {
    let lower = s.to_ascii_lowercase();
    let mut c = Cursor {
        s: lower.as_bytes(),
        i: 0,
    };
    let mut it = Items::default();
    c.skip_space();
    if c.eat(b'@') {
        let neg = c.eat(b'-');
        let (v, _) = c.digits()?;
        let frac = c.fraction();
        c.skip_space();
        if c.peek().is_some() {
            return None;
        }
        let (secs, nanos) = if neg {
            if frac == 0 {
                (-v, 0)
            } else {
                (-v - 1, 1_000_000_000 - frac)
            }
        } else {
            (v, frac)
        };
        return Some(Instant { secs, nanos });
    }
    loop {
        c.skip_space();
        let Some(b) = c.peek() else { break };
        if b.is_ascii_digit() {
            item_number(&mut c, &mut it, 1)?;
        } else if (b == b'+' || b == b'-')
            && c.peek_at(1)
                .is_some_and(|x| x.is_ascii_digit() || x == b' ')
        {
            c.i += 1;
            c.skip_space();
            if it.time.is_some() && it.zone.is_none() && !followed_by_unit(&c) {
                let (v, n) = c.digits()?;
                let (h, m) = if c.eat(b':') {
                    (v, c.digits()?.0)
                } else if n <= 2 {
                    (v, 0)
                } else {
                    (v / 100, v % 100)
                };
                let off = (h * 3600 + m * 60) as i32;
                it.zone = Some(if b == b'-' { -off } else { off });
                continue;
            }
            item_number(&mut c, &mut it, if b == b'-' { -1 } else { 1 })?;
        } else if b.is_ascii_alphabetic() {
            let w = c.word();
            match w.as_str() {
                "now" | "today" | "this" => {}
                "yesterday" => it.add_rel(-1, (0, 1, 0))?,
                "tomorrow" => it.add_rel(1, (0, 1, 0))?,
                "noon" => it.time = Some((12, 0, 0, 0)),
                "midnight" => it.time = Some((0, 0, 0, 0)),
                "utc" | "gmt" | "z" | "ut" => it.zone = Some(0),
                "t" if it.date.is_some() => {}
                "ago" => {
                    it.rel_months = it.rel_months.checked_neg()?;
                    it.rel_days = it.rel_days.checked_neg()?;
                    it.rel_secs = it.rel_secs.checked_neg()?;
                }
                "next" | "last" => {
                    c.skip_space();
                    let u = c.word();
                    let k = if w == "next" { 1 } else { -1 };
                    if let Some(unit) = unit_seconds(&u) {
                        it.add_rel(k, unit)?;
                    } else if let Some(wd) = weekday_index(&u) {
                        it.weekday = Some(wd);
                        if k < 0 {
                            it.add_rel(-7, (0, 1, 0))?;
                        }
                    } else {
                        return None;
                    }
                }
                _ => {
                    if let Some(m) = month_index(&w) {
                        c.skip_space();
                        let (d, _) = c.digits()?;
                        c.skip_space();
                        let y = year_after(&mut c).unwrap_or(-1);
                        it.date = Some((y, m, d));
                    } else if let Some(wd) = weekday_index(&w) {
                        it.weekday = Some(wd);
                    } else if let Some(unit) = unit_seconds(&w) {
                        it.add_rel(1, unit)?;
                    } else {
                        return None;
                    }
                }
            }
        } else {
            return None;
        }
    }
    resolve(&it, now, zone)
}

fn followed_by_unit(c: &Cursor<'_>) -> bool {
    let mut k = c.i;
    while k < c.s.len() && c.s[k].is_ascii_digit() {
        k += 1;
    }
    while k < c.s.len() && c.s[k] == b' ' {
        k += 1;
    }
    let start = k;
    while k < c.s.len() && c.s[k].is_ascii_alphabetic() {
        k += 1;
    }
    unit_seconds(&String::from_utf8_lossy(&c.s[start..k])).is_some()
}

fn year_after(c: &mut Cursor<'_>) -> Option<i64> {
    let save = c.i;
    let Some((y, n)) = c.digits() else {
        c.i = save;
        return None;
    };
    if c.peek() == Some(b':') || n < 4 && n != 2 {
        c.i = save;
        return None;
    }
    Some(if n == 2 { two_digit_year(y) } else { y })
}

fn two_digit_year(y: i64) -> i64 {
    if y < 69 { 2000 + y } else { 1900 + y }
}

/// A numeric item: a date, a time, or a relative count with its unit.
fn item_number(c: &mut Cursor<'_>, it: &mut Items, sign: i64) -> Option<()> {
    let (v, n) = c.digits()?;
    match c.peek() {
        Some(b'-') if sign > 0 && c.peek_at(1).is_some_and(|b| b.is_ascii_digit()) => {
            c.i += 1;
            let (m, _) = c.digits()?;
            if !c.eat(b'-') {
                return None;
            }
            let (d, _) = c.digits()?;
            let y = if n == 2 { two_digit_year(v) } else { v };
            it.date = Some((y, m, d));
            if c.peek() == Some(b't') && c.peek_at(1).is_some_and(|b| b.is_ascii_digit()) {
                c.i += 1;
            }
        }
        Some(b'/') if sign > 0 => {
            c.i += 1;
            let (d, _) = c.digits()?;
            let y = if c.eat(b'/') {
                let (y, n) = c.digits()?;
                if n == 2 { two_digit_year(y) } else { y }
            } else {
                -1
            };
            it.date = Some((y, v, d));
        }
        Some(b':') if sign > 0 => {
            c.i += 1;
            let (m, _) = c.digits()?;
            let (mut s, mut nanos) = (0, 0);
            if c.eat(b':') {
                s = c.digits()?.0;
                nanos = c.fraction();
            }
            let mut h = v;
            c.skip_space();
            let save = c.i;
            match c.word().as_str() {
                "am" | "a" if h <= 12 => h %= 12,
                "pm" | "p" if h <= 12 => h = h % 12 + 12,
                _ => c.i = save,
            }
            if h > 23 || m > 59 || s > 60 {
                return None;
            }
            it.time = Some((h, m, s, nanos));
        }
        _ => {
            c.skip_space();
            let save = c.i;
            let w = c.word();
            if let Some(unit) = unit_seconds(&w) {
                it.add_rel(sign.checked_mul(v)?, unit)?;
            } else if let Some(m) = month_index(&w).filter(|_| sign > 0) {
                c.skip_space();
                let y = year_after(c).unwrap_or(-1);
                it.date = Some((y, m, v));
            } else if sign > 0 && it.date.is_some() && it.time.is_none() && n == 4 && w.is_empty() {
                // `2024-01-02 1030` style HHMM
                c.i = save;
                it.time = Some((v / 100, v % 100, 0, 0));
            } else {
                return None;
            }
        }
    }
    Some(())
}

fn resolve(it: &Items, now: Instant, zone: &Zone) -> Option<Instant> {
    let offset = it.zone.unwrap_or(zone.offset);
    let local_zone = Zone {
        name: String::new(),
        offset,
    };
    let now_civil = local_zone.civil(now.secs)?;
    let (mut y, mut m, mut d) = (
        i64::from(now_civil.year()),
        i64::from(now_civil.month()),
        i64::from(now_civil.day()),
    );
    let (mut hh, mut mm, mut ss, mut nanos) = (
        i64::from(now_civil.hour()),
        i64::from(now_civil.minute()),
        i64::from(now_civil.second()),
        now.nanos,
    );
    if let Some((dy, dm, dd)) = it.date {
        if dy >= 0 {
            y = dy;
        }
        m = dm;
        d = dd;
        Date::new(
            i16::try_from(y).ok()?,
            i8::try_from(m).ok()?,
            i8::try_from(d).ok()?,
        )
        .ok()?;
        (hh, mm, ss, nanos) = (0, 0, 0, 0);
    }
    if let Some((h, mi, s, n)) = it.time {
        (hh, mm, ss, nanos) = (h, mi, s, n);
    } else if it.date.is_none() && (it.weekday.is_some()) {
        (hh, mm, ss, nanos) = (0, 0, 0, 0);
    }
    // Relative months and days on the calendar, then seconds.
    let total_m = y
        .checked_mul(12)?
        .checked_add(m - 1)?
        .checked_add(it.rel_months)?;
    y = total_m.div_euclid(12);
    m = total_m.rem_euclid(12) + 1;
    let first = Date::new(i16::try_from(y).ok()?, i8::try_from(m).ok()?, 1).ok()?;
    let mut date = first
        .checked_add(
            jiff::Span::new()
                .try_days(d.checked_sub(1)?.checked_add(it.rel_days)?)
                .ok()?,
        )
        .ok()?;
    if let Some(wd) = it.weekday {
        let cur = i64::from(date.weekday().to_sunday_zero_offset());
        let ahead = (wd - cur).rem_euclid(7);
        date = date
            .checked_add(jiff::Span::new().try_days(ahead).ok()?)
            .ok()?;
    }
    let dt = DateTime::from_parts(
        date,
        jiff::civil::Time::new(hh as i8, mm as i8, ss.min(59) as i8, 0).ok()?,
    );
    let base = jiff::tz::Offset::from_seconds(offset)
        .ok()?
        .to_timestamp(dt)
        .ok()?;
    let secs = base
        .as_second()
        .checked_add(it.rel_secs)?
        .checked_add(i64::from(ss == 60))?;
    Some(Instant { secs, nanos })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Option<i64> {
        let now = Instant {
            secs: 1_700_000_000,
            nanos: 0,
        };
        parse(s, now, &Zone::utc()).map(|i| i.secs)
    }

    #[test]
    fn iso_and_epoch() {
        assert_eq!(p("@86400"), Some(86400));
        assert_eq!(p("1970-01-02"), Some(86400));
        assert_eq!(p("1970-01-02T01:00:00Z"), Some(90000));
        assert_eq!(p("1970-01-02 01:00 +01:00"), Some(86400));
        assert_eq!(p("Jan 2 1970"), Some(86400));
        assert_eq!(p("2024-02-30"), None);
        assert_eq!(p("bogus"), None);
    }

    #[test]
    fn relative_items() {
        assert_eq!(p("1970-01-01 +2 days"), Some(2 * 86400));
        assert_eq!(p("1970-01-03 2 days ago"), Some(0));
        assert_eq!(p("1970-01-31 1 month"), Some(86400 * (31 + 30)));
        assert_eq!(p("1970-01-01 00:00 next hour"), Some(3600));
    }
}
