//! Syntax errors: every class with the line and message `bash -n` (bash
//! 5.2.15) printed for the same input on this machine.

use toolsh_parser::*;

/// (script, line, message) as reported by `bash -n`.
const CASES: &[(&str, u32, &str)] = &[
    ("fi\n", 1, "syntax error near unexpected token `fi'"),
    ("echo a\nfi\n", 2, "syntax error near unexpected token `fi'"),
    (
        "if true; then\necho\n",
        3,
        "syntax error: unexpected end of file",
    ),
    (
        "echo \"abc\n\n",
        1,
        "unexpected EOF while looking for matching `\"'",
    ),
    (
        "echo 'abc\n\n",
        1,
        "unexpected EOF while looking for matching `''",
    ),
    (
        "echo ${x\n\n",
        1,
        "unexpected EOF while looking for matching `}'",
    ),
    (
        "echo a\necho $(\n\n\n",
        5,
        "unexpected EOF while looking for matching `)'",
    ),
    (
        "echo `echo\n\n",
        1,
        "unexpected EOF while looking for matching ``'",
    ),
    (
        "echo a\necho $((1+\n\n\n",
        2,
        "unexpected EOF while looking for matching `)'",
    ),
    ("( echo\n\n", 3, "syntax error: unexpected end of file"),
    ("{ echo\n\n", 3, "syntax error: unexpected end of file"),
    ("echo )\n", 1, "syntax error near unexpected token `)'"),
    ("a;;\n", 1, "syntax error near unexpected token `;;'"),
    ("case x in\n", 2, "syntax error: unexpected end of file"),
    ("for x in a b\n", 2, "syntax error: unexpected end of file"),
    ("while true\n", 2, "syntax error: unexpected end of file"),
    ("echo a |\n", 2, "syntax error: unexpected end of file"),
    ("echo a &&\n", 2, "syntax error: unexpected end of file"),
    (
        "[[ -f ]]\n",
        1,
        "unexpected argument `]]' to conditional unary operator",
    ),
    (
        "[[ a -eq ]]\n",
        1,
        "unexpected argument `]]' to conditional binary operator",
    ),
    (
        "echo a\n[[ a\n\n",
        2,
        "unexpected token `newline', conditional binary operator expected",
    ),
    (
        "echo a >\n",
        1,
        "syntax error near unexpected token `newline'",
    ),
    (
        "echo a\necho <(\n\n",
        4,
        "unexpected EOF while looking for matching `)'",
    ),
    (
        "function\n",
        1,
        "syntax error near unexpected token `newline'",
    ),
    ("f() echo\n", 1, "syntax error near unexpected token `echo'"),
    (
        "echo $[1+\n",
        1,
        "unexpected EOF while looking for matching `]'",
    ),
    (
        "echo a\nx=(a b\n\n",
        2,
        "unexpected EOF while looking for matching `)'",
    ),
    ("x=(a (b) c)\n", 1, "syntax error near unexpected token `('"),
    (
        "if then fi\n",
        1,
        "syntax error near unexpected token `then'",
    ),
    ("echo a; do\n", 1, "syntax error near unexpected token `do'"),
    (
        "select\n",
        1,
        "syntax error near unexpected token `newline'",
    ),
    (
        "echo a\nif true\nthen\nfi\n",
        4,
        "syntax error near unexpected token `fi'",
    ),
    (
        "echo a\nif true\nthen\nelse\nfi\n",
        4,
        "syntax error near unexpected token `else'",
    ),
    (
        "echo a\nwhile true\ndo\ndone\n",
        4,
        "syntax error near unexpected token `done'",
    ),
    ("{ }\n", 1, "syntax error near unexpected token `}'"),
    ("{\n}\n", 2, "syntax error near unexpected token `}'"),
    ("( )\n", 1, "syntax error near unexpected token `)'"),
    (
        "echo a\ncase x in\na)\n;;\nb) echo ;; esac esac\n",
        5,
        "syntax error near unexpected token `esac'",
    ),
    (
        "echo ${x:-${y\n\n",
        1,
        "unexpected EOF while looking for matching `}'",
    ),
    (
        "echo \"${x:-\"a}\"\n",
        1,
        "unexpected EOF while looking for matching `}'",
    ),
    (
        "echo >&\n",
        1,
        "syntax error near unexpected token `newline'",
    ),
    (
        "cat <<\n",
        1,
        "syntax error near unexpected token `newline'",
    ),
    ("[[ ( a ]]\n", 1, "unexpected token `]]', expected `)'"),
    ("[[ a b ]]\n", 1, "conditional binary operator expected"),
    ("((\n", 1, "unexpected EOF while looking for matching `)'"),
    (
        "for ((;)); do :; done\n",
        1,
        "syntax error: arithmetic expression required",
    ),
    (
        "echo a\n[[ a == b &&\n\n\n",
        5,
        "unexpected token `EOF' in conditional command",
    ),
    (
        "echo a\n[[ a ==\n\n",
        2,
        "unexpected argument `newline' to conditional binary operator",
    ),
    ("a |& |\n", 1, "syntax error near unexpected token `|'"),
    (
        "echo a; ; echo b\n",
        1,
        "syntax error near unexpected token `;'",
    ),
    ("& echo\n", 1, "syntax error near unexpected token `&'"),
    (
        "echo a && || b\n",
        1,
        "syntax error near unexpected token `||'",
    ),
    (
        "echo a\n\n\n  then\n",
        4,
        "syntax error near unexpected token `then'",
    ),
    (
        "for x in a; do echo; done done\n",
        1,
        "syntax error near unexpected token `done'",
    ),
    (
        "case a in a) echo;; b) esac\n;;\n",
        2,
        "syntax error near unexpected token `;;'",
    ),
    (
        "echo $(echo )) \n",
        1,
        "syntax error near unexpected token `)'",
    ),
    (
        "echo a\nelif\n",
        2,
        "syntax error near unexpected token `elif'",
    ),
    (
        "until; do :; done\n",
        1,
        "syntax error near unexpected token `;'",
    ),
    (
        "if true; then :; fi fi\n",
        1,
        "syntax error near unexpected token `fi'",
    ),
    (
        "while :; do :; done; done\n",
        1,
        "syntax error near unexpected token `done'",
    ),
    ("echo a\n  }\n", 2, "syntax error near unexpected token `}'"),
    (
        "f() { :; }; f() \n",
        2,
        "syntax error: unexpected end of file",
    ),
    (
        "[[ a =~ b) ]]\n",
        1,
        "syntax error in conditional expression: unexpected token `)'",
    ),
    (
        "echo a\necho \"x\ny\nz\n",
        2,
        "unexpected EOF while looking for matching `\"'",
    ),
    (
        "echo a\necho 'x\ny\nz\n",
        2,
        "unexpected EOF while looking for matching `''",
    ),
    ("time |\n", 1, "syntax error near unexpected token `|'"),
    ("! |\n", 1, "syntax error near unexpected token `|'"),
];

#[test]
fn errors_match_bash_n() {
    let mut failures = Vec::new();
    for &(src, line, message) in CASES {
        match parse(src) {
            Ok(_) => failures.push(format!("{src:?}: parsed")),
            Err(e) => {
                if e.line != line || e.message != message {
                    failures.push(format!(
                        "{src:?}: got line {} {:?}, bash: line {line} {message:?}",
                        e.line, e.message
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn unterminated_input_is_incomplete() {
    for src in [
        "if true; then\n",
        "echo \"abc\n",
        "echo 'abc",
        "echo ${x",
        "echo $(echo",
        "echo `echo",
        "while true; do",
        "echo a |",
        "echo a &&",
        "case x in",
        "f() {",
        "x=(a",
        "[[ a == b &&",
    ] {
        let e = parse(src).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::Incomplete, "{src:?}: {}", e.message);
    }
    for src in ["fi", "echo )", "a;;", "{ }"] {
        let e = parse(src).unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::UnexpectedToken, "{src:?}");
    }
}

/// bash 5.2 reports a bad substitution when it expands the word, so the
/// parser keeps the text (up to the closing brace) for the interpreter.
#[test]
fn bad_substitution_is_kept_for_run_time() {
    for text in [
        "${x!}",
        "${}",
        "${x@Z}",
        "${x;}",
        "${#x:-y}",
        "${a[0][0]}",
        "${#x:1}",
    ] {
        for src in [format!("echo {text} after"), format!("echo \"a{text}b\"")] {
            let script = parse(&src).unwrap_or_else(|e| panic!("{src:?}: {e:?}"));
            let tree = format!("{script:?}");
            assert!(
                tree.contains(&format!("BadSubstitution({text:?})")),
                "{src:?}: {tree}"
            );
            assert_eq!(toolsh_parser::print(&script).trim_end(), src, "{src:?}");
        }
    }
    // A `${` with no closing brace is still a syntax error.
    let e = parse("echo ${x;").unwrap_err();
    assert_eq!(e.kind, ParseErrorKind::Incomplete, "{}", e.message);
}

#[test]
fn columns_point_at_the_token() {
    let e = parse("echo a; fi").unwrap_err();
    assert_eq!((e.line, e.column), (1, 9));
    assert_eq!(e.span.start, 8);
}

/// `command_start` is where the top-level command holding the error
/// begins: the text before it is whole commands (what bash has already
/// run when it reports the error).
#[test]
fn errors_name_the_start_of_their_top_level_command() {
    let cases: &[(&str, usize)] = &[
        ("echo one\nif true; then\n", 9),
        ("echo one\nfi\necho two\n", 9),
        ("echo one; fi\n", 10),
        ("fi\n", 0),
        ("a && b\nwhile x; do echo $(\n", 7),
        ("f() {\n  echo\n}\ncase x in\n", 15),
        ("echo one\necho \"open\n", 9),
    ];
    for &(src, start) in cases {
        let e = parse(src).expect_err(src);
        assert_eq!(e.command_start as usize, start, "{src:?}: {e:?}");
        // The text before it parses on its own.
        assert!(toolsh_parser::parse(&src[..start]).is_ok(), "{src:?}");
    }
}
