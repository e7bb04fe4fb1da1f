//! GNU `date` / `strftime(3)` formatting in the C locale, with GNU's
//! flags (`-` `_` `0` `^` `#`), field widths, `%N` and `%:z`-style
//! offsets (GNU coreutils manual, "date invocation", "Time conversion
//! specifiers"). Calendar arithmetic comes from `jiff`; time zones are
//! the POSIX `TZ` forms a sandbox can know without a zone database: `UTC`,
//! empty, and `NAME[+-]hh[:mm[:ss]]` fixed offsets.

use jiff::Timestamp;
use jiff::civil::DateTime;
use jiff::tz::Offset;
use toolsh_command::limits::{ExecutionLimits, Interrupt};

/// A fixed-offset zone: its abbreviation and offset east of UTC.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Zone {
    /// Abbreviation printed by `%Z`.
    pub name: String,
    /// Seconds east of UTC.
    pub offset: i32,
}

impl Zone {
    /// UTC.
    pub fn utc() -> Self {
        Zone {
            name: "UTC".into(),
            offset: 0,
        }
    }

    /// The zone of a `TZ` value (POSIX XBD 8.3: `std offset`, where the
    /// offset is hours *west* of UTC). Unknown or zone-database names
    /// (`Europe/Paris`) fall back to UTC with the abbreviation `UTC`.
    pub fn from_tz(tz: Option<&str>) -> Self {
        let Some(tz) = tz.map(|t| t.trim_start_matches(':')) else {
            return Self::utc();
        };
        let name_len = tz.bytes().take_while(u8::is_ascii_alphabetic).count();
        if name_len < 3 {
            return Self::utc();
        }
        let (name, rest) = tz.split_at(name_len);
        if rest.is_empty() {
            return Zone {
                name: name.to_string(),
                offset: 0,
            };
        }
        let (sign, rest) = match rest.as_bytes()[0] {
            b'-' => (1, &rest[1..]),
            b'+' => (-1, &rest[1..]),
            _ => (-1, rest),
        };
        let mut parts = rest.split(':');
        let mut secs = 0i32;
        for (i, mult) in [3600, 60, 1].iter().enumerate() {
            let Some(p) = parts.next() else { break };
            let digits: String = p.chars().take_while(char::is_ascii_digit).collect();
            if digits.is_empty() && i == 0 {
                return Self::utc();
            }
            secs += digits.parse::<i32>().unwrap_or(0).min(167) * mult;
        }
        Zone {
            name: name.to_string(),
            offset: sign * secs,
        }
    }

    /// The civil time of `secs` since the epoch in this zone.
    pub fn civil(&self, secs: i64) -> Option<DateTime> {
        let ts = Timestamp::from_second(secs).ok()?;
        let off = Offset::from_seconds(self.offset).ok()?;
        Some(off.to_datetime(ts))
    }
}

pub(crate) use toolsh_command::calendar::{DAYS, MONTHS};

/// How a field is padded by default.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pad {
    Zero,
    Space,
    None,
}

/// Format `secs` (+ `nanos`) in `zone` with GNU `date` format `fmt`.
/// Unknown conversions are copied literally, as GNU does. A field width
/// (`%99999Y`) pads as GNU's does, up to `limits.max_format_width`;
/// past it the script stops with that limit (`numarg::format_width`).
pub(crate) fn format(
    fmt: &[u8],
    secs: i64,
    nanos: u32,
    zone: &Zone,
    limits: &ExecutionLimits,
) -> Result<Vec<u8>, Interrupt> {
    let Some(dt) = zone.civil(secs) else {
        return Ok(secs.to_string().into_bytes());
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            out.push(fmt[i]);
            i += 1;
            continue;
        }
        let start = i;
        i += 1;
        let mut pad: Option<Pad> = None;
        let mut upper = false;
        let mut swap = false;
        while let Some(&f) = fmt.get(i) {
            match f {
                b'-' => pad = Some(Pad::None),
                b'_' => pad = Some(Pad::Space),
                b'0' => pad = Some(Pad::Zero),
                b'^' => upper = true,
                b'#' => swap = true,
                _ => break,
            }
            i += 1;
        }
        let wlen = fmt[i..].iter().take_while(|b| b.is_ascii_digit()).count();
        let width = match std::str::from_utf8(&fmt[i..i + wlen])
            .ok()
            .and_then(toolsh_command::numarg::scan_decimal)
        {
            Some((w, _)) => Some(toolsh_command::numarg::format_width(limits, w)?),
            None => None,
        };
        i += wlen;
        let mut colons = 0;
        while fmt.get(i) == Some(&b':') {
            colons += 1;
            i += 1;
        }
        let Some(&conv) = fmt.get(i) else {
            out.extend_from_slice(&fmt[start..]);
            break;
        };
        i += 1;
        if colons > 0 && conv != b'z' {
            out.extend_from_slice(&fmt[start..i]);
            continue;
        }
        let f = Field {
            pad,
            width,
            upper,
            swap,
        };
        if !conversion(conv, colons, &f, &dt, secs, nanos, zone, &mut out) {
            out.extend_from_slice(&fmt[start..i]);
        }
    }
    Ok(out)
}

struct Field {
    pad: Option<Pad>,
    width: Option<usize>,
    upper: bool,
    swap: bool,
}

impl Field {
    fn num(&self, v: i64, digits: usize, default: Pad, out: &mut Vec<u8>) {
        let pad = self.pad.unwrap_or(default);
        let width = self.width.unwrap_or(digits);
        let s = v.unsigned_abs().to_string();
        let neg = v < 0;
        let len = s.len() + usize::from(neg);
        let fill = if pad == Pad::None {
            0
        } else {
            width.saturating_sub(len)
        };
        if pad == Pad::Space {
            out.resize(out.len() + fill, b' ');
        }
        if neg {
            out.push(b'-');
        }
        if pad == Pad::Zero {
            out.resize(out.len() + fill, b'0');
        }
        out.extend_from_slice(s.as_bytes());
    }

    /// Text fields: `^` upper-cases, `#` swaps case (upper for names),
    /// width pads with spaces (zeros with `0`).
    fn text(&self, s: &str, lower_on_swap: bool, out: &mut Vec<u8>) {
        let s = if self.upper || (self.swap && !lower_on_swap) {
            s.to_ascii_uppercase()
        } else if self.swap {
            s.to_ascii_lowercase()
        } else {
            s.to_string()
        };
        let fill = self.width.unwrap_or(0).saturating_sub(s.len());
        let c = if self.pad == Some(Pad::Zero) {
            b'0'
        } else {
            b' '
        };
        out.resize(out.len() + fill, c);
        out.extend_from_slice(s.as_bytes());
    }
}

#[allow(clippy::too_many_arguments)]
fn conversion(
    conv: u8,
    colons: usize,
    f: &Field,
    dt: &DateTime,
    secs: i64,
    nanos: u32,
    zone: &Zone,
    out: &mut Vec<u8>,
) -> bool {
    let year = i64::from(dt.year());
    let month = i64::from(dt.month());
    let day = i64::from(dt.day());
    let hour = i64::from(dt.hour());
    let wday = i64::from(dt.weekday().to_sunday_zero_offset());
    let yday = i64::from(dt.day_of_year()) - 1;
    let sub = |fmt: &str, out: &mut Vec<u8>| {
        // The expansions of `%c`, `%D`, ... have no widths.
        let s = format(
            fmt.as_bytes(),
            secs,
            nanos,
            zone,
            &ExecutionLimits::default(),
        )
        .unwrap_or_default();
        f.text(&String::from_utf8_lossy(&s), false, out);
    };
    match conv {
        b'a' => f.text(&DAYS[wday as usize][..3], false, out),
        b'A' => f.text(DAYS[wday as usize], false, out),
        b'b' | b'h' => f.text(&MONTHS[month as usize - 1][..3], false, out),
        b'B' => f.text(MONTHS[month as usize - 1], false, out),
        b'c' => sub("%a %b %e %H:%M:%S %Y", out),
        b'C' => f.num(year.div_euclid(100), 2, Pad::Zero, out),
        b'd' => f.num(day, 2, Pad::Zero, out),
        b'D' | b'x' => sub("%m/%d/%y", out),
        b'e' => f.num(day, 2, Pad::Space, out),
        b'F' => {
            let w = f.width.map_or(4, |w| w.saturating_sub(6).max(1));
            let mut y = Vec::new();
            let yf = Field {
                pad: Some(f.pad.unwrap_or(Pad::Zero)),
                width: Some(w),
                upper: false,
                swap: false,
            };
            yf.num(year, 4, Pad::Zero, &mut y);
            out.extend_from_slice(&y);
            out.extend_from_slice(format!("-{month:02}-{day:02}").as_bytes());
        }
        b'g' => f.num(
            i64::from(dt.iso_week_date().year()).rem_euclid(100),
            2,
            Pad::Zero,
            out,
        ),
        b'G' => f.num(i64::from(dt.iso_week_date().year()), 4, Pad::Zero, out),
        b'H' => f.num(hour, 2, Pad::Zero, out),
        b'I' => f.num((hour + 11) % 12 + 1, 2, Pad::Zero, out),
        b'j' => f.num(yday + 1, 3, Pad::Zero, out),
        b'k' => f.num(hour, 2, Pad::Space, out),
        b'l' => f.num((hour + 11) % 12 + 1, 2, Pad::Space, out),
        b'm' => f.num(month, 2, Pad::Zero, out),
        b'M' => f.num(i64::from(dt.minute()), 2, Pad::Zero, out),
        b'n' => out.push(b'\n'),
        b'N' => {
            let digits = format!("{nanos:09}");
            let w = f.width.unwrap_or(9).clamp(1, 9);
            out.extend_from_slice(&digits.as_bytes()[..w]);
        }
        b'p' => f.text(if hour < 12 { "AM" } else { "PM" }, true, out),
        b'P' => f.text(if hour < 12 { "am" } else { "pm" }, false, out),
        b'q' => f.num((month - 1) / 3 + 1, 1, Pad::Zero, out),
        b'r' => sub("%I:%M:%S %p", out),
        b'R' => sub("%H:%M", out),
        b's' => f.num(secs, 1, Pad::Zero, out),
        b'S' => f.num(i64::from(dt.second()), 2, Pad::Zero, out),
        b't' => out.push(b'\t'),
        b'T' | b'X' => sub("%H:%M:%S", out),
        b'u' => f.num(if wday == 0 { 7 } else { wday }, 1, Pad::Zero, out),
        b'U' => f.num((yday + 7 - wday) / 7, 2, Pad::Zero, out),
        b'V' => f.num(i64::from(dt.iso_week_date().week()), 2, Pad::Zero, out),
        b'w' => f.num(wday, 1, Pad::Zero, out),
        b'W' => f.num((yday + 7 - (wday + 6) % 7) / 7, 2, Pad::Zero, out),
        b'y' => f.num(year.rem_euclid(100), 2, Pad::Zero, out),
        b'Y' => f.num(year, 4, Pad::Zero, out),
        b'z' => zone_offset(zone.offset, colons, out),
        b'Z' => f.text(&zone.name, true, out),
        b'%' => out.push(b'%'),
        _ => return false,
    }
    true
}

fn zone_offset(offset: i32, colons: usize, out: &mut Vec<u8>) {
    let sign = if offset < 0 { '-' } else { '+' };
    let a = offset.unsigned_abs();
    let (h, m, s) = (a / 3600, a / 60 % 60, a % 60);
    let text = match colons {
        0 => format!("{sign}{h:02}{m:02}"),
        1 => format!("{sign}{h:02}:{m:02}"),
        2 => format!("{sign}{h:02}:{m:02}:{s:02}"),
        _ if s != 0 => format!("{sign}{h:02}:{m:02}:{s:02}"),
        _ if m != 0 => format!("{sign}{h:02}:{m:02}"),
        _ => format!("{sign}{h:02}"),
    };
    out.extend_from_slice(text.as_bytes());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(fmt: &str, secs: i64) -> String {
        let l = ExecutionLimits::default();
        String::from_utf8(format(fmt.as_bytes(), secs, 5, &Zone::utc(), &l).unwrap()).unwrap()
    }

    #[test]
    fn gnu_conversions() {
        assert_eq!(
            f("%a %b %e %H:%M:%S %Z %Y", 0),
            "Thu Jan  1 00:00:00 UTC 1970"
        );
        assert_eq!(
            f("%F %T %j %u %w %U %W %V %G", 1_700_000_000),
            "2023-11-14 22:13:20 318 2 2 46 46 46 2023"
        );
        assert_eq!(
            f("%-d|%_m|%^a|%#Z|%10A|%3N|%:z|%q", 0),
            "1| 1|THU|utc|  Thursday|000|+00:00|1"
        );
        assert_eq!(
            f("%I %l %p %P %C %y %s %%", 13 * 3600),
            "01  1 PM pm 19 70 46800 %"
        );
    }

    #[test]
    fn posix_tz() {
        let z = Zone::from_tz(Some("EST5"));
        assert_eq!((z.name.as_str(), z.offset), ("EST", -5 * 3600));
        let z = Zone::from_tz(Some("CET-1:30"));
        assert_eq!(z.offset, 5400);
    }
}
