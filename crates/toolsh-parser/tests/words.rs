//! Words: quoting, expansions, braces, tildes, extended globs.

use crate::common::*;
use toolsh_parser::*;

#[test]
fn literals_merge_and_quotes_are_parts() {
    assert_eq!(word_parts("echo abc", 1), vec![lit("abc")]);
    assert_eq!(
        word_parts("echo a'b c'\"d $x\"\\*e", 1),
        vec![
            lit("a"),
            WordPart::SingleQuoted("b c".into()),
            WordPart::DoubleQuoted {
                parts: vec![lit("d "), named("x")],
                locale: false
            },
            WordPart::Escaped('*'),
            lit("e"),
        ]
    );
}

#[test]
fn line_continuation_produces_no_part() {
    assert_eq!(word_parts("echo ab\\\ncd", 1), vec![lit("abcd")]);
}

#[test]
fn double_quote_escapes() {
    assert_eq!(
        word_parts(r#"echo "a\"b\$c\\d\e""#, 1),
        vec![WordPart::DoubleQuoted {
            parts: vec![lit("a\"b$c\\d\\e")],
            locale: false
        }]
    );
    assert_eq!(
        word_parts(r#"echo $"hi""#, 1),
        vec![WordPart::DoubleQuoted {
            parts: vec![lit("hi")],
            locale: true
        }]
    );
}

#[test]
fn ansi_c_escapes_are_decoded() {
    assert_eq!(
        word_parts(r"echo $'a\n\t\x41\101\u00e9\cA\e\'\\\q'", 1),
        vec![WordPart::AnsiC("a\n\tAA\u{e9}\x01\x1b'\\\\q".into())]
    );
    // In the default UTF-8 locale \u and \U decode to characters.
    assert_eq!(
        word_parts(r"echo $'\u41\U00e9\U0001f600\u7f'", 1),
        vec![WordPart::AnsiC("A\u{e9}\u{1f600}\x7f".into())]
    );
    // The C locale lacks them above 0x7f: bash keeps the escape,
    // upper-case, \u when it fits in four digits.
    let c = ParseLimits {
        utf8: false,
        ..ParseLimits::default()
    };
    let script = parse_with_limits(r"echo $'\u41\U00e9\U0001f600\u7f'", &c).unwrap();
    assert!(
        format!("{script:?}").contains(r#"AnsiC("A\\u00E9\\U0001F600\u{7f}")"#),
        "{script:?}"
    );
    // bash stops at a NUL byte.
    assert_eq!(
        word_parts(r"echo $'ab\0cd'", 1),
        vec![WordPart::AnsiC("ab".into())]
    );
}

#[test]
fn dollar_without_expansion_is_literal() {
    assert_eq!(word_parts("echo $ a$ $%", 1), vec![lit("$")]);
    assert_eq!(word_parts("echo a$", 1), vec![lit("a$")]);
    assert_eq!(word_parts("echo $%", 1), vec![lit("$%")]);
}

#[test]
fn simple_parameters() {
    let p = |s: &str| param(s).param;
    assert_eq!(p("echo $x1"), Parameter::Named("x1".into()));
    assert_eq!(p("echo $1"), Parameter::Positional(1));
    assert_eq!(p("echo ${10}"), Parameter::Positional(10));
    assert_eq!(p("echo $0"), Parameter::Special('0'));
    for c in ['@', '*', '#', '?', '-', '$', '!'] {
        assert_eq!(p(&format!("echo ${c}")), Parameter::Special(c));
        assert_eq!(p(&format!("echo ${{{c}}}")), Parameter::Special(c));
    }
    // `$12` is `$1` followed by `2`.
    assert_eq!(word_parts("echo $12", 1)[1], lit("2"));
}

#[test]
fn parameter_operators() {
    let op = |s: &str| *param(s).op.unwrap();
    assert_eq!(op("echo ${#x}"), ParamOp::Length);
    assert_eq!(
        op("echo ${x:-a b}"),
        ParamOp::Default {
            kind: DefaultKind::UseDefault,
            colon: true,
            word: lit_word("a b")
        }
    );
    for (text, kind, colon) in [
        ("-", DefaultKind::UseDefault, false),
        (":=", DefaultKind::Assign, true),
        ("=", DefaultKind::Assign, false),
        (":?", DefaultKind::Error, true),
        ("?", DefaultKind::Error, false),
        (":+", DefaultKind::Alternative, true),
        ("+", DefaultKind::Alternative, false),
    ] {
        assert_eq!(
            op(&format!("echo ${{x{text}w}}")),
            ParamOp::Default {
                kind,
                colon,
                word: lit_word("w")
            }
        );
    }
    assert_eq!(
        op("echo ${x##*/}"),
        ParamOp::RemovePrefix {
            longest: true,
            pattern: lit_word("*/")
        }
    );
    assert_eq!(
        op("echo ${x%.*}"),
        ParamOp::RemoveSuffix {
            longest: false,
            pattern: lit_word(".*")
        }
    );
    assert_eq!(
        op("echo ${x//a/b}"),
        ParamOp::Replace {
            mode: ReplaceMode::All,
            pattern: lit_word("a"),
            replacement: Some(lit_word("b"))
        }
    );
    assert_eq!(
        op("echo ${x/#a}"),
        ParamOp::Replace {
            mode: ReplaceMode::Prefix,
            pattern: lit_word("a"),
            replacement: None
        }
    );
    assert_eq!(
        op("echo ${x/%a/}"),
        ParamOp::Replace {
            mode: ReplaceMode::Suffix,
            pattern: lit_word("a"),
            replacement: Some(word(vec![]))
        }
    );
    assert_eq!(
        op("echo ${x:1:2}"),
        ParamOp::Substring {
            offset: num("1"),
            length: Some(num("2"))
        }
    );
    assert_eq!(
        op("echo ${x: -1}"),
        ParamOp::Substring {
            offset: ArithExpr::Unary {
                op: ArithUnaryOp::Minus,
                operand: Box::new(num("1"))
            },
            length: None
        }
    );
    assert_eq!(
        op("echo ${x^^}"),
        ParamOp::Case {
            mode: CaseMode::UpperAll,
            pattern: None
        }
    );
    assert_eq!(
        op("echo ${x,[ab]}"),
        ParamOp::Case {
            mode: CaseMode::LowerFirst,
            pattern: Some(lit_word("[ab]"))
        }
    );
    for t in ['Q', 'E', 'P', 'A', 'a', 'U', 'u', 'L', 'K', 'k'] {
        assert_eq!(op(&format!("echo ${{x@{t}}}")), ParamOp::Transform(t));
    }
    assert_eq!(op("echo ${!pre*}"), ParamOp::PrefixNames { star: true });
    assert_eq!(op("echo ${!pre@}"), ParamOp::PrefixNames { star: false });
    assert_eq!(op("echo ${!arr[@]}"), ParamOp::Keys { star: false });
    assert_eq!(op("echo ${!arr[*]}"), ParamOp::Keys { star: true });
}

#[test]
fn indirection_and_subscripts() {
    let p = param("echo ${!ref}");
    assert!(p.indirect && p.op.is_none());
    let p = param("echo ${!ref:-d}");
    assert!(p.indirect && p.op.is_some());
    assert_eq!(param("echo ${a[@]}").subscript, Some(Subscript::At));
    assert_eq!(param("echo ${a[*]}").subscript, Some(Subscript::Star));
    assert_eq!(
        param("echo ${a[i+1]}").subscript,
        Some(Subscript::Index(lit_word("i+1")))
    );
    let p = param("echo ${#a[@]}");
    assert_eq!(p.op.as_deref(), Some(&ParamOp::Length));
    assert_eq!(p.subscript, Some(Subscript::At));
}

#[test]
fn nested_words_in_operators() {
    let op = param(r#"echo ${x:-"$y" ${z:-$(echo a)}}"#)
        .op
        .map(|o| *o)
        .unwrap();
    let ParamOp::Default { word, .. } = op else {
        panic!()
    };
    assert_eq!(word.parts.len(), 3);
    assert!(matches!(word.parts[0], WordPart::DoubleQuoted { .. }));
    assert_eq!(word.parts[1], lit(" "));
    assert!(matches!(word.parts[2], WordPart::Param(_)));
    // Braces inside are counted: `{a}` belongs to the word.
    let ParamOp::Default { word, .. } = *param("echo ${x:-{a}b}").op.unwrap() else {
        panic!()
    };
    assert_eq!(word, lit_word("{a}b"));
}

#[test]
fn single_quotes_inside_double_quoted_parameter_words() {
    // bash: "${x:-'a'}" keeps the quotes; "${x#'a'}" removes them.
    let parts = word_parts(r#"echo "${x:-'a'}" "${x#'a'}""#, 1);
    let WordPart::DoubleQuoted { parts, .. } = &parts[0] else {
        panic!()
    };
    let WordPart::Param(p) = &parts[0] else {
        panic!()
    };
    assert_eq!(
        p.op.clone().map(|o| *o),
        Some(ParamOp::Default {
            kind: DefaultKind::UseDefault,
            colon: true,
            word: lit_word("'a'")
        })
    );
    let parts = word_parts(r#"echo "${x#'a'}""#, 1);
    let WordPart::DoubleQuoted { parts, .. } = &parts[0] else {
        panic!()
    };
    let WordPart::Param(p) = &parts[0] else {
        panic!()
    };
    assert_eq!(
        p.op.clone().map(|o| *o),
        Some(ParamOp::RemovePrefix {
            longest: false,
            pattern: word(vec![WordPart::SingleQuoted("a".into())])
        })
    );
}

#[test]
fn command_substitutions() {
    let parts = word_parts("echo $(echo a; echo b)", 1);
    let [WordPart::CommandSubst { script, backquoted }] = parts.as_slice() else {
        panic!("{parts:?}")
    };
    assert!(!backquoted);
    assert_eq!(script.body.items.len(), 2);
    let parts = word_parts(r"echo `echo \`echo hi\``", 1);
    let [WordPart::CommandSubst { script, backquoted }] = parts.as_slice() else {
        panic!("{parts:?}")
    };
    assert!(backquoted);
    let inner = print(script);
    assert_eq!(inner, "echo `echo hi`\n");
    // case with `)` patterns and a here-document inside $( ).
    parse_ok("x=$(case a in a) echo 1;; esac)");
    parse_ok("x=$(cat <<EOF\nbody )\nEOF\n)");
    // `$( (` is a subshell inside a command substitution.
    let parts = word_parts("echo $( (echo a) )", 1);
    assert!(matches!(parts[0], WordPart::CommandSubst { .. }));
    let parts = word_parts("echo $((echo a) )", 1);
    assert!(
        matches!(parts[0], WordPart::CommandSubst { .. }),
        "{parts:?}"
    );
}

#[test]
fn process_substitution() {
    let parts = word_parts("diff <(ls a) >(cat)", 1);
    assert!(matches!(
        parts[0],
        WordPart::ProcessSubst { read: true, .. }
    ));
    let parts = word_parts("diff <(ls a) >(cat)", 2);
    assert!(matches!(
        parts[0],
        WordPart::ProcessSubst { read: false, .. }
    ));
}

#[test]
fn brace_expansion_only_for_valid_expressions() {
    let b = |s: &str| word_parts(&format!("echo {s}"), 1);
    assert_eq!(
        b("a{b,c}d"),
        vec![
            lit("a"),
            WordPart::Brace(Box::new(BraceExpansion::List(vec![
                lit_word("b"),
                lit_word("c")
            ]))),
            lit("d")
        ]
    );
    assert_eq!(
        b("{1..10..2}"),
        vec![WordPart::Brace(Box::new(BraceExpansion::Sequence {
            start: "1".into(),
            end: "10".into(),
            step: Some("2".into())
        }))]
    );
    assert_eq!(
        b("{a..z}"),
        vec![WordPart::Brace(Box::new(BraceExpansion::Sequence {
            start: "a".into(),
            end: "z".into(),
            step: None
        }))]
    );
    for literal in ["{}", "{a}", "{a..5}", "{1..3..}", "{a", "a}", "{a,b"] {
        assert_eq!(b(literal), vec![lit(literal)], "{literal}");
    }
    assert_eq!(
        b("{,x}"),
        vec![WordPart::Brace(Box::new(BraceExpansion::List(vec![
            word(vec![]),
            lit_word("x")
        ])))]
    );
    // Nested, and with expansions inside.
    let parts = b("{a,{b,c}}");
    let [WordPart::Brace(brace)] = parts.as_slice() else {
        panic!()
    };
    let BraceExpansion::List(alts) = &**brace else {
        panic!()
    };
    assert!(matches!(alts[1].parts[0], WordPart::Brace(_)));
    let parts = b("{$x,\"y\"}");
    assert!(matches!(&parts[0], WordPart::Brace(b) if matches!(**b, BraceExpansion::List(_))));
    // Quoted braces and commas do not count.
    assert_eq!(b("'{a,b}'"), vec![WordPart::SingleQuoted("{a,b}".into())]);
    assert_eq!(
        b("{a\\,b}"),
        vec![lit("{a"), WordPart::Escaped(','), lit("b}")]
    );
    // Not in assignments.
    let c = simple("x={a,b}");
    assert_eq!(
        c.assignments[0].value,
        AssignValue::Scalar(lit_word("{a,b}"))
    );
}

#[test]
fn tilde_prefixes() {
    assert_eq!(word_parts("echo ~", 1), vec![WordPart::Tilde(None)]);
    assert_eq!(
        word_parts("echo ~/x", 1),
        vec![WordPart::Tilde(None), lit("/x")]
    );
    assert_eq!(
        word_parts("echo ~bob/x", 1),
        vec![WordPart::Tilde(Some("bob".into())), lit("/x")]
    );
    assert_eq!(
        word_parts("echo ~+", 1),
        vec![WordPart::Tilde(Some("+".into()))]
    );
    assert_eq!(word_parts("echo a~", 1), vec![lit("a~")]);
    assert_eq!(word_parts("echo ~'x'", 1)[0], lit("~"));
    // Assignment values: after `=` and `:`.
    let c = simple("PATH=~/bin:~/x:a~");
    assert_eq!(
        c.assignments[0].value,
        AssignValue::Scalar(word(vec![
            WordPart::Tilde(None),
            lit("/bin:"),
            WordPart::Tilde(None),
            lit("/x:a~")
        ]))
    );
    // bash also expands after `=` in assignment-like arguments.
    assert_eq!(
        word_parts("echo a=~/x", 1),
        vec![lit("a="), WordPart::Tilde(None), lit("/x")]
    );
}

#[test]
fn extended_globs() {
    assert_eq!(
        word_parts("echo x@(a|b*)y", 1),
        vec![
            lit("x"),
            WordPart::ExtGlob {
                op: '@',
                alternatives: vec![lit_word("a"), lit_word("b*")]
            },
            lit("y")
        ]
    );
    for op in ['*', '+', '?', '!'] {
        let parts = word_parts(&format!("echo {op}(a)"), 1);
        assert_eq!(
            parts,
            vec![WordPart::ExtGlob {
                op,
                alternatives: vec![lit_word("a")]
            }]
        );
    }
}

#[test]
fn arithmetic_expansion_forms() {
    assert_eq!(arith("1+2"), bin(ArithBinaryOp::Add, num("1"), num("2")));
    let parts = word_parts("echo $[1+2]", 1);
    assert_eq!(
        parts,
        vec![WordPart::Arith(Box::new(bin(
            ArithBinaryOp::Add,
            num("1"),
            num("2")
        )))]
    );
}

/// The operator of the parameter expansion that is the only part of the
/// double-quoted word 1 of `src`.
fn dq_param_op(src: &str) -> ParamOp {
    match word_parts(src, 1).as_slice() {
        [WordPart::DoubleQuoted { parts, .. }] => match parts.as_slice() {
            [WordPart::Param(p)] => {
                p.op.as_deref()
                    .cloned()
                    .unwrap_or_else(|| panic!("{src:?}: no operator"))
            }
            other => panic!("{src:?}: {other:?}"),
        },
        other => panic!("{src:?}: {other:?}"),
    }
}

/// The parts of an operand word.
fn operand(w: &Word) -> Vec<WordPart> {
    w.parts.to_vec()
}

#[test]
fn extquote_decodes_ansi_c_and_locale_quotes_in_double_quoted_operands() {
    // bash 5.2 (extquote on): `"${z//$'\n'/,}"` replaces newlines.
    let ParamOp::Replace {
        pattern,
        replacement,
        ..
    } = dq_param_op(r#"echo "${z//$'\n'/$'\t'}""#)
    else {
        panic!("not a replacement");
    };
    assert_eq!(operand(&pattern), vec![WordPart::AnsiC("\n".into())]);
    assert_eq!(
        replacement.map(|w| operand(&w)),
        Some(vec![WordPart::AnsiC("\t".into())])
    );
    let ParamOp::Default { word, .. } = dq_param_op(r#"echo "${u:-a$'\x41'b}""#) else {
        panic!("not a default");
    };
    assert_eq!(
        operand(&word),
        vec![lit("a"), WordPart::AnsiC("A".into()), lit("b")]
    );
    let ParamOp::RemovePrefix { pattern, .. } = dq_param_op(r#"echo "${v#$"a"}""#) else {
        panic!("not a prefix removal");
    };
    assert_eq!(
        operand(&pattern),
        vec![WordPart::DoubleQuoted {
            parts: vec![lit("a")],
            locale: true
        }]
    );
    // A `}` inside `$'...'` does not end the expansion.
    let ParamOp::Default { word, .. } = dq_param_op(r#"echo "${u:-$'}'}""#) else {
        panic!("not a default");
    };
    assert_eq!(operand(&word), vec![WordPart::AnsiC("}".into())]);
    // Escaped, `\$'` stays literal; plain double quotes keep `$'` literal.
    let ParamOp::Default { word, .. } = dq_param_op(r#"echo "${u:-\$'x'}""#) else {
        panic!("not a default");
    };
    assert_eq!(operand(&word), vec![WordPart::Escaped('$'), lit("'x'")]);
    assert_eq!(
        word_parts(r#"echo "$'x'""#, 1),
        vec![WordPart::DoubleQuoted {
            parts: vec![lit("$'x'")],
            locale: false
        }]
    );
}
