//! The hand-written brace-expansion finder that `brace.rs` replaced, kept
//! (for tests only) as the reference the nom version is checked against
//! by `differential.rs` until the migration is proven; then it goes.

use crate::ast::{BraceExpansion, Word, WordPart};
use crate::error::ParseError;
use crate::parser::Parser;
use crate::word::Parts;

enum Atom {
    Ch(char),
    Part(WordPart),
}

/// The old `expand_braces`.
pub(crate) fn legacy_expand_braces(
    parts: &mut crate::ast::WordParts,
    p: &mut Parser<'_>,
) -> Result<(), ParseError> {
    let has_brace = parts
        .iter()
        .any(|x| matches!(x, WordPart::Literal(l) if l.contains('{')));
    if !has_brace {
        return Ok(());
    }
    let mut atoms = Vec::new();
    for part in parts.drain(..) {
        match part {
            WordPart::Literal(l) => atoms.extend(l.chars().map(Atom::Ch)),
            other => atoms.push(Atom::Part(other)),
        }
    }
    // Matching braces and whether each `{` has a top-level comma.
    let n = atoms.len();
    let mut close = vec![usize::MAX; n];
    let mut comma = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    for (i, a) in atoms.iter().enumerate() {
        match a {
            Atom::Ch('{') => stack.push(i),
            Atom::Ch('}') => {
                if let Some(o) = stack.pop() {
                    close[o] = i;
                }
            }
            Atom::Ch(',') => {
                if let Some(&o) = stack.last() {
                    comma[o] = true;
                }
            }
            _ => {}
        }
    }
    let mut atoms: Vec<Option<Atom>> = atoms.into_iter().map(Some).collect();
    let ctx = Ctx {
        close: &close,
        comma: &comma,
    };
    let mut out = Parts::default();
    build(&mut atoms, 0, n, &ctx, &mut out, p)?;
    *parts = out.0;
    Ok(())
}

struct Ctx<'c> {
    close: &'c [usize],
    comma: &'c [bool],
}

#[allow(clippy::many_single_char_names)]
fn build(
    atoms: &mut [Option<Atom>],
    from: usize,
    to: usize,
    ctx: &Ctx<'_>,
    out: &mut Parts,
    parser: &mut Parser<'_>,
) -> Result<(), ParseError> {
    let p = parser;
    let mut i = from;
    while i < to {
        if matches!(atoms[i], Some(Atom::Ch('{'))) {
            let c = ctx.close[i];
            if c != usize::MAX && c < to {
                if ctx.comma[i] {
                    p.enter()?;
                    let mut alts = Vec::new();
                    let mut s = i + 1;
                    let mut k = i + 1;
                    while k <= c {
                        if k == c || matches!(atoms[k], Some(Atom::Ch(','))) {
                            let mut w = Parts::default();
                            build(atoms, s, k, ctx, &mut w, p)?;
                            alts.push(Word {
                                parts: w.0,
                                span: crate::ast::Span::default(),
                            });
                            s = k + 1;
                        }
                        if k < c && matches!(atoms[k], Some(Atom::Ch('{'))) && ctx.close[k] < c {
                            k = ctx.close[k];
                        } else {
                            k += 1;
                        }
                    }
                    p.leave();
                    out.push(WordPart::Brace(Box::new(BraceExpansion::List(alts))));
                    i = c + 1;
                    continue;
                }
                if let Some(seq) = sequence(&atoms[i + 1..c]) {
                    out.push(WordPart::Brace(Box::new(seq)));
                    i = c + 1;
                    continue;
                }
            }
        }
        match atoms[i].take() {
            Some(Atom::Ch(ch)) => out.ch(ch),
            Some(Atom::Part(part)) => out.push(part),
            None => {}
        }
        i += 1;
    }
    Ok(())
}

// Nested brace pairs are skipped while splitting, so every comma seen
// there belongs to the outer brace.
fn sequence(inner: &[Option<Atom>]) -> Option<BraceExpansion> {
    if inner.len() > 64 {
        return None;
    }
    let mut s = String::new();
    for a in inner {
        match a {
            Some(Atom::Ch(c)) => s.push(*c),
            _ => return None,
        }
    }
    let pieces: Vec<&str> = s.split("..").collect();
    if !(pieces.len() == 2 || pieces.len() == 3) {
        return None;
    }
    let int = |t: &str| {
        let d = t.strip_prefix(['-', '+']).unwrap_or(t);
        !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit())
    };
    let chr = |t: &str| t.len() == 1 && t.as_bytes()[0].is_ascii_alphabetic();
    let (a, b) = (pieces[0], pieces[1]);
    if !((int(a) && int(b)) || (chr(a) && chr(b))) {
        return None;
    }
    if pieces.len() == 3 && !int(pieces[2]) {
        return None;
    }
    Some(BraceExpansion::Sequence {
        start: a.to_string(),
        end: b.to_string(),
        step: pieces.get(2).map(|s| (*s).to_string()),
    })
}
