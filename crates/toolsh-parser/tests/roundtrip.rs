//! Property test: the canonical printer's output parses back to the tree
#![allow(clippy::needless_pass_by_value, clippy::unnecessary_box_returns)]
//! it was printed from, for generated trees in the parser's normal form
//! (merged literals, parentheses only where precedence needs them).

use proptest::prelude::*;
use toolsh_parser::*;

const RESERVED: &[&str] = &[
    "if", "then", "elif", "else", "fi", "time", "for", "in", "until", "while", "do", "done",
    "case", "esac", "coproc", "select", "function",
];

fn sp() -> Span {
    Span::default()
}

fn w(parts: Vec<WordPart>) -> Word {
    // Merge adjacent literals, as the parser does.
    let mut out: Vec<WordPart> = Vec::new();
    for p in parts {
        match (out.last_mut(), p) {
            (_, WordPart::Literal(l)) if l.is_empty() => {}
            (Some(WordPart::Literal(a)), WordPart::Literal(b)) => a.push_str(&b),
            (_, p) => out.push(p),
        }
    }
    Word {
        parts: out.into(),
        span: sp(),
    }
}

fn name() -> BoxedStrategy<String> {
    "[a-z_][a-z0-9_]{0,4}"
        .prop_filter("reserved", |s| !RESERVED.contains(&s.as_str()))
        .boxed()
}

fn lit() -> BoxedStrategy<String> {
    "[a-z0-9_.][a-z0-9_.-]{0,5}"
        .prop_filter("reserved", |s| !RESERVED.contains(&s.as_str()))
        .boxed()
}

fn param(word: BoxedStrategy<Word>, arith: BoxedStrategy<ArithExpr>) -> BoxedStrategy<WordPart> {
    let plit = "[a-z0-9 .]{1,5}"
        .prop_map(|s| w(vec![WordPart::Literal(s.into())]))
        .boxed();
    let pword = prop_oneof![plit.clone(), word.clone()];
    let op = prop_oneof![
        Just(None),
        Just(Some(ParamOp::Length)),
        (0..4usize, any::<bool>(), pword.clone()).prop_map(|(k, colon, word)| Some(
            ParamOp::Default {
                kind: [
                    DefaultKind::UseDefault,
                    DefaultKind::Assign,
                    DefaultKind::Error,
                    DefaultKind::Alternative
                ][k],
                colon,
                word
            }
        )),
        (any::<bool>(), any::<bool>(), plit.clone()).prop_map(|(prefix, longest, pattern)| Some(
            if prefix {
                ParamOp::RemovePrefix { longest, pattern }
            } else {
                ParamOp::RemoveSuffix { longest, pattern }
            }
        )),
        (0..4usize, plit.clone(), proptest::option::of(pword)).prop_map(
            |(m, pattern, replacement)| Some(ParamOp::Replace {
                mode: [
                    ReplaceMode::First,
                    ReplaceMode::All,
                    ReplaceMode::Prefix,
                    ReplaceMode::Suffix
                ][m],
                pattern,
                replacement
            })
        ),
        (arith.clone(), proptest::option::of(arith))
            .prop_map(|(offset, length)| Some(ParamOp::Substring { offset, length })),
        (0..6usize, proptest::option::of(plit)).prop_map(|(m, pattern)| Some(ParamOp::Case {
            mode: [
                CaseMode::UpperFirst,
                CaseMode::UpperAll,
                CaseMode::LowerFirst,
                CaseMode::LowerAll,
                CaseMode::ToggleFirst,
                CaseMode::ToggleAll
            ][m],
            pattern
        })),
        prop::sample::select(vec!['Q', 'E', 'P', 'A', 'a', 'U', 'u', 'L', 'K', 'k'])
            .prop_map(|c| Some(ParamOp::Transform(c))),
    ];
    (name(), op)
        .prop_map(|(n, op)| {
            WordPart::Param(Box::new(ParamExpansion {
                param: Parameter::Named(n.into()),
                subscript: None,
                indirect: false,
                op: op.map(Box::new),
                braced: true,
                span: sp(),
            }))
        })
        .boxed()
}

// Precedence levels, lowest first, as in the parser.
fn level(e: &ArithExpr) -> u8 {
    match e {
        ArithExpr::Comma(..) => 0,
        ArithExpr::Assign { .. } => 1,
        ArithExpr::Conditional { .. } => 2,
        ArithExpr::Binary { op, .. } => 2 + prec(*op),
        ArithExpr::Chain { rest, .. } => 2 + prec(rest[0].0),
        ArithExpr::Unary { .. } => 14,
        _ => 15,
    }
}

fn prec(op: ArithBinaryOp) -> u8 {
    use ArithBinaryOp as B;
    match op {
        B::Or => 1,
        B::And => 2,
        B::BitOr => 3,
        B::BitXor => 4,
        B::BitAnd => 5,
        B::Eq | B::Ne => 6,
        B::Lt | B::Le | B::Gt | B::Ge => 7,
        B::Shl | B::Shr => 8,
        B::Add | B::Sub => 9,
        B::Mul | B::Div | B::Rem => 10,
        B::Pow => 11,
    }
}

fn wrap(e: ArithExpr, min: u8) -> Box<ArithExpr> {
    Box::new(if level(&e) < min {
        ArithExpr::Group(Box::new(e))
    } else {
        e
    })
}

const BINOPS: &[ArithBinaryOp] = &[
    ArithBinaryOp::Pow,
    ArithBinaryOp::Mul,
    ArithBinaryOp::Div,
    ArithBinaryOp::Rem,
    ArithBinaryOp::Add,
    ArithBinaryOp::Sub,
    ArithBinaryOp::Shl,
    ArithBinaryOp::Shr,
    ArithBinaryOp::Lt,
    ArithBinaryOp::Le,
    ArithBinaryOp::Gt,
    ArithBinaryOp::Ge,
    ArithBinaryOp::Eq,
    ArithBinaryOp::Ne,
    ArithBinaryOp::BitAnd,
    ArithBinaryOp::BitXor,
    ArithBinaryOp::BitOr,
    ArithBinaryOp::And,
    ArithBinaryOp::Or,
];

fn arith() -> BoxedStrategy<ArithExpr> {
    let var = name()
        .prop_map(|name| ArithExpr::Variable {
            name: name.into(),
            subscript: None,
        })
        .boxed();
    let leaf = prop_oneof![
        "[0-9]{1,3}".prop_map(|n| ArithExpr::Number(n.into())),
        var.clone(),
        name().prop_map(|n| ArithExpr::Expansion(Box::new(WordPart::Param(Box::new(
            ParamExpansion {
                param: Parameter::Named(n.into()),
                subscript: None,
                indirect: false,
                op: None,
                braced: true,
                span: sp(),
            }
        ))))),
        (var.clone(), any::<bool>(), any::<bool>()).prop_map(|(t, increment, prefix)| {
            ArithExpr::Increment {
                target: Box::new(t),
                increment,
                prefix,
            }
        }),
    ];
    leaf.prop_recursive(4, 24, 3, move |inner| {
        let var = var.clone();
        prop_oneof![
            inner.clone().prop_map(|e| ArithExpr::Group(Box::new(e))),
            (0..4usize, inner.clone()).prop_map(|(o, e)| ArithExpr::Unary {
                op: [
                    ArithUnaryOp::Minus,
                    ArithUnaryOp::Plus,
                    ArithUnaryOp::Not,
                    ArithUnaryOp::BitNot
                ][o],
                operand: wrap(e, 14),
            }),
            (prop::sample::select(BINOPS), inner.clone(), inner.clone()).prop_map(|(op, l, r)| {
                let p = 2 + prec(op);
                // A left operand of the same level would extend a run
                // (an `ArithExpr::Chain`): the parser never nests it.
                let (lmin, rmin) = if op == ArithBinaryOp::Pow {
                    (14, p)
                } else {
                    (p + 1, p + 1)
                };
                ArithExpr::Binary {
                    op,
                    lhs: wrap(l, lmin),
                    rhs: wrap(r, rmin),
                }
            }),
            (
                prop::sample::select(&BINOPS[1..]),
                inner.clone(),
                prop::collection::vec(inner.clone(), 2..4)
            )
                .prop_map(|(op, first, rest)| {
                    let p = 2 + prec(op);
                    ArithExpr::Chain {
                        first: wrap(first, p + 1),
                        rest: rest.into_iter().map(|e| (op, *wrap(e, p + 1))).collect(),
                    }
                }),
            (
                var,
                proptest::option::of(prop::sample::select(BINOPS)),
                inner.clone()
            )
                .prop_filter("compound assignment operators", |(_, op, _)| {
                    !matches!(
                        op,
                        Some(
                            ArithBinaryOp::Pow
                                | ArithBinaryOp::Lt
                                | ArithBinaryOp::Le
                                | ArithBinaryOp::Gt
                                | ArithBinaryOp::Ge
                                | ArithBinaryOp::Eq
                                | ArithBinaryOp::Ne
                                | ArithBinaryOp::And
                                | ArithBinaryOp::Or
                        )
                    )
                })
                .prop_map(|(t, op, v)| ArithExpr::Assign {
                    op,
                    target: Box::new(t),
                    value: wrap(v, 1),
                }),
            (inner.clone(), inner.clone(), inner.clone()).prop_map(|(c, t, o)| {
                ArithExpr::Conditional {
                    cond: wrap(c, 3),
                    then: Box::new(t),
                    otherwise: wrap(o, 2),
                }
            }),
            (inner.clone(), inner).prop_map(|(a, b)| ArithExpr::Comma(wrap(a, 0), wrap(b, 1))),
        ]
    })
    .boxed()
}

fn dq_part(
    param: BoxedStrategy<WordPart>,
    arith: BoxedStrategy<ArithExpr>,
) -> BoxedStrategy<WordPart> {
    prop_oneof![
        "[ -~]{1,6}".prop_map(|s| WordPart::Literal(s.into())),
        param,
        arith.prop_map(|e| WordPart::Arith(Box::new(e))),
    ]
    .boxed()
}

fn word() -> BoxedStrategy<Word> {
    let arith = arith();
    let leaf_word = lit()
        .prop_map(|s| w(vec![WordPart::Literal(s.into())]))
        .boxed();
    let param = param(leaf_word.clone(), arith.clone());
    let part = prop_oneof![
        4 => lit().prop_map(|s| WordPart::Literal(s.into())),
        1 => prop::sample::select(vec!['*', '?', '$', ' ', '"', '\'', '\\', '{', '|', ';'])
            .prop_map(WordPart::Escaped),
        1 => "[ -&(-~]{0,6}".prop_map(|s| WordPart::SingleQuoted(s.into())),
        1 => (proptest::collection::vec(dq_part(param.clone(), arith.clone()), 0..4), any::<bool>())
            .prop_map(|(parts, locale)| {
                let merged = w(parts).parts;
                WordPart::DoubleQuoted { parts: merged.into_vec(), locale }
            }),
        1 => "[ -~\t\n\x01]{0,6}".prop_map(|s| WordPart::AnsiC(s.into())),
        2 => param,
        1 => arith.prop_map(|e| WordPart::Arith(Box::new(e))),
        1 => (lit(), lit()).prop_map(|(a, b)| WordPart::Brace(Box::new(BraceExpansion::List(vec![
            w(vec![WordPart::Literal(a.into())]),
            w(vec![WordPart::Literal(b.into())]),
        ])))),
        1 => (0..20i32, 0..20i32).prop_map(|(a, b)| WordPart::Brace(Box::new(BraceExpansion::Sequence {
            start: a.to_string(),
            end: b.to_string(),
            step: None,
        }))),
    ];
    proptest::collection::vec(part, 1..4)
        .prop_map(w)
        .prop_filter("word must start a word", |word| {
            // A word must not be empty or merge into an expansion/tilde.
            !word.parts.is_empty()
        })
        .boxed()
}

fn simple(words: BoxedStrategy<Word>) -> BoxedStrategy<Command> {
    let first = lit().prop_map(|s| w(vec![WordPart::Literal(s.into())]));
    // Assignment values get no brace expansion.
    let value = words.clone().prop_filter("no braces in assignments", |w| {
        !w.parts.iter().any(|p| matches!(p, WordPart::Brace(_)))
    });
    let assign =
        (name(), any::<bool>(), proptest::option::of(value)).prop_map(|(name, append, value)| {
            Assignment {
                name: name.into(),
                subscript: None,
                append,
                value: AssignValue::Scalar(value.unwrap_or_default()),
                span: sp(),
            }
        });
    let redirect = (
        proptest::option::of(0u32..10),
        prop::sample::select(vec![
            RedirOp::Read,
            RedirOp::Write,
            RedirOp::Append,
            RedirOp::Clobber,
            RedirOp::ReadWrite,
            RedirOp::HereString,
        ]),
        words.clone(),
    )
        .prop_map(|(fd, op, target)| Redirect {
            fd: fd.map(RedirFd::Number),
            op,
            target: RedirTarget::Word(target),
            span: sp(),
        });
    (
        proptest::collection::vec(assign, 0..2),
        first,
        proptest::collection::vec(words, 0..3),
        proptest::collection::vec(redirect, 0..2),
    )
        .prop_map(|(assignments, first, rest, redirects)| {
            let mut all = vec![first];
            all.extend(rest);
            Command::Simple(SimpleCommand {
                assignments: assignments.into(),
                words: all,
                redirects: redirects.into(),
                span: sp(),
            })
        })
        .boxed()
}

fn list_of(cmd: BoxedStrategy<Command>) -> BoxedStrategy<List> {
    let pipeline = (
        proptest::collection::vec((cmd, any::<bool>()), 1..3),
        any::<bool>(),
    )
        .prop_map(|(stages, negated)| {
            let n = stages.len();
            Pipeline {
                timed: None,
                negated,
                commands: stages
                    .into_iter()
                    .enumerate()
                    .map(|(i, (command, e))| PipelineStage {
                        command,
                        pipe_stderr: e && i + 1 < n,
                    })
                    .collect(),
                span: sp(),
            }
        });
    let and_or = (
        pipeline.clone(),
        proptest::collection::vec((any::<bool>(), pipeline), 0..2),
    )
        .prop_map(|(first, rest)| AndOrList {
            first,
            rest: rest
                .into_iter()
                .map(|(a, p)| (if a { AndOr::And } else { AndOr::Or }, p))
                .collect(),
            span: sp(),
        });
    proptest::collection::vec((and_or, any::<bool>()), 1..3)
        .prop_map(|items| List {
            items: items
                .into_iter()
                .map(|(and_or, background)| ListItem {
                    and_or,
                    background,
                    span: sp(),
                })
                .collect(),
            span: sp(),
        })
        .boxed()
}

fn cond_expr() -> BoxedStrategy<CondExpr> {
    let cw = "[a-z0-9_.]{1,5}"
        .prop_map(|s| w(vec![WordPart::Literal(s.into())]))
        .boxed();
    let leaf = prop_oneof![
        (
            prop::sample::select(vec!["-f", "-n", "-z", "-d", "-v"]),
            cw.clone()
        )
            .prop_map(|(op, operand)| CondExpr::Unary {
                op: op.into(),
                operand
            }),
        (
            prop::sample::select(vec![
                CondBinaryOp::Match,
                CondBinaryOp::NotMatch,
                CondBinaryOp::RegexMatch,
                CondBinaryOp::Less,
                CondBinaryOp::Eq,
                CondBinaryOp::Ge
            ]),
            cw.clone(),
            cw.clone()
        )
            .prop_map(|(op, lhs, rhs)| CondExpr::Binary { op, lhs, rhs }),
        cw.prop_map(CondExpr::Word),
    ];
    fn lvl(e: &CondExpr) -> u8 {
        match e {
            CondExpr::Or(..) => 0,
            CondExpr::And(..) => 1,
            CondExpr::Not(..) => 2,
            _ => 3,
        }
    }
    fn wrap(e: CondExpr, min: u8) -> Box<CondExpr> {
        Box::new(if lvl(&e) < min {
            CondExpr::Group(Box::new(e))
        } else {
            e
        })
    }
    leaf.prop_recursive(3, 12, 2, |inner| {
        prop_oneof![
            inner.clone().prop_map(|e| CondExpr::Not(wrap(e, 2))),
            inner.clone().prop_map(|e| CondExpr::Group(Box::new(e))),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| CondExpr::And(wrap(a, 1), wrap(b, 2))),
            (inner.clone(), inner).prop_map(|(a, b)| CondExpr::Or(wrap(a, 0), wrap(b, 1))),
        ]
    })
    .boxed()
}

fn command() -> BoxedStrategy<Command> {
    let words = word();
    simple(words.clone())
        .prop_recursive(3, 16, 3, move |inner| {
            let list = list_of(inner.clone());
            let words = words.clone();
            let compound = prop_oneof![
                list.clone()
                    .prop_map(|l| CompoundCommand::BraceGroup(l, sp())),
                list.clone()
                    .prop_map(|l| CompoundCommand::Subshell(l, sp())),
                (
                    proptest::collection::vec((list.clone(), list.clone()), 1..3),
                    proptest::option::of(list.clone())
                )
                    .prop_map(|(branches, otherwise)| CompoundCommand::If {
                        branches,
                        otherwise,
                        span: sp()
                    }),
                (any::<bool>(), list.clone(), list.clone()).prop_map(|(until, cond, body)| {
                    CompoundCommand::While {
                        until,
                        cond,
                        body,
                        span: sp(),
                    }
                }),
                (
                    name(),
                    proptest::option::of(proptest::collection::vec(words.clone(), 0..3)),
                    list.clone()
                )
                    .prop_map(|(var, words, body)| CompoundCommand::For {
                        var: var.into(),
                        words,
                        body,
                        span: sp()
                    }),
                (
                    proptest::option::of(arith()),
                    proptest::option::of(arith()),
                    proptest::option::of(arith()),
                    list.clone()
                )
                    .prop_map(|(init, cond, step, body)| {
                        CompoundCommand::ArithFor {
                            init: init.map(Box::new),
                            cond: cond.map(Box::new),
                            step: step.map(Box::new),
                            body,
                            span: sp(),
                        }
                    }),
                (
                    words.clone().prop_filter("no braces in case words", |w| {
                        !w.parts.iter().any(|p| matches!(p, WordPart::Brace(_)))
                    }),
                    proptest::collection::vec(
                        (
                            proptest::collection::vec(lit(), 1..3),
                            proptest::option::of(list.clone()),
                            0..3usize
                        ),
                        0..3
                    )
                )
                    .prop_map(|(word, items)| CompoundCommand::Case {
                        word,
                        items: items
                            .into_iter()
                            .map(|(pats, body, t)| CaseItem {
                                patterns: pats
                                    .into_iter()
                                    .map(|p| w(vec![WordPart::Literal(p.into())]))
                                    .collect(),
                                body: body.unwrap_or_default(),
                                terminator: [
                                    CaseTerminator::Break,
                                    CaseTerminator::FallThrough,
                                    CaseTerminator::Continue
                                ][t],
                                span: sp(),
                            })
                            .collect(),
                        span: sp()
                    }),
                arith().prop_map(|e| CompoundCommand::Arith(e, sp())),
                cond_expr().prop_map(|e| CompoundCommand::Cond(Box::new(e), sp())),
            ];
            prop_oneof![
                3 => inner,
                2 => compound.clone().prop_map(|c| Command::Compound(Box::new(c), ThinVec::new())),
                1 => (name(), list.clone(), any::<bool>()).prop_map(|(name, l, keyword)| {
                    Command::Function(Box::new(FunctionDef {
                        name: name.into(),
                        body: Box::new(CompoundCommand::BraceGroup(l, sp())),
                        redirects: ThinVec::new(),
                        keyword,
                        span: sp(),
                    }))
                }),
                1 => list.prop_map(|l| Command::Simple(SimpleCommand {
                    assignments: ThinVec::new(),
                    words: vec![
                        w(vec![WordPart::Literal("echo".into())]),
                        w(vec![WordPart::CommandSubst {
                            script: Box::new(Script { body: l, span: sp(), comments: Vec::new() }),
                            backquoted: false,
                        }]),
                    ],
                    redirects: ThinVec::new(),
                    span: sp(),
                })),
            ]
        })
        .boxed()
}

/// Comments as a tree built by hand has them: no positions (the printer
/// puts them at its first places), texts that look like code.
fn comments() -> impl Strategy<Value = Vec<Comment>> {
    prop::collection::vec(
        (
            prop::sample::select(vec!["#", "#!/bin/bash", "# note", "#x; fi", "# $(a) 'b \\"]),
            any::<bool>(),
        )
            .prop_map(|(text, own_line)| Comment {
                text: text.to_string(),
                span: sp(),
                own_line,
                next_token: 0,
            }),
        0..4,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn printed_scripts_parse_back(body in list_of(command()), comments in comments()) {
        let script = Script { body, span: sp(), comments };
        let text = print(&script);
        let parsed = parse(&text).map_err(|e| {
            TestCaseError::fail(format!("{text}\n{}:{}: {}", e.line, e.column, e.message))
        })?;
        prop_assert_eq!(visit::without_spans(parsed), script, "{}", text);
    }

    #[test]
    fn printed_arithmetic_parses_back(e in arith()) {
        let text = print_arith(&e);
        let parsed = parse_arith(&text).map_err(|err| TestCaseError::fail(format!("{text}: {}", err.message)))?;
        prop_assert_eq!(visit::without_spans(parsed), e, "{}", text);
    }
}
