//! The matching engine: carries the set of text positions each pattern
//! element can reach ([`PosSet`]) through a sequence of elements.
//!
//! Every element maps a set of start positions to the union of the ends
//! reachable from each, so a sequence is matched in one pass over its
//! elements, whatever the number of starts. An extended pattern's
//! alternatives are matched from one start at a time where the operator
//! needs it (`*(..)` `+(..)` repeat them, `!(..)` complements them); those
//! end sets are memoized by (alternatives, start) so that nested
//! repetitions compute each one once, which keeps the whole match
//! polynomial. Work is counted against a [`Budget`].

use std::collections::HashMap;
use std::rc::Rc;

use super::Elem;
use super::budget::Budget;
use super::posset::PosSet;
use crate::limits::Interrupt;

/// Most bytes of position sets memoized by one matcher (about 32 MB);
/// past it, end sets are recomputed (still counted against the budget).
const MEMO_LIMIT: usize = 32 << 20;

/// Memoized end sets by (alternatives' address, start position).
type Memo = HashMap<(usize, usize), Rc<PosSet>>;

/// Matching state for one pattern over one text.
pub(crate) struct Matcher<'t> {
    text: &'t [char],
    nocase: bool,
    /// The end positions of an extended pattern's alternatives from one
    /// start, by (alternatives' address, start): nested `*(...)` would
    /// otherwise recompute them once per enclosing repetition, which made
    /// `*(*(*(*(*(*)?)))))` take 13 s on 80 characters (fuzz target
    /// `pattern`).
    memo: Memo,
    /// Bytes held by `memo`, bounded by [`MEMO_LIMIT`].
    memo_bytes: usize,
}

type Res<T> = Result<T, Interrupt>;

impl<'t> Matcher<'t> {
    /// A matcher over `text`.
    pub(crate) fn new(text: &'t [char], nocase: bool) -> Matcher<'t> {
        Matcher {
            text,
            nocase,
            memo: HashMap::new(),
            memo_bytes: 0,
        }
    }

    /// Number of positions of a set over the text.
    pub(crate) fn positions(&self) -> usize {
        self.text.len() + 1
    }

    fn eq(&self, a: char, b: char) -> bool {
        a == b || (self.nocase && a.to_lowercase().eq(b.to_lowercase()))
    }

    /// The cost in steps of one pass over `set`'s words.
    fn pass_cost(set: &PosSet) -> usize {
        set.word_count() - set.lo().min(set.word_count())
    }

    /// Advance the position set through a sequence of elements: the ends
    /// of every match of `elems` starting in `set`.
    pub(crate) fn seq(&mut self, elems: &[Elem], mut set: PosSet, b: &mut Budget) -> Res<PosSet> {
        for e in elems {
            b.spend(Self::pass_cost(&set))?;
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
        let key = (alts.as_ptr() as usize, start);
        if let Some(r) = self.memo.get(&key) {
            return Ok(r.clone());
        }
        let out = Rc::new(self.alts(alts, PosSet::single(self.positions(), start), b)?);
        let bytes = out.word_count() * 8 + 64;
        if self.memo_bytes + bytes <= MEMO_LIMIT {
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
            '*' | '+' => self.closure(op == '*', alts, set, b),
            _ => {
                // '!': any text from a start that matches none of the
                // alternatives from that start.
                let mut out = PosSet::empty(set.len());
                for p in set.iter() {
                    let r = self.one(alts, p, b)?;
                    out.union_complement_from(&r, p);
                    b.spend(Self::pass_cost(&out))?;
                }
                Ok(out)
            }
        }
    }

    /// `*(alts)` (with `zero`) or `+(alts)` from every start in `set` at
    /// once: the ends of one or more alternatives in a row, found by
    /// repeating the alternatives from each newly reached position. The
    /// union over all starts is what the caller needs, so each position
    /// is expanded once however many starts reach it.
    fn closure(
        &mut self,
        zero: bool,
        alts: &[Vec<Elem>],
        set: &PosSet,
        b: &mut Budget,
    ) -> Res<PosSet> {
        let len = set.len();
        let mut reach = if zero {
            set.clone()
        } else {
            PosSet::empty(len)
        };
        let mut seen = set.clone();
        let mut stack: Vec<usize> = set.iter().collect();
        b.spend(stack.len())?;
        let mut fresh = PosSet::empty(len);
        while let Some(q) = stack.pop() {
            let r = self.one(alts, q, b)?;
            reach.union_with(&r);
            seen.union_new(&r, &mut fresh);
            b.spend(2 * Self::pass_cost(&r))?;
            let before = stack.len();
            stack.extend(fresh.iter());
            b.spend(stack.len() - before)?;
            fresh.clear();
        }
        Ok(reach)
    }
}
