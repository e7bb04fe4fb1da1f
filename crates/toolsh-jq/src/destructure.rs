//! jq 1.7 destructuring syntax that jaq's parser lacks, rewritten into
//! plain jq before jaq sees the program (jq manual, "Destructuring
//! Alternative Operator: `?//`" and "Destructuring"):
//!
//! * `E as P1 ?// P2 ?// P3 | BODY` becomes
//!   `E as $__toolsh_alt | (try (NULLS | $__toolsh_alt as P1 | BODY) catch
//!   (try (… P2 …) catch (NULLS | $__toolsh_alt as P3 | BODY)))`, where NULLS
//!   binds every variable of every alternative to `null` first. That is
//!   jq's rule: an error while destructuring *or* in the body moves on to the
//!   next alternative (outputs already produced stay), the last
//!   alternative's error propagates, and variables an alternative does not
//!   bind are `null`.
//! * `{$name: P}` in an object pattern (bind `$name` to `.name` and also
//!   destructure it with `P`) becomes `{$name, "name": P}`.

use jaq_core::load::Lexer;
use jaq_core::load::lex::{StrPart, Tok, Token};

/// The variable that holds the value being destructured.
const ALT_VAR: &str = "$__toolsh_alt";

/// Rewrite every `?//` chain in `code`; returns `code` unchanged when it
/// does not lex or has none. Each pass removes the outermost chain it
/// finds (the body text is kept, so inner chains are handled by the next
/// passes); the number of passes is bounded by the program's size.
pub(crate) fn rewrite_alternatives(code: &str) -> String {
    let mut code = code.to_string();
    // Each pass removes one `?//`; copies of inner chains are bounded by
    // the program size times the chain lengths, so cap the passes.
    for _ in 0..64 {
        let Ok(tokens) = Lexer::new(code.as_str()).lex() else {
            return code;
        };
        let Some((start, end, text)) = find_chain(&code, &tokens) else {
            return code;
        };
        code = format!("{}{}{}", &code[..start], text, &code[end..]);
    }
    code
}

/// Byte offset of `part` inside `whole`.
fn offset(whole: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(whole.as_ptr() as usize)
}

fn is_sym(t: Option<&Token<&str>>, s: &str) -> bool {
    matches!(t, Some(Token(x, Tok::Sym)) if *x == s)
}

fn is_pattern(t: Option<&Token<&str>>) -> bool {
    match t {
        Some(Token(_, Tok::Var)) => true,
        Some(Token(x, Tok::Block(_))) => x.starts_with('[') || x.starts_with('{'),
        _ => false,
    }
}

/// The first `as P ?// P … | BODY` in `tokens` (outermost first), as the
/// byte range from `as` to the end of BODY and its replacement.
fn find_chain(code: &str, tokens: &[Token<&str>]) -> Option<(usize, usize, String)> {
    for (i, Token(text, tok)) in tokens.iter().enumerate() {
        if matches!(tok, Tok::Word) && *text == "as" && is_pattern(tokens.get(i + 1)) {
            let mut pats = vec![&tokens[i + 1]];
            let mut j = i + 2;
            while is_sym(tokens.get(j), "?")
                && is_sym(tokens.get(j + 1), "//")
                && is_pattern(tokens.get(j + 2))
            {
                pats.push(&tokens[j + 2]);
                j += 3;
            }
            if pats.len() > 1 && is_sym(tokens.get(j), "|") {
                let body = &tokens[j + 1..body_end(tokens, j + 1)];
                let start = offset(code, text);
                let (body_start, end) = if let (Some(f), Some(l)) = (body.first(), body.last()) {
                    (offset(code, f.0), offset(code, l.0) + l.0.len())
                } else {
                    let e = offset(code, tokens[j].0) + 1;
                    (e, e)
                };
                let body_text = &code[body_start..end];
                return Some((start, end, replacement(code, &pats, body_text)));
            }
        }
        let inner = match tok {
            Tok::Block(inner) => find_chain(code, inner),
            Tok::Str(parts) => parts.iter().find_map(|p| match p {
                StrPart::Term(t) => find_chain(code, std::slice::from_ref(t)),
                _ => None,
            }),
            _ => None,
        };
        if inner.is_some() {
            return inner;
        }
    }
    None
}

/// Index one past the last token of the body starting at `from`: the body
/// runs to the end of the enclosing block or to a `then`/`elif`/`else`/
/// `end`/`catch`/`;` that belongs to an enclosing construct.
fn body_end(tokens: &[Token<&str>], from: usize) -> usize {
    let (mut ifs, mut defs, mut tries) = (0usize, 0usize, 0usize);
    for (k, Token(text, tok)) in tokens.iter().enumerate().skip(from) {
        match (tok, *text) {
            (Tok::Word, "if") => ifs += 1,
            (Tok::Word, "def") => defs += 1,
            (Tok::Word, "try") => tries += 1,
            (Tok::Word, "end") if ifs > 0 => ifs -= 1,
            (Tok::Word, "then" | "elif" | "else") if ifs > 0 => {}
            (Tok::Word, "catch") if tries > 0 => tries -= 1,
            (Tok::Sym, ";") if defs > 0 => defs -= 1,
            // A block's tokens end with its closing delimiter.
            (Tok::Word, "then" | "elif" | "else" | "end" | "catch")
            | (Tok::Sym, ";" | ")" | "]" | "}") => return k,
            _ => {}
        }
    }
    tokens.len()
}

/// The variables a pattern binds (not those inside `(key)` expressions).
fn pattern_vars<'a>(t: &Token<&'a str>, out: &mut Vec<&'a str>) {
    match t {
        Token(v, Tok::Var) if !out.contains(v) => out.push(v),
        Token(x, Tok::Block(inner)) if !x.starts_with('(') => {
            for t in inner {
                pattern_vars(t, out);
            }
        }
        _ => {}
    }
}

fn replacement(code: &str, pats: &[&Token<&str>], body: &str) -> String {
    let mut vars = Vec::new();
    for p in pats {
        pattern_vars(p, &mut vars);
    }
    let mut nulls = String::new();
    for v in &vars {
        nulls.push_str("null as ");
        nulls.push_str(v);
        nulls.push_str(" | ");
    }
    let alt = |p: &Token<&str>| {
        let start = offset(code, p.0);
        let pat = &code[start..start + p.0.len()];
        format!("({nulls}{ALT_VAR} as {pat} | {body})")
    };
    let mut out = alt(pats[pats.len() - 1]);
    for p in pats[..pats.len() - 1].iter().rev() {
        out = format!("(try {} catch {out})", alt(p));
    }
    format!("as {ALT_VAR} | {out}")
}

/// Edits turning `{$name: P}` into `{$name, "name": P}` inside the pattern
/// token `t` (and the patterns nested in it).
pub(crate) fn pattern_edits(code: &str, t: &Token<&str>, edits: &mut Vec<(usize, usize, String)>) {
    let Token(x, Tok::Block(inner)) = t else {
        return;
    };
    if x.starts_with('(') {
        return;
    }
    for (k, tok) in inner.iter().enumerate() {
        if x.starts_with('{')
            && matches!(tok.1, Tok::Var)
            && is_sym(inner.get(k + 1), ":")
            && (k == 0 || is_sym(inner.get(k - 1), ","))
        {
            let end = offset(code, tok.0) + tok.0.len();
            edits.push((end, end, format!(", \"{}\"", &tok.0[1..])));
        }
        pattern_edits(code, tok, edits);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_become_try_catch() {
        assert_eq!(
            rewrite_alternatives(". as [$a] ?// $b | $a"),
            ". as $__toolsh_alt | (try (null as $a | null as $b | $__toolsh_alt as [$a] | $a) \
             catch (null as $a | null as $b | $__toolsh_alt as $b | $a))"
        );
        assert_eq!(
            rewrite_alternatives("if 1 then . as $a ?// [$a] | $a else 2 end"),
            "if 1 then . as $__toolsh_alt | (try (null as $a | $__toolsh_alt as $a | $a) \
             catch (null as $a | $__toolsh_alt as [$a] | $a)) else 2 end"
        );
        assert_eq!(rewrite_alternatives(".a? // 1"), ".a? // 1");
        assert_eq!(
            rewrite_alternatives("[(. as $a ?// [$a] | $a)]"),
            "[(. as $__toolsh_alt | (try (null as $a | $__toolsh_alt as $a | $a) \
             catch (null as $a | $__toolsh_alt as [$a] | $a)))]"
        );
    }
}
