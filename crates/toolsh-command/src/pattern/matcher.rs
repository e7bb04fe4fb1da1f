//! The matching engine: carries the set of text positions each pattern
//! element can reach ([`PosSet`]) through a sequence of elements.
//!
//! Every element maps a set of start positions to the union of the ends
//! reachable from each, so a sequence is matched in one pass over its
//! elements, whatever the number of starts. An extended pattern's
//! alternatives are matched from one start at a time where the operator
//! needs it (`*(..)` `+(..)` repeat them, `!(..)` complements them); those
//! end sets, and the reach of a repetition from each position, are
//! memoized by (alternatives, start) so that nested repetitions compute
//! each one once, which keeps the whole match polynomial. Work is counted
//! against a [`Budget`].

use std::collections::HashMap;
use std::rc::Rc;

use super::Elem;
use super::budget::Budget;
use super::posset::PosSet;
use crate::limits::Interrupt;

/// Most bytes of position sets memoized by one matcher (about 32 MB);
/// past it, end sets are recomputed (still counted against the budget).
const MEMO_LIMIT: usize = 32 << 20;

/// Memoized sets by (alternatives' address, start position, kind).
type Memo = HashMap<(usize, usize, Kind), Rc<PosSet>, foldhash::fast::RandomState>;

/// What a memoized set holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Kind {
    /// The ends of one alternative from the start.
    Ends,
    /// The positions reachable by zero or more alternatives in a row.
    Reach,
}

/// Matching state for one pattern over one text.
pub struct Matcher<'t> {
    text: &'t [char],
    nocase: bool,
    /// The end positions of an extended pattern's alternatives from one
    /// start and the reach of a repetition from one start, by
    /// (alternatives' address, start, kind): nested `*(...)` would
    /// otherwise recompute them once per enclosing repetition, which made
    /// `*(*(*(*(*(*)?)))))` take 13 s on 80 characters (fuzz target
    /// `pattern`).
    memo: Memo,
    /// Bytes held by `memo`.
    memo_bytes: usize,
    /// Bound on `memo_bytes` ([`MEMO_LIMIT`] but in tests).
    memo_limit: usize,
}

type Res<T> = Result<T, Interrupt>;

/// Steps charged for an operation that allocates a set or looks up the
/// memo, on top of the words it touches (such operations dominate the
/// time of pathological matches: 100,000,000 steps took 0.6-1.2 s on the
/// development machine under load).
const OP: usize = 8;

impl<'t> Matcher<'t> {
    /// A matcher over `text`.
    pub fn new(text: &'t [char], nocase: bool) -> Matcher<'t> {
        Matcher {
            text,
            nocase,
            memo: Memo::default(),
            memo_bytes: 0,
            memo_limit: MEMO_LIMIT,
        }
    }

    /// A matcher whose memo holds at most `bytes` (to test the paths
    /// taken when it is full).
    #[cfg(test)]
    pub fn with_memo_limit(text: &'t [char], nocase: bool, bytes: usize) -> Matcher<'t> {
        Matcher {
            memo_limit: bytes,
            ..Matcher::new(text, nocase)
        }
    }

    /// Number of positions of a set over the text.
    pub fn positions(&self) -> usize {
        self.text.len() + 1
    }

    fn eq(&self, a: char, b: char) -> bool {
        a == b || (self.nocase && a.to_lowercase().eq(b.to_lowercase()))
    }

    /// The cost in steps of one pass over `set`'s words.
    fn pass_cost(set: &PosSet) -> usize {
        set.span()
    }

    /// The cost in steps of a new set like `set` (zeroing its words).
    fn alloc_cost(set: &PosSet) -> usize {
        OP + set.word_count() / 8
    }

    /// Advance the position set through a sequence of elements: the ends
    /// of every match of `elems` starting in `set`.
    pub fn seq(&mut self, elems: &[Elem], mut set: PosSet, b: &mut Budget) -> Res<PosSet> {
        for e in elems {
            b.spend(Self::pass_cost(&set) + Self::alloc_cost(&set))?;
            if set.is_empty() {
                return Ok(set);
            }
            set = match e {
                Elem::Char(c) => self.step_if(&set, |t| self.eq(t, *c), b)?,
                Elem::Class(cls) => self.step_if(&set, |t| cls.matches(t, self.nocase), b)?,
                Elem::Any => set.shifted(),
                Elem::Star => {
                    let first = set.first().expect("set is not empty");
                    PosSet::from_to_end(set.len(), first)
                }
                Elem::Ext(op, alts) => self.ext(*op, alts, &set, b)?,
            };
        }
        Ok(set)
    }

    /// `{p + 1 : p in set, ok(text[p])}`.
    fn step_if(&self, set: &PosSet, ok: impl Fn(char) -> bool, b: &mut Budget) -> Res<PosSet> {
        let mut next = PosSet::empty(set.len());
        let mut tested = 0;
        for p in set.iter() {
            if let Some(&t) = self.text.get(p)
                && ok(t)
            {
                next.insert(p + 1);
            }
            tested += 1;
        }
        b.spend(tested)?;
        Ok(next)
    }

    /// The union of the alternatives' ends from `start` (memoized, see
    /// [`Matcher::memo`]).
    fn one(&mut self, alts: &[Vec<Elem>], start: usize, b: &mut Budget) -> Res<Rc<PosSet>> {
        b.spend(OP)?;
        let key = (alts.as_ptr() as usize, start, Kind::Ends);
        if let Some(r) = self.memo.get(&key) {
            return Ok(r.clone());
        }
        let out = Rc::new(self.alts(alts, PosSet::single(self.positions(), start), b)?);
        let bytes = out.word_count() * 8 + 64;
        if self.memo_bytes + bytes <= self.memo_limit {
            self.memo_bytes += bytes;
            self.memo.insert(key, out.clone());
        }
        Ok(out)
    }

    /// The union of the alternatives' ends from the starts in `set`.
    fn alts(&mut self, alts: &[Vec<Elem>], set: PosSet, b: &mut Budget) -> Res<PosSet> {
        let Some((last, rest)) = alts.split_last() else {
            return Ok(PosSet::empty(set.len()));
        };
        let mut out = PosSet::empty(set.len());
        for alt in rest {
            let r = self.seq(alt, set.clone(), b)?;
            out.union_with(&r);
        }
        let r = self.seq(last, set, b)?;
        out.union_with(&r);
        Ok(out)
    }

    fn ext(&mut self, op: char, alts: &[Vec<Elem>], set: &PosSet, b: &mut Budget) -> Res<PosSet> {
        match op {
            '@' => self.alts(alts, set.clone(), b),
            '?' => {
                let mut out = self.alts(alts, set.clone(), b)?;
                out.union_with(set);
                Ok(out)
            }
            '*' => self.closure(alts, set, b),
            '+' => {
                // One alternative, then zero or more.
                let once = self.alts(alts, set.clone(), b)?;
                self.closure(alts, &once, b)
            }
            _ => {
                // '!': any text from a start that matches none of the
                // alternatives from that start.
                let mut out = PosSet::empty(set.len());
                for p in set.iter() {
                    let r = self.one(alts, p, b)?;
                    out.union_complement_from(&r, p);
                    b.spend(OP + Self::pass_cost(&out))?;
                }
                Ok(out)
            }
        }
    }

    /// `*(alts)` from every start in `set` at once: the positions
    /// reachable by zero or more alternatives in a row. The union over
    /// all starts is what the caller needs, so a start already reached
    /// from an earlier one adds nothing and is skipped.
    fn closure(&mut self, alts: &[Vec<Elem>], set: &PosSet, b: &mut Budget) -> Res<PosSet> {
        // Memoizing the reach of every position takes a set per position;
        // past the memo's room, search from the starts instead.
        let entry = set.word_count() * 8 + 64;
        if self.memo_bytes + entry * set.len() > self.memo_limit {
            return self.closure_search(alts, set, b);
        }
        let mut reach = PosSet::empty(set.len());
        let mut from = 0;
        // The scans advance through `set` once: a step per word.
        b.spend(Self::pass_cost(set))?;
        while let Some(p) = set.next_from_not_in(from, &reach) {
            let r = self.reach_from(alts, p, b)?;
            reach.union_with(&r);
            b.spend(OP + Self::pass_cost(&r))?;
            from = p + 1;
        }
        Ok(reach)
    }

    /// The positions reachable from `start` by zero or more alternatives
    /// in a row (memoized).
    /// The reach of `p` is `p` plus the reach of each end of one
    /// alternative from `p`, skipping ends already covered (an end inside
    /// another end's reach has a reach inside it too). Computed with an
    /// explicit stack: a chain of reaches can be as long as the text.
    fn reach_from(&mut self, alts: &[Vec<Elem>], start: usize, b: &mut Budget) -> Res<Rc<PosSet>> {
        struct Frame {
            p: usize,
            ends: Rc<PosSet>,
            acc: PosSet,
            next: usize,
        }
        let id = alts.as_ptr() as usize;
        if let Some(r) = self.memo.get(&(id, start, Kind::Reach)) {
            return Ok(r.clone());
        }
        let len = self.positions();
        let frame = |m: &mut Self, p: usize, b: &mut Budget| -> Res<Frame> {
            Ok(Frame {
                p,
                ends: m.one(alts, p, b)?,
                acc: PosSet::single(len, p),
                next: p,
            })
        };
        let mut stack = vec![frame(self, start, b)?];
        loop {
            let top = stack.last_mut().expect("a frame");
            // The scans advance through each frame's ends once.
            b.spend(OP)?;
            if let Some(q) = top.ends.next_from_not_in(top.next, &top.acc) {
                top.next = q + 1;
                if let Some(r) = self.memo.get(&(id, q, Kind::Reach)) {
                    top.acc.union_with(r);
                    b.spend(Self::pass_cost(r))?;
                } else {
                    let f = frame(self, q, b)?;
                    stack.push(f);
                }
                continue;
            }
            let done = stack.pop().expect("a frame");
            b.spend(Self::pass_cost(&done.ends) + Self::alloc_cost(&done.ends))?;
            let r = Rc::new(done.acc);
            let bytes = r.word_count() * 8 + 64;
            if self.memo_bytes + bytes <= self.memo_limit {
                self.memo_bytes += bytes;
                self.memo.insert((id, done.p, Kind::Reach), r.clone());
            }
            match stack.last_mut() {
                Some(parent) => {
                    parent.acc.union_with(&r);
                    b.spend(Self::pass_cost(&r))?;
                }
                None => return Ok(r),
            }
        }
    }

    /// [`Matcher::closure`] without the per-position memo: repeat the
    /// alternatives from each newly reached position, each position
    /// expanded once however many starts reach it.
    fn closure_search(&mut self, alts: &[Vec<Elem>], set: &PosSet, b: &mut Budget) -> Res<PosSet> {
        let len = set.len();
        let mut reach = set.clone();
        let mut seen = set.clone();
        let mut stack: Vec<usize> = set.iter().collect();
        b.spend(stack.len())?;
        let mut fresh = PosSet::empty(len);
        while let Some(q) = stack.pop() {
            let r = self.one(alts, q, b)?;
            reach.union_with(&r);
            seen.union_new(&r, &mut fresh);
            b.spend(OP + 2 * Self::pass_cost(&r))?;
            let before = stack.len();
            stack.extend(fresh.iter());
            b.spend(stack.len() - before)?;
            fresh.clear();
        }
        Ok(reach)
    }
}
