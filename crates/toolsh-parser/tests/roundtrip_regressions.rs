//! Inputs the `roundtrip` fuzz target (`crash-*`) and a mutation run over
//! the spec corpus (`mutation-*`) found printing to text that parsed to a
//! different tree (or not at all), kept in `tests/roundtrip-regressions/`,
//! and the printer rules each class of them needs.

use std::path::Path;

use crate::common::parse_ok;
use toolsh_parser::*;

/// Every saved input that parses round-trips (the fuzz target's check).
#[test]
fn saved_fuzz_inputs_round_trip() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/roundtrip-regressions");
    let mut failures = Vec::new();
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let src = String::from_utf8(bytes).unwrap();
        // Every saved input parses: a failure to parse is a failure here.
        let script = match parse(&src) {
            Ok(s) => s,
            Err(e) => {
                failures.push(format!("{}: does not parse: {e}", path.display()));
                continue;
            }
        };
        n += 1;
        let printed = print(&script);
        match parse(&printed) {
            Ok(again) if visit::eq_ignoring_spans(&again, &script) => {}
            Ok(_) => failures.push(format!(
                "{}: {src:?} -> {printed:?}: another tree",
                path.display()
            )),
            Err(e) => failures.push(format!("{}: {src:?} -> {printed:?}: {e}", path.display())),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(n >= 80, "saved inputs found: {n}");
}

/// A backslash at the end of the input is a literal `\`; a newline after
/// it would make a line continuation.
#[test]
fn trailing_backslash_ends_the_text() {
    for src in ["\\", "echo a\\", "x=1 \\", "echo `a \\\\`", "cat <<E x\\"] {
        parse_ok(src);
    }
    assert_eq!(print(&parse_ok("echo a\\")), "echo a\\");
    // Redirections are printed before such a word.
    assert_eq!(print(&parse_ok("cat >f a\\")), ">f cat a\\");
}

/// Quoted delimiters keep their quotes when they hold `'`, newlines or
/// blanks; unquoted ones starting with `-` are not read as `<<-`.
#[test]
fn here_document_delimiters() {
    parse_ok("cat <<\"it's\"\nbody\nit's\n");
    parse_ok("cat <<'a b'\nx\na b\n");
    parse_ok("cat << -t\nx\n-t\n");
    assert_eq!(print(&parse_ok("cat << -t\nx\n-t\n")), "cat << -t\nx\n-t\n");
    // A delimiter holding a newline never matches: the body runs to the end.
    parse_ok("cat <<'a\nb'\nline\na\nb\n");
    parse_ok("cat <<E=$(\necho x)\nrest\n");
    // A body ending in a line continuation has no final newline.
    parse_ok("cat <<E\nabc\\\nE\n");
    parse_ok("cat <<-E\n\tabc $x\\\n\tE\n");
}

/// Here-documents inside substitutions inside here-document bodies.
#[test]
fn nested_here_documents() {
    parse_ok("eo$( <<E)\nENL\n)ch &o$(cat <<E)\nENL\n)\"\n");
    parse_ok("cat <<E\n`cat <<E\ninner`\n");
    parse_ok("echo `cat <<X`\n");
}

/// `!` before a non-blank metacharacter is a command name, not the
/// pipeline negation.
#[test]
fn bang_as_a_command_name() {
    parse_ok("!;");
    parse_ok("a | !&& b");
    parse_ok("!\n! x\n");
}

/// A deferred `for ((...))` section keeps its own leading blanks.
#[test]
fn arithmetic_for_deferred_sections() {
    parse_ok("for ((i=0; i$=0; i++)); do :; done");
    parse_ok("for ((  i$=0;; )); do :; done");
}

/// A line continuation inside a word is dropped by the parser, which can
/// leave parts side by side that would read as one when printed plainly;
/// the printer puts a continuation back between them.
#[test]
fn line_continuations_keep_parts_apart() {
    for src in [
        // A literal `$` before a quote, an expansion or a name.
        "x=$\\\n'a'",
        "echo $\\\n*",
        "echo ${x/$p/$\\\nr}",
        // A name after `$name`, unquoted and in double quotes.
        "echo $LIN\\\nENO",
        "echo \"$ch\\\no\"",
        // Reserved words and assignments in command position.
        "w\\\nhile true",
        "{\\\n echo",
        "IF\\\nS=: printf x",
        "a[1]\\\n=t",
        "declare a\\\n=b",
        "echo a\\\n=~",
        // `[@` + continuation + `]` is an index, not `[@]`.
        "echo \"${a[@\\\n]}\"",
        // A deferred offset after `:`.
        "echo \"${1:\\\n+\"$x\"}\"",
    ] {
        parse_ok(src);
    }
    // Plain words are printed plainly.
    assert_eq!(print(&parse_ok("echo a=b $x/y")), "echo a=b $x/y\n");
}

/// Deferred arithmetic text escapes `\\`, `$`, `` ` `` and `"` as double
/// quotes do.
#[test]
fn deferred_arithmetic_escapes() {
    parse_ok("for ((i=\\$b \\\\ \\`c\\` \\\"d\\\";;)); do :; done");
}

/// A here-document whose body runs to the end of the input (its
/// delimiter holds a newline): what followed it on its line stays there.
#[test]
fn unterminated_here_document_keeps_its_line() {
    parse_ok("cat <<'a\nb'; echo after\nbody\n");
    parse_ok("x=$(cat <<'a\nb')\nbody\n");
    parse_ok("~EX\\\no body");
}

/// `$[...]` text with an unmatched `)` is printed back as `$[...]`.
#[test]
fn bracket_arithmetic_with_a_parenthesis() {
    parse_ok("echo $[2+3)]");
}

/// A here-document inside a here-document's delimiter (the roundtrip fuzz
/// target's `crash-609b4ace`) is refused: its body would be read from the
/// lines after the command and then lost, since the delimiter is text.
#[test]
fn here_document_inside_a_delimiter_is_refused() {
    for src in [
        "cat <<a$( <<b)c\nhello\na$( <<b)c\n",
        concat!(
            "o$( <<ENntEetGo$( <<ENntted)NntEet)\n( <<\0\0\0\0\0\0\0",
            "0Ec"
        ),
        "cat <<\"$(cat <<x)\"\n",
    ] {
        let e = parse(src).expect_err(src);
        assert_eq!(e.kind, ParseErrorKind::Invalid, "{src:?}");
        assert_eq!(
            e.message,
            "here-document delimiter contains a here-document"
        );
    }
    // A command substitution without a here-document is still a delimiter.
    let s = parse_ok("cat <<a$(b)c\nx\na$(b)c\n");
    assert_eq!(print(&s), "cat <<a$(b)c\nx\na$(b)c\n");
}

/// The canonical layout puts a one-line condition or loop head on its
/// keyword's line (`if c; then`, `while c; do`, `for x in a; do`); a
/// condition that needs more lines, or a here-document whose body must
/// follow the line, keeps its own block.
#[test]
fn heads_on_the_keyword_line() {
    let cases = [
        (
            "if true;then echo  hi;elif false; then :;else echo c;fi",
            "if true; then\n  echo hi\nelif false; then\n  :\nelse\n  echo c\nfi\n",
        ),
        (
            "while read x; do echo $x; done",
            "while read x; do\n  echo $x\ndone\n",
        ),
        ("until a && b; do c; done", "until a && b; do\n  c\ndone\n"),
        (
            "for i in 1 2; do echo $i; done",
            "for i in 1 2; do\n  echo $i\ndone\n",
        ),
        (
            "for ((i=0;i<2;i++)); do :; done",
            "for ((i = 0; i < 2; i++)); do\n  :\ndone\n",
        ),
        (
            "select s in a b; do break; done",
            "select s in a b; do\n  break\ndone\n",
        ),
        // Two commands in the condition: a block of their own.
        ("if a; b; then c; fi", "if\n  a\n  b\nthen\n  c\nfi\n"),
        // A here-document's body must follow the condition's line.
        (
            "if cat <<E; then echo y; fi\nbody\nE\n",
            "if\n  cat <<E\nbody\nE\nthen\n  echo y\nfi\n",
        ),
        // A multi-line condition (a group) keeps its block too.
        (
            "while { a; b; }; do c; done",
            "while\n  {\n    a\n    b\n  }\ndo\n  c\ndone\n",
        ),
        // A here-document pending from earlier on the line.
        (
            "cat <<E | while read l; do echo $l; done\nx\nE\n",
            "cat <<E | while read l; do\nx\nE\n  echo $l\ndone\n",
        ),
    ];
    for (src, want) in cases {
        let s = parse_ok(src);
        let printed = print(&s);
        assert_eq!(printed, want, "{src:?}");
        assert_eq!(
            visit::without_spans(parse_ok(&printed)),
            visit::without_spans(s),
            "{src:?} -> {printed:?}"
        );
    }
}

/// Deferred arithmetic text whose unmatched `)` sits after a `[` keeps the
/// `$((...))` form (`$[...]` would end at the `]`), and a here-document
/// begun before a command substitution spanning lines has its body after
/// the substitution's last line (both found by the roundtrip fuzz target).
#[test]
fn deferred_brackets_and_bodies_after_substitutions() {
    assert_eq!(print(&parse_ok("echo $((][)))")), "echo $((][)))\n");
    assert_eq!(print(&parse_ok("echo $[a)b]")), "echo $[a)b]\n");
    let src = "cat <<a && echo $( (\n  echo in\n))\nbody\na\n";
    let script = parse_ok(src);
    assert_eq!(print(&script), src);
    assert_eq!(
        visit::without_spans(parse_ok(&print(&script))),
        visit::without_spans(script)
    );
}
