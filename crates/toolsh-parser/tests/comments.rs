//! Comments: which `#` starts one (bash manual 3.1.2 "Shell Syntax"),
//! and where the canonical printer puts them. Each "is a comment" answer
//! is what GNU bash 5.2 prints for the script (given in the comment of
//! each row).

use crate::common::parse_ok;
use toolsh_parser::*;

fn texts(s: &Script) -> Vec<&str> {
    s.comments.iter().map(|c| c.text.as_str()).collect()
}

#[test]
fn which_hashes_start_a_comment() {
    let cases: &[(&str, &[&str])] = &[
        // `a#b`
        ("echo a#b\n", &[]),
        // `a`
        ("echo a #b\n", &["#b"]),
        // `bc`
        ("x=abc; echo ${x#a} #c\n", &["#c"]),
        // `0`, `0`
        ("echo $# ${#x}\n", &[]),
        // `3`
        ("echo $((1 + 2)) #c\n", &["#c"]),
        // `a #b`
        ("echo \"a #b\" 'a #c' #d\n", &["#d"]),
        // `m`
        ("x=a#b; [[ $x == a#b ]] && echo m #c\n", &["#c"]),
        // `x`
        ("case x in #c\nx) echo x;; esac\n", &["#c"]),
        // `a #b`
        ("echo a\\ #b\n", &[]),
        // `a#b`: the continuation joins the lines
        ("echo a\\\n#b\n", &[]),
        // `a #b`
        ("echo {a,#b}\n", &[]),
        // `a`
        ("echo a;#b\n", &["#b"]),
        // `a`, `c`
        ("echo a&&#b\necho c\n", &["#b"]),
        // an empty line
        ("echo #\n", &["#"]),
        // `a #b`: a here-document body has no comments
        ("cat <<E #x\na #b\nE\n", &["#x"]),
        // `a c`
        ("x=(a #b\nc); echo ${x[@]}\n", &["#b"]),
        // `f`
        ("f() #c\n{ echo f; }; f\n", &["#c"]),
    ];
    for (src, want) in cases {
        let s = parse_ok(src);
        assert_eq!(texts(&s), *want, "{src:?}");
    }
}

#[test]
fn substitution_comments_belong_to_the_script() {
    // bash prints `a z` for the first two, `y` for the third.
    for (src, want) in [
        ("echo $(echo a #b\n) z\n", vec!["#b"]),
        ("echo `echo a #b\n` z\n", vec!["#b"]),
        ("echo $( #c\necho y)\n", vec!["#c"]),
        ("cat <<E\n$(echo a #in body\n)\nE\n", vec!["#in body"]),
    ] {
        let s = parse_ok(src);
        assert_eq!(texts(&s), want, "{src:?}");
        let Command::Simple(c) = &s.body.items[0].and_or.first.commands[0].command else {
            panic!("a simple command");
        };
        for w in &c.words {
            for p in &w.parts {
                if let WordPart::CommandSubst { script, .. } = p {
                    assert!(script.comments.is_empty(), "{src:?}");
                }
            }
        }
    }
}

#[test]
fn comment_fields() {
    let src = "#!/bin/sh\n  # own\necho a # tail\n";
    let s = parse(src).unwrap();
    let got: Vec<_> = s
        .comments
        .iter()
        .map(|c| (&src[c.span.range()], c.span.line, c.own_line, c.next_token))
        .collect();
    assert_eq!(
        got,
        [
            ("#!/bin/sh", 1, true, 18),
            ("# own", 2, true, 18),
            ("# tail", 3, false, 32),
        ]
    );
}

#[test]
fn comments_compare_by_text_in_order() {
    let same = |a: &str, b: &str| visit::eq_ignoring_spans(&parse(a).unwrap(), &parse(b).unwrap());
    assert!(same("# a\necho\n", "echo # a\n"));
    assert!(!same("# a\necho\n", "echo # b\n"));
    assert!(!same("# a\n# b\n", "# b\n# a\n"));
}

/// The canonical form of `src`, checked to be a fixed point.
fn fmt(src: &str) -> String {
    let out = print(&parse_ok(src));
    assert_eq!(print(&parse(&out).unwrap()), out, "not stable: {src:?}");
    out
}

#[test]
fn printer_places_comments_at_item_boundaries() {
    let cases = [
        (
            "#!/bin/bash\n# a\n\necho hi  # note\n",
            "#!/bin/bash\n# a\necho hi # note\n",
        ),
        ("echo a; echo b # b\n", "echo a\necho b # b\n"),
        (
            "if true; then # t\n  a\n  # end then\nelse\n  # start else\n  b\n  # end else\nfi # fi\n",
            "if true; then\n  # t\n  a\n  # end then\nelse\n  # start else\n  b\n  # end else\nfi # fi\n",
        ),
        (
            "while false # c\ndo\n  :\n  # end\ndone\n",
            "while\n  false # c\ndo\n  :\n  # end\ndone\n",
        ),
        (
            "f() { # b\n  echo f # in\n  # end\n}\n",
            "f() {\n  # b\n  echo f # in\n  # end\n}\n",
        ),
        (
            "case x in # in\n  # p\n  x) echo x # i\n    # e\n    ;; # d\n  # esac\nesac\n",
            "case x in\n# in\n# p\n(x)\n  echo x # i\n  # e\n  ;;\n# d\n# esac\nesac\n",
        ),
        // Inside one command: at the end of its line.
        (
            "echo a &&\n  # x\n  echo b\necho c\n",
            "echo a && echo b\n# x\necho c\n",
        ),
        ("echo $(a # x\n) b\n", "echo $(a) b # x\n"),
        // A here-document body follows the comment's line.
        ("cat <<E # x\nbody\nE\n", "cat <<E # x\nbody\nE\n"),
        ("# only\n", "# only\n"),
        // A `\` at the end of the input: nothing may follow it.
        ("echo a\necho $(b # c\n) \\", "echo a\n# c\necho $(b) \\"),
        // bash prints an empty line: the `#` starts a word.
        ("echo \\\n# c\n", "echo\n# c\n"),
    ];
    for (src, want) in cases {
        assert_eq!(fmt(src), want, "{src:?}");
    }
}

#[test]
fn declare_f_layout_prints_no_comments() {
    // bash 5.2: `f() { # c\necho a # d\n# e\n}; declare -f f`.
    let s = parse("f() { # c\necho a # d\n# e\n}\n").unwrap();
    let Command::Function(f) = &s.body.items[0].and_or.first.commands[0].command else {
        panic!("a function");
    };
    assert_eq!(
        print_function(f, Layout::DeclareF, None),
        "f () \n{ \n    echo a\n}\n"
    );
}
