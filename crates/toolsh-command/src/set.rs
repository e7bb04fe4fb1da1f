//! A named set of utilities: what a host hands the shell.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;

use crate::utility::Utility;

/// Utilities by name, cheap to clone (one shared table).
///
/// The interpreter has no utilities of its own: a host builds a set (for
/// the standard one, `toolsh_utils::standard()`), leaves out what it does
/// not want ([`UtilitySet::without`]) and gives it to the shell builder. A
/// later insert of a name replaces the earlier one.
///
/// ```
/// use toolsh_command::UtilitySet;
/// let set = UtilitySet::new();
/// assert!(set.is_empty());
/// assert!(set.get("jq").is_none());
/// ```
#[derive(Clone, Default)]
pub struct UtilitySet {
    table: Arc<HashMap<String, Arc<dyn Utility>, foldhash::fast::RandomState>>,
}

impl UtilitySet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// The set with `utility` added (replacing one of the same name).
    #[must_use]
    pub fn with(mut self, utility: Arc<dyn Utility>) -> Self {
        Arc::make_mut(&mut self.table).insert(utility.name().to_string(), utility);
        self
    }

    /// The set with every utility of `other` added (replacing ones of the
    /// same name).
    #[must_use]
    pub fn union(mut self, other: &UtilitySet) -> Self {
        let table = Arc::make_mut(&mut self.table);
        for (name, u) in other.table.iter() {
            table.insert(name.clone(), u.clone());
        }
        self
    }

    /// The set without the utilities named in `names` (names not in the
    /// set are ignored).
    #[must_use]
    pub fn without<'a>(mut self, names: impl IntoIterator<Item = &'a str>) -> Self {
        let table = Arc::make_mut(&mut self.table);
        for name in names {
            table.remove(name);
        }
        self
    }

    /// The utility called `name`.
    pub fn get(&self, name: &str) -> Option<&Arc<dyn Utility>> {
        self.table.get(name)
    }

    /// `true` when the set has a utility called `name`.
    pub fn contains(&self, name: &str) -> bool {
        self.table.contains_key(name)
    }

    /// The names in the set, sorted.
    pub fn names(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self.table.keys().map(String::as_str).collect();
        v.sort_unstable();
        v
    }

    /// How many utilities the set holds.
    pub fn len(&self) -> usize {
        self.table.len()
    }

    /// `true` when the set is empty.
    pub fn is_empty(&self) -> bool {
        self.table.is_empty()
    }
}

impl FromIterator<Arc<dyn Utility>> for UtilitySet {
    fn from_iter<I: IntoIterator<Item = Arc<dyn Utility>>>(iter: I) -> Self {
        iter.into_iter().fold(Self::new(), Self::with)
    }
}

impl Extend<Arc<dyn Utility>> for UtilitySet {
    fn extend<I: IntoIterator<Item = Arc<dyn Utility>>>(&mut self, iter: I) {
        let table = Arc::make_mut(&mut self.table);
        for u in iter {
            table.insert(u.name().to_string(), u);
        }
    }
}

impl fmt::Debug for UtilitySet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.names()).finish()
    }
}
