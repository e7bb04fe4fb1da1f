//! Time functions of gawk: `strftime` and `mktime`, in UTC (the sandbox
//! has no time zone database; `TZ` is not consulted).

use crate::utils::date::strftime::{DAYS, MONTHS};

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

/// Format UTC time `t` (seconds since the epoch) by `fmt`, as C
/// `strftime` does in the C locale.
pub fn strftime(fmt: &[u8], t: i64) -> Vec<u8> {
    let tm = tm(t);
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' || i + 1 >= fmt.len() {
            out.push(fmt[i]);
            i += 1;
            continue;
        }
        i += 1;
        // Flags and E/O modifiers are accepted and ignored.
        while i < fmt.len() && matches!(fmt[i], b'E' | b'O' | b'_' | b'-' | b'0' | b'^' | b'#') {
            i += 1;
        }
        let Some(&c) = fmt.get(i) else { break };
        i += 1;
        let s = match c {
            b'a' => DAYS[tm.wday as usize][..3].to_string(),
            b'A' => DAYS[tm.wday as usize].to_string(),
            b'b' | b'h' => MONTHS[tm.mon as usize - 1][..3].to_string(),
            b'B' => MONTHS[tm.mon as usize - 1].to_string(),
            b'c' => format!(
                "{} {} {:2} {:02}:{:02}:{:02} {}",
                &DAYS[tm.wday as usize][..3],
                &MONTHS[tm.mon as usize - 1][..3],
                tm.mday,
                tm.hour,
                tm.min,
                tm.sec,
                tm.year
            ),
            b'C' => format!("{:02}", tm.year.div_euclid(100)),
            b'd' => format!("{:02}", tm.mday),
            b'D' | b'x' => format!(
                "{:02}/{:02}/{:02}",
                tm.mon,
                tm.mday,
                tm.year.rem_euclid(100)
            ),
            b'e' => format!("{:2}", tm.mday),
            b'F' => format!("{}-{:02}-{:02}", tm.year, tm.mon, tm.mday),
            b'g' => format!("{:02}", iso_week(&tm).0.rem_euclid(100)),
            b'G' => iso_week(&tm).0.to_string(),
            b'H' => format!("{:02}", tm.hour),
            b'I' => format!("{:02}", (tm.hour + 11) % 12 + 1),
            b'j' => format!("{:03}", tm.yday + 1),
            b'k' => format!("{:2}", tm.hour),
            b'l' => format!("{:2}", (tm.hour + 11) % 12 + 1),
            b'm' => format!("{:02}", tm.mon),
            b'M' => format!("{:02}", tm.min),
            b'n' => "\n".to_string(),
            b'p' => if tm.hour < 12 { "AM" } else { "PM" }.to_string(),
            b'r' => format!(
                "{:02}:{:02}:{:02} {}",
                (tm.hour + 11) % 12 + 1,
                tm.min,
                tm.sec,
                if tm.hour < 12 { "AM" } else { "PM" }
            ),
            b'R' => format!("{:02}:{:02}", tm.hour, tm.min),
            b's' => t.to_string(),
            b'S' => format!("{:02}", tm.sec),
            b't' => "\t".to_string(),
            b'T' | b'X' => format!("{:02}:{:02}:{:02}", tm.hour, tm.min, tm.sec),
            b'u' => (if tm.wday == 0 { 7 } else { tm.wday }).to_string(),
            b'U' => format!("{:02}", (tm.yday + 7 - tm.wday) / 7),
            b'V' => format!("{:02}", iso_week(&tm).1),
            b'w' => tm.wday.to_string(),
            b'W' => format!("{:02}", (tm.yday + 7 - (tm.wday + 6) % 7) / 7),
            b'y' => format!("{:02}", tm.year.rem_euclid(100)),
            b'Y' => tm.year.to_string(),
            b'z' => "+0000".to_string(),
            b'Z' => "UTC".to_string(),
            b'%' => "%".to_string(),
            other => format!("%{}", other as char),
        };
        out.extend_from_slice(s.as_bytes());
    }
    out
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
        );
        assert_eq!(
            String::from_utf8(s).unwrap(),
            "2023-11-14 22:13:20 318 Tue Tuesday Nov November 23 14 PM 46 46 46 2023"
        );
        assert_eq!(
            String::from_utf8(strftime(DEFAULT_FORMAT, 1_700_000_000)).unwrap(),
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
