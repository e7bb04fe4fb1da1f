//! Associative arrays with bash 5.2's iteration order.
//!
//! bash stores associative arrays in its own hash table (hashlib.c):
//! 1,024 buckets chosen by the FNV-1 hash of the key, new entries pushed at
//! the head of their bucket, iteration bucket by bucket, and the table
//! quadrupled (re-inserting entries bucket by bucket) once it holds twice as
//! many entries as buckets. Reproducing that table gives the same order for
//! `${!a[@]}`, `${a[@]}` and `declare -p`.

/// Initial bucket count (bash's `ASSOC_HASH_BUCKETS`).
const INITIAL_BUCKETS: usize = 1024;

/// bash's `hash_string`: 32-bit FNV-1.
fn fnv1(key: &str) -> u32 {
    let mut h: u32 = 2_166_136_261;
    for b in key.bytes() {
        h = h.wrapping_mul(16_777_619);
        h ^= u32::from(b);
    }
    h
}

/// An associative array.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct AssocArray {
    buckets: Vec<Vec<(String, String)>>,
    len: usize,
}

impl AssocArray {
    /// Number of entries.
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` when empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn bucket(&self, key: &str) -> usize {
        (fnv1(key) as usize) & (self.buckets.len() - 1)
    }

    /// The value of `key`.
    pub fn get(&self, key: &str) -> Option<&str> {
        if self.buckets.is_empty() {
            return None;
        }
        self.buckets[self.bucket(key)]
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// A mutable reference to the value of `key`.
    pub fn get_mut(&mut self, key: &str) -> Option<&mut String> {
        if self.buckets.is_empty() {
            return None;
        }
        let b = self.bucket(key);
        self.buckets[b]
            .iter_mut()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
    }

    /// Insert or replace.
    pub fn insert(&mut self, key: String, value: String) {
        if let Some(v) = self.get_mut(&key) {
            *v = value;
            return;
        }
        if self.buckets.is_empty() {
            self.buckets = vec![Vec::new(); INITIAL_BUCKETS];
        } else if self.len >= self.buckets.len() * 2 {
            self.grow();
        }
        let b = self.bucket(&key);
        self.buckets[b].insert(0, (key, value));
        self.len += 1;
    }

    fn grow(&mut self) {
        let n = self.buckets.len() * 4;
        let old = std::mem::replace(&mut self.buckets, vec![Vec::new(); n]);
        for chain in old {
            for (k, v) in chain {
                let b = self.bucket(&k);
                self.buckets[b].insert(0, (k, v));
            }
        }
    }

    /// Remove `key`; returns the old value.
    pub fn remove(&mut self, key: &str) -> Option<String> {
        if self.buckets.is_empty() {
            return None;
        }
        let b = self.bucket(key);
        let pos = self.buckets[b].iter().position(|(k, _)| k == key)?;
        self.len -= 1;
        Some(self.buckets[b].remove(pos).1)
    }

    /// Entries in bash's order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.buckets
            .iter()
            .flat_map(|c| c.iter().map(|(k, v)| (k.as_str(), v.as_str())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_matches_bash() {
        // bash 5.2: declare -A a=([x]=1 [y]=2 [z]=3 [foo]=4 [bar]=5 [a1]=6); echo ${!a[@]}
        let mut a = AssocArray::default();
        for k in ["x", "y", "z", "foo", "bar", "a1"] {
            a.insert(k.into(), "1".into());
        }
        let keys: Vec<&str> = a.iter().map(|(k, _)| k).collect();
        assert_eq!(keys, ["z", "y", "x", "a1", "foo", "bar"]);
    }

    #[test]
    fn order_after_growth_matches_bash() {
        // bash 5.2: for i in $(seq 1 3000); do a[k$i]=1; done; echo ${!a[@]} | head
        let mut a = AssocArray::default();
        for i in 1..=3000 {
            a.insert(format!("k{i}"), String::new());
        }
        let keys: Vec<&str> = a.iter().map(|(k, _)| k).take(5).collect();
        assert_eq!(keys, ["k1698", "k1699", "k1696", "k1697", "k1694"]);
        assert_eq!(a.len(), 3000);
        assert_eq!(a.remove("k5"), Some(String::new()));
        assert_eq!(a.get("k5"), None);
    }
}
