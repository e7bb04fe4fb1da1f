//! The differential test of the nom migration (issue 27): each sub-grammar
//! moved onto nom is run against the hand-written implementation it
//! replaces, kept in a `legacy_*` module until this test has proven the
//! two the same, over every script the project holds (the parser corpus,
//! every spec file and case under `tests/spec`, the fuzz corpora under
//! `fuzz/corpus` when they are present) and over generated text. Results
//! are compared as `Debug` text: trees with every span, or errors with
//! kind, message, line, column and span.

use std::cell::Cell;
use std::path::{Path, PathBuf};

use proptest::prelude::*;

use crate::{ParseLimits, parse_arith_with_limits, parse_with_limits};

thread_local! {
    static LEGACY_ARITH: Cell<bool> = const { Cell::new(false) };
    static LEGACY_BRACE: Cell<bool> = const { Cell::new(false) };
    static LEGACY_PARAM: Cell<bool> = const { Cell::new(false) };
    static LEGACY_COND: Cell<bool> = const { Cell::new(false) };
    static LEGACY_REDIRECT: Cell<bool> = const { Cell::new(false) };
    static LEGACY_ASSIGN: Cell<bool> = const { Cell::new(false) };
    static LEGACY_WORD: Cell<bool> = const { Cell::new(false) };
    static LEGACY_HEREDOC: Cell<bool> = const { Cell::new(false) };
}

/// `true` while [`with_legacy`] runs: `arith_top` and `arith_text` use
/// `legacy_arith.rs`.
pub(crate) fn legacy_arith() -> bool {
    LEGACY_ARITH.with(Cell::get)
}

/// `true` while [`with_legacy`] runs: `expand_braces` uses
/// `legacy_brace.rs`.
pub(crate) fn legacy_brace() -> bool {
    LEGACY_BRACE.with(Cell::get)
}

/// `true` while [`with_legacy`] runs: `param_op` uses `legacy_param.rs`.
pub(crate) fn legacy_param() -> bool {
    LEGACY_PARAM.with(Cell::get)
}

/// `true` while [`with_legacy`] runs: `cond_command` uses
/// `legacy_cond.rs`.
pub(crate) fn legacy_cond() -> bool {
    LEGACY_COND.with(Cell::get)
}

/// `true` while [`with_legacy`] runs: `parse_redirect` uses
/// `legacy_redirect.rs`.
pub(crate) fn legacy_redirect() -> bool {
    LEGACY_REDIRECT.with(Cell::get)
}

/// `true` while [`with_legacy`] runs: `parse_assignment` uses
/// `legacy_assign.rs`.
pub(crate) fn legacy_assign() -> bool {
    LEGACY_ASSIGN.with(Cell::get)
}

/// `true` while [`with_legacy`] runs: `parse_word`, `dq_char`, `dollar`
/// and `backquote` use `legacy_word.rs` and `legacy_expand.rs`.
pub(crate) fn legacy_word() -> bool {
    LEGACY_WORD.with(Cell::get)
}

/// `true` while [`with_legacy`] runs: `heredoc_body` uses
/// `legacy_heredoc.rs`.
pub(crate) fn legacy_heredoc() -> bool {
    LEGACY_HEREDOC.with(Cell::get)
}

/// Runs `f` with every migrated sub-grammar on its old implementation.
fn with_legacy<T>(f: impl FnOnce() -> T) -> T {
    let set = |on: bool| {
        LEGACY_ARITH.with(|c| c.set(on));
        LEGACY_BRACE.with(|c| c.set(on));
        LEGACY_PARAM.with(|c| c.set(on));
        LEGACY_COND.with(|c| c.set(on));
        LEGACY_REDIRECT.with(|c| c.set(on));
        LEGACY_ASSIGN.with(|c| c.set(on));
        LEGACY_WORD.with(|c| c.set(on));
        LEGACY_HEREDOC.with(|c| c.set(on));
    };
    set(true);
    let r = f();
    set(false);
    r
}

/// Parses `src` as a script and as run-time arithmetic both ways under
/// `limits`; the first difference, if any.
fn differ(src: &str, limits: &ParseLimits) -> Option<String> {
    let new = format!("{:?}", parse_with_limits(src, limits));
    let old = with_legacy(|| format!("{:?}", parse_with_limits(src, limits)));
    if new != old {
        return Some(format!("script {src:?}\n new {new}\n old {old}"));
    }
    let new = format!("{:?}", parse_arith_with_limits(src, limits));
    let old = with_legacy(|| format!("{:?}", parse_arith_with_limits(src, limits)));
    (new != old).then(|| format!("arith {src:?}\n new {new}\n old {old}"))
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.filter_map(Result::ok) {
        let p = e.path();
        if p.is_dir() {
            files_under(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// Every text the test runs: whole files, the script of each spec case,
/// each line, and the text of each `$((`/`((` in them.
fn corpus() -> Vec<String> {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = crate_dir.join("../..");
    let mut paths = Vec::new();
    files_under(&crate_dir.join("tests/corpus"), &mut paths);
    let mut spec = Vec::new();
    files_under(&root.join("tests/spec"), &mut spec);
    paths.extend(
        spec.into_iter()
            .filter(|p| p.to_string_lossy().ends_with(".test.sh")),
    );
    for target in ["parse", "roundtrip", "script"] {
        files_under(&root.join("fuzz/corpus").join(target), &mut paths);
    }
    let mut texts = Vec::new();
    for p in paths {
        let Ok(bytes) = std::fs::read(&p) else {
            continue;
        };
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let mut case = String::new();
        for line in text.lines() {
            if line.starts_with("#### ") || line.starts_with("## ") {
                texts.push(std::mem::take(&mut case));
            } else {
                case.push_str(line);
                case.push('\n');
            }
            texts.push(line.to_string());
            for (at, _) in line.match_indices("((") {
                texts.push(line[at + 2..].to_string());
            }
        }
        texts.push(case);
        texts.push(text);
    }
    texts.sort();
    texts.dedup();
    texts
}

#[test]
fn old_and_new_agree_on_the_corpus() {
    let texts = corpus();
    assert!(texts.len() > 5_000, "corpus texts: {}", texts.len());
    let tight = ParseLimits {
        max_depth: 6,
        ..ParseLimits::default()
    };
    let mut diffs = Vec::new();
    for t in &texts {
        for limits in [&ParseLimits::default(), &tight] {
            if let Some(d) = differ(t, limits) {
                diffs.push(d);
            }
        }
    }
    assert!(
        diffs.is_empty(),
        "{} differences, first: {}",
        diffs.len(),
        diffs.iter().take(3).cloned().collect::<Vec<_>>().join("\n")
    );
}

/// Tokens of arithmetic, valid and broken, for sequences that reach the
/// deeper states (an expansion before a missing `:` or `)`, a chain of
/// assignments, a subscript) that random characters rarely do.
const TOKENS: &[&str] = &[
    "x",
    "y[1]",
    "z[",
    "12",
    "0x1f",
    "2#101",
    "$x",
    "${x}",
    "$((1))",
    "$((1+))",
    "$[2]",
    "$(echo 1)",
    "`echo 1`",
    "$",
    "(",
    ")",
    "+",
    "-",
    "*",
    "**",
    "/",
    "%",
    "<<",
    ">>",
    "<",
    "<=",
    "==",
    "!=",
    "&&",
    "||",
    "&",
    "|",
    "^",
    "~",
    "!",
    "?",
    ":",
    ",",
    "=",
    "+=",
    "<<=",
    "**=",
    "++",
    "--",
    " ",
    "\n",
    "\\\n",
    "]",
    "}",
];

/// Pieces of words with braces: matched, unmatched, nested, quoted,
/// escaped, with expansions inside, commas and sequences.
const BRACE_TOKENS: &[&str] = &[
    "{",
    "}",
    ",",
    "..",
    "a",
    "b",
    "1",
    "-2",
    "+3",
    "$x",
    "${z}",
    "'q'",
    "\"$y\"",
    "\\{",
    "\\,",
    "$(echo {a,b})",
    " ",
    "x{",
    "é",
    "{1..3}",
    "{a,b}",
];

/// Pieces of `${...}` operators and their words, valid and broken.
const PARAM_TOKENS: &[&str] = &[
    ":-",
    ":=",
    ":?",
    ":+",
    "-",
    "=",
    "?",
    "+",
    ":",
    "1",
    "#",
    "##",
    "%",
    "%%",
    "/",
    "//",
    "/#",
    "/%",
    "^",
    "^^",
    ",",
    ",,",
    "~",
    "~~",
    "@Q",
    "@k",
    "@",
    "@x",
    "}",
    "a*",
    "$y",
    "${z}",
    "'q'",
    "\"d\"",
    "$((1))",
    "[1]",
    "[@]",
    " ",
    "\\}",
    "$(echo })",
    "`b`",
    "{",
];

/// Pieces of `[[ ]]` expressions, valid and broken: operators, words,
/// parentheses, newlines and comments (where here-document bodies and
/// comments are read), `]]` in and out of word position.
const COND_TOKENS: &[&str] = &[
    " ",
    " ",
    "\t",
    "\n",
    "\\\n",
    "# c\n",
    "(",
    ")",
    "!",
    "! ",
    "&&",
    "||",
    "&",
    "|",
    ";",
    "]]",
    " ]]",
    "]]x",
    "[[",
    "a",
    "$x",
    "\"q w\"",
    "'s'",
    "-f",
    "-z ",
    "-n",
    "-v",
    "==",
    "=",
    "!=",
    "=~",
    "<",
    ">",
    "-eq",
    "-lt",
    "-nt",
    "-efx",
    "x*",
    "(a|b)",
    "<(echo)",
    "$(echo ]])",
    "${x:-]]}",
    "$((1))",
    "\\]]",
    "<<",
    "é",
];

/// Pieces of commands with redirections: descriptor prefixes (in and
/// past `int`), `{name}`, every operator, targets, here-documents,
/// process substitutions that are not redirections.
const REDIRECT_TOKENS: &[&str] = &[
    " ",
    "\t",
    "\n",
    "\\\n",
    "2",
    "10",
    "2147483648",
    "{fd}",
    "{1x}",
    "{",
    "}",
    "<",
    ">",
    ">>",
    "<<",
    "<<-",
    "<<<",
    "<>",
    "<&",
    ">&",
    ">|",
    "&>",
    "&>>",
    "&",
    "-",
    "1-",
    "f",
    "$x",
    "\"q\"",
    "'E'",
    "E",
    "(",
    "<(x)",
    ">(x)",
    ";",
    "|",
    "# c",
    "\nE\n",
    "é",
];

/// Pieces of assignments: names, subscripts (closed, open, quoted, with
/// substitutions), `=` and `+=`, array items keyed and not, newlines,
/// comments and here-documents inside the parentheses.
const ASSIGN_TOKENS: &[&str] = &[
    "a",
    "b1",
    "=",
    "+=",
    "+",
    "[",
    "]",
    "[1]",
    "[k]=",
    "[k]+=",
    "[$i]",
    "['x]']",
    "[\"y\"]",
    "(",
    ")",
    "()",
    " ",
    "\t",
    "\n",
    "# c\n",
    "v",
    "$x",
    "\"q w\"",
    "'s'",
    "~",
    ":~/d",
    "$(echo ])",
    "$((1+2))",
    "<<E",
    ";",
    "|",
    "&",
    "é",
    "{a,b}",
    "[$(cat <<E)]",
    "[`cat <<E`]=",
    "$(: # c\n)",
];

/// Pieces of words: plain text, every quoting form (closed and not),
/// escapes and line continuations, tilde prefixes, extended globs,
/// `$`-expansions of every kind, backquotes, process substitutions,
/// brackets and the bytes that end a word in one context and not another.
const WORD_TOKENS: &[&str] = &[
    "a",
    "x1",
    "é",
    "~",
    "~u/",
    ":",
    "/",
    "=",
    "'s'",
    "'",
    "\"d $x\"",
    "\"",
    "\\",
    "\\\n",
    "\\'",
    "\\}",
    "$'\\n\\x41\\u00e9\\cA\\101'",
    "$'",
    "$\"l\"",
    "$",
    "$x",
    "$1",
    "$@",
    "$?",
    "${x}",
    "${#x}",
    "${!x}",
    "${!x*}",
    "${x[1]}",
    "${a[@]}",
    "${x:-$y}",
    "${x/a/b}",
    "${x:1:2}",
    "${x",
    "${x!}",
    "$(echo a)",
    "$( (a) )",
    "$((1+2))",
    "$((x",
    "$[1]",
    "`echo b`",
    "`",
    "<(c)",
    ">(d)",
    "@(a|b)",
    "!(x)",
    "*",
    "?",
    "+(",
    "(",
    ")",
    "|",
    "[",
    "]",
    "{",
    "}",
    "{a,b}",
    " ",
    "\t",
    "\n",
    ";",
    "&",
    "<",
    "# c",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// Generated words in every context a word stands in (a command's
    /// words, an assignment's value, a `case` pattern, `[[ ]]` operands and
    /// `=~`, `${...}` operands unquoted and in double quotes, a subscript,
    /// a here-document body, double quotes), closed and not, under the
    /// default limits and a small depth limit.
    #[test]
    fn words_old_and_new_agree_on_generated_text(
        t in proptest::collection::vec(proptest::sample::select(WORD_TOKENS), 0..10)
            .prop_map(|t| t.concat()),
        depth in 2usize..8,
    ) {
        let tight = ParseLimits { max_depth: depth, ..ParseLimits::default() };
        for src in [
            format!("echo {t} {t}"),
            format!("v={t} a[{t}]=1"),
            format!("case {t} in {t}) ;; esac"),
            format!("[[ {t} == {t} && {t} =~ {t} ]]"),
            format!("echo ${{x:-{t}}} \"${{x/{t}/{t}}}\" ${{x#{t}}}"),
            format!("echo \"{t}\""),
            format!("cat <<E\n{t}\nE\n"),
            t.clone(),
        ] {
            for limits in [&ParseLimits::default(), &tight] {
                let d = differ(&src, limits);
                prop_assert!(d.is_none(), "{}", d.unwrap_or_default());
            }
        }
    }

    /// Assignment words generated as a name and its rest, before a
    /// command, alone, as a declaration's argument and as a compound
    /// array, closed and not, under the default limits and a small depth
    /// limit.
    #[test]
    fn assignments_old_and_new_agree_on_generated_text(
        t in proptest::collection::vec(proptest::sample::select(ASSIGN_TOKENS), 0..12)
            .prop_map(|t| t.concat()),
        depth in 2usize..8,
    ) {
        let tight = ParseLimits { max_depth: depth, ..ParseLimits::default() };
        for src in [
            format!("a{t}"),
            format!("a{t} cmd"),
            format!("declare a{t}"),
            format!("a=({t})"),
            format!("a=({t}"),
            format!("a[{t}]=1 x=({t})\nE\n"),
            format!("x=({t})\nb\nE\nc\nE\n"),
        ] {
            for limits in [&ParseLimits::default(), &tight] {
                let d = differ(&src, limits);
                prop_assert!(d.is_none(), "{}", d.unwrap_or_default());
            }
        }
    }

    /// Commands with generated redirection text, after a command word,
    /// alone, after a compound command and before a here-document body,
    /// under the default limits and a small depth limit.
    #[test]
    fn redirects_old_and_new_agree_on_generated_text(
        t in proptest::collection::vec(proptest::sample::select(REDIRECT_TOKENS), 0..12)
            .prop_map(|t| t.concat()),
        depth in 2usize..8,
    ) {
        let tight = ParseLimits { max_depth: depth, ..ParseLimits::default() };
        for src in [
            format!("echo {t}"),
            t.clone(),
            format!("{{ :; }} {t}"),
            format!("cat {t}\nE\nbody\nE\n"),
        ] {
            for limits in [&ParseLimits::default(), &tight] {
                let d = differ(&src, limits);
                prop_assert!(d.is_none(), "{}", d.unwrap_or_default());
            }
        }
    }

    /// `[[ ... ]]` with generated expression text, closed and not, after
    /// a here-document whose body follows the first newline, under the
    /// default limits and a small depth limit.
    #[test]
    fn conds_old_and_new_agree_on_generated_text(
        t in proptest::collection::vec(proptest::sample::select(COND_TOKENS), 0..12)
            .prop_map(|t| t.concat()),
        depth in 2usize..8,
    ) {
        let tight = ParseLimits { max_depth: depth, ..ParseLimits::default() };
        for src in [
            format!("[[ {t} ]]"),
            format!("[[{t}"),
            format!("[[ {t} ]] && echo"),
            format!("cat <<E; [[ {t} ]]\nbody $x\nE\n"),
            format!("if [[ ( {t} ) ]]; then :; fi"),
        ] {
            for limits in [&ParseLimits::default(), &tight] {
                let d = differ(&src, limits);
                prop_assert!(d.is_none(), "{}", d.unwrap_or_default());
            }
        }
    }

    /// `${x...}` with generated operator text, unquoted and in double
    /// quotes, closed and not, under the default limits and a small
    /// depth limit.
    #[test]
    fn param_ops_old_and_new_agree_on_generated_text(
        t in proptest::collection::vec(proptest::sample::select(PARAM_TOKENS), 0..8)
            .prop_map(|t| t.concat()),
        depth in 2usize..8,
    ) {
        let tight = ParseLimits { max_depth: depth, ..ParseLimits::default() };
        for src in [
            format!("echo ${{x{t}}}"),
            format!("echo \"${{x{t}}}\""),
            format!("echo ${{x{t}"),
            format!("echo ${{#x{t}}} ${{!x{t}}} ${{a[1]{t}}}"),
        ] {
            for limits in [&ParseLimits::default(), &tight] {
                let d = differ(&src, limits);
                prop_assert!(d.is_none(), "{}", d.unwrap_or_default());
            }
        }
    }

    /// Words with braces in a command, an assignment and a `case`
    /// pattern, under the default limits and a small depth limit.
    #[test]
    fn braces_old_and_new_agree_on_generated_words(
        w in proptest::collection::vec(proptest::sample::select(BRACE_TOKENS), 0..16)
            .prop_map(|t| t.concat()),
        depth in 2usize..8,
    ) {
        let tight = ParseLimits { max_depth: depth, ..ParseLimits::default() };
        for src in [format!("echo {w}"), format!("v={w} echo"), format!("echo {w}{w}")] {
            for limits in [&ParseLimits::default(), &tight] {
                let d = differ(&src, limits);
                prop_assert!(d.is_none(), "{}", d.unwrap_or_default());
            }
        }
    }

    /// Arithmetic-like text, alone, in `$((...))`, `((...))`, `$[...]`,
    /// a substring and `for ((...))`, under the default limits and a
    /// depth limit small enough to be reached.
    #[test]
    fn arith_old_and_new_agree_on_generated_text(
        e in prop_oneof![
            r"[0-9a-cx_ $()\[\]+*/%<>=!&|^~?:,#@`{}\-\\\n]{0,24}",
            proptest::collection::vec(proptest::sample::select(TOKENS), 0..14)
                .prop_map(|t| t.concat()),
        ],
        depth in 2usize..12,
    ) {
        let tight = ParseLimits { max_depth: depth, ..ParseLimits::default() };
        for src in [
            e.clone(),
            format!("echo $(({e}))"),
            format!("(({e}))"),
            format!("echo $[{e}]"),
            format!("echo ${{x:{e}}}"),
            format!("for (({e};{e};{e})); do :; done"),
            format!("let '{e}'"),
        ] {
            for limits in [&ParseLimits::default(), &tight] {
                let d = differ(&src, limits);
                prop_assert!(d.is_none(), "{}", d.unwrap_or_default());
            }
        }
    }
}
