//! Compiling pattern text into elements.

use super::{CharClass, Elem, MAX_NESTING, PatternError};

/// Parse the whole text.
pub(super) fn parse(text: &str, extglob: bool) -> Result<Vec<Elem>, PatternError> {
    let chars: Vec<char> = text.chars().collect();
    let mut unclosed = vec![false; chars.len() + 1];
    let (elems, _) = seq(&chars, 0, extglob, 0, false, &mut unclosed)?;
    Ok(elems)
}

/// Parse a sequence from `i`; inside an extended pattern (`nested`) stop
/// at an unescaped `|` or `)`. Returns the elements and the stop index.
///
/// `unclosed[j]` records that the extended pattern whose alternatives
/// start at `j` has no closing `)`: such an opener is taken literally and
/// the text after it parsed again, so without the record every unclosed
/// opener inside another doubled the work (`@(@(@(...` took seconds for
/// 90 characters; fuzz target `pattern`).
fn seq(
    chars: &[char],
    mut i: usize,
    extglob: bool,
    depth: usize,
    nested: bool,
    unclosed: &mut [bool],
) -> Result<(Vec<Elem>, usize), PatternError> {
    if depth > MAX_NESTING {
        return Err(PatternError::TooDeep);
    }
    let mut out = Vec::new();
    while i < chars.len() {
        let c = chars[i];
        match c {
            '|' | ')' if nested => return Ok((out, i)),
            '\\' => {
                if let Some(&n) = chars.get(i + 1) {
                    out.push(Elem::Char(n));
                    i += 2;
                } else {
                    out.push(Elem::Char('\\'));
                    i += 1;
                }
            }
            '?' | '*' | '+' | '@' | '!'
                if extglob && chars.get(i + 1) == Some(&'(') && !unclosed[i + 2] =>
            {
                if let Some((alts, end)) = ext(chars, i + 2, extglob, depth, unclosed)? {
                    out.push(Elem::Ext(c, alts));
                    i = end;
                } else {
                    unclosed[i + 2] = true;
                    push_plain(&mut out, c);
                    i += 1;
                }
            }
            '[' => {
                if let Some((cls, end)) = CharClass::parse(chars, i + 1) {
                    out.push(Elem::Class(cls));
                    i = end;
                } else {
                    out.push(Elem::Char('['));
                    i += 1;
                }
            }
            _ => {
                push_plain(&mut out, c);
                i += 1;
            }
        }
    }
    Ok((out, i))
}

fn push_plain(out: &mut Vec<Elem>, c: char) {
    match c {
        '?' => out.push(Elem::Any),
        '*' => {
            if out.last() != Some(&Elem::Star) {
                out.push(Elem::Star);
            }
        }
        _ => out.push(Elem::Char(c)),
    }
}

/// Parse the alternatives of an extended pattern starting after `(`.
#[allow(clippy::type_complexity)]
fn ext(
    chars: &[char],
    mut i: usize,
    extglob: bool,
    depth: usize,
    unclosed: &mut [bool],
) -> Result<Option<(Vec<Vec<Elem>>, usize)>, PatternError> {
    let mut alts = Vec::new();
    loop {
        let (alt, stop) = seq(chars, i, extglob, depth + 1, true, unclosed)?;
        alts.push(alt);
        match chars.get(stop) {
            Some('|') => i = stop + 1,
            Some(')') => return Ok(Some((alts, stop + 1))),
            _ => return Ok(None),
        }
    }
}
