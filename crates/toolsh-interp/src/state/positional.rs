//! The positional parameters `$1`... (bash manual 3.4.1 "Positional
//! Parameters"), shared between forked states and shifted in O(1).
//!
//! `shift` (bash manual 4.1) drops from the front; keeping an offset into a
//! shared vector makes it constant-time and copy-free, so a
//! `while [ $# -gt 0 ]; do ...; shift; done` loop stays linear.

use std::ops::Deref;
use std::sync::Arc;

/// `$1`..`$N`: a shared vector and the number of leading items shifted off.
#[derive(Debug, Clone, Default)]
pub(crate) struct Positional {
    items: Arc<Vec<String>>,
    start: usize,
}

impl Positional {
    /// Drop the first `n` parameters; `false` (and no change) when there
    /// are fewer than `n`.
    pub fn shift(&mut self, n: usize) -> bool {
        if n > self.len() {
            return false;
        }
        self.start += n;
        if self.start == self.items.len() {
            *self = Positional::default();
        }
        true
    }
}

impl Positional {
    /// The parameters of a call: `argv` without its first item (the
    /// command name), which stays in the shared vector unseen, so a
    /// function call does not shift the whole vector down.
    pub fn from_argv(argv: Vec<String>) -> Self {
        if argv.len() <= 1 {
            return Positional::default();
        }
        Positional {
            items: Arc::new(argv),
            start: 1,
        }
    }
}

impl From<Vec<String>> for Positional {
    fn from(items: Vec<String>) -> Self {
        Positional {
            items: Arc::new(items),
            start: 0,
        }
    }
}

impl Deref for Positional {
    type Target = [String];
    fn deref(&self) -> &[String] {
        &self.items[self.start..]
    }
}

#[cfg(test)]
mod tests {
    use super::Positional;

    #[test]
    fn from_argv_hides_the_command_name() {
        let p = Positional::from_argv(vec!["f".to_string(), "a".into(), "b".into()]);
        assert_eq!(&*p, ["a".to_string(), "b".to_string()]);
        assert!(Positional::from_argv(vec!["f".to_string()]).is_empty());
    }

    #[test]
    fn shift_drops_from_the_front_and_refuses_past_the_end() {
        let mut p = Positional::from(vec!["a".to_string(), "b".into(), "c".into()]);
        let saved = p.clone();
        assert!(p.shift(2));
        assert_eq!(&*p, ["c".to_string()]);
        assert!(!p.shift(2));
        assert_eq!(p.len(), 1);
        assert!(p.shift(1));
        assert!(p.is_empty());
        assert_eq!(saved.len(), 3, "a saved copy is not affected");
    }
}
