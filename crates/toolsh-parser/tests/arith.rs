//! Arithmetic expressions: precedence, associativity, deferred text and
//! run-time parsing.

use crate::common::*;
use ArithBinaryOp::{Add, Mul, Pow, Sub};
use toolsh_parser::*;

fn un(op: ArithUnaryOp, e: ArithExpr) -> ArithExpr {
    ArithExpr::Unary {
        op,
        operand: Box::new(e),
    }
}

#[test]
fn precedence_and_associativity() {
    assert_eq!(
        arith("1+2*3"),
        bin(Add, num("1"), bin(Mul, num("2"), num("3")))
    );
    // Three or more operands of one level: one flat, left-to-right chain.
    assert_eq!(
        arith("1-2-3"),
        ArithExpr::Chain {
            first: Box::new(num("1")),
            rest: vec![(Sub, num("2")), (Sub, num("3"))],
        }
    );
    assert_eq!(
        arith("1*2+3-4<5"),
        bin(
            ArithBinaryOp::Lt,
            ArithExpr::Chain {
                first: Box::new(bin(Mul, num("1"), num("2"))),
                rest: vec![(Add, num("3")), (Sub, num("4"))],
            },
            num("5")
        )
    );
    assert_eq!(
        arith("2**3**2"),
        bin(Pow, num("2"), bin(Pow, num("3"), num("2")))
    );
    // Unary minus binds tighter than `**` in bash: -2**2 == 4.
    assert_eq!(
        arith("-2**2"),
        bin(Pow, un(ArithUnaryOp::Minus, num("2")), num("2"))
    );
    assert_eq!(
        arith("(1+2)*3"),
        bin(
            Mul,
            ArithExpr::Group(Box::new(bin(Add, num("1"), num("2")))),
            num("3")
        )
    );
    assert_eq!(
        arith("a || b && c"),
        bin(
            ArithBinaryOp::Or,
            var("a"),
            bin(ArithBinaryOp::And, var("b"), var("c"))
        )
    );
    assert_eq!(
        arith("a | b ^ c & d"),
        bin(
            ArithBinaryOp::BitOr,
            var("a"),
            bin(
                ArithBinaryOp::BitXor,
                var("b"),
                bin(ArithBinaryOp::BitAnd, var("c"), var("d"))
            )
        )
    );
    assert_eq!(
        arith("a == b < c << 1"),
        bin(
            ArithBinaryOp::Eq,
            var("a"),
            bin(
                ArithBinaryOp::Lt,
                var("b"),
                bin(ArithBinaryOp::Shl, var("c"), num("1"))
            )
        )
    );
}

#[test]
fn assignment_conditional_comma() {
    assert_eq!(
        arith("x = y += 2"),
        ArithExpr::Assign {
            op: None,
            target: Box::new(var("x")),
            value: Box::new(ArithExpr::Assign {
                op: Some(Add),
                target: Box::new(var("y")),
                value: Box::new(num("2"))
            })
        }
    );
    assert_eq!(
        arith("a ? b : c ? d : e"),
        ArithExpr::Conditional {
            cond: Box::new(var("a")),
            then: Box::new(var("b")),
            otherwise: Box::new(ArithExpr::Conditional {
                cond: Box::new(var("c")),
                then: Box::new(var("d")),
                otherwise: Box::new(var("e"))
            })
        }
    );
    assert_eq!(
        arith("1, 2, 3"),
        ArithExpr::Comma(
            Box::new(ArithExpr::Comma(Box::new(num("1")), Box::new(num("2")))),
            Box::new(num("3"))
        )
    );
    for (text, op) in [
        ("<<=", ArithBinaryOp::Shl),
        (">>=", ArithBinaryOp::Shr),
        ("&=", ArithBinaryOp::BitAnd),
        ("|=", ArithBinaryOp::BitOr),
        ("^=", ArithBinaryOp::BitXor),
        ("%=", ArithBinaryOp::Rem),
        ("/=", ArithBinaryOp::Div),
        ("*=", Mul),
        ("-=", Sub),
    ] {
        assert_eq!(
            arith(&format!("x {text} 1")),
            ArithExpr::Assign {
                op: Some(op),
                target: Box::new(var("x")),
                value: Box::new(num("1"))
            }
        );
    }
}

#[test]
fn increments_and_unary() {
    let inc = |t: ArithExpr, increment, prefix| ArithExpr::Increment {
        target: Box::new(t),
        increment,
        prefix,
    };
    assert_eq!(arith("++x"), inc(var("x"), true, true));
    assert_eq!(arith("x--"), inc(var("x"), false, false));
    // `--5` is two unary minuses.
    assert_eq!(
        arith("--5"),
        un(ArithUnaryOp::Minus, un(ArithUnaryOp::Minus, num("5")))
    );
    assert_eq!(
        arith("!~+x"),
        un(
            ArithUnaryOp::Not,
            un(ArithUnaryOp::BitNot, un(ArithUnaryOp::Plus, var("x")))
        )
    );
}

#[test]
fn numbers_variables_expansions() {
    for n in ["0x1F", "017", "2#101", "64#_@", "10"] {
        assert_eq!(arith(n), num(n));
    }
    assert_eq!(
        arith("a[i+1]"),
        ArithExpr::Variable {
            name: "a".into(),
            subscript: Some(Box::new(lit_word("i+1")))
        }
    );
    let e = arith("$x + ${y}");
    let ArithExpr::Binary { lhs, rhs, .. } = e else {
        panic!()
    };
    assert!(matches!(*lhs, ArithExpr::Expansion(_)));
    assert!(matches!(*rhs, ArithExpr::Expansion(_)));
}

#[test]
fn invalid_text_is_deferred() {
    // bash reports these when evaluating, not when parsing.
    for text in ["1+", "1 2", "1$x", "\"1\" + 2", "'1'"] {
        let e = arith(text);
        assert!(matches!(e, ArithExpr::Deferred(_)), "{text}: {e:?}");
    }
    let ArithExpr::Deferred(w) = arith("1$x") else {
        panic!()
    };
    assert_eq!(w.parts.to_vec(), vec![lit("1"), named("x")]);
    let ArithExpr::Deferred(w) = arith("\"1\" + 2") else {
        panic!()
    };
    assert_eq!(
        w.parts.to_vec(),
        vec![
            WordPart::DoubleQuoted {
                parts: vec![lit("1")],
                locale: false
            },
            lit(" + 2")
        ]
    );
}

#[test]
fn parse_arith_at_run_time() {
    assert_eq!(
        parse_arith(" 1 + 2 ").unwrap(),
        bin(Add, num("1"), num("2"))
    );
    assert_eq!(parse_arith("").unwrap(), num("0"));
    assert_eq!(parse_arith("  ").unwrap(), num("0"));
    // Messages as bash prints them after `TEXT: ` (checked with bash 5.2).
    let cases = [
        (
            "1+ ",
            "syntax error: operand expected (error token is \"+ \")",
        ),
        (
            "1 * * 2 ",
            "syntax error: operand expected (error token is \"* 2 \")",
        ),
        (
            "1 +  2 3 ",
            "syntax error in expression (error token is \"3 \")",
        ),
        (
            "1 2 + 3 ",
            "syntax error in expression (error token is \"2 + 3 \")",
        ),
        (
            "5 = 3 ",
            "attempted assignment to non-variable (error token is \"= 3 \")",
        ),
        (
            "1 @ 2 ",
            "syntax error: invalid arithmetic operator (error token is \"@ 2 \")",
        ),
        (
            "1..2",
            "syntax error: invalid arithmetic operator (error token is \"..2\")",
        ),
        (
            "1 ? 2 ",
            "`:' expected for conditional expression (error token is \"2 \")",
        ),
        (
            "++ ",
            "syntax error: operand expected (error token is \"+ \")",
        ),
        (
            "x++ y ",
            "syntax error in expression (error token is \"y \")",
        ),
        (
            "'1'+2 ",
            "syntax error: operand expected (error token is \"'1'+2 \")",
        ),
    ];
    for (text, msg) in cases {
        let e = parse_arith(text).unwrap_err();
        assert_eq!(e.message, msg, "{text:?}");
        assert_eq!(e.kind, ParseErrorKind::Invalid);
    }
}

#[test]
fn print_arith_adds_no_parentheses() {
    let e = parse_arith("(1+2)*3 - -x ? a : b, y = z").unwrap();
    let text = print_arith(&e);
    assert_eq!(text, "(1 + 2) * 3 - -x ? a : b, y = z");
    assert_eq!(parse_arith(&text).unwrap(), e);
    assert_eq!(print_arith(&parse_arith("- -1").unwrap()), "- -1");
    assert_eq!(print_arith(&parse_arith("-(-1)").unwrap()), "-(-1)");
}

#[test]
fn arithmetic_commands_and_for() {
    let c = compound("(( x = 1 ))");
    assert!(matches!(
        c,
        CompoundCommand::Arith(ArithExpr::Assign { .. }, _)
    ));
    let c = compound("for ((i = 0; i < 3; i++)); do echo $i; done");
    let CompoundCommand::ArithFor {
        init, cond, step, ..
    } = c
    else {
        panic!()
    };
    assert!(init.is_some() && cond.is_some() && step.is_some());
    let c = compound("for ((;;)) { break; }");
    let CompoundCommand::ArithFor {
        init, cond, step, ..
    } = c
    else {
        panic!()
    };
    assert!(init.is_none() && cond.is_none() && step.is_none());
    // `((` that does not close with `))` is two subshells.
    let c = compound("((echo a); (echo b))");
    assert!(matches!(c, CompoundCommand::Subshell(..)));
}
