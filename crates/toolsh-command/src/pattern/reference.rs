//! Reference matchers for the tests: the position-table matcher this
//! module used before the bitset engine (same answers, one `Vec<bool>`
//! per set and a search per start), and a plain backtracking matcher
//! that follows the definitions of bash manual 3.5.8.1 literally
//! (exponential; for short patterns and texts only).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use super::Elem;

/// The previous engine: positions `e` such that `text[start..e]` matches.
pub(super) fn table_ends(elems: &[Elem], text: &[char], nocase: bool, start: usize) -> Vec<bool> {
    let mut set = vec![false; text.len() + 1];
    set[start] = true;
    let m = Matcher {
        text,
        nocase,
        memo: RefCell::default(),
        memo_size: Cell::new(0),
    };
    m.seq(elems, set)
}

struct Matcher<'t> {
    text: &'t [char],
    nocase: bool,
    memo: RefCell<Memo>,
    memo_size: Cell<usize>,
}

type Memo = HashMap<(usize, usize), Rc<[bool]>>;

const MEMO_LIMIT: usize = 32 << 20;

impl Matcher<'_> {
    fn eq(&self, a: char, b: char) -> bool {
        a == b || (self.nocase && a.to_lowercase().eq(b.to_lowercase()))
    }

    /// Advance the position set through a sequence of elements.
    fn seq(&self, elems: &[Elem], mut set: Vec<bool>) -> Vec<bool> {
        let n = self.text.len();
        for e in elems {
            if !set.iter().any(|&b| b) {
                return set;
            }
            let mut next = vec![false; n + 1];
            match e {
                Elem::Char(c) => {
                    for p in 0..n {
                        if set[p] && self.eq(self.text[p], *c) {
                            next[p + 1] = true;
                        }
                    }
                }
                Elem::Any => {
                    for p in 0..n {
                        if set[p] {
                            next[p + 1] = true;
                        }
                    }
                }
                Elem::Class(cls) => {
                    for p in 0..n {
                        if set[p] && cls.matches(self.text[p], self.nocase) {
                            next[p + 1] = true;
                        }
                    }
                }
                Elem::Star => {
                    if let Some(first) = set.iter().position(|&b| b) {
                        for b in &mut next[first..] {
                            *b = true;
                        }
                    }
                }
                Elem::Ext(op, alts) => self.ext(*op, alts, &set, &mut next),
            }
            set = next;
        }
        set
    }

    /// Positions reachable from `p` by matching one alternative
    /// (memoized, see [`Matcher::memo`]).
    fn one(&self, alts: &[Vec<Elem>], p: usize) -> Rc<[bool]> {
        let key = (alts.as_ptr() as usize, p);
        if let Some(r) = self.memo.borrow().get(&key) {
            return r.clone();
        }
        let n = self.text.len();
        let mut out = vec![false; n + 1];
        for alt in alts {
            let mut start = vec![false; n + 1];
            start[p] = true;
            let r = self.seq(alt, start);
            for (o, x) in out.iter_mut().zip(r) {
                *o |= x;
            }
        }
        let out: Rc<[bool]> = out.into();
        let size = self.memo_size.get() + out.len();
        if size <= MEMO_LIMIT {
            self.memo_size.set(size);
            self.memo.borrow_mut().insert(key, out.clone());
        }
        out
    }

    fn ext(&self, op: char, alts: &[Vec<Elem>], set: &[bool], next: &mut [bool]) {
        let n = self.text.len();
        for p in 0..=n {
            if !set[p] {
                continue;
            }
            match op {
                '@' => or_into(next, &self.one(alts, p)),
                '?' => {
                    next[p] = true;
                    or_into(next, &self.one(alts, p));
                }
                '*' | '+' => {
                    // Closure: repeat one alternative while it advances.
                    let mut reach = vec![false; n + 1];
                    let mut frontier = vec![p];
                    let mut seen = vec![false; n + 1];
                    seen[p] = true;
                    if op == '*' {
                        reach[p] = true;
                    }
                    while let Some(q) = frontier.pop() {
                        let r = self.one(alts, q);
                        for (e, &hit) in r.iter().enumerate() {
                            if hit {
                                reach[e] = true;
                                if !seen[e] {
                                    seen[e] = true;
                                    frontier.push(e);
                                }
                            }
                        }
                    }
                    or_into(next, &reach);
                }
                _ => {
                    // '!': any text that matches none of the alternatives.
                    let r = self.one(alts, p);
                    for e in p..=n {
                        if !r[e] {
                            next[e] = true;
                        }
                    }
                }
            }
        }
    }
}

fn or_into(dst: &mut [bool], src: &[bool]) {
    for (d, s) in dst.iter_mut().zip(src) {
        *d |= *s;
    }
}

/// `true` when the whole of `text` matches `elems`, by trying every way
/// to split the text between the elements.
pub(super) fn backtrack(elems: &[Elem], text: &[char], nocase: bool) -> bool {
    let eq = |a: char, b: char| a == b || (nocase && a.to_lowercase().eq(b.to_lowercase()));
    let Some((e, rest)) = elems.split_first() else {
        return text.is_empty();
    };
    match e {
        Elem::Char(c) => !text.is_empty() && eq(text[0], *c) && backtrack(rest, &text[1..], nocase),
        Elem::Any => !text.is_empty() && backtrack(rest, &text[1..], nocase),
        Elem::Class(cls) => {
            !text.is_empty() && cls.matches(text[0], nocase) && backtrack(rest, &text[1..], nocase)
        }
        Elem::Star => (0..=text.len()).any(|k| backtrack(rest, &text[k..], nocase)),
        Elem::Ext(op, alts) => (0..=text.len()).any(|k| {
            ext_matches(*op, alts, &text[..k], nocase) && backtrack(rest, &text[k..], nocase)
        }),
    }
}

/// `true` when `piece` matches the extended pattern `op(alts)`.
fn ext_matches(op: char, alts: &[Vec<Elem>], piece: &[char], nocase: bool) -> bool {
    let any = |t: &[char]| alts.iter().any(|a| backtrack(a, t, nocase));
    match op {
        '@' => any(piece),
        '?' => piece.is_empty() || any(piece),
        '!' => !any(piece),
        '*' => star(alts, piece, nocase),
        _ => (0..=piece.len()).any(|k| any(&piece[..k]) && star(alts, &piece[k..], nocase)),
    }
}

/// Zero or more alternatives in a row cover `piece`.
fn star(alts: &[Vec<Elem>], piece: &[char], nocase: bool) -> bool {
    piece.is_empty()
        || (1..=piece.len()).any(|k| {
            alts.iter().any(|a| backtrack(a, &piece[..k], nocase))
                && star(alts, &piece[k..], nocase)
        })
}
