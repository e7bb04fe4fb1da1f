//! Parser tests: shapes of small programs and syntax errors.

use super::parse_program;
use crate::ast::{Expr, Pattern, Stmt};

fn parse(src: &str) -> crate::ast::Program {
    parse_program(src.as_bytes(), 200).unwrap_or_else(|e| panic!("{src}: {e:?}"))
}

fn err_pos(src: &str) -> usize {
    parse_program(src.as_bytes(), 200).unwrap_err().pos
}

#[test]
fn program_structure() {
    let p = parse("BEGIN { x = 1 }\n/a/ { print }\nNR > 1\nEND { print x }");
    assert_eq!(p.begin.len(), 1);
    assert_eq!(p.end.len(), 1);
    assert_eq!(p.items.len(), 2);
    assert!(matches!(p.items[0].pattern, Pattern::Expr(Expr::Regex(0))));
    assert!(p.items[1].action.is_none());
}

#[test]
fn print_redirection_and_grouping() {
    let p = parse("{ print $1, $2 > \"out\" }");
    let Some(stmts) = &p.items[0].action else {
        panic!()
    };
    assert!(matches!(&stmts[0], Stmt::Print(args, Some(_)) if args.len() == 2));
    let p = parse("{ print (1, 2) > \"out\" }");
    let Some(stmts) = &p.items[0].action else {
        panic!()
    };
    assert!(matches!(&stmts[0], Stmt::Print(args, Some(_)) if args.len() == 2));
    let p = parse("{ print (1)(2) }");
    let Some(stmts) = &p.items[0].action else {
        panic!()
    };
    assert!(matches!(&stmts[0], Stmt::Print(args, None) if args.len() == 1));
}

#[test]
fn regex_versus_division() {
    let p = parse("{ a = 4 / 2 / 1; b = /x/ }");
    let Some(stmts) = &p.items[0].action else {
        panic!()
    };
    assert!(
        matches!(&stmts[1], Stmt::Expr(Expr::Assign(None, _, rhs)) if matches!(**rhs, Expr::Regex(_)))
    );
}

#[test]
fn functions_and_locals() {
    let p = parse("function f(a, b) { return a + b }\nBEGIN { print f(1, 2) }");
    assert_eq!(p.functions.len(), 1);
    assert_eq!(p.functions[0].nparams, 2);
}

#[test]
fn errors_have_positions() {
    assert_eq!(err_pos("BEGIN { x = }"), 12);
    assert_eq!(err_pos("BEGIN { print \"abc }"), 14);
    assert_eq!(err_pos("BEGIN { f(1) }"), 8);
    assert!(parse_program(b"{ return 1 }", 200).is_err());
}

#[test]
fn nesting_is_bounded() {
    // The interpreter parses on a thread with a large stack; do the same.
    let r = std::thread::Builder::new()
        .stack_size(64 * 1024 * 1024)
        .spawn(|| {
            let deep = format!("BEGIN {{ x = {}1{} }}", "(".repeat(500), ")".repeat(500));
            parse_program(deep.as_bytes(), 200).is_err()
        })
        .unwrap()
        .join()
        .unwrap();
    assert!(r);
}
