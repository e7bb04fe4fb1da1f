//! Pattern tests; expected values checked with bash 5.2 (`[[ s == p ]]`,
//! `shopt -s extglob`).

use super::*;

fn m(p: &str, s: &str) -> bool {
    Pattern::new(
        p,
        PatternOptions {
            extglob: true,
            nocase: false,
        },
    )
    .unwrap()
    .matches(s)
}

#[test]
fn basic_wildcards() {
    assert!(m("*", ""));
    assert!(m("a*c", "abbbc"));
    assert!(!m("a*c", "abbbd"));
    assert!(m("a?c", "abc"));
    assert!(!m("a?c", "ac"));
    assert!(m("\\*", "*"));
    assert!(!m("\\*", "x"));
    assert!(m("*.txt", "a.txt"));
}

#[test]
fn brackets() {
    assert!(m("[abc]", "b"));
    assert!(!m("[!abc]", "b"));
    assert!(m("[^abc]", "d"));
    assert!(m("[a-z]x", "qx"));
    assert!(m("[]]", "]"));
    assert!(m("[!]]", "a"));
    assert!(m("[[:digit:]][[:alpha:]]", "1a"));
    assert!(m("[", "["));
    assert!(m("[a-]", "-"));
    assert!(m("x[", "x["));
}

#[test]
fn extglob() {
    assert!(m("@(a|b)", "a"));
    assert!(!m("@(a|b)", "ab"));
    assert!(m("*(ab)", "ababab"));
    assert!(m("*(ab)", ""));
    assert!(!m("+(ab)", ""));
    assert!(m("+(a|b)c", "abbac"));
    assert!(m("?(x)y", "y"));
    assert!(m("!(foo)", "bar"));
    assert!(!m("!(foo)", "foo"));
    assert!(m("!(foo)*", "foo"));
    assert!(m("*.!(txt)", "a.c"));
    assert!(!m("*.!(txt)", "a.txt"));
    assert!(m("@(a|*(b))c", "bbbc"));
}

#[test]
fn find_and_affixes() {
    let p = Pattern::new("b*", PatternOptions::default()).unwrap();
    let s: Vec<char> = "abcb".chars().collect();
    assert_eq!(p.find(&s, 0), Some((1, 4)));
    assert_eq!(p.match_at(&s, 1, false), Some(2));
    assert!(has_meta("a*", false));
    assert!(!has_meta("a\\*", false));
    assert_eq!(escape("a*b"), "a\\*b");
}

#[test]
fn nocase() {
    let p = Pattern::new(
        "a[b]C",
        PatternOptions {
            extglob: false,
            nocase: true,
        },
    )
    .unwrap();
    assert!(p.matches("ABc"));
}

#[test]
fn fixed_len_only_for_one_char_elements() {
    let len = |p: &str| {
        Pattern::new(p, PatternOptions::default())
            .unwrap()
            .fixed_len()
    };
    assert_eq!(len("the"), Some(3));
    assert_eq!(len("a?[bc]"), Some(3));
    assert_eq!(len("a*"), None);
    assert_eq!(
        Pattern::new(
            "@(ab|c)",
            PatternOptions {
                extglob: true,
                nocase: false,
            }
        )
        .unwrap()
        .fixed_len(),
        None
    );
}
