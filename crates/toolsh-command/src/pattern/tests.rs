//! Pattern tests; expected values checked with bash 5.2 (`[[ s == p ]]`,
//! `shopt -s extglob`). Every match made through [`m`] and [`mo`] is also
//! checked against the previous engine and, when short, the backtracking
//! reference (`reference.rs`), so each expected value here is a
//! differential test too.

use super::reference::{backtrack, table_ends};
use super::*;
use crate::limits::LimitKind;

/// A budget no test reaches.
fn big() -> Budget<'static> {
    Budget::new(u64::MAX)
}

fn ext() -> PatternOptions {
    PatternOptions {
        extglob: true,
        nocase: false,
    }
}

fn m(p: &str, s: &str) -> bool {
    mo(p, s, ext())
}

/// Match `s` against `p`, checking the answer against the references.
fn mo(p: &str, s: &str, opts: PatternOptions) -> bool {
    let pat = Pattern::new(p, opts).unwrap();
    let got = pat.matches(s, &mut big()).unwrap();
    let chars: Vec<char> = s.chars().collect();
    let old = table_ends(&pat.elems, &chars, pat.nocase, 0)[chars.len()];
    assert_eq!(got, old, "{p:?} on {s:?}: bitset engine vs previous engine");
    if chars.len() <= 12 {
        let bt = backtrack(&pat.elems, &chars, pat.nocase);
        assert_eq!(got, bt, "{p:?} on {s:?}: bitset engine vs backtracking");
    }
    got
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
    assert_eq!(p.find(&s, 0, &mut big()), Ok(Some((1, 4))));
    assert_eq!(p.match_at(&s, 1, false, &mut big()), Ok(Some(2)));
    let mut tm = p.matcher(&s);
    assert_eq!(tm.find(2, &mut big()), Ok(Some((3, 4))));
    assert_eq!(tm.find(4, &mut big()), Ok(None));
    // `${s%b*}` removes "b", `${s%%b*}` removes "bcb".
    assert_eq!(tm.suffix(false, &mut big()), Ok(Some(3)));
    assert_eq!(tm.suffix(true, &mut big()), Ok(Some(1)));
    assert!(has_meta("a*", false));
    assert!(!has_meta("a\\*", false));
    assert_eq!(escape("a*b"), "a\\*b");
}

#[test]
fn nocase() {
    let opts = PatternOptions {
        extglob: false,
        nocase: true,
    };
    assert!(mo("a[b]C", "ABc", opts));
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

/// The fuzz campaign's `pattern` timeout
/// (`timeout-09118ca62db3591e8c134451acc72219f49c1096`): nested `*(...)`
/// recomputed the inner alternatives once per enclosing repetition, taking
/// seconds on 35 characters (13 s on 80 in a release build; bash 5.2
/// itself backtracks for minutes on 80). The expected results are bash's
/// (`[[ $t == $p ]]` with extglob and nocasematch) on texts it can finish;
/// the long texts only have to end, with the answer of their short form.
#[test]
fn nested_repetitions_do_not_blow_up() {
    let opts = PatternOptions {
        extglob: true,
        nocase: true,
    };
    for (text, want) in [
        ("__________", false),
        ("a))b", true),
        ("__!([#))?))))", true),
        (")))", true),
        ("x)", false),
    ] {
        assert_eq!(mo("*(*(*(*(*(*)?))))))*", text, opts), want, "{text:?}");
    }
    let p = Pattern::new("*(*(*(*(*(*)?))))))*", opts).unwrap();
    // The fuzz input's text, its NULs as `_` (bash strings hold no NUL):
    // bash says it matches.
    let fuzz_text: String = "_".repeat(20) + "!([#))?))))_()";
    let chars: Vec<char> = fuzz_text.chars().collect();
    assert!(p.matches(&fuzz_text, &mut big()).unwrap());
    assert!(p.find(&chars, 0, &mut big()).unwrap().is_some());
    assert!(!p.matches(&"_".repeat(80), &mut big()).unwrap());
    assert!(p.matches(&("_".repeat(80) + "))"), &mut big()).unwrap());
    for (text, want) in [("abababab", true), ("ababababc", false), ("", true)] {
        assert_eq!(mo("*(*(*(a|b)))", text, opts), want, "{text:?}");
    }
    assert!(mo("*(*(*(a|b)))", &"ab".repeat(60), opts));
    assert!(!mo("*(*(*(a|b)))", &("ab".repeat(60) + "c"), opts));
}

/// Patterns whose old engine took seconds on 2,000 characters (one
/// search per start inside every repetition); expected values from bash
/// 5.2 with extglob, on short texts, and the long texts' answers from
/// their short forms.
#[test]
fn repetitions_from_many_starts() {
    let cases = [
        ("*(a|b)c", "abab", false),
        ("*(a|b)c", "ababc", true),
        ("*(*(a|b)c)", "abcabcc", true),
        ("*(*(a|b)c)", "abcabd", false),
        ("+(x*y)", "xyxxyy", true),
        ("+(x*y)", "xyxz", false),
        ("*(*(a|b)*(c))", "abccab", true),
        ("*(a|b)*(a|b)*(a|b)c", "abbac", true),
        ("!(*a)b", "ab", false),
        ("@(!(x)|y)z", "yz", true),
        ("?(a|)b", "b", true),
        ("+()", "", true),
        ("*(|a)", "aa", true),
    ];
    for (p, s, want) in cases {
        assert_eq!(m(p, s), want, "{p:?} on {s:?}");
    }
    let long = |p: &str, s: &str| {
        Pattern::new(p, ext())
            .unwrap()
            .matches(s, &mut big())
            .unwrap()
    };
    let ab = "ab".repeat(1000);
    assert!(!long("*(a|b)c", &ab));
    assert!(long("*(*(a|b)*(c))", &(ab.clone() + "c")));
    assert!(long("*(*(*(a|b)))", &ab));
    assert!(long("*(a|b)*(a|b)*(a|b)c", &(ab.clone() + "c")));
    assert!(!long("*(*(a|b)c)", &(ab + "d")));
}

/// The reversed pattern finds match starts and suffixes as a search
/// from each start would.
#[test]
fn starts_and_suffixes_agree_with_per_start_search() {
    for (p, s) in [
        ("a*b", "xaybzab"),
        ("*(ab)", "abab"),
        ("!(ab)c", "abcxc"),
        ("[!a]?", "aabba"),
        ("+(a|bc)", "bcabcaa"),
        ("", "ab"),
    ] {
        check_searches(&Pattern::new(p, ext()).unwrap(), s);
    }
}

/// Compare `find`, `starts` and `suffix` with per-start searches by the
/// previous engine.
fn check_searches(pat: &Pattern, s: &str) {
    let chars: Vec<char> = s.chars().collect();
    let n = chars.len();
    let ends = |st: usize| table_ends(&pat.elems, &chars, pat.nocase, st);
    let mut tm = pat.matcher(&chars);
    let want_starts: Vec<usize> = (0..=n).filter(|&st| ends(st).contains(&true)).collect();
    let got: Vec<usize> = tm.starts(&mut big()).unwrap().iter().collect();
    assert_eq!(got, want_starts, "{pat:?} on {s:?}: starts");
    for from in 0..=n {
        let want = (from..=n).find_map(|st| ends(st).iter().rposition(|&b| b).map(|e| (st, e)));
        assert_eq!(
            tm.find(from, &mut big()),
            Ok(want),
            "{pat:?} on {s:?}: find from {from}"
        );
    }
    let suffixes: Vec<usize> = (0..=n).filter(|&st| ends(st)[n]).collect();
    assert_eq!(tm.suffix(true, &mut big()), Ok(suffixes.first().copied()));
    assert_eq!(tm.suffix(false, &mut big()), Ok(suffixes.last().copied()));
    for st in 0..=n {
        let got: Vec<bool> = {
            let e = tm.ends_from(st, &mut big()).unwrap();
            (0..=n).map(|i| e.contains(i)).collect()
        };
        assert_eq!(got, ends(st), "{pat:?} on {s:?}: ends from {st}");
    }
}

#[test]
fn budget_stops_a_pathological_match() {
    let p = Pattern::new("*(*(*(a|b)))c", ext()).unwrap();
    let text = "ab".repeat(1000);
    let mut b = Budget::new(100_000);
    let err = p.matches(&text, &mut b).unwrap_err();
    assert_eq!(
        err,
        crate::limits::Interrupt::limit(LimitKind::PatternSteps, 100_000)
    );
    assert!(b.spent() > 100_000 && b.spent() < 200_000, "{}", b.spent());
    // A cheap match stays far below the cap.
    let mut b = Budget::new(1_000);
    assert_eq!(
        Pattern::new("*.txt", ext())
            .unwrap()
            .matches("a.txt", &mut b),
        Ok(true)
    );
    assert!(b.spent() < 100, "{}", b.spent());
}

#[test]
fn budget_calls_the_checkpoint_and_stops_with_its_interrupt() {
    let p = Pattern::new("*(*(*(a|b)))c", ext()).unwrap();
    let text = "ab".repeat(1000);
    let mut calls = 0;
    let mut check = || {
        calls += 1;
        if calls == 3 {
            Err(crate::limits::Interrupt::Cancelled)
        } else {
            Ok(())
        }
    };
    let got = p.matches(
        &text,
        &mut Budget::new(u64::MAX).with_checkpoint(&mut check),
    );
    assert_eq!(got, Err(crate::limits::Interrupt::Cancelled));
    assert_eq!(calls, 3);
}

/// With the memo full, repetitions are searched from their starts and
/// alternatives recomputed: the same answers.
#[test]
fn a_full_memo_changes_no_answer() {
    for (p, s) in [
        ("*(*(a|b)c)", "abcabcabd"),
        ("*(*(*(a|b)))c", "ababc"),
        ("+(x*y)", "xyxxyyxz"),
        ("!(*a)b", "aab"),
        ("@(a|*(b))c", "bbbc"),
        ("*(a|b)*(a|b)+(a|b)c", "abbac"),
    ] {
        let pat = Pattern::new(p, ext()).unwrap();
        let chars: Vec<char> = s.chars().collect();
        for st in 0..=chars.len() {
            let set = PosSet::single(chars.len() + 1, st);
            let mut full = matcher::Matcher::with_memo_limit(&chars, false, 0);
            let mut roomy = matcher::Matcher::new(&chars, false);
            assert_eq!(
                full.seq(&pat.elems, set.clone(), &mut big()),
                roomy.seq(&pat.elems, set, &mut big()),
                "{p:?} on {s:?} from {st}"
            );
        }
    }
}

mod prop {
    //! Random small patterns and texts: the bitset engine against the
    //! backtracking reference and the previous engine.
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn whole_matches_agree(
            p in r"[ab?*\[\]!@+()|-]{0,9}",
            s in "[ab-]{0,7}",
            nocase in any::<bool>(),
        ) {
            let opts = PatternOptions { extglob: true, nocase };
            if let Ok(pat) = Pattern::new(&p, opts) {
                let chars: Vec<char> = s.chars().collect();
                let got = pat.matches(&s, &mut big()).unwrap();
                prop_assert_eq!(got, backtrack(&pat.elems, &chars, nocase), "backtracking");
                prop_assert_eq!(got, table_ends(&pat.elems, &chars, nocase, 0)[chars.len()]);
            }
        }

        #[test]
        fn searches_agree(p in r"[ab?*\[\]!@+()|]{0,8}", s in "[abc]{0,9}") {
            if let Ok(pat) = Pattern::new(&p, ext()) {
                check_searches(&pat, &s);
            }
        }
    }
}

/// Unclosed extended-pattern openers are literal text; each used to make
/// the parser read everything after it twice, so 60 nested ones would
/// never finish compiling (fuzz target `pattern`: 90 bytes took 4 s).
#[test]
fn unclosed_openers_compile_in_linear_time() {
    let opts = PatternOptions {
        extglob: true,
        nocase: false,
    };
    let text = format!("{}x", "@(a|+(b".repeat(30));
    let p = Pattern::new(&text, opts).unwrap();
    assert_eq!(p.as_literal(), Some(text.as_str()));
    let mut b = Budget::new(u64::MAX);
    assert_eq!(p.matches(&text, &mut b), Ok(true));
    // A closed group after the unclosed ones still is a group.
    let p = Pattern::new(&format!("{}@(x|y)", "!(".repeat(60)), opts).unwrap();
    let lit = format!("{}y", "!(".repeat(60));
    assert_eq!(p.matches(&lit, &mut b), Ok(true));
}
