//! `find -printf` directives and escapes (GNU findutils "Format
//! Directives").

use toolsh_command::escape::{Decoded, Dialect, decode};

use super::super::common::time::{civil, epoch_parts};
use super::super::common::{OWNER, OWNER_ID, blocks_512, mode_string};
use toolsh_command::fs::{FileType, Metadata};

/// What the directives of one file are computed from.
pub(crate) struct Node<'a> {
    pub path: &'a str,
    pub start: &'a str,
    pub depth: usize,
    pub meta: &'a Metadata,
    /// The metadata following symlinks (for `%Y`).
    pub target_meta: Option<&'a Metadata>,
    pub link: Option<&'a str>,
    pub nlink: u64,
}

const DAYS: [&str; 7] = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"];
const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

fn type_char(t: FileType) -> char {
    match t {
        FileType::File => 'f',
        FileType::Dir => 'd',
        FileType::Symlink => 'l',
        FileType::CharDevice => 'c',
    }
}

/// `%f`: the last component (`/` for the root, the start itself when it
/// has no slash).
fn base(path: &str) -> &str {
    super::super::common::base_name(path)
}

/// `%h`: everything before the last component, `.` when there is none.
fn head(path: &str) -> String {
    let trimmed = path.trim_end_matches('/');
    match trimmed.rfind('/') {
        None => ".".to_string(),
        Some(0) => "/".to_string(),
        Some(i) => trimmed[..i].to_string(),
    }
}

/// One `%Tk` time field.
fn time_field(k: char, meta: &Metadata) -> Option<String> {
    let c = civil(meta.mtime);
    let (secs, nanos) = epoch_parts(meta.mtime);
    let frac = format!("{:010}", u64::from(nanos) * 10);
    let weekday = DAYS[secs.div_euclid(86_400).rem_euclid(7) as usize];
    let month = MONTHS[(c.month - 1) as usize];
    Some(match k {
        '@' => format!("{secs}.{frac}"),
        'Y' => c.year.to_string(),
        'y' => format!("{:02}", c.year.rem_euclid(100)),
        'm' => format!("{:02}", c.month),
        'd' => format!("{:02}", c.day),
        'e' => format!("{:>2}", c.day),
        'H' => format!("{:02}", c.hour),
        'I' => format!("{:02}", (c.hour + 11) % 12 + 1),
        'M' => format!("{:02}", c.minute),
        'S' => format!("{:02}.{frac}", c.second),
        'p' => (if c.hour < 12 { "AM" } else { "PM" }).to_string(),
        'F' => format!("{:04}-{:02}-{:02}", c.year, c.month, c.day),
        'D' => format!("{:02}/{:02}/{:02}", c.month, c.day, c.year.rem_euclid(100)),
        'T' => format!("{:02}:{:02}:{:02}.{frac}", c.hour, c.minute, c.second),
        'R' => format!("{:02}:{:02}", c.hour, c.minute),
        'b' | 'h' => month.to_string(),
        'a' => weekday.to_string(),
        's' => secs.to_string(),
        'Z' => "UTC".to_string(),
        'z' => "+0000".to_string(),
        '+' => format!(
            "{:04}-{:02}-{:02}+{:02}:{:02}:{:02}.{frac}",
            c.year, c.month, c.day, c.hour, c.minute, c.second
        ),
        _ => return None,
    })
}

/// `%t`: the ctime(3)-like form with ten fraction digits.
fn ctime(meta: &Metadata) -> String {
    let c = civil(meta.mtime);
    let (secs, nanos) = epoch_parts(meta.mtime);
    format!(
        "{} {} {:>2} {:02}:{:02}:{:02}.{:010} {}",
        DAYS[secs.div_euclid(86_400).rem_euclid(7) as usize],
        MONTHS[(c.month - 1) as usize],
        c.day,
        c.hour,
        c.minute,
        c.second,
        u64::from(nanos) * 10,
        c.year
    )
}

/// Expand a `-printf` format for one file, as bytes (an octal escape
/// may write any byte). A field width past `max_format_width` stops the
/// script with that limit. Escapes are the shared decoder's
/// [`Dialect::Find`]; their warnings are [`check_format`]'s, given
/// once when the expression is parsed.
#[allow(clippy::many_single_char_names)]
pub(crate) fn format(
    fmt: &str,
    n: &Node<'_>,
    limits: &toolsh_command::limits::ExecutionLimits,
) -> Result<Vec<u8>, toolsh_command::limits::Interrupt> {
    let chars: Vec<char> = fmt.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if c == '\\' {
            let (d, used) = escape_at(&chars[i..], &mut out);
            if d.stop {
                break;
            }
            i += used;
            continue;
        }
        if c != '%' {
            push_char(&mut out, c);
            continue;
        }
        let start = i;
        while i < chars.len() && "-+ #0".contains(chars[i]) {
            i += 1;
        }
        let left = chars[start..i].contains(&'-');
        let wstart = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let digits: String = chars[wstart..i].iter().collect();
        let width = toolsh_command::numarg::scan_decimal(&digits).map_or(0, |(w, _)| w);
        let width = toolsh_command::numarg::format_width(limits, width)?;
        let Some(&d) = chars.get(i) else {
            out.push(b'%');
            break;
        };
        i += 1;
        let m = n.meta;
        let text = match d {
            '%' => "%".to_string(),
            'p' => n.path.to_string(),
            'f' => base(n.path).to_string(),
            'h' => head(n.path),
            'P' => n
                .path
                .strip_prefix(n.start)
                .map_or(n.path, |r| r.trim_start_matches('/'))
                .to_string(),
            'H' => n.start.to_string(),
            's' => m.len.to_string(),
            'd' => n.depth.to_string(),
            'm' => format!("{:o}", m.mode),
            'M' => mode_string(m),
            'y' => type_char(m.file_type).to_string(),
            'Y' => match (m.file_type, n.target_meta) {
                (FileType::Symlink, Some(t)) => type_char(t.file_type).to_string(),
                (FileType::Symlink, None) => "N".to_string(),
                (t, _) => type_char(t).to_string(),
            },
            'l' => n.link.unwrap_or("").to_string(),
            'k' => blocks_512(m).div_ceil(2).to_string(),
            'b' => blocks_512(m).to_string(),
            'n' => n.nlink.to_string(),
            'i' => "0".to_string(),
            'u' | 'g' => OWNER.to_string(),
            'U' | 'G' => OWNER_ID.to_string(),
            't' | 'a' | 'c' => ctime(m),
            'T' | 'A' | 'C' => {
                let Some(&k) = chars.get(i) else {
                    break;
                };
                i += 1;
                time_field(k, m).unwrap_or_default()
            }
            _ => {
                out.push(b'%');
                push_char(&mut out, d);
                continue;
            }
        };
        let pad = width.saturating_sub(text.chars().count());
        if !left {
            out.resize(out.len() + pad, b' ');
        }
        out.extend_from_slice(text.as_bytes());
        if left {
            out.resize(out.len() + pad, b' ');
        }
    }
    Ok(out)
}

fn push_char(out: &mut Vec<u8>, c: char) {
    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
}

/// Decode the escape after a backslash whose following characters are
/// `rest` into `out`: the decoder's outcome, and how many characters it
/// used.
fn escape_at(rest: &[char], out: &mut Vec<u8>) -> (Decoded, usize) {
    // An escape reads at most three characters after the backslash.
    let text: String = rest.iter().take(3).collect();
    let d = decode(text.as_bytes(), Dialect::Find, false, out);
    let used = text
        .char_indices()
        .take_while(|&(at, _)| at < d.consumed)
        .count();
    (d, used)
}

/// Check a `-printf` format when the expression is parsed, as GNU find
/// does before it visits a file: the warnings it prints then, in order
/// (`warning: unrecognized escape `\\q'`), or the error that refuses
/// the format (`error: % at end of format string`, status 1). An escape
/// after `\\c` is not looked at (the format stops there).
pub(crate) fn check_format(fmt: &str) -> Result<Vec<String>, String> {
    let chars: Vec<char> = fmt.chars().collect();
    let mut warnings = Vec::new();
    let mut scratch = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        i += 1;
        if c == '%' {
            while i < chars.len() && ("-+ #0".contains(chars[i]) || chars[i].is_ascii_digit()) {
                i += 1;
            }
            match chars.get(i) {
                None => return Err("error: % at end of format string".to_string()),
                Some('T' | 'A' | 'C') => i += 2,
                Some(_) => i += 1,
            }
            continue;
        }
        if c != '\\' {
            continue;
        }
        let Some(&next) = chars.get(i) else {
            warnings.push("warning: escape `\\' followed by nothing at all".to_string());
            break;
        };
        let (d, used) = escape_at(&chars[i..], &mut scratch);
        if let Some(w) = d.warning {
            warnings.push(format!("warning: {w} `\\{next}'"));
        }
        if d.stop {
            break;
        }
        i += used;
    }
    Ok(warnings)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn directives_match_findutils() {
        let meta = Metadata {
            file_type: FileType::File,
            len: 5,
            mode: 0o644,
            mtime: UNIX_EPOCH + Duration::from_secs(1_577_934_245),
        };
        let n = Node {
            path: "d/f",
            start: "d",
            depth: 1,
            meta: &meta,
            target_meta: None,
            link: None,
            nlink: 1,
        };
        let l = toolsh_command::limits::ExecutionLimits::default();
        assert_eq!(
            format("%p|%f|%h|%P|%s|%d|%m|%M|%y|%k|%b\\n", &n, &l).unwrap(),
            b"d/f|f|d|f|5|1|644|-rw-r--r--|f|4|8\n"
        );
        assert_eq!(
            format("%t|%T@|%TY-%Tm-%Td %TH:%TM:%TS|%TF|%-6s|%6s|", &n, &l).unwrap(),
            "Thu Jan  2 03:04:05.0000000000 2020|1577934245.0000000000|2020-01-02 03:04:05.0000000000|2020-01-02|5     |     5|".as_bytes()
        );
        assert_eq!(head("d"), ".");
        assert_eq!(head("/x"), "/");
    }
}
