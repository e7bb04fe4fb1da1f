//! The string operators of parameter expansion that rewrite a value by
//! pattern (bash manual 3.5.3): pattern substitution `${x/p/r}` (and `//`,
//! `/#`, `/%`) and case modification `${x^p}`, `${x^^p}`, `${x,p}`,
//! `${x,,p}`, `${x~p}`, `${x~~p}`. Plain functions of the value, the
//! compiled pattern and the pattern budget.

use toolsh_parser::{CaseMode, ReplaceMode};

use crate::limits::{Interrupt, LimitKind};
use crate::pattern::{Budget, Pattern};

/// `${s/p/r}` in each mode; `rep` as from `expand_replacement`. A
/// result past `max` bytes (`max_variable_bytes`) stops with that limit
/// as soon as it grows past it: each match may add a whole replacement,
/// so `${x// /$x}` would otherwise build gigabytes before any check.
#[allow(clippy::too_many_arguments)]
pub(super) fn replace(
    s: &str,
    p: &Pattern,
    rep: &[(String, bool)],
    mode: ReplaceMode,
    empty_pat: bool,
    max: usize,
    budget: &mut Budget,
) -> Result<String, Interrupt> {
    let render = |m: &[char], out: &mut String| -> Result<(), Interrupt> {
        for (t, active) in rep {
            if *active {
                let mut it = t.chars().peekable();
                while let Some(c) = it.next() {
                    if c == '\\' && it.peek() == Some(&'&') {
                        out.push('&');
                        it.next();
                    } else if c == '&' {
                        out.extend(m.iter());
                    } else {
                        out.push(c);
                    }
                }
            } else {
                out.push_str(t);
            }
        }
        if out.len() > max {
            return Err(Interrupt::limit(LimitKind::VariableBytes, max));
        }
        Ok(())
    };
    // A literal pattern (`${s//the/THE}`): search the text directly;
    // leftmost non-overlapping matches are what the pattern matcher finds.
    if matches!(mode, ReplaceMode::First | ReplaceMode::All)
        && !empty_pat
        && let Some(lit) = p.as_literal().filter(|l| !l.is_empty())
    {
        let lit = lit.to_string();
        let lit_chars: Vec<char> = lit.chars().collect();
        let mut out = String::with_capacity(s.len());
        let mut last = 0;
        for (i, _) in s.match_indices(lit.as_str()) {
            out.push_str(&s[last..i]);
            render(&lit_chars, &mut out)?;
            last = i + lit.len();
            if matches!(mode, ReplaceMode::First) {
                break;
            }
        }
        out.push_str(&s[last..]);
        return Ok(out);
    }
    let chars: Vec<char> = s.chars().collect();
    let n = chars.len();
    let mut out = String::new();
    let mut m = p.matcher(&chars);
    Ok(match mode {
        ReplaceMode::Prefix => {
            if let Some(e) = m.match_at(0, true, budget)? {
                render(&chars[..e], &mut out)?;
                out.extend(chars[e..].iter());
                return Ok(out);
            }
            s.to_string()
        }
        ReplaceMode::Suffix => {
            if let Some(st) = m.suffix(true, budget)? {
                out.extend(chars[..st].iter());
                render(&chars[st..], &mut out)?;
                return Ok(out);
            }
            s.to_string()
        }
        ReplaceMode::First | ReplaceMode::All => {
            if empty_pat {
                return Ok(s.to_string());
            }
            // A fixed-length pattern can only match the window of that
            // length at `i`: matching that window instead of the whole
            // rest keeps a global replace linear in the value's length.
            // Otherwise only the positions where a match starts (found
            // in one backward pass) are tried, with one shared matcher.
            let fixed = p.fixed_len();
            let mut match_at = |i: usize, budget: &mut Budget| match fixed {
                Some(len) if i + len <= n => Ok(p
                    .match_at(&chars[i..i + len], 0, true, budget)?
                    .map(|e| i + e)),
                Some(_) => Ok(None),
                None => {
                    if m.starts(budget)?.contains(i) {
                        m.match_at(i, true, budget)
                    } else {
                        Ok(None)
                    }
                }
            };
            let mut i = 0;
            let mut done = false;
            while i <= n {
                if !done && let Some(e) = match_at(i, budget)? {
                    if e == i {
                        // Empty match: bash does not replace empty matches
                        // except for a pattern matching the empty string at
                        // the start of an empty value.
                        if i < n {
                            out.push(chars[i]);
                        }
                        i += 1;
                        continue;
                    }
                    render(&chars[i..e], &mut out)?;
                    i = e;
                    if mode == ReplaceMode::First {
                        done = true;
                    }
                    continue;
                }
                if i < n {
                    out.push(chars[i]);
                }
                i += 1;
            }
            out
        }
    })
}

/// `${s^p}` and friends: convert the characters that match `p` (all
/// when there is none).
pub(super) fn case_mod(
    s: &str,
    mode: CaseMode,
    p: Option<&Pattern>,
    budget: &mut Budget,
) -> Result<String, Interrupt> {
    let mut conv_ok = |c: char| match p {
        None => Ok(true),
        Some(p) => p.matches(c.encode_utf8(&mut [0; 4]), budget),
    };
    let mut out = String::with_capacity(s.len());
    for (i, c) in s.chars().enumerate() {
        let first = i == 0;
        let apply = match mode {
            CaseMode::UpperFirst | CaseMode::LowerFirst | CaseMode::ToggleFirst => first,
            CaseMode::UpperAll | CaseMode::LowerAll | CaseMode::ToggleAll => true,
        } && conv_ok(c)?;
        if apply {
            match mode {
                CaseMode::UpperFirst | CaseMode::UpperAll => out.extend(c.to_uppercase()),
                CaseMode::LowerFirst | CaseMode::LowerAll => out.extend(c.to_lowercase()),
                CaseMode::ToggleFirst | CaseMode::ToggleAll if c.is_uppercase() => {
                    out.extend(c.to_lowercase());
                }
                CaseMode::ToggleFirst | CaseMode::ToggleAll => out.extend(c.to_uppercase()),
            }
        } else {
            out.push(c);
        }
    }
    Ok(out)
}
