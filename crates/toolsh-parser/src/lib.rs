//! toolsh-parser: bash source text to a typed syntax tree.
//!
//! The bottom layer of toolsh. [`parse`] turns a script into a [`Script`]
//! whose every node carries a [`Span`]; [`print`] turns a tree back into
//! canonical source, and the two trees are the same but for spans
//! ([`visit::eq_ignoring_spans`]). [`visit`] walks a tree. The
//! grammar is that of GNU bash 5.2 (bash reference manual, chapter 3).
//!
//! This crate does no I/O and knows nothing about execution, tools or the
//! sandbox. Its invariants: no input makes it panic, overflow the stack or
//! run for longer than linear-ish time in the input size; every error has a
//! position; [`ParseLimits`] bound source size, nesting depth and
//! here-document count.
//!
//! The grammar is being moved onto nom 8 combinators one sub-grammar at a
//! time (on nom so far: arithmetic, brace expansion, `${...}` operators,
//! `[[ ]]` conditionals, redirections, assignments, blanks and
//! linebreaks, words with their quoting, tilde prefixes and extended
//! globs, every `$`-expansion and backquoted substitution, and unquoted
//! here-document bodies; still hand-written: simple commands, pipelines
//! and lists, compound commands, finding a here-document's lines).
//! A production on nom is a function over the
//! crate's `Input` (a `Copy` cursor of five words implementing
//! `nom::Input`: the position, the window's end, the nesting depth, the
//! last token's start for bash's "error token", context flags, and one
//! pointer to what a run shares, the text and the host; all but the
//! shared part restored by backtracking) returning `IResult` with
//! a `GrammarError` (nom's `ParseError` and `ContextError`: `context`
//! names an error with bash's message), turned into [`ParseError`] with
//! the same message and position at the boundary with the hand-written
//! recursive-descent parser, which the input reaches as its host for the
//! productions not moved yet. Where bash is context-sensitive (what ends
//! a word, `$((` tried as arithmetic then as a command substitution) or
//! a loop runs for every byte or word (runs of literal text, blanks), the
//! production is written out by hand over nom's types and the lexer's
//! byte-class table rather than composed, which keeps the parser's speed
//! (`docs/benchmarks.md`, issue 27).
//!
//! ```
//! use toolsh_parser::{parse, print, visit, Command, WordPart};
//!
//! let script = parse("greet() { echo \"hi $1\"; }\ngreet you | tr a-z A-Z\n").unwrap();
//! assert_eq!(script.body.items.len(), 2);
//! let Command::Simple(cmd) = &script.body.items[1].and_or.first.commands[0].command else {
//!     panic!("a simple command");
//! };
//! assert_eq!(cmd.words[0].parts.as_slice(), [WordPart::Literal("greet".into())]);
//! // The canonical printer's output parses back to the same tree (at
//! // other positions: `==` compares spans too).
//! let reparsed = parse(&print(&script)).unwrap();
//! assert!(visit::eq_ignoring_spans(&reparsed, &script));
//!
//! let err = parse("if true; then echo\n").unwrap_err();
//! assert_eq!(err.message, "syntax error: unexpected end of file");
//! assert_eq!(err.line, 2);
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod arith;
mod assign;
pub mod ast;
mod blank;
mod brace;
mod command;
mod compound;
mod cond;
#[cfg(test)]
mod differential;
mod error;
mod heredoc;
mod input;
#[cfg(test)]
mod legacy_arith;
#[cfg(test)]
mod legacy_assign;
#[cfg(test)]
mod legacy_brace;
#[cfg(test)]
mod legacy_cond;
#[cfg(test)]
mod legacy_expand;
#[cfg(test)]
mod legacy_heredoc;
#[cfg(test)]
mod legacy_param;
#[cfg(test)]
mod legacy_redirect;
#[cfg(test)]
mod legacy_word;
mod lexer;
mod limits;
mod param;
mod param_op;
mod parser;
mod printer;
mod printer_comment;
mod printer_compound;
mod printer_declare;
mod printer_word;
mod redirect;
pub mod visit;
mod word;

pub use ast::*;
pub use error::{ParseError, ParseErrorKind};
pub use limits::ParseLimits;
pub use printer::Layout;

use parser::Parser;
use printer::{Ctx, Printer};

/// Parses a bash script with the default [`ParseLimits`].
///
/// Errors: [`ParseErrorKind::UnexpectedToken`] for a misplaced token
/// (message ``syntax error near unexpected token `fi'``),
/// [`ParseErrorKind::Incomplete`] when the input ends inside a construct,
/// [`ParseErrorKind::Invalid`] for a malformed `${...}`,
/// [`ParseErrorKind::LimitExceeded`] past a limit. Line numbers are those
/// `bash -n` reports.
pub fn parse(src: &str) -> Result<Script, ParseError> {
    parse_with_limits(src, &ParseLimits::default())
}

/// Parses a bash script under explicit limits (see [`parse`]).
pub fn parse_with_limits(src: &str, limits: &ParseLimits) -> Result<Script, ParseError> {
    // Spans hold 32-bit offsets: past 4 GiB is over every limit.
    if src.len() > limits.max_source_bytes.min(u32::MAX as usize) {
        return Err(ParseError {
            kind: ParseErrorKind::LimitExceeded,
            message: format!(
                "script too large ({} bytes, limit {})",
                src.len(),
                limits.max_source_bytes.min(u32::MAX as usize)
            ),
            line: 1,
            column: 1,
            span: Span {
                start: 0,
                end: 0,
                line: 1,
                column: 1,
            },
            command_start: 0,
        });
    }
    let mut p = Parser::new(src, *limits);
    let mut script = p.parse_script_text().map_err(|mut e| {
        e.command_start = u32::try_from(p.top_command_start).unwrap_or(u32::MAX);
        e
    })?;
    place_comments(&mut script.comments, src);
    Ok(script)
}

/// Puts the comments in source order (here-document bodies and
/// substitutions are read out of order) and sets each one's
/// [`Comment::next_token`] from the source.
fn place_comments(comments: &mut Vec<Comment>, src: &str) {
    if comments.is_empty() {
        return;
    }
    comments.sort_by_key(|c| c.span.start);
    comments.dedup_by_key(|c| c.span.start);
    let b = src.as_bytes();
    for c in comments.iter_mut() {
        let mut at = (c.span.end as usize).min(b.len());
        loop {
            match b.get(at) {
                Some(b' ' | b'\t' | b'\n') => at += 1,
                Some(b'\\') if b.get(at + 1) == Some(&b'\n') => at += 2,
                Some(b'#') => {
                    at = memchr::memchr(b'\n', &b[at..]).map_or(b.len(), |i| at + i);
                }
                _ => break,
            }
        }
        c.next_token = u32::try_from(at).unwrap_or(u32::MAX);
    }
}

/// Parses arithmetic text at run time (bash manual 6.5): the operand of
/// `let`, a subscript, deferred `$((...))` text after expansion, or the
/// value of a variable used in arithmetic. Empty or blank text is `0`.
/// Never returns [`ArithExpr::Deferred`] at the top level.
///
/// Errors ([`ParseErrorKind::Invalid`]) carry bash's message with the
/// error token, e.g. `syntax error: operand expected (error token is "+ ")`
/// for `1+ ` (bash prints it after `1+ : `).
pub fn parse_arith(text: &str) -> Result<ArithExpr, ParseError> {
    parse_arith_with_limits(text, &ParseLimits::default())
}

/// [`parse_arith`] under `limits`: the nesting limit counts parentheses,
/// unary operators, `?:`, assignments and the right operand of each binary
/// operator, never the length of a run of left-associative operators.
///
/// # Errors
/// As [`parse_arith`]; a limit is [`ParseErrorKind::LimitExceeded`].
pub fn parse_arith_with_limits(text: &str, limits: &ParseLimits) -> Result<ArithExpr, ParseError> {
    let mut p = Parser::new(text, *limits);
    p.arith_text()
}

/// Parses run-time text as bash expands a here-document body or a prompt
/// string (`${x@P}`, bash manual 6.9): parameter expansion, command
/// substitution and arithmetic expansion, `\` quoting only `$`, `` ` ``,
/// `\` and newline, and quotes ordinary characters.
///
/// # Errors
/// A syntax error inside a substitution (`$(if)`), or a limit.
pub fn parse_expandable_text(text: &str, limits: &ParseLimits) -> Result<Word, ParseError> {
    let mut p = Parser::new(text, *limits);
    p.heredoc_text()
}

/// Prints a script in canonical form: one command per line, compound
/// bodies indented by two spaces. `parse(&print(&s)) == s` for every tree
/// the parser produces.
///
/// The script's [`Script::comments`] are printed at list-item boundaries:
/// those before an item on their own lines at its indentation, one after
/// an item on its line (`echo hi  # note` gives `echo hi # note`), those
/// before a body's closing keyword at the end of the body. One the tree
/// has no place for (inside a command across lines, a substitution, a
/// `case` pattern list) goes to the next boundary: none is dropped and the
/// order is kept. Blank lines are not kept.
pub fn print(script: &Script) -> String {
    let mut p = Printer::with_comments(script);
    p.script(script);
    p.out
}

/// Prints a function definition in `layout`, ending with a newline.
///
/// [`Layout::Canonical`] gives the text [`print`] gives for the definition
/// (`source` is not used). [`Layout::DeclareF`] gives what GNU bash 5.2
/// prints for `declare -f NAME`, `typeset -f` and `type NAME` (bash's
/// `print_cmd.c`); when `source` is the definition's own text (the slice
/// `def.span` of the script that defined it, so exactly
/// `def.span.end - def.span.start` bytes), words, assignments and
/// arithmetic are printed as written, as bash does; otherwise (or when
/// `source` has another length) in canonical form.
pub fn print_function(def: &FunctionDef, layout: Layout, source: Option<&str>) -> String {
    match layout {
        Layout::DeclareF => {
            let src = source
                .filter(|s| s.len() == def.span.range().len())
                .map(|s| (s, def.span.range().start));
            let mut p = Printer::declare(src);
            p.declare_function(def, 0, false);
            p.out.push('\n');
            p.out
        }
        Layout::Canonical => {
            let mut p = Printer::default();
            p.function(def);
            p.newline();
            p.out
        }
    }
}

/// Prints one word as it would appear unquoted in a command.
pub fn print_word(word: &Word) -> String {
    let mut p = Printer::default();
    p.word(word, Ctx::Unquoted);
    p.out
}

/// Prints an arithmetic expression exactly as structured: no parentheses
/// beyond [`ArithExpr::Group`] nodes, expansions printed as written. An
/// interpreter substitutes expanded text for [`ArithExpr::Expansion`]
/// nodes this way and parses the result with [`parse_arith`], which gives
/// bash's textual semantics.
pub fn print_arith(expr: &ArithExpr) -> String {
    let mut p = Printer::default();
    p.arith(expr);
    p.out
}
