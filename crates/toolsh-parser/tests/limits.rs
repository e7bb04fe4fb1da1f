//! Limits: deep nesting, huge words and many here-documents end in an
//! error, never a stack overflow or a hang.

use toolsh_parser::*;

fn limit_error(src: &str) {
    match parse(src) {
        Err(e) => assert_eq!(e.kind, ParseErrorKind::LimitExceeded, "{}", e.message),
        Ok(_) => panic!("parsed"),
    }
}

#[test]
fn deep_parentheses() {
    limit_error(&"(".repeat(100_000));
    limit_error(&format!("{}a{}", "(".repeat(100_000), ")".repeat(100_000)));
    limit_error(&format!(
        "echo $(({}1{}))",
        "(".repeat(100_000),
        ")".repeat(100_000)
    ));
}

#[test]
fn deep_command_substitutions() {
    limit_error(&format!("{}a{}", "$(".repeat(10_000), ")".repeat(10_000)));
    limit_error(&format!(
        "echo {}a{}",
        "\"$(".repeat(10_000),
        ")\"".repeat(10_000)
    ));
    limit_error(&format!(
        "echo {}a{}",
        "${x:-".repeat(10_000),
        "}".repeat(10_000)
    ));
}

#[test]
fn deep_compound_commands() {
    limit_error(&format!("{}:{}", "{ ".repeat(10_000), "; }".repeat(10_000)));
    limit_error(&format!(
        "{}:{}",
        "if a; then ".repeat(10_000),
        "; fi".repeat(10_000)
    ));
    limit_error(&format!("[[ {}a ]]", "! ".repeat(100_000)));
    limit_error(&format!("echo $(({}1))", "-".repeat(100_000)));
    limit_error(&format!("echo $((1{}))", "+1".repeat(100_000)));
    limit_error(&format!("[[ a{} ]]", " && a".repeat(100_000)));
    limit_error(&format!(
        "echo {}a{}",
        "{a,".repeat(10_000),
        "}".repeat(10_000)
    ));
    limit_error(&format!(
        "echo {}a{}",
        "@(".repeat(10_000),
        ")".repeat(10_000)
    ));
}

#[test]
fn nesting_below_the_limit_parses() {
    let depth = 40;
    let src = format!("{}a{}", "$(".repeat(depth), ")".repeat(depth));
    parse(&src).unwrap();
    let src = format!("{}:{}", "{ ".repeat(depth), "; }".repeat(depth));
    parse(&src).unwrap();
}

#[test]
fn huge_word_is_linear() {
    let word = "a".repeat(10 * 1024 * 1024 - 100);
    let s = parse(&format!("echo {word}")).unwrap();
    assert_eq!(s.body.items.len(), 1);
    let too_big = "a".repeat(10 * 1024 * 1024 + 1);
    limit_error(&too_big);
}

#[test]
fn here_document_count() {
    let limits = ParseLimits {
        max_heredocs: 3,
        ..ParseLimits::default()
    };
    let src = "cat <<A <<B <<C <<D\na\nA\nb\nB\nc\nC\nd\nD\n";
    let e = parse_with_limits(src, &limits).unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::LimitExceeded);
    assert!(parse(src).is_ok());
}

#[test]
fn source_size() {
    let limits = ParseLimits {
        max_source_bytes: 10,
        ..ParseLimits::default()
    };
    let e = parse_with_limits("echo 12345678", &limits).unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::LimitExceeded);
}
