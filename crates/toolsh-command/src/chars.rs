//! Characters of text under the character-type locale: display widths
//! and counts, for the utilities that measure text in characters under a
//! UTF-8 locale and in bytes in the C locale ([`crate::Locale`]).

/// The display width of `c` in terminal columns, as glibc's `wcwidth`
/// gives it under a UTF-8 locale (the `unicode-width` crate's tables):
/// 2 for wide East Asian characters, 0 for combining marks and control
/// characters, else 1. Used by `wc -L`.
pub fn char_width(c: char) -> u64 {
    unicode_width::UnicodeWidthChar::width(c).map_or(0, |w| w as u64)
}

/// The number of characters in `text`: UTF-8 sequences when `utf8`
/// (a byte that is not part of one counts as one character, as gawk and
/// bash count it), else bytes. ASCII text is counted by its length.
pub fn count(text: &[u8], utf8: bool) -> usize {
    if !utf8 || text.is_ascii() {
        return text.len();
    }
    text.utf8_chunks()
        .map(|c| c.valid().chars().count() + c.invalid().len())
        .sum()
}

/// The byte offset in `text` after its first `n` characters (as
/// [`count`] counts them), or `text.len()` when it has fewer.
pub fn offset(text: &[u8], n: usize, utf8: bool) -> usize {
    if !utf8 || text.is_ascii() {
        return n.min(text.len());
    }
    let mut left = n;
    let mut at = 0;
    for chunk in text.utf8_chunks() {
        for (i, _) in chunk.valid().char_indices() {
            if left == 0 {
                return at + i;
            }
            left -= 1;
        }
        at += chunk.valid().len();
        for _ in chunk.invalid() {
            if left == 0 {
                return at;
            }
            left -= 1;
            at += 1;
        }
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_and_counts() {
        assert_eq!(char_width('a'), 1);
        assert_eq!(char_width('日'), 2);
        assert_eq!(char_width('\u{301}'), 0);
        assert_eq!(count("café☠".as_bytes(), true), 5);
        assert_eq!(count("café☠".as_bytes(), false), 8);
        assert_eq!(count(b"a\xffb", true), 3);
        let s = "café☠x".as_bytes();
        assert_eq!(offset(s, 3, true), 3);
        assert_eq!(offset(s, 4, true), 5);
        assert_eq!(offset(s, 5, true), 8);
        assert_eq!(offset(s, 9, true), s.len());
        assert_eq!(offset(b"a\xffb", 2, true), 2);
        assert_eq!(offset(s, 4, false), 4);
    }
}
