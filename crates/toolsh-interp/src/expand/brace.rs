//! Brace expansion (bash manual 3.5.1): `{a,b}` alternatives and
//! `{x..y[..incr]}` sequences, bounded by `max_brace_expansion`.

use toolsh_parser::{BraceExpansion, WordPart};

/// A part of a word after brace expansion.
#[derive(Debug, Clone)]
pub(crate) enum BPart<'a> {
    /// A part of the original word.
    Part(&'a WordPart),
    /// Text produced by a sequence.
    Text(String),
}

/// Words produced by a brace expression's parts (saturating).
fn count(parts: &[WordPart]) -> u128 {
    let mut n: u128 = 1;
    for p in parts {
        if let WordPart::Brace(b) = p {
            let alts: u128 = match &**b {
                BraceExpansion::List(words) => words
                    .iter()
                    .map(|w| count(&w.parts))
                    .fold(0u128, u128::saturating_add),
                BraceExpansion::Sequence { start, end, step } => {
                    seq_len(start, end, step.as_deref())
                }
            };
            n = n.saturating_mul(alts.max(1));
        }
    }
    n
}

/// Expand; `Err(())` when more than `max` words would result.
pub(crate) fn expand(parts: &[WordPart], max: usize) -> Result<Vec<Vec<BPart<'_>>>, ()> {
    if count(parts) > max as u128 {
        return Err(());
    }
    Ok(generate(parts))
}

fn generate(parts: &[WordPart]) -> Vec<Vec<BPart<'_>>> {
    let Some(i) = parts.iter().position(|p| matches!(p, WordPart::Brace(_))) else {
        return vec![parts.iter().map(BPart::Part).collect()];
    };
    let WordPart::Brace(b) = &parts[i] else {
        unreachable!("position found a brace")
    };
    let alts: Vec<Vec<BPart<'_>>> = match &**b {
        BraceExpansion::List(words) => words.iter().flat_map(|w| generate(&w.parts)).collect(),
        BraceExpansion::Sequence { start, end, step } => seq_items(start, end, step.as_deref())
            .into_iter()
            .map(|t| vec![BPart::Text(t)])
            .collect(),
    };
    let rest = generate(&parts[i + 1..]);
    let mut out = Vec::with_capacity(alts.len() * rest.len());
    for a in &alts {
        for r in &rest {
            let mut v: Vec<BPart<'_>> = parts[..i].iter().map(BPart::Part).collect();
            v.extend(a.iter().cloned());
            v.extend(r.iter().cloned());
            out.push(v);
        }
    }
    out
}

fn parse_step(step: Option<&str>) -> i128 {
    step.and_then(|s| s.parse::<i128>().ok())
        .map(i128::abs)
        .filter(|&s| s != 0)
        .unwrap_or(1)
}

fn seq_len(start: &str, end: &str, step: Option<&str>) -> u128 {
    let st = parse_step(step) as u128;
    if let (Ok(a), Ok(b)) = (start.parse::<i128>(), end.parse::<i128>()) {
        return (a.abs_diff(b)) / st + 1;
    }
    let (Some(a), Some(b)) = (single_char(start), single_char(end)) else {
        return 1;
    };
    u128::from((a as u32).abs_diff(b as u32)) / st + 1
}

fn single_char(s: &str) -> Option<char> {
    let mut it = s.chars();
    let c = it.next()?;
    if it.next().is_none() { Some(c) } else { None }
}

fn seq_items(start: &str, end: &str, step: Option<&str>) -> Vec<String> {
    let st = parse_step(step);
    if let (Ok(a), Ok(b)) = (start.parse::<i128>(), end.parse::<i128>()) {
        let padded = |s: &str| {
            let d = s.trim_start_matches('-');
            d.len() > 1 && d.starts_with('0')
        };
        let width = if padded(start) || padded(end) {
            start.len().max(end.len())
        } else {
            0
        };
        let mut out = Vec::new();
        let mut x = a;
        loop {
            if width > 0 {
                if x < 0 {
                    out.push(format!("-{:0w$}", -x, w = width - 1));
                } else {
                    out.push(format!("{x:0width$}"));
                }
            } else {
                out.push(x.to_string());
            }
            if a <= b {
                x += st;
                if x > b {
                    break;
                }
            } else {
                x -= st;
                if x < b {
                    break;
                }
            }
        }
        return out;
    }
    let (Some(a), Some(b)) = (single_char(start), single_char(end)) else {
        return vec![format!("{{{start}..{end}}}")];
    };
    let (a, b) = (a as i128, b as i128);
    let mut out = Vec::new();
    let mut x = a;
    loop {
        if let Some(c) = char::from_u32(x as u32) {
            // bash drops the backslash of `{Z..a}` (it is quote-removed).
            out.push(if c == '\\' {
                String::new()
            } else {
                c.to_string()
            });
        }
        if a <= b {
            x += st;
            if x > b {
                break;
            }
        } else {
            x -= st;
            if x < b {
                break;
            }
        }
    }
    out
}

/// The brace expression as written (when it is not expanded).
pub(crate) fn unexpanded(b: &BraceExpansion) -> String {
    match b {
        BraceExpansion::List(words) => {
            let alts: Vec<String> = words
                .iter()
                .map(|w| {
                    w.parts
                        .iter()
                        .map(|p| match p {
                            WordPart::Literal(s) => s.to_string(),
                            WordPart::SingleQuoted(s) => s.to_string(),
                            WordPart::Escaped(c) => c.to_string(),
                            WordPart::Brace(b) => unexpanded(b),
                            _ => String::new(),
                        })
                        .collect()
                })
                .collect();
            format!("{{{}}}", alts.join(","))
        }
        BraceExpansion::Sequence { start, end, step } => match step {
            Some(s) => format!("{{{start}..{end}..{s}}}"),
            None => format!("{{{start}..{end}}}"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sequences_match_bash() {
        // bash: echo {1..10..3} {a..e..2} {05..1..2} {-2..2}
        assert_eq!(seq_items("1", "10", Some("3")), ["1", "4", "7", "10"]);
        assert_eq!(seq_items("a", "e", Some("2")), ["a", "c", "e"]);
        assert_eq!(seq_items("05", "1", Some("2")), ["05", "03", "01"]);
        assert_eq!(seq_items("-2", "2", None), ["-2", "-1", "0", "1", "2"]);
        assert_eq!(seq_len("1", "1000000", None), 1_000_000);
    }
}
