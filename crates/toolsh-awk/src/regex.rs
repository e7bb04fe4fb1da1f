//! Regular expressions for awk: EREs compiled through the shared POSIX
//! translator (`utils::posix_regex`), with gawk's `\y` word boundary and a
//! small cache for dynamic regexes (strings used as patterns).

use std::collections::HashMap;
use std::rc::Rc;

use toolsh_command::posix_regex::{PosixRegex, RegexError, RegexFlags, Syntax};

/// A compiled, shareable awk regex.
pub type Re = Rc<PosixRegex>;

/// Dynamic regexes kept before the cache is cleared.
const CACHE_LIMIT: usize = 256;

/// Compile an awk ERE (POSIX ERE with GNU extensions; `.` matches a
/// newline; escapes `\n \t ...` work inside brackets too; `{` that does not
/// start an interval is literal; gawk's `\y` is a word boundary).
pub fn compile(ere: &[u8], utf8: bool) -> Result<PosixRegex, RegexError> {
    let mut pat = Vec::with_capacity(ere.len());
    let mut i = 0;
    while i < ere.len() {
        if ere[i] == b'\\' && i + 1 < ere.len() {
            if ere[i + 1] == b'y' {
                pat.extend_from_slice(b"\\b");
            } else if ere[i + 1] == b'/' || ere[i + 1] == b'"' {
                pat.push(ere[i + 1]);
            } else {
                pat.extend_from_slice(&ere[i..i + 2]);
            }
            i += 2;
        } else {
            pat.push(ere[i]);
            i += 1;
        }
    }
    let flags = RegexFlags {
        sed_escapes: true,
        lax_interval: true,
        utf8,
        wide_ranges: true,
        ..RegexFlags::default()
    };
    PosixRegex::new(&pat, Syntax::Extended, flags)
}

/// A bounded cache of dynamic regexes by pattern text.
#[derive(Default)]
pub struct RegexCache {
    map: HashMap<Vec<u8>, Re>,
    /// Compile in characters (a UTF-8 locale).
    utf8: bool,
}

impl RegexCache {
    /// An empty cache whose regexes match characters when `utf8`.
    pub fn new(utf8: bool) -> Self {
        Self {
            map: HashMap::new(),
            utf8,
        }
    }

    /// The compiled regex for `pat`.
    pub fn get(&mut self, pat: &[u8]) -> Result<Re, RegexError> {
        if let Some(r) = self.map.get(pat) {
            return Ok(r.clone());
        }
        let re = Rc::new(compile(pat, self.utf8)?);
        if self.map.len() >= CACHE_LIMIT {
            self.map.clear();
        }
        self.map.insert(pat.to_vec(), re.clone());
        Ok(re)
    }
}

/// The first non-empty match at or after `start`.
pub fn find_nonempty(re: &PosixRegex, hay: &[u8], mut start: usize) -> Option<(usize, usize)> {
    while start <= hay.len() {
        let (s, e) = re.find_at(hay, start)?;
        if e > s {
            return Some((s, e));
        }
        start = s + 1;
    }
    None
}
