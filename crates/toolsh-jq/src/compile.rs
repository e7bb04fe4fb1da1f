//! Loading and compiling a jq program with jaq: the program text is first
//! adjusted for jq 1.7 (string interpolation formats numbers as jq does,
//! `$__loc__`, a `__guard` at the head of every definition so recursion is
//! bounded), then parsed over jaq's standard library plus `compat.jq`, and
//! compiled with our native filters. Errors become jq's messages (jq
//! manual, "Invoking jq": exit status 3 for compile errors).

use jaq_core::load::lex::{StrPart, Tok, Token};
use jaq_core::load::{self, Arena, File, Lexer, Loader};
use jaq_core::{Compiler, compile::Undefined};

use super::destructure;
use super::engine::JqData;
use super::format;
use super::natives;

/// A compiled program.
pub(crate) type Filter = jaq_core::Filter<JqData>;

/// jq 1.7.1 definitions written in jq.
const COMPAT: &str = include_str!("compat.jq");

/// Compile `code`; `globals` are the names of the global variables (with
/// `$`) in the order their values will be supplied. The error is jq's
/// complete stderr text (ending in `jq: N compile error(s)`).
pub(crate) fn compile(code: &str, globals: &[String]) -> Result<Filter, String> {
    if super::nesting::nodes(code) > super::nesting::MAX_PROGRAM_NODES {
        return Err(finish(&[format!(
            "jq: error: program too large: more than {} operators, brackets and keywords",
            super::nesting::MAX_PROGRAM_NODES
        )]));
    }
    if let Ok(tokens) = Lexer::new(code).lex() {
        let mut msgs = Vec::new();
        module_errors(code, &tokens, &mut msgs);
        const_key_errors(code, &tokens, &mut msgs);
        if !msgs.is_empty() {
            return Err(finish(&msgs));
        }
    }
    let rewritten = rewrite(code);
    let arena = Arena::default();
    let compat = load::parse(COMPAT, |p| p.defs()).unwrap_or_default();
    let defs: Vec<_> = jaq_core::defs()
        .chain(jaq_std::defs())
        .chain(jaq_json::defs())
        .chain(compat)
        .collect();
    let builtins_text;
    let mut builtins = Vec::new();
    if code.contains("builtins") {
        let names = defs
            .iter()
            .map(|d| (d.name.to_string(), d.args.len()))
            .chain(
                natives::all()
                    .into_iter()
                    .map(|f| (f.0.to_string(), f.1.len())),
            );
        builtins_text = builtins_def(&names.collect::<Vec<_>>());
        builtins = load::parse(&builtins_text, |p| p.defs()).unwrap_or_default();
    }
    let defs = defs.into_iter().chain(builtins);
    let loader = Loader::new(defs);
    let file = File {
        code: rewritten.as_str(),
        path: (),
    };
    let modules = loader.load(&arena, file).map_err(|errs| {
        let mut msgs = Vec::new();
        for (_, e) in errs {
            match e {
                load::Error::Io(v) => {
                    for (path, why) in v {
                        msgs.push(format!("jq: error: {path}: {why}"));
                    }
                }
                load::Error::Lex(v) => {
                    for (expect, at) in v {
                        msgs.push(syntax_error(&rewritten, code, expect.as_str(), at));
                    }
                }
                load::Error::Parse(v) => {
                    for (expect, at) in v {
                        msgs.push(syntax_error(&rewritten, code, expect.as_str(), at));
                    }
                }
            }
        }
        finish(&msgs)
    })?;
    let compiler = Compiler::default()
        .with_funs(natives::all())
        .with_global_vars(globals.iter().map(String::as_str));
    compiler.compile(modules).map_err(|errs| {
        let mut msgs = Vec::new();
        for (_, v) in errs {
            for (name, undefined) in v {
                let what = match undefined {
                    Undefined::Filter(arity) => format!("{name}/{arity}"),
                    // jq 1.7.1 names labels `$*label-NAME` in this message.
                    Undefined::Label => format!("$*label-{}", name.trim_start_matches('$')),
                    _ => name.to_string(),
                };
                let line = line_of(&rewritten, name);
                msgs.push(format!(
                    "jq: error: {what} is not defined at <top-level>, line {line}:\n{code}"
                ));
            }
        }
        finish(&msgs)
    })
}

fn finish(msgs: &[String]) -> String {
    let n = msgs.len().max(1);
    let plural = if n == 1 { "" } else { "s" };
    let mut out = msgs.join("\n");
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str("jq: ");
    out.push_str(&n.to_string());
    out.push_str(" compile error");
    out.push_str(plural);
    out.push('\n');
    out
}

/// The byte offset of `part` in `whole`, if `part` points into it.
fn offset_in(whole: &str, part: &str) -> Option<usize> {
    let start = whole.as_ptr() as usize;
    let p = part.as_ptr() as usize;
    (p >= start && p <= start + whole.len()).then(|| p - start)
}

fn line_of(whole: &str, part: &str) -> usize {
    let off = offset_in(whole, part).unwrap_or(0);
    1 + whole[..off].matches('\n').count()
}

fn syntax_error(rewritten: &str, code: &str, expected: &str, at: &str) -> String {
    let found = if at.is_empty() {
        "end of file".to_string()
    } else {
        let tok: String = at.chars().take(20).collect();
        format!("'{tok}'")
    };
    let line = line_of(rewritten, at);
    format!(
        "jq: error: syntax error, unexpected {found}, expecting {expected} at <top-level>, line {line}:\n{code}"
    )
}

/// Apply the jq 1.7 source adjustments; returns `code` unchanged when it
/// does not lex (the loader then reports the error).
pub(crate) fn rewrite(code: &str) -> String {
    let code = &destructure::rewrite_alternatives(code);
    let Ok(tokens) = Lexer::new(code.as_str()).lex() else {
        return code.clone();
    };
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    collect_edits(code, &tokens, &mut edits);
    // The end of a definition body goes after anything else inserted at
    // the same place (the `)` closing an interpolated string).
    edits.sort_by_key(|e| (e.0, e.1, e.2 == FRAME_END));
    let mut out = String::with_capacity(code.len() + edits.len() * 12);
    let mut at = 0;
    for (start, end, text) in edits {
        if start < at {
            continue;
        }
        out.push_str(&code[at..start]);
        out.push_str(&text);
        at = end;
    }
    out.push_str(&code[at..]);
    out
}

/// Closes the body of a definition with filter parameters. A recursive
/// call in tail position would run as a loop in jaq while every call's
/// closure keeps its caller's bindings alive: a chain of unbounded length
/// that the step budget cannot keep from filling memory and whose drop
/// overflows the stack (`def f(x): f(x); f(.)`). After `| __frame` no call
/// in the body is a tail call, so each one takes stack and the depth
/// guard ends the recursion cleanly. jq 1.7.1 does not run these as loops
/// either (it grows its own stack until memory runs out).
const FRAME_END: &str = ") | __frame";

/// The `;` that ends the body of a definition whose tokens start at
/// `from` (after the colon): the first `;` at this nesting level that
/// does not end a nested definition.
fn def_body_end<'t>(tokens: &[Token<&'t str>], from: usize) -> Option<&'t str> {
    let mut nested = 0usize;
    for Token(text, tok) in tokens.get(from..)? {
        match tok {
            Tok::Word if *text == "def" => nested += 1,
            Tok::Sym if *text == ";" => {
                if nested == 0 {
                    return Some(text);
                }
                nested -= 1;
            }
            _ => {}
        }
    }
    None
}

fn collect_edits(code: &str, tokens: &[Token<&str>], edits: &mut Vec<(usize, usize, String)>) {
    for (i, Token(text, tok)) in tokens.iter().enumerate() {
        let Some(off) = offset_in(code, text) else {
            continue;
        };
        match tok {
            Tok::Var if *text == "$__loc__" => {
                let line = 1 + code[..off].matches('\n').count();
                edits.push((
                    off,
                    off + text.len(),
                    format!("{{\"file\":\"<top-level>\",\"line\":{line}}}"),
                ));
            }
            // `.5` is a number in jq; jaq reads `.` then `5`.
            Tok::Sym
                if *text == "."
                    && matches!(tokens.get(i + 1), Some(Token(n, Tok::Num))
                    if n.starts_with(|c: char| c.is_ascii_digit())
                        && offset_in(code, n) == Some(off + 1)) =>
            {
                edits.push((off, off, "0".to_string()));
            }
            Tok::Word if *text == "as" => {
                if let Some(pattern) = tokens.get(i + 1) {
                    destructure::pattern_edits(code, pattern, edits);
                }
            }
            Tok::Word if *text == "def" => {
                // `def name(args):` — insert the guard after the colon.
                let mut j = i + 2;
                let mut filter_params = false;
                if let Some(Token(b, Tok::Block(params))) = tokens.get(j)
                    && b.starts_with('(')
                {
                    filter_params = params.iter().any(|p| matches!(p.1, Tok::Word));
                    j += 1;
                }
                if let Some(Token(colon, Tok::Sym)) = tokens.get(j)
                    && *colon == ":"
                    && let Some(c) = offset_in(code, colon)
                {
                    let end = filter_params
                        .then(|| def_body_end(tokens, j + 1))
                        .flatten()
                        .and_then(|semi| offset_in(code, semi));
                    if let Some(end) = end {
                        edits.push((c + 1, c + 1, " __guard | (".to_string()));
                        edits.push((end, end, FRAME_END.to_string()));
                    } else {
                        edits.push((c + 1, c + 1, " __guard |".to_string()));
                    }
                }
            }
            Tok::Str(parts) => {
                let interpolated = parts.iter().any(|p| matches!(p, StrPart::Term(_)));
                let after_fmt = i > 0 && matches!(tokens[i - 1].1, Tok::Fmt);
                let after_dot = i > 0 && matches!(&tokens[i - 1], Token(".", Tok::Sym));
                if interpolated && !after_fmt && !after_dot {
                    edits.push((off, off, "(@text ".to_string()));
                    edits.push((off + text.len(), off + text.len(), ")".to_string()));
                }
                for part in parts {
                    if let StrPart::Term(t) = part {
                        collect_edits(code, std::slice::from_ref(t), edits);
                    }
                }
            }
            Tok::Block(inner) => {
                if text.starts_with('{') {
                    loc_entries(code, inner, edits);
                    string_key_entries(code, inner, edits, true);
                }
                collect_edits(code, inner, edits);
                if text.starts_with('{') {
                    string_key_entries(code, inner, edits, false);
                }
            }
            _ => {}
        }
    }
}

/// `{$__loc__}` is the entry `"__loc__": {file, line}` (jq 1.7.1): the
/// shorthand `{$x}` needs a real variable in jaq, so spell it out.
fn loc_entries(code: &str, inner: &[Token<&str>], edits: &mut Vec<(usize, usize, String)>) {
    let comma = |t: Option<&Token<&str>>| matches!(t, Some(Token(",", Tok::Sym)));
    // A block's tokens end with its closing delimiter.
    let closing = |t: Option<&Token<&str>>| matches!(t, Some(Token("}", Tok::Sym)));
    for (k, Token(text, tok)) in inner.iter().enumerate() {
        if matches!(tok, Tok::Var)
            && *text == "$__loc__"
            && (k == 0 || comma(inner.get(k - 1)))
            && (k + 1 == inner.len() || comma(inner.get(k + 1)) || closing(inner.get(k + 1)))
            && let Some(off) = offset_in(code, text)
        {
            let line = 1 + code[..off].matches('\n').count();
            edits.push((
                off,
                off + text.len(),
                format!("\"__loc__\": {{\"file\":\"<top-level>\",\"line\":{line}}}"),
            ));
        }
    }
}

/// `{"a"}` and `{"a\(x)"}` (a string key without a value, jq 1.7.1)
/// mean `{"a": .["a"]}`; jaq requires the value, so spell it out as
/// `(STR): .[STR]` (the string is evaluated twice). The opening
/// parenthesis is pushed before the string's own edits and the rest after
/// them, so an interpolation's `(@text …)` sits inside the parentheses.
fn string_key_entries(
    code: &str,
    inner: &[Token<&str>],
    edits: &mut Vec<(usize, usize, String)>,
    opening: bool,
) {
    let comma = |t: Option<&Token<&str>>| matches!(t, Some(Token(",", Tok::Sym)));
    // A block's tokens end with its closing delimiter.
    let closing = |t: Option<&Token<&str>>| matches!(t, Some(Token("}", Tok::Sym)));
    for (k, Token(text, tok)) in inner.iter().enumerate() {
        if matches!(tok, Tok::Str(_))
            && (k == 0 || comma(inner.get(k - 1)))
            && (k + 1 == inner.len() || comma(inner.get(k + 1)) || closing(inner.get(k + 1)))
            && let Some(off) = offset_in(code, text)
        {
            if opening {
                edits.push((off, off, "(".to_string()));
            } else {
                let end = off + text.len();
                edits.push((end, end, format!("): .[{text}]")));
            }
        }
    }
}

/// A constant value as jq 1.7.1's compiler folds it: literals, arrays
/// of constants, and one arithmetic operator between two numbers. Yields
/// `(type, compact JSON)`.
fn constant(tokens: &[Token<&str>]) -> Option<(&'static str, String)> {
    let number = |t: &Token<&str>| match t {
        Token(n, Tok::Num) => n.parse::<f64>().ok(),
        _ => None,
    };
    match tokens {
        [t @ Token(_, Tok::Num)] => Some(("number", format::format_double(number(t)?))),
        [Token("null", Tok::Word)] => Some(("null", "null".to_string())),
        [Token(b @ ("true" | "false"), Tok::Word)] => Some(("boolean", (*b).to_string())),
        [Token(s, Tok::Str(parts))] if parts.iter().all(|p| matches!(p, StrPart::Str(_))) => {
            Some(("string", (*s).to_string()))
        }
        [Token(b, Tok::Block(inner))] if b.starts_with('(') => {
            constant(&inner[..inner.len().saturating_sub(1)])
        }
        [Token(b, Tok::Block(inner))] if b.starts_with('[') => {
            let inner = &inner[..inner.len().saturating_sub(1)];
            let mut items = Vec::new();
            if !inner.is_empty() {
                for item in inner.split(|t| matches!(t, Token(",", Tok::Sym))) {
                    items.push(constant(item)?.1);
                }
            }
            Some(("array", format!("[{}]", items.join(","))))
        }
        [a, Token(op, Tok::Sym), b] => {
            let (x, y) = (number(a)?, number(b)?);
            let v = match *op {
                "+" => x + y,
                "-" => x - y,
                "*" => x * y,
                "/" if y != 0.0 => x / y,
                _ => return None,
            };
            Some(("number", format::format_double(v)))
        }
        _ => None,
    }
}

/// jq 1.7.1 checks a leading `module META;` directive: the metadata must
/// be a constant object (modules themselves are not supported here).
fn module_errors(code: &str, tokens: &[Token<&str>], msgs: &mut Vec<String>) {
    let [Token("module", Tok::Word), rest @ ..] = tokens else {
        return;
    };
    let end = rest
        .iter()
        .position(|t| matches!(t, Token(";", Tok::Sym)))
        .unwrap_or(rest.len());
    let meta = &rest[..end];
    let why = match meta {
        [Token(b, Tok::Block(_))] if b.starts_with('{') => return,
        _ if constant(meta).is_some() => "Module metadata must be an object",
        _ => "Module metadata must be constant",
    };
    msgs.push(format!("jq: error: {why} at <top-level>, line 1:\n{code}"));
}

/// jq 1.7.1 rejects at compile time an object key that folds to a
/// constant other than a string (`{(0): 1}`: "Cannot use number (0) as
/// object key").
fn const_key_errors(code: &str, tokens: &[Token<&str>], msgs: &mut Vec<String>) {
    for Token(text, tok) in tokens {
        match tok {
            Tok::Block(inner) => {
                if text.starts_with('{') {
                    let entries = inner[..inner.len().saturating_sub(1)]
                        .split(|t| matches!(t, Token(",", Tok::Sym)));
                    for entry in entries {
                        if let [key @ Token(k, Tok::Block(_)), Token(":", Tok::Sym), ..] = entry
                            && k.starts_with('(')
                            && let Some((ty, json)) = constant(std::slice::from_ref(key))
                            && ty != "string"
                        {
                            let line = line_of(code, k);
                            msgs.push(format!(
                                "jq: error: Cannot use {ty} ({json}) as object key at <top-level>, line {line}:\n{code}"
                            ));
                        }
                    }
                }
                const_key_errors(code, inner, msgs);
            }
            Tok::Str(parts) => {
                for part in parts {
                    if let StrPart::Term(t) = part {
                        const_key_errors(code, std::slice::from_ref(t), msgs);
                    }
                }
            }
            _ => {}
        }
    }
}

/// `def builtins: [...]` listing the filters a program can call, as
/// `name/arity` strings; internal names (`_…`) are left out, as jq does.
fn builtins_def(defs: &[(String, usize)]) -> String {
    let mut names: Vec<String> = defs
        .iter()
        .filter(|(n, _)| !n.starts_with('_') && !n.starts_with('@'))
        .map(|(n, a)| format!("\"{n}/{a}\""))
        .collect();
    names.sort();
    names.dedup();
    format!("def builtins: [{}];", names.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewrites_interpolation_loc_and_defs() {
        assert_eq!(rewrite(r#""a\(1)""#), r#"(@text "a\(1)")"#);
        assert_eq!(rewrite(r#"@json "a\(1)""#), r#"@json "a\(1)""#);
        assert_eq!(rewrite("def f: 1; f"), "def f: __guard | 1; f");
        assert_eq!(
            rewrite("def f(g): g; f(.)"),
            "def f(g): __guard | ( g) | __frame; f(.)"
        );
        assert_eq!(
            rewrite(r#"def f($a; g): def h: g; "\(h)"; f(1; 2)"#),
            r#"def f($a; g): __guard | ( def h: __guard | g; (@text "\(h)")) | __frame; f(1; 2)"#
        );
        assert_eq!(
            rewrite("def f($a): 1; f(2)"),
            "def f($a): __guard | 1; f(2)"
        );
        assert_eq!(rewrite(r#"{"a", b}"#), r#"{("a"): .["a"], b}"#);
        assert_eq!(
            rewrite(r#"{"a\(1)"}"#),
            r#"{((@text "a\(1)")): .["a\(1)"]}"#
        );
        assert_eq!(
            rewrite("1,\n$__loc__"),
            "1,\n{\"file\":\"<top-level>\",\"line\":2}"
        );
        assert_eq!(
            rewrite(r#"[ "\("\(1)")" ]"#),
            r#"[ (@text "\((@text "\(1)"))") ]"#
        );
    }

    #[test]
    fn compat_definitions_parse() {
        assert!(load::parse(COMPAT, |p| p.defs()).is_some());
    }

    #[test]
    fn errors_are_jq_shaped() {
        let e = compile("foo", &[]).err().unwrap();
        assert!(e.starts_with("jq: error: foo/0 is not defined"), "{e}");
        assert!(e.ends_with("jq: 1 compile error\n"));
        let e = compile("1 +", &[]).err().unwrap();
        assert!(e.contains("syntax error"), "{e}");
        let e = compile("module []; 0", &[]).err().unwrap();
        assert!(
            e.starts_with("jq: error: Module metadata must be an object"),
            "{e}"
        );
        let e = compile("module (.+1); 0", &[]).err().unwrap();
        assert!(
            e.starts_with("jq: error: Module metadata must be constant"),
            "{e}"
        );
        let e = compile(". as $foo | break $foo", &[]).err().unwrap();
        assert!(
            e.starts_with("jq: error: $*label-foo is not defined"),
            "{e}"
        );
        // jq 1.7.1: constant non-string keys are compile errors.
        for (code, what) in [
            ("{(0):1}", "number (0)"),
            ("{a:1, (1+1):3}", "number (2)"),
            ("[{(null):1}]", "null (null)"),
            ("{([1,true]):1}", "array ([1,true])"),
        ] {
            let e = compile(code, &[]).err().unwrap();
            assert!(
                e.contains(&format!("Cannot use {what} as object key")),
                "{e}"
            );
        }
        for ok in ["{(\"a\"):1}", "{(-1):2}", "{(1,\"a\"):2}", "{(.):1}"] {
            assert!(compile(ok, &[]).is_ok(), "{ok}");
        }
    }
}
