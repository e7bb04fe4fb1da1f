//! Numbers from script text that size something: a count, a width or
//! precision, a file descriptor, an offset or a duration. Every builtin
//! and utility reads such a number here, and bounds it here, before
//! anything is allocated or looped over (issue 22, mechanism 1; the audit
//! of every command's numeric arguments is the table under "Numeric
//! arguments" in docs/threat-model.md).
//!
//! Two steps, kept apart so each command keeps its own wording:
//! - scanning ([`scan_decimal`], [`parse_count`], [`parse_size`]): text to
//!   a number, saturating or refusing past `u64::MAX` as GNU's
//!   `xstrtoumax` does (`Value too large for defined data type`);
//! - bounding ([`format_width`], [`buffer_bytes`], [`fd`], [`duration`],
//!   [`to_usize`]): a number to the size actually used, by a named limit
//!   of [`ExecutionLimits`] (the script stops with it, status 124) or by a
//!   documented constant ([`MAX_FD`], [`MAX_DURATION`]).
//!
//! A count that only bounds a loop over input the command reads anyway
//! (`head -n`, `uniq -f`, `cut -c N-`) needs no limit: it is saturated with
//! [`to_usize`] and the loop ends with the input; such loops must never
//! run to the count itself.

use std::time::Duration;

use crate::limits::{ExecutionLimits, Interrupt, LimitKind};

/// Why a number from script text was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NumError {
    /// Not a number in the accepted syntax.
    Invalid,
    /// A valid number past what the command accepts (past `u64::MAX`
    /// while scanning).
    TooLarge,
}

impl NumError {
    /// The suffix GNU tools add to `invalid number of lines: 'N'` for this
    /// error: `: Value too large for defined data type` (EOVERFLOW, as
    /// `xstrtoumax` reports it) or nothing.
    pub fn gnu_suffix(self) -> &'static str {
        match self {
            NumError::Invalid => "",
            NumError::TooLarge => ": Value too large for defined data type",
        }
    }
}

/// An unsigned decimal integer: at least one ASCII digit and nothing
/// else. Returns the value saturated at `u64::MAX` and whether it
/// overflowed; `None` when `s` is not all digits.
pub fn scan_decimal(s: &str) -> Option<(u64, bool)> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let mut v: u64 = 0;
    for b in s.bytes() {
        match v
            .checked_mul(10)
            .and_then(|x| x.checked_add(u64::from(b - b'0')))
        {
            Some(x) => v = x,
            None => return Some((u64::MAX, true)),
        }
    }
    Some((v, false))
}

/// [`scan_decimal`] refusing overflow: a count GNU tools read with
/// `xstrtoumax` (`uniq -f`, `split -l`).
pub fn parse_count(s: &str) -> Result<u64, NumError> {
    match scan_decimal(s) {
        None => Err(NumError::Invalid),
        Some((_, true)) => Err(NumError::TooLarge),
        Some((v, false)) => Ok(v),
    }
}

/// A count with GNU's optional multiplier suffix (`b` 512, `K`/`KiB`
/// 1024, `kB` 1000, `M`, `MB`, `G`, ... up to `E`, and `c`/`w` for 1 and
/// 2), as `head`, `tail`, `od` and `split` accept it (GNU coreutils
/// manual, "Block size"). [`NumError::TooLarge`] past `u64::MAX`, digits
/// or product.
pub fn parse_size(s: &str) -> Result<u64, NumError> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return Err(NumError::Invalid);
    }
    let mult: u64 = match &s[digits..] {
        "" | "c" => 1,
        "b" => 512,
        "w" => 2,
        suffix => {
            let (letter, rest) = suffix.split_at(suffix.chars().next().map_or(0, char::len_utf8));
            let pow = match letter {
                "k" | "K" => 1,
                "M" => 2,
                "G" => 3,
                "T" => 4,
                "P" => 5,
                "E" => 6,
                _ => return Err(NumError::Invalid),
            };
            let base: u64 = match rest {
                "" | "iB" if letter != "k" || rest.is_empty() => 1024,
                "B" => 1000,
                _ => return Err(NumError::Invalid),
            };
            base.pow(pow)
        }
    };
    parse_count(&s[..digits])?
        .checked_mul(mult)
        .ok_or(NumError::TooLarge)
}

/// A count as `usize`, saturating: for counts that only bound a loop over
/// input (the loop ends with the input, never at the count).
pub fn to_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// A field width or precision that sizes output padding (`printf`,
/// `nl -w`, `seq -f`, awk's `printf`): at most
/// [`ExecutionLimits::max_format_width`], else the script stops with
/// [`LimitKind::FormatWidth`].
pub fn format_width(limits: &ExecutionLimits, n: u64) -> Result<usize, Interrupt> {
    let max = limits.max_format_width;
    match usize::try_from(n) {
        Ok(w) if w <= max => Ok(w),
        _ => Err(Interrupt::limit(LimitKind::FormatWidth, max)),
    }
}

/// The width bound of conversions made where no execution's limits are
/// at hand (awk's `CONVFMT` and `OFMT` number-to-string conversions): the
/// default [`ExecutionLimits::max_format_width`]. Past it the conversion
/// yields an empty string.
pub const CONVERSION_WIDTH: usize = 100_000;

/// A byte count a command would hold in memory at once (a line width, a
/// block, a suffix, a read size): at most
/// [`ExecutionLimits::max_buffer_bytes`], else the script stops with
/// [`LimitKind::BufferBytes`].
pub fn buffer_bytes(limits: &ExecutionLimits, n: u64) -> Result<usize, Interrupt> {
    let max = limits.max_buffer_bytes;
    match usize::try_from(n) {
        Ok(b) if b <= max => Ok(b),
        _ => Err(Interrupt::limit(LimitKind::BufferBytes, max)),
    }
}

/// Descriptors a script may open: `0..MAX_FD`, the usual `ulimit -n` soft
/// limit of Linux. bash fails a redirection to a descriptor at or past the
/// process's limit with `N: Bad file descriptor` (status 1); so does
/// toolsh, so the descriptor table is never sized by a script's number.
pub const MAX_FD: usize = 1024;

/// A descriptor number from a redirection (`N>file`, `exec N<&-`):
/// `None` at or past [`MAX_FD`].
pub fn fd(n: u64) -> Option<usize> {
    usize::try_from(n).ok().filter(|&n| n < MAX_FD)
}

/// The longest wait a script can ask for (`sleep`, `timeout`, `read -t`):
/// about 136 years (`u32::MAX` seconds). Longer waits, `inf` included,
/// wait this long, which every deadline ends first; an `Instant` plus it
/// never overflows.
pub const MAX_DURATION: Duration = Duration::from_secs(u32::MAX as u64);

/// Seconds (fractions allowed) as a wait: `None` for NaN or a negative
/// value; at most [`MAX_DURATION`] (`inf` and `1e19` included).
pub fn duration(secs: f64) -> Option<Duration> {
    if secs.is_nan() || secs < 0.0 {
        return None;
    }
    Some(Duration::try_from_secs_f64(secs).map_or(MAX_DURATION, |d| d.min(MAX_DURATION)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scanning_saturates_or_refuses_past_u64() {
        assert_eq!(
            scan_decimal("18446744073709551615"),
            Some((u64::MAX, false))
        );
        assert_eq!(scan_decimal("18446744073709551616"), Some((u64::MAX, true)));
        assert_eq!(scan_decimal("-1"), None);
        assert_eq!(scan_decimal(""), None);
        assert_eq!(parse_count("99999999999999999999"), Err(NumError::TooLarge));
        assert_eq!(parse_count("1x"), Err(NumError::Invalid));
        assert_eq!(parse_size("2K"), Ok(2048));
        assert_eq!(parse_size("2kB"), Ok(2000));
        assert_eq!(parse_size("3b"), Ok(1536));
        assert_eq!(parse_size("1KiB"), Ok(1024));
        assert_eq!(parse_size("16E"), Err(NumError::TooLarge));
        assert_eq!(parse_size("1Q"), Err(NumError::Invalid));
        assert_eq!(parse_size("1kiB"), Err(NumError::Invalid));
        assert_eq!(parse_size("1é"), Err(NumError::Invalid));
    }

    #[test]
    fn bounds_refuse_or_clamp_by_name() {
        let l = ExecutionLimits::default();
        assert_eq!(format_width(&l, 100_000), Ok(100_000));
        assert!(format_width(&l, 100_001).is_err());
        assert!(buffer_bytes(&l, u64::MAX).is_err());
        assert_eq!(fd(1023), Some(1023));
        assert_eq!(fd(1024), None);
        assert_eq!(duration(f64::INFINITY), Some(MAX_DURATION));
        assert_eq!(duration(1e19), Some(MAX_DURATION));
        assert_eq!(duration(1.5), Some(Duration::from_millis(1500)));
        assert_eq!(duration(f64::NAN), None);
        assert_eq!(duration(-1.0), None);
    }
}
