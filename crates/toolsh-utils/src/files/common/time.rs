//! Calendar arithmetic in UTC for the file commands: breaking an mtime
//! into date fields for `ls -l` and `stat`, and parsing the date strings
//! `touch -d` and `touch -t` accept. The sandbox has no time zone data;
//! every time is shown in UTC (`TZ=UTC`).

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A broken-down UTC time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Civil {
    pub year: i64,
    /// 1..=12
    pub month: u32,
    /// 1..=31
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub second: u32,
    pub nanos: u32,
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// Seconds (may be negative) and nanoseconds since the epoch.
pub(crate) fn epoch_parts(t: SystemTime) -> (i64, u32) {
    match t.duration_since(UNIX_EPOCH) {
        Ok(d) => (d.as_secs() as i64, d.subsec_nanos()),
        Err(e) => {
            let d = e.duration();
            let secs = -(d.as_secs() as i64);
            if d.subsec_nanos() == 0 {
                (secs, 0)
            } else {
                (secs - 1, 1_000_000_000 - d.subsec_nanos())
            }
        }
    }
}

/// The time `secs` seconds after the epoch (before it when negative).
pub(crate) fn from_epoch(secs: i64, nanos: u32) -> SystemTime {
    if secs >= 0 {
        UNIX_EPOCH + Duration::new(secs as u64, nanos)
    } else {
        UNIX_EPOCH - Duration::from_secs(secs.unsigned_abs())
            + Duration::from_nanos(u64::from(nanos))
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date.
pub(crate) fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// Break `t` into UTC fields.
pub(crate) fn civil(t: SystemTime) -> Civil {
    let (secs, nanos) = epoch_parts(t);
    let days = secs.div_euclid(86_400);
    let rem = secs.rem_euclid(86_400);
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    Civil {
        year,
        month,
        day,
        hour: (rem / 3600) as u32,
        minute: (rem % 3600 / 60) as u32,
        second: (rem % 60) as u32,
        nanos,
    }
}

/// `ls -l`'s date column: `Jan  2 03:04` for times within the last six
/// months (and not in the future), `Jan  2  2020` otherwise (GNU ls).
pub(crate) fn ls_date(t: SystemTime, now: SystemTime) -> String {
    let c = civil(t);
    let (ts, _) = epoch_parts(t);
    let (ns, _) = epoch_parts(now);
    let six_months = 31_556_952 / 2;
    let month = MONTHS[(c.month - 1) as usize];
    if ts > ns - six_months && ts <= ns {
        format!("{month} {:>2} {:02}:{:02}", c.day, c.hour, c.minute)
    } else {
        format!("{month} {:>2}  {}", c.day, c.year)
    }
}

/// `ls --full-time` / `stat`'s form: `2020-01-02 03:04:05.000000000 +0000`.
pub(crate) fn full_date(t: SystemTime) -> String {
    let c = civil(t);
    format!(
        "{:04}-{:02}-{:02} {:02}:{:02}:{:02}.{:09} +0000",
        c.year, c.month, c.day, c.hour, c.minute, c.second, c.nanos
    )
}

fn num(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn valid(year: i64, month: u32, day: u32, h: u32, m: u32, s: u32) -> bool {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let dim = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    (1..=12).contains(&month)
        && day >= 1
        && day <= dim[(month - 1) as usize]
        && h < 24
        && m < 60
        && s < 61
}

fn at(year: i64, month: u32, day: u32, h: u32, m: u32, s: u32, nanos: u32) -> Option<SystemTime> {
    if !valid(year, month, day, h, m, s) {
        return None;
    }
    let secs = days_from_civil(year, month, day) * 86_400
        + i64::from(h) * 3600
        + i64::from(m) * 60
        + i64::from(s);
    Some(from_epoch(secs, nanos))
}

/// Parse the date strings scripts give `touch -d` (a subset of GNU's
/// `parse_datetime`): `@SECONDS`, `YYYY-MM-DD`, optionally followed by
/// ` ` or `T` and `HH:MM[:SS[.frac]]`, optionally followed by `Z`,
/// `UTC`, `+0000` or `+00:00`; and `now`. Times are UTC.
pub(crate) fn parse_date(text: &str, now: SystemTime) -> Option<SystemTime> {
    let s = text.trim();
    if s.eq_ignore_ascii_case("now") {
        return Some(now);
    }
    if let Some(rest) = s.strip_prefix('@') {
        let (int, frac) = rest.split_once('.').unwrap_or((rest, ""));
        let neg = int.starts_with('-');
        let secs: i64 = int.trim_start_matches(['-', '+']).parse().ok()?;
        let nanos = frac_nanos(frac)?;
        return Some(if neg {
            from_epoch(-secs, 0) - Duration::from_nanos(u64::from(nanos))
        } else {
            from_epoch(secs, nanos)
        });
    }
    let mut s = s.to_string();
    for suffix in [" UTC", "UTC", "Z", " +0000", "+0000", "+00:00", " +00:00"] {
        if let Some(stripped) = s.strip_suffix(suffix) {
            s = stripped.to_string();
            break;
        }
    }
    let (date, time) = match s.split_once([' ', 'T']) {
        Some((d, t)) => (d, Some(t.trim())),
        None => (s.as_str(), None),
    };
    let mut dp = date.split('-');
    let year: i64 = i64::from(num(dp.next()?)?);
    let month = num(dp.next()?)?;
    let day = num(dp.next()?)?;
    if dp.next().is_some() {
        return None;
    }
    let (h, m, sec, nanos) = match time {
        None => (0, 0, 0, 0),
        Some(t) => {
            let mut tp = t.split(':');
            let h = num(tp.next()?)?;
            let m = num(tp.next()?)?;
            let (sec, nanos) = match tp.next() {
                None => (0, 0),
                Some(sf) => {
                    let (si, frac) = sf.split_once('.').unwrap_or((sf, ""));
                    (num(si)?, frac_nanos(frac)?)
                }
            };
            if tp.next().is_some() {
                return None;
            }
            (h, m, sec, nanos)
        }
    };
    at(year, month, day, h, m, sec, nanos)
}

fn frac_nanos(frac: &str) -> Option<u32> {
    if frac.is_empty() {
        return Some(0);
    }
    if !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut digits: String = frac.chars().take(9).collect();
    while digits.len() < 9 {
        digits.push('0');
    }
    digits.parse().ok()
}

/// Parse `touch -t`'s `[[CC]YY]MMDDhhmm[.ss]` (POSIX touch). A two-digit
/// year 69..=99 is 19YY, 00..=68 is 20YY; without a year, the current one.
pub(crate) fn parse_stamp(text: &str, now: SystemTime) -> Option<SystemTime> {
    let (main, secs) = match text.split_once('.') {
        Some((m, s)) if s.len() == 2 => (m, num(s)?),
        Some(_) => return None,
        None => (text, 0),
    };
    if !main.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (year, rest) = match main.len() {
        8 => (civil(now).year, main),
        10 => {
            let yy = i64::from(num(&main[..2])?);
            (if yy >= 69 { 1900 + yy } else { 2000 + yy }, &main[2..])
        }
        12 => (i64::from(num(&main[..4])?), &main[4..]),
        _ => return None,
    };
    at(
        year,
        num(&rest[0..2])?,
        num(&rest[2..4])?,
        num(&rest[4..6])?,
        num(&rest[6..8])?,
        secs,
        0,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_round_trip() {
        let t = parse_date("2020-02-29 13:14:15", UNIX_EPOCH).unwrap();
        assert_eq!(epoch_parts(t).0, 1_582_982_055);
        let c = civil(t);
        assert_eq!((c.year, c.month, c.day, c.hour), (2020, 2, 29, 13));
        assert_eq!(full_date(t), "2020-02-29 13:14:15.000000000 +0000");
        assert_eq!(civil(from_epoch(-1, 0)).year, 1969);
    }

    #[test]
    fn ls_dates_recent_and_old() {
        let now = parse_date("2024-06-01T00:00:00Z", UNIX_EPOCH).unwrap();
        let recent = parse_date("2024-05-02 03:04", now).unwrap();
        let old = parse_date("2020-01-02", now).unwrap();
        assert_eq!(ls_date(recent, now), "May  2 03:04");
        assert_eq!(ls_date(old, now), "Jan  2  2020");
    }

    #[test]
    fn touch_stamps() {
        let now = UNIX_EPOCH;
        assert_eq!(
            parse_stamp("202001020304.05", now),
            parse_date("2020-01-02 03:04:05", now)
        );
        assert_eq!(parse_stamp("7001010000", now), Some(UNIX_EPOCH));
        assert!(parse_stamp("2020130100", now).is_none());
        assert!(parse_date("2020-02-30", now).is_none());
        assert_eq!(
            parse_date("@1000", now),
            Some(UNIX_EPOCH + Duration::from_secs(1000))
        );
    }
}
