//! Sets of text positions as bitsets of 64-bit words.
//!
//! A set over a text of `n` characters holds positions `0..=n` (the
//! boundaries between characters). Each set keeps the range of words that
//! may be non-zero (`lo..hi`) and operations touch only that range: the
//! sets built while matching from one start hold positions near it, so
//! their operations cost a few words, not the whole text.

use smallvec::SmallVec;

/// Words held inline: texts of up to 127 characters need no allocation.
type Words = SmallVec<[u64; 2]>;

/// A set of positions `0..len`.
#[derive(Clone, Debug)]
pub struct PosSet {
    words: Words,
    /// Number of positions (text length + 1).
    len: usize,
    /// Words outside `lo..hi` are zero (bounds kept by every operation;
    /// they may be wider than the non-zero words). `lo >= hi` when empty.
    lo: usize,
    hi: usize,
}

impl PartialEq for PosSet {
    fn eq(&self, other: &PosSet) -> bool {
        self.len == other.len && self.words == other.words
    }
}

impl Eq for PosSet {}

impl PosSet {
    /// The empty set over `len` positions.
    pub fn empty(len: usize) -> PosSet {
        let n = len.div_ceil(64);
        PosSet {
            words: SmallVec::from_elem(0, n),
            len,
            lo: n,
            hi: 0,
        }
    }

    /// `{p}` over `len` positions.
    pub fn single(len: usize, p: usize) -> PosSet {
        let mut s = PosSet::empty(len);
        s.insert(p);
        s
    }

    /// Every position `>= from`.
    pub fn from_to_end(len: usize, from: usize) -> PosSet {
        let mut s = PosSet::empty(len);
        s.fill_from(from);
        s
    }

    /// Number of positions the set ranges over (text length + 1).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Number of words that may be non-zero (the cost of a pass).
    pub fn span(&self) -> usize {
        self.hi.saturating_sub(self.lo)
    }

    /// Number of words.
    pub fn word_count(&self) -> usize {
        self.words.len()
    }

    /// The words that may be non-zero, with the index of the first.
    fn live(&self) -> (usize, &[u64]) {
        if self.lo >= self.hi {
            (0, &[])
        } else {
            (self.lo, &self.words[self.lo..self.hi])
        }
    }

    /// Widen the live range to cover words `lo..hi`.
    fn widen(&mut self, lo: usize, hi: usize) {
        if lo < hi {
            self.lo = self.lo.min(lo);
            self.hi = self.hi.max(hi);
        }
    }

    /// `true` when position `p` is in the set.
    pub fn contains(&self, p: usize) -> bool {
        p < self.len && self.words[p / 64] & (1 << (p % 64)) != 0
    }

    /// Add position `p` (`p < len`).
    pub fn insert(&mut self, p: usize) {
        let w = p / 64;
        self.words[w] |= 1 << (p % 64);
        self.widen(w, w + 1);
    }

    /// Remove every position.
    pub fn clear(&mut self) {
        if self.lo < self.hi {
            for w in &mut self.words[self.lo..self.hi] {
                *w = 0;
            }
        }
        self.lo = self.words.len();
        self.hi = 0;
    }

    /// Add every position from `from` to the end.
    pub fn fill_from(&mut self, from: usize) {
        if from >= self.len {
            return;
        }
        let w = from / 64;
        self.words[w] |= u64::MAX << (from % 64);
        for x in &mut self.words[w + 1..] {
            *x = u64::MAX;
        }
        self.trim_last();
        let n = self.words.len();
        self.widen(w, n);
    }

    /// Clear the bits past `len` in the last word.
    fn trim_last(&mut self) {
        let extra = self.words.len() * 64 - self.len;
        if extra > 0
            && let Some(last) = self.words.last_mut()
        {
            *last &= u64::MAX >> extra;
        }
    }

    /// `true` when no position is in the set.
    pub fn is_empty(&self) -> bool {
        self.live().1.iter().all(|&w| w == 0)
    }

    /// The smallest position in the set.
    pub fn first(&self) -> Option<usize> {
        let (lo, words) = self.live();
        let i = words.iter().position(|&w| w != 0)?;
        Some((lo + i) * 64 + words[i].trailing_zeros() as usize)
    }

    /// The largest position in the set.
    pub fn last(&self) -> Option<usize> {
        let (lo, words) = self.live();
        let i = words.iter().rposition(|&w| w != 0)?;
        Some((lo + i) * 64 + 63 - words[i].leading_zeros() as usize)
    }

    /// The smallest position `>= from` in the set.
    pub fn next_from(&self, from: usize) -> Option<usize> {
        self.next_masked(from, None)
    }

    /// The smallest position `>= from` in the set and not in `other`.
    pub fn next_from_not_in(&self, from: usize, other: &PosSet) -> Option<usize> {
        self.next_masked(from, Some(other))
    }

    fn next_masked(&self, from: usize, other: Option<&PosSet>) -> Option<usize> {
        if from >= self.len {
            return None;
        }
        let first = from / 64;
        for w in first.max(self.lo)..self.hi {
            let mut bits = self.words[w];
            if let Some(o) = other {
                bits &= !o.words[w];
            }
            if w == first {
                bits &= u64::MAX << (from % 64);
            }
            if bits != 0 {
                return Some(w * 64 + bits.trailing_zeros() as usize);
            }
        }
        None
    }

    /// The positions in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        let (lo, words) = self.live();
        words.iter().enumerate().flat_map(move |(i, &w)| {
            let base = (lo + i) * 64;
            let mut bits = w;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let t = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(base + t)
            })
        })
    }

    /// Add every position of `other` (same `len`).
    pub fn union_with(&mut self, other: &PosSet) {
        let (lo, words) = other.live();
        for (d, s) in self.words[lo..].iter_mut().zip(words) {
            *d |= *s;
        }
        self.widen(lo, lo + words.len());
    }

    /// Add every position of `other` not in `self` both to `self` and to
    /// `fresh` (which starts empty): the positions `other` newly reached.
    pub fn union_new(&mut self, other: &PosSet, fresh: &mut PosSet) {
        let (lo, words) = other.live();
        for ((d, s), f) in self.words[lo..]
            .iter_mut()
            .zip(words)
            .zip(&mut fresh.words[lo..])
        {
            *f = *s & !*d;
            *d |= *s;
        }
        self.widen(lo, lo + words.len());
        fresh.widen(lo, lo + words.len());
    }

    /// Add every position from `from` to the end that is not in `other`.
    pub fn union_complement_from(&mut self, other: &PosSet, from: usize) {
        if from >= self.len {
            return;
        }
        let w0 = from / 64;
        for w in w0..self.words.len() {
            let mut bits = !other.words[w];
            if w == w0 {
                bits &= u64::MAX << (from % 64);
            }
            self.words[w] |= bits;
        }
        self.trim_last();
        let n = self.words.len();
        self.widen(w0, n);
    }

    /// `{p + 1 : p in self, p < len - 1}`: every position advanced over
    /// one character.
    pub fn shifted(&self) -> PosSet {
        let mut out = PosSet::empty(self.len);
        let (lo, words) = self.live();
        let mut carry = 0;
        for (i, &x) in words.iter().enumerate() {
            out.words[lo + i] = (x << 1) | carry;
            carry = x >> 63;
        }
        let mut hi = lo + words.len();
        if carry != 0 && hi < out.words.len() {
            out.words[hi] = carry;
            hi += 1;
        }
        out.trim_last();
        out.widen(lo, hi);
        out
    }

    /// The positions in reverse: `{len - 1 - p : p in self}` (positions of
    /// a reversed text).
    pub fn mirrored(&self) -> PosSet {
        let mut out = PosSet::empty(self.len);
        for p in self.iter() {
            out.insert(self.len - 1 - p);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::PosSet;

    #[test]
    fn set_operations_cross_word_boundaries() {
        let mut s = PosSet::empty(130);
        assert!(s.is_empty());
        assert_eq!((s.first(), s.last(), s.next_from(0)), (None, None, None));
        s.insert(63);
        s.insert(64);
        s.insert(129);
        assert_eq!(s.iter().collect::<Vec<_>>(), [63, 64, 129]);
        assert_eq!((s.first(), s.last()), (Some(63), Some(129)));
        assert_eq!(s.next_from(65), Some(129));
        assert_eq!(s.next_from(130), None);
        // 129 is the last position: it does not advance.
        assert_eq!(s.shifted().iter().collect::<Vec<_>>(), [64, 65]);
        // A carry into a word outside the live range.
        assert_eq!(
            PosSet::single(130, 63).shifted().iter().collect::<Vec<_>>(),
            [64]
        );
        let f = PosSet::from_to_end(130, 127);
        assert_eq!(f.iter().collect::<Vec<_>>(), [127, 128, 129]);
        let mut c = PosSet::empty(130);
        c.union_complement_from(&s, 120);
        assert_eq!(c.iter().count(), 9);
        assert!(!c.contains(129));
        assert_eq!(s.mirrored().iter().collect::<Vec<_>>(), [0, 65, 66]);
        let mut fresh = PosSet::empty(130);
        let mut u = PosSet::single(130, 64);
        u.union_new(&s, &mut fresh);
        assert_eq!(fresh.iter().collect::<Vec<_>>(), [63, 129]);
        assert_eq!(s.next_from_not_in(0, &PosSet::single(130, 63)), Some(64));
        assert_eq!(u, {
            let mut x = s.clone();
            x.union_with(&PosSet::single(130, 64));
            x
        });
        fresh.clear();
        assert!(fresh.is_empty());
        assert_eq!(fresh.iter().count(), 0);
    }
}
