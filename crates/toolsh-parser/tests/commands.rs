//! Commands: simple commands, assignments, redirections, pipelines, lists
//! and every compound command.

use crate::common::*;
use toolsh_parser::*;

#[test]
fn simple_command_with_assignments_and_redirections() {
    let c = simple("A=1 B+=x cmd arg >out 2>&1 <in");
    assert_eq!(c.assignments.len(), 2);
    assert!(c.assignments[1].append);
    assert_eq!(c.words.len(), 2);
    assert_eq!(c.redirects.len(), 3);
    assert_eq!(c.redirects[1].fd, Some(RedirFd::Number(2)));
    assert_eq!(c.redirects[1].op, RedirOp::DupWrite);
    let c = simple("x=");
    assert_eq!(c.assignments[0].value, AssignValue::Scalar(word(vec![])));
    assert!(c.words.is_empty());
    // After the command name, `a=b` is an ordinary argument.
    let c = simple("echo a=b");
    assert_eq!(c.words.len(), 2);
    assert!(c.assignments.is_empty());
}

#[test]
fn array_assignments() {
    let c = simple("a=(x 'y z' [3]=w [k]+=v) a[i+1]=q");
    let AssignValue::Array(items) = &c.assignments[0].value else {
        panic!()
    };
    assert_eq!(items.len(), 4);
    assert_eq!(
        items[2],
        ArrayItem::Keyed {
            key: lit_word("3"),
            value: lit_word("w"),
            append: false
        }
    );
    assert!(matches!(items[3], ArrayItem::Keyed { append: true, .. }));
    assert_eq!(c.assignments[1].subscript, Some(lit_word("i+1")));
    // Subscripts may hold blanks; arrays may span lines with comments.
    let c = simple("a[1 + 1]=x");
    assert_eq!(c.assignments[0].subscript, Some(lit_word("1 + 1")));
    let c = simple("a=(\n  one # first\n  two\n)");
    let AssignValue::Array(items) = &c.assignments[0].value else {
        panic!()
    };
    assert_eq!(items.len(), 2);
}

#[test]
fn declaration_utilities_take_assignment_words() {
    let c = simple("declare -a x=(1 2) y=$z plain");
    assert!(matches!(c.words[1].parts[0], WordPart::Literal(_)));
    let WordPart::AssignmentWord(a) = &c.words[2].parts[0] else {
        panic!("{:?}", c.words[2])
    };
    assert_eq!(a.name, "x");
    assert!(matches!(a.value, AssignValue::Array(_)));
    assert!(matches!(c.words[3].parts[0], WordPart::AssignmentWord(_)));
    assert_eq!(c.words[4].parts.to_vec(), vec![lit("plain")]);
    for kw in ["local", "export", "readonly", "typeset"] {
        let c = simple(&format!("{kw} v=1"));
        assert!(
            matches!(c.words[1].parts[0], WordPart::AssignmentWord(_)),
            "{kw}"
        );
    }
}

#[test]
fn redirection_operators() {
    let ops = [
        ("<f", RedirOp::Read),
        (">f", RedirOp::Write),
        (">>f", RedirOp::Append),
        (">|f", RedirOp::Clobber),
        ("<>f", RedirOp::ReadWrite),
        ("&>f", RedirOp::WriteBoth),
        (">&f", RedirOp::WriteBoth),
        ("&>>f", RedirOp::AppendBoth),
        ("<&3", RedirOp::DupRead),
        (">&3", RedirOp::DupWrite),
        (">&-", RedirOp::DupWrite),
        ("<<<f", RedirOp::HereString),
    ];
    for (text, op) in ops {
        let c = simple(&format!("cmd {text}"));
        assert_eq!(c.redirects[0].op, op, "{text}");
    }
    let c = simple("exec {fd}>file");
    assert_eq!(c.redirects[0].fd, Some(RedirFd::Var("fd".into())));
    // A redirection alone is a command.
    let c = simple(">file");
    assert!(c.words.is_empty() && c.redirects.len() == 1);
}

#[test]
fn here_documents() {
    let s = shape(
        "cat <<EOF; cat <<-'X' <<\"Y\"\nhello $name\nEOF\n\tquoted $x\n\tX\ny\nY\necho after\n",
    );
    assert_eq!(s.body.items.len(), 3);
    let Command::Simple(c) = &s.body.items[0].and_or.first.commands[0].command else {
        panic!()
    };
    let RedirTarget::HereDoc(h) = &c.redirects[0].target else {
        panic!()
    };
    assert_eq!(h.delimiter, "EOF");
    assert!(!h.quoted);
    assert_eq!(
        h.body.parts.to_vec(),
        vec![lit("hello "), named("name"), lit("\n")]
    );
    let Command::Simple(c) = &s.body.items[1].and_or.first.commands[0].command else {
        panic!()
    };
    let RedirTarget::HereDoc(h) = &c.redirects[0].target else {
        panic!()
    };
    assert!(h.quoted);
    assert_eq!(h.body.parts.to_vec(), vec![lit("quoted $x\n")]);
    let RedirTarget::HereDoc(h) = &c.redirects[1].target else {
        panic!()
    };
    assert_eq!(h.delimiter, "Y");
    assert_eq!(h.body.parts.to_vec(), vec![lit("y\n")]);
    // `"` is ordinary in a body; `\$` escapes.
    let c = simple("cat <<E\n\"a\" \\$x \\y\nE\n");
    let RedirTarget::HereDoc(h) = &c.redirects[0].target else {
        panic!()
    };
    assert_eq!(h.body.parts.to_vec(), vec![lit("\"a\" $x \\y\n")]);
    // A body ending at end of input (bash warns but accepts).
    let c = simple("cat <<E\nabc");
    let RedirTarget::HereDoc(h) = &c.redirects[0].target else {
        panic!()
    };
    assert_eq!(h.body.parts.to_vec(), vec![lit("abc\n")]);
}

#[test]
fn pipelines_and_lists() {
    let s = parse_ok("time -p ! a | b |& c && d || e & f; g\nh");
    assert_eq!(s.body.items.len(), 4);
    let first = &s.body.items[0];
    assert!(first.background);
    let p = &first.and_or.first;
    assert_eq!(p.timed, Some(Timed { posix: true }));
    assert!(p.negated);
    assert_eq!(p.commands.len(), 3);
    assert!(p.commands[1].pipe_stderr);
    assert_eq!(first.and_or.rest.len(), 2);
    assert_eq!(first.and_or.rest[0].0, AndOr::And);
    assert_eq!(first.and_or.rest[1].0, AndOr::Or);
    // Newlines after | && ||.
    let s = parse_ok("a |\n\n b &&\n c");
    assert_eq!(s.body.items.len(), 1);
    // Comments.
    let s = parse_ok("# c\na # x\n  # y\nb#c");
    assert_eq!(s.body.items.len(), 2);
}

#[test]
fn compound_commands() {
    let c = compound("if a; then b; elif c; then d; else e; fi");
    let CompoundCommand::If {
        branches,
        otherwise,
        ..
    } = c
    else {
        panic!()
    };
    assert_eq!(branches.len(), 2);
    assert!(otherwise.is_some());
    assert!(matches!(
        compound("while a; do b; done"),
        CompoundCommand::While { until: false, .. }
    ));
    assert!(matches!(
        compound("until a; do b; done"),
        CompoundCommand::While { until: true, .. }
    ));
    let CompoundCommand::For { var, words, .. } = compound("for x in a b; do c; done") else {
        panic!()
    };
    assert_eq!(var, "x");
    assert_eq!(words.unwrap().len(), 2);
    let CompoundCommand::For { words, .. } = compound("for x\ndo c; done") else {
        panic!()
    };
    assert!(words.is_none());
    let CompoundCommand::For { words, .. } = compound("for x in; do c; done") else {
        panic!()
    };
    assert_eq!(words, Some(vec![]));
    assert!(matches!(
        compound("select x in a b; do c; done"),
        CompoundCommand::Select { .. }
    ));
    assert!(matches!(
        compound("{ a; b; }"),
        CompoundCommand::BraceGroup(..)
    ));
    assert!(matches!(compound("(a; b)"), CompoundCommand::Subshell(..)));
    // Keywords are only reserved in command position.
    let c = simple("echo if then fi done }");
    assert_eq!(c.words.len(), 6);
}

#[test]
fn case_command() {
    let c = compound("case $x in\n a|b) one;;\n (c) two;&\n *) three;;&\n d) ;;\n e) last\nesac");
    let CompoundCommand::Case { items, .. } = c else {
        panic!()
    };
    assert_eq!(items.len(), 5);
    assert_eq!(items[0].patterns.len(), 2);
    assert_eq!(items[1].terminator, CaseTerminator::FallThrough);
    assert_eq!(items[2].terminator, CaseTerminator::Continue);
    assert!(items[3].body.items.is_empty());
    assert_eq!(items[4].terminator, CaseTerminator::Break);
    let CompoundCommand::Case { items, .. } = compound("case x in esac") else {
        panic!()
    };
    assert!(items.is_empty());
    // Patterns with extended globs, keywords as patterns.
    parse_ok("case $f in @(*.c|*.h)) c;; (esac) e;; in|do) x;; esac");
}

#[test]
fn conditional_command() {
    let CompoundCommand::Cond(e, _) = compound("[[ -f a && ( $x == y* || ! b < c ) ]]") else {
        panic!()
    };
    let CondExpr::And(l, r) = *e else { panic!() };
    assert!(matches!(*l, CondExpr::Unary { ref op, .. } if op == "-f"));
    let CondExpr::Group(g) = *r else { panic!() };
    let CondExpr::Or(a, b) = *g else { panic!() };
    assert!(matches!(
        *a,
        CondExpr::Binary {
            op: CondBinaryOp::Match,
            ..
        }
    ));
    assert!(matches!(*b, CondExpr::Not(_)));
    // The regex operand keeps parentheses, `|` and blanks inside parens.
    let CompoundCommand::Cond(e, _) = compound("[[ $x =~ ^(a|b c)+$ ]]") else {
        panic!()
    };
    let CondExpr::Binary { op, rhs, .. } = *e else {
        panic!()
    };
    assert_eq!(op, CondBinaryOp::RegexMatch);
    assert_eq!(rhs, lit_word("^(a|b c)+$"));
    for (text, op) in [
        ("-eq", CondBinaryOp::Eq),
        ("-ne", CondBinaryOp::Ne),
        ("-lt", CondBinaryOp::Lt),
        ("-le", CondBinaryOp::Le),
        ("-gt", CondBinaryOp::Gt),
        ("-ge", CondBinaryOp::Ge),
        ("-nt", CondBinaryOp::NewerThan),
        ("-ot", CondBinaryOp::OlderThan),
        ("-ef", CondBinaryOp::SameFile),
        ("!=", CondBinaryOp::NotMatch),
        ("=", CondBinaryOp::Match),
        (">", CondBinaryOp::Greater),
    ] {
        let CompoundCommand::Cond(e, _) = compound(&format!("[[ a {text} b ]]")) else {
            panic!()
        };
        let CondExpr::Binary { op: got, .. } = *e else {
            panic!()
        };
        assert_eq!(got, op, "{text}");
    }
    let CompoundCommand::Cond(e, _) = compound("[[ $x ]]") else {
        panic!()
    };
    assert!(matches!(*e, CondExpr::Word(_)));
}

#[test]
fn functions_and_coproc() {
    for (src, name, keyword) in [
        ("f() { a; }", "f", false),
        ("a.b () { a; }", "a.b", false),
        ("a-b() ( a )", "a-b", false),
        ("function g { a; }", "g", true),
        ("function g() { a; }", "g", true),
        ("f()\n{\n a\n}", "f", false),
    ] {
        let Command::Function(f) = command(src) else {
            panic!("{src}")
        };
        assert_eq!(f.name, name);
        assert_eq!(f.keyword, keyword);
    }
    let Command::Function(f) = command("f() { a; } >log") else {
        panic!()
    };
    assert_eq!(f.redirects.len(), 1);
    let Command::Coproc(c) = command("coproc NAME { a; }") else {
        panic!()
    };
    assert_eq!(c.name.as_deref(), Some("NAME"));
    let Command::Coproc(c) = command("coproc cat file") else {
        panic!()
    };
    assert!(c.name.is_none());
    assert!(matches!(*c.body, Command::Simple(_)));
}

#[test]
fn spans_give_lines_and_columns() {
    let s = parse_ok("echo a\n  if true; then\n    x=1\n  fi\n");
    let item = &s.body.items[1];
    assert_eq!(item.span.line, 2);
    assert_eq!(item.span.column, 3);
    let Command::Compound(cc, _) = &item.and_or.first.commands[0].command else {
        panic!()
    };
    let CompoundCommand::If { branches, span, .. } = &**cc else {
        panic!()
    };
    assert_eq!(span.start, 9);
    assert_eq!(
        &"echo a\n  if true; then\n    x=1\n  fi\n"[span.range()],
        "if true; then\n    x=1\n  fi"
    );
    assert_eq!(branches[0].1.items[0].span.line, 3);
    assert_eq!(branches[0].1.items[0].span.column, 5);
    // Columns count characters, not bytes.
    let s = parse_ok("echo é; echo x");
    assert_eq!(s.body.items[1].span.column, 9);
}
