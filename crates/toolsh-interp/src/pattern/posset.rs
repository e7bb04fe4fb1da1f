//! Sets of text positions as bitsets of 64-bit words.
//!
//! A set over a text of `n` characters holds positions `0..=n` (the
//! boundaries between characters). Every set the matcher builds from a
//! start position `p` holds only positions `>= p`, so each set remembers
//! the first word that may be non-zero (`lo`) and operations skip the
//! words before it: matching from one start costs the words from that
//! start to the end, not the whole text.

use smallvec::SmallVec;

/// Words held inline: texts of up to 127 characters need no allocation.
type Words = SmallVec<[u64; 2]>;

/// A set of positions `0..len`.
#[derive(Clone, Debug)]
pub struct PosSet {
    words: Words,
    /// Number of positions (text length + 1).
    len: usize,
    /// Words before this index are zero (a lower bound kept by every
    /// operation; it may lag behind the first non-zero word).
    lo: usize,
}

impl PartialEq for PosSet {
    fn eq(&self, other: &PosSet) -> bool {
        self.len == other.len && self.words == other.words
    }
}

impl Eq for PosSet {}

impl PosSet {
    /// The empty set over `len` positions.
    pub(crate) fn empty(len: usize) -> PosSet {
        let n = len.div_ceil(64);
        PosSet {
            words: SmallVec::from_elem(0, n),
            len,
            lo: n,
        }
    }

    /// `{p}` over `len` positions.
    pub(crate) fn single(len: usize, p: usize) -> PosSet {
        let mut s = PosSet::empty(len);
        s.insert(p);
        s
    }

    /// Every position `>= from`.
    pub(crate) fn from_to_end(len: usize, from: usize) -> PosSet {
        let mut s = PosSet::empty(len);
        s.fill_from(from);
        s
    }

    /// Number of positions the set ranges over (text length + 1).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Index of the first word that may be non-zero.
    pub(crate) fn lo(&self) -> usize {
        self.lo
    }

    /// Number of words.
    pub(crate) fn word_count(&self) -> usize {
        self.words.len()
    }

    /// `true` when position `p` is in the set.
    pub fn contains(&self, p: usize) -> bool {
        p < self.len && self.words[p / 64] & (1 << (p % 64)) != 0
    }

    /// Add position `p` (`p < len`).
    pub(crate) fn insert(&mut self, p: usize) {
        let w = p / 64;
        self.words[w] |= 1 << (p % 64);
        self.lo = self.lo.min(w);
    }

    /// Remove every position.
    pub(crate) fn clear(&mut self) {
        let lo = self.lo.min(self.words.len());
        for w in &mut self.words[lo..] {
            *w = 0;
        }
        self.lo = self.words.len();
    }

    /// Add every position from `from` to the end.
    pub(crate) fn fill_from(&mut self, from: usize) {
        if from >= self.len {
            return;
        }
        let w = from / 64;
        self.words[w] |= u64::MAX << (from % 64);
        for x in &mut self.words[w + 1..] {
            *x = u64::MAX;
        }
        self.trim_last();
        self.lo = self.lo.min(w);
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
        self.words[self.lo..].iter().all(|&w| w == 0)
    }

    /// The smallest position in the set.
    pub fn first(&self) -> Option<usize> {
        self.words[self.lo..]
            .iter()
            .position(|&w| w != 0)
            .map(|i| (self.lo + i) * 64 + self.words[self.lo + i].trailing_zeros() as usize)
    }

    /// The largest position in the set.
    pub fn last(&self) -> Option<usize> {
        self.words[self.lo..]
            .iter()
            .rposition(|&w| w != 0)
            .map(|i| (self.lo + i) * 64 + 63 - self.words[self.lo + i].leading_zeros() as usize)
    }

    /// The smallest position `>= from` in the set.
    pub fn next_from(&self, from: usize) -> Option<usize> {
        if from >= self.len {
            return None;
        }
        let mut w = (from / 64).max(self.lo);
        let mut bits = *self.words.get(w)?;
        if w == from / 64 {
            bits &= u64::MAX << (from % 64);
        }
        loop {
            if bits != 0 {
                return Some(w * 64 + bits.trailing_zeros() as usize);
            }
            w += 1;
            bits = *self.words.get(w)?;
        }
    }

    /// The positions in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        let lo = self.lo;
        self.words[lo..]
            .iter()
            .enumerate()
            .flat_map(move |(i, &w)| {
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
    pub(crate) fn union_with(&mut self, other: &PosSet) {
        let lo = other.lo;
        for (d, s) in self.words[lo..].iter_mut().zip(&other.words[lo..]) {
            *d |= *s;
        }
        self.lo = self.lo.min(lo);
    }

    /// Add every position of `other` not in `self` both to `self` and to
    /// `fresh` (which starts empty): the positions `other` newly reached.
    pub(crate) fn union_new(&mut self, other: &PosSet, fresh: &mut PosSet) {
        let lo = other.lo;
        for ((d, s), f) in self.words[lo..]
            .iter_mut()
            .zip(&other.words[lo..])
            .zip(&mut fresh.words[lo..])
        {
            *f = *s & !*d;
            *d |= *s;
        }
        self.lo = self.lo.min(lo);
        fresh.lo = fresh.lo.min(lo);
    }

    /// Add every position from `from` to the end that is not in `other`.
    pub(crate) fn union_complement_from(&mut self, other: &PosSet, from: usize) {
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
        self.lo = self.lo.min(w0);
    }

    /// `{p + 1 : p in self, p < len - 1}`: every position advanced over
    /// one character.
    pub(crate) fn shifted(&self) -> PosSet {
        let mut out = PosSet::empty(self.len);
        let mut carry = 0;
        for w in self.lo..self.words.len() {
            let x = self.words[w];
            out.words[w] = (x << 1) | carry;
            carry = x >> 63;
        }
        out.trim_last();
        out.lo = self.lo;
        out
    }

    /// The positions in reverse: `{len - 1 - p : p in self}` (positions of
    /// a reversed text).
    pub(crate) fn mirrored(&self) -> PosSet {
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
        s.insert(63);
        s.insert(64);
        s.insert(129);
        assert_eq!(s.iter().collect::<Vec<_>>(), [63, 64, 129]);
        assert_eq!((s.first(), s.last()), (Some(63), Some(129)));
        assert_eq!(s.next_from(65), Some(129));
        assert_eq!(s.next_from(130), None);
        // 129 is the last position: it does not advance.
        assert_eq!(s.shifted().iter().collect::<Vec<_>>(), [64, 65]);
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
        assert_eq!(u, {
            let mut x = s.clone();
            x.union_with(&PosSet::single(130, 64));
            x
        });
    }
}
