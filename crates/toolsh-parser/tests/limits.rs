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

/// A run of left-associative operators is not nesting: bash evaluates
/// `1+1+...+1` with any number of terms. It parses to one flat chain
/// (no recursion per term when it is walked or dropped).
#[test]
fn long_operator_runs_are_not_nesting() {
    let src = format!("echo $((1{}))", "+1".repeat(1_000_000));
    let script = parse(&src).unwrap();
    let Command::Simple(c) = &script.body.items[0].and_or.first.commands[0].command else {
        panic!("not a simple command");
    };
    let WordPart::Arith(e) = &c.words[1].parts[0] else {
        panic!("not arithmetic");
    };
    let ArithExpr::Chain { first, rest } = &**e else {
        panic!("not a chain");
    };
    assert_eq!(**first, ArithExpr::Number("1".into()));
    assert_eq!(rest.len(), 1_000_000);
    assert!(
        rest.iter()
            .all(|(op, e)| *op == ArithBinaryOp::Add && *e == ArithExpr::Number("1".into()))
    );
    let e = parse_arith(&format!("1{}", "*2-3".repeat(300_000))).unwrap();
    assert!(matches!(e, ArithExpr::Chain { ref rest, .. } if rest.len() == 300_000));
    drop(script);
    // Real nesting is still limited: parentheses, unary operators, `**`.
    limit_error(&format!("echo $(({}1))", "-".repeat(300)));
    limit_error(&format!(
        "echo $(({}1{}))",
        "(".repeat(300),
        ")".repeat(300)
    ));
    limit_error(&format!("echo $((1{}))", "**1".repeat(300)));
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
