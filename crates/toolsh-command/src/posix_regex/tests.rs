//! Unit tests of the POSIX regex translation; expected values from GNU
//! grep 3.8 / sed 4.9 on this machine.

use super::*;

fn bre(p: &str) -> PosixRegex {
    PosixRegex::new(p.as_bytes(), Syntax::Basic, RegexFlags::default()).unwrap()
}

fn ere(p: &str) -> PosixRegex {
    PosixRegex::new(p.as_bytes(), Syntax::Extended, RegexFlags::default()).unwrap()
}

fn find(re: &PosixRegex, hay: &str) -> Option<String> {
    re.find_at(hay.as_bytes(), 0)
        .map(|(s, e)| hay[s..e].to_string())
}

fn err(p: &str, syntax: Syntax) -> String {
    PosixRegex::new(p.as_bytes(), syntax, RegexFlags::default())
        .unwrap_err()
        .to_string()
}

#[test]
fn bre_operators() {
    assert_eq!(find(&bre("a\\+"), "baaa").as_deref(), Some("aaa"));
    assert_eq!(find(&bre("a+"), "aa+").as_deref(), Some("a+"));
    assert_eq!(find(&bre("x\\?y"), "y").as_deref(), Some("y"));
    assert_eq!(
        find(&bre("\\(ab\\)\\{2\\}"), "abababx").as_deref(),
        Some("abab")
    );
    assert_eq!(find(&bre("a\\{,2\\}"), "aaa").as_deref(), Some("aa"));
    assert_eq!(find(&bre("a\\|b"), "cb").as_deref(), Some("b"));
    assert_eq!(find(&bre("a{1}"), "a{1}").as_deref(), Some("a{1}"));
    assert_eq!(find(&bre("(a)"), "(a)").as_deref(), Some("(a)"));
}

#[test]
fn anchors_by_position() {
    assert_eq!(find(&bre("a^b"), "a^b").as_deref(), Some("a^b"));
    assert_eq!(find(&bre("a$b"), "a$b").as_deref(), Some("a$b"));
    assert_eq!(find(&bre("^*a"), "*a").as_deref(), Some("*a"));
    assert!(bre("^*a").find_at(b"x*a", 0).is_none());
    assert_eq!(find(&bre("\\(*a\\)"), "*a").as_deref(), Some("*a"));
    assert_eq!(find(&bre("x\\|^b"), "bc").as_deref(), Some("b"));
    assert_eq!(find(&bre("\\(b$\\)"), "ab").as_deref(), Some("b"));
    assert!(ere("a^b").find_at(b"a^b", 0).is_none());
}

#[test]
fn ere_quirks() {
    let lax = RegexFlags {
        lax_interval: true,
        ..RegexFlags::default()
    };
    let grep = |p: &str| PosixRegex::new(p.as_bytes(), Syntax::Extended, lax).unwrap();
    assert_eq!(find(&grep("*a"), "a").as_deref(), Some("a"));
    assert_eq!(find(&grep("x|*a"), "a").as_deref(), Some("a"));
    assert_eq!(find(&ere("a)"), "a)").as_deref(), Some("a)"));
    assert!(ere("a\\|b").find_at(b"b", 0).is_none());
    let re = PosixRegex::new(b"a{1,x}", Syntax::Extended, lax).unwrap();
    assert_eq!(re.find_at(b"a{1,x}", 0), Some((0, 6)));
    assert_eq!(err("a{", Syntax::Extended), "Unmatched \\{");
    assert_eq!(find(&ere("a**"), "aaa").as_deref(), Some("aaa"));
    assert_eq!(find(&ere("(ab){2}{1}"), "ababx").as_deref(), Some("abab"));
}

#[test]
fn brackets() {
    assert_eq!(find(&bre("[]a]*"), "]a]b").as_deref(), Some("]a]"));
    assert_eq!(find(&bre("[^]a]"), "]ab").as_deref(), Some("b"));
    assert_eq!(find(&bre("[a-]*"), "a-b").as_deref(), Some("a-"));
    assert_eq!(
        find(&bre("[[:digit:]]\\+"), "ab123c").as_deref(),
        Some("123")
    );
    assert_eq!(find(&bre("[[=a=]]"), "ba").as_deref(), Some("a"));
    assert_eq!(find(&bre("[[.-.]]"), "a-").as_deref(), Some("-"));
    assert_eq!(find(&bre("[\\n]"), "a\\").as_deref(), Some("\\"));
    assert_eq!(
        err("[[:foo:]]", Syntax::Basic),
        "Invalid character class name"
    );
    assert_eq!(err("[a", Syntax::Basic), "Unmatched [, [^, [:, [., or [=");
    assert_eq!(
        err("[:alpha:]", Syntax::Basic),
        "character class syntax is [[:space:]], not [:space:]"
    );
    assert_eq!(err("[z-a]", Syntax::Basic), "Invalid range end");
    let sed = RegexFlags {
        sed_escapes: true,
        ..RegexFlags::default()
    };
    let re = PosixRegex::new(b"[\\n]", Syntax::Basic, sed).unwrap();
    assert_eq!(re.find_at(b"a\nb", 0), Some((1, 2)));
}

#[test]
fn gnu_escapes() {
    assert_eq!(find(&bre("\\<b"), "ab b").as_deref(), Some("b"));
    assert_eq!(bre("\\<b").find_at(b"ab b", 0), Some((3, 4)));
    assert_eq!(bre("a\\>").find_at(b"ab a", 0), Some((3, 4)));
    assert_eq!(find(&bre("\\w\\+"), "  ab_1 ").as_deref(), Some("ab_1"));
    assert_eq!(find(&bre("\\S\\s\\S"), "ab c").as_deref(), Some("b c"));
    assert!(bre("\\bx").find_at(b"ax", 0).is_none());
    assert_eq!(bre("\\Bx").find_at(b"ax", 0), Some((1, 2)));
    assert_eq!(bre("\\`a").find_at(b"aa", 1), None);
}

#[test]
fn leftmost_longest() {
    assert_eq!(find(&ere("a|ab"), "ab").as_deref(), Some("ab"));
    assert_eq!(find(&bre("a\\|ab"), "xab").as_deref(), Some("ab"));
    assert_eq!(find(&ere("a?(ab)?"), "ab").as_deref(), Some("ab"));
    let re = ere("(a|ab)(c|bcd)");
    let caps = re.captures_at(b"abcd", 0).unwrap();
    assert_eq!(caps.whole(), (0, 4));
    assert_eq!(caps.get(1), Some((0, 1)));
    assert_eq!(caps.get(2), Some((1, 4)));
}

#[cfg(feature = "backtrack")]
#[test]
fn back_references() {
    let re = bre("\\(a*\\)b\\1");
    assert_eq!(re.find_at(b"xaabaa", 0), Some((1, 6)));
    assert!(bre("\\(x\\)\\1").find_at(b"xy", 0).is_none());
    assert_eq!(err("\\(a\\)\\2", Syntax::Basic), "Invalid back reference");
    let re = ere("(.)\\1");
    assert_eq!(re.find_at(b"\xffab\xff\xffc", 0), Some((3, 5)));
}

#[test]
fn errors_and_limits() {
    assert_eq!(err("\\(a", Syntax::Basic), "Unmatched ( or \\(");
    assert_eq!(err("a\\)", Syntax::Basic), "Unmatched ) or \\)");
    assert_eq!(err("(a", Syntax::Extended), "Unmatched ( or \\(");
    assert_eq!(
        err("a\\{2,1\\}", Syntax::Basic),
        "Invalid content of \\{\\}"
    );
    assert_eq!(err("x\\{1", Syntax::Basic), "Unmatched \\{");
    assert_eq!(
        err("a\\{99999\\}", Syntax::Basic),
        "Regular expression too big"
    );
    assert_eq!(err("a\\", Syntax::Basic), "Trailing backslash");
    assert_eq!(
        err("(a{1000}){1000}", Syntax::Extended),
        "Regular expression too big"
    );
}

#[test]
fn flags() {
    let i = RegexFlags {
        ignore_case: true,
        ..RegexFlags::default()
    };
    let re = PosixRegex::new(b"[^a]b", Syntax::Basic, i).unwrap();
    assert!(re.find_at(b"AB", 0).is_none());
    assert_eq!(re.find_at(b"xB", 0), Some((0, 2)));
    let m = RegexFlags {
        multi_line: true,
        ..RegexFlags::default()
    };
    let re = PosixRegex::new(b"^b$", Syntax::Basic, m).unwrap();
    assert_eq!(re.find_at(b"a\nb\nc", 0), Some((2, 3)));
    assert_eq!(bre("a.b").find_at(b"a\nb", 0), Some((0, 3)));
}

#[test]
fn non_utf8_bytes() {
    assert_eq!(bre(".").find_at(b"\xff", 0), Some((0, 1)));
    assert_eq!(bre("[^a]").find_at(b"a\xe9", 0), Some((1, 2)));
    let re = PosixRegex::new(b"\xe9+", Syntax::Extended, RegexFlags::default()).unwrap();
    assert_eq!(re.find_at(b"a\xe9\xe9", 0), Some((1, 3)));
}

#[cfg(feature = "backtrack")]
#[test]
fn perl_syntax() {
    let re = PosixRegex::new(b"\\d+(?=x)", Syntax::Perl, RegexFlags::default()).unwrap();
    assert_eq!(re.find_at(b"12y34x", 0), Some((3, 5)));
    assert!(PosixRegex::new(b"(", Syntax::Perl, RegexFlags::default()).is_err());
}

#[cfg(feature = "backtrack")]
#[test]
fn several_patterns() {
    let re = PosixRegex::new_multi(
        &[b"\\(a\\)\\1", b"\\(b\\)\\1"],
        Syntax::Basic,
        RegexFlags::default(),
    )
    .unwrap();
    assert_eq!(re.find_at(b"xbb", 0), Some((1, 3)));
    assert_eq!(re.groups(), 2);
    let re = PosixRegex::new_multi(&[b"a", b"ab"], Syntax::Basic, RegexFlags::default()).unwrap();
    assert_eq!(re.find_at(b"ab", 0), Some((0, 2)));
    let none = PosixRegex::new_multi(&[], Syntax::Basic, RegexFlags::default()).unwrap();
    assert!(!none.is_match(b"abc"));
    let fixed = PosixRegex::new(b"a.*[", Syntax::Fixed, RegexFlags::default()).unwrap();
    assert_eq!(fixed.find_at(b"xa.*[", 0), Some((1, 5)));
}

#[cfg(feature = "backtrack")]
#[test]
fn word_and_line() {
    let w = RegexFlags {
        whole_word: true,
        ..RegexFlags::default()
    };
    let re = PosixRegex::new(b"foo", Syntax::Basic, w).unwrap();
    assert_eq!(re.find_at(b"foobar foo", 0), Some((7, 10)));
    let re = PosixRegex::new(b"\\([a-c]\\)\\1", Syntax::Basic, w).unwrap();
    assert_eq!(re.find_at(b"aab bb", 0), Some((4, 6)));
    let re = PosixRegex::new(b"\\<\\(x\\)\\1", Syntax::Basic, RegexFlags::default()).unwrap();
    assert_eq!(re.find_at(b"axx xx", 0), Some((4, 6)));
    let x = RegexFlags {
        whole_line: true,
        ..RegexFlags::default()
    };
    let re = PosixRegex::new(b"a\\|ab", Syntax::Basic, x).unwrap();
    assert!(re.is_match(b"ab"));
    assert!(!re.is_match(b"abc"));
}

#[cfg(not(feature = "backtrack"))]
#[test]
fn back_references_need_the_backtrack_feature() {
    let e = PosixRegex::new(b"\\(a\\)\\1", Syntax::Basic, RegexFlags::default()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Perl);
    assert!(PosixRegex::new(b"\\d", Syntax::Perl, RegexFlags::default()).is_err());
    // Without back-references the automaton engine still serves.
    assert!(PosixRegex::new(b"\\(a\\)b", Syntax::Basic, RegexFlags::default()).is_ok());
}

#[test]
fn repetition_with_nothing_to_repeat() {
    // GNU grep ignores it; sed -E and regcomp (bash's `=~`) reject it.
    let lax = RegexFlags {
        lax_interval: true,
        ..RegexFlags::default()
    };
    for p in ["*a", "(+a)", "b|?a", "^*a", "{1}a"] {
        let re = PosixRegex::new(p.as_bytes(), Syntax::Extended, lax).unwrap();
        assert!(re.is_match(b"a"), "{p}");
        assert_eq!(
            err(p, Syntax::Extended),
            "Invalid preceding regular expression",
            "{p}"
        );
    }
    // In a BRE a leading `*` is a literal.
    assert_eq!(find(&bre("*a"), "x*a").as_deref(), Some("*a"));
}

/// A pattern compiled under a UTF-8 locale.
fn utf8(p: &str, syntax: Syntax, extra: RegexFlags) -> Result<PosixRegex, String> {
    let flags = RegexFlags {
        utf8: true,
        ..extra
    };
    PosixRegex::new(p.as_bytes(), syntax, flags).map_err(|e| e.to_string())
}

fn count_lines(re: &PosixRegex, lines: &[&str]) -> usize {
    lines.iter().filter(|l| re.is_match(l.as_bytes())).count()
}

// Expected values: GNU grep 3.8 under LC_ALL=C.UTF-8 on this machine
// (`printf 'é\nab\nÉ\n☠\n' | grep -c '^.$'` → 3, and so on).
#[test]
fn utf8_dot_and_brackets_match_characters() {
    let none = RegexFlags::default();
    let dot = utf8("^.$", Syntax::Basic, none).unwrap();
    assert_eq!(count_lines(&dot, &["é", "ab", "É", "☠"]), 3);
    // In the C locale `é` is two bytes, two `.`s.
    assert_eq!(count_lines(&bre("^.$"), &["é", "ab", "É", "☠"]), 0);
    assert_eq!(count_lines(&bre("^..$"), &["é"]), 1);
    let alpha = utf8("[[:alpha:]]", Syntax::Basic, none).unwrap();
    assert_eq!(
        count_lines(&alpha, &["é", "É", "\u{a0}", "\u{2003}", "٣", "²", "Ⅰ"]),
        4
    );
    let space = utf8("[[:space:]]", Syntax::Basic, none).unwrap();
    assert_eq!(
        count_lines(&space, &["\u{2003}", "\u{a0}", "\u{85}", "\u{2007}"]),
        1
    );
    let punct = utf8("[[:punct:]]", Syntax::Basic, none).unwrap();
    assert_eq!(count_lines(&punct, &["€", "\u{a0}", "\u{ad}", "²", "é"]), 4);
    let graph = utf8("[[:graph:]]", Syntax::Basic, none).unwrap();
    assert_eq!(count_lines(&graph, &["\u{a0}", "\u{ad}", "\u{2003}"]), 2);
    let cntrl = utf8("[[:cntrl:]]", Syntax::Basic, none).unwrap();
    assert_eq!(count_lines(&cntrl, &["\u{85}", "\u{ad}"]), 1);
    let digit = utf8("[[:digit:]]", Syntax::Basic, none).unwrap();
    assert_eq!(count_lines(&digit, &["٣", "²", "7"]), 1);
    let not_a = utf8("^[^a]$", Syntax::Basic, none).unwrap();
    assert_eq!(count_lines(&not_a, &["é", "a", "☠"]), 2);
    let set = utf8("^[é☠]*$", Syntax::Extended, none).unwrap();
    assert_eq!(find(&set, "é☠é").as_deref(), Some("é☠é"));
}

#[test]
fn utf8_case_folding_and_invalid_bytes() {
    let icase = RegexFlags {
        ignore_case: true,
        ..RegexFlags::default()
    };
    assert!(
        utf8("É", Syntax::Basic, icase)
            .unwrap()
            .is_match("é".as_bytes())
    );
    assert!(
        utf8("[É]", Syntax::Basic, icase)
            .unwrap()
            .is_match("é".as_bytes())
    );
    assert!(
        utf8("[[:lower:]]", Syntax::Basic, icase)
            .unwrap()
            .is_match("É".as_bytes())
    );
    assert!(
        !utf8("[[:lower:]]", Syntax::Basic, RegexFlags::default())
            .unwrap()
            .is_match("É".as_bytes())
    );
    // `printf '\xff\n' | grep -ac '^.$'` → 0, and `[^a]` → 0.
    let none = RegexFlags::default();
    assert!(!utf8("^.$", Syntax::Basic, none).unwrap().is_match(b"\xff"));
    assert!(!utf8("[^a]", Syntax::Basic, none).unwrap().is_match(b"\xff"));
    // A pattern that is not UTF-8 is read as bytes.
    let flags = RegexFlags { utf8: true, ..none };
    let re = PosixRegex::new(b"^\xff$", Syntax::Basic, flags).unwrap();
    assert!(re.is_match(b"\xff"));
    // Spans are byte offsets.
    let re = utf8("☠.", Syntax::Extended, none).unwrap();
    assert_eq!(re.find_at("aé☠éb".as_bytes(), 0), Some((3, 8)));
    let fixed = utf8("é", Syntax::Fixed, icase).unwrap();
    assert!(fixed.is_match("É".as_bytes()));
}

#[test]
fn utf8_ranges_follow_the_tool() {
    // grep, sed and bash (glibc regcomp): `[à-é]` is an error under
    // C.UTF-8; gawk and expr take it in code-point order.
    let none = RegexFlags::default();
    assert_eq!(
        utf8("[à-é]", Syntax::Extended, none).unwrap_err(),
        "Invalid collation character"
    );
    assert_eq!(
        utf8("[[=é=]]", Syntax::Extended, none).unwrap_err(),
        "Invalid collation character"
    );
    let wide = RegexFlags {
        wide_ranges: true,
        ..none
    };
    let re = utf8("[a-é]", Syntax::Extended, wide).unwrap();
    assert_eq!(count_lines(&re, &["b", "è", "ê", "☠"]), 2);
}

#[cfg(feature = "backtrack")]
#[test]
fn utf8_back_references_count_characters() {
    let none = RegexFlags::default();
    let re = utf8("\\(.\\)\\1", Syntax::Basic, none).unwrap();
    assert_eq!(re.find_at("aéébb".as_bytes(), 0), Some((1, 5)));
    // Invalid bytes stand apart and offsets stay byte offsets.
    assert_eq!(re.find_at(b"\xff\xc3\xa9\xc3\xa9", 0), Some((1, 5)));
    let perl = utf8("é.", Syntax::Perl, none).unwrap();
    assert_eq!(perl.find_at("xé☠".as_bytes(), 0), Some((1, 6)));
}

#[test]
fn ascii_patterns_that_read_alike_keep_their_meaning() {
    assert!(reads_alike(b"status=5[0-9][0-9]"));
    assert!(reads_alike(b"^(GET|POST) /api"));
    assert!(!reads_alike(b"a.b"));
    assert!(!reads_alike(b"[^a]"));
    assert!(!reads_alike(b"[[:alpha:]]"));
    assert!(!reads_alike(b"\\w+"));
    assert!(!reads_alike("é".as_bytes()));
    // Compiled in bytes, the pattern still finds its match in UTF-8 text.
    let flags = RegexFlags {
        utf8: true,
        ..RegexFlags::default()
    };
    let re = PosixRegex::new(b"x[0-9]", Syntax::Extended, flags).unwrap();
    assert_eq!(re.find_at("éx1".as_bytes(), 0), Some((2, 4)));
}
