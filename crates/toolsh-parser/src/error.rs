//! Parse errors.

use crate::ast::Span;

/// What went wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A token where none may stand: `fi` without `if`, `)` alone, `;;`
    /// outside `case`. Message: ``syntax error near unexpected token `fi'``.
    UnexpectedToken,
    /// The input ended inside a construct (an open quote, `if` without
    /// `fi`, a here-document without its delimiter line). A REPL reads
    /// another line and tries again.
    Incomplete,
    /// A construct that is malformed in itself, such as `${x` with a bad
    /// substitution operator.
    Invalid,
    /// A [`crate::ParseLimits`] bound was exceeded.
    LimitExceeded,
}

/// A parse error with its position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ParseError {
    /// The class of error.
    pub kind: ParseErrorKind,
    /// A bash-like message, without the `line N:` prefix.
    pub message: String,
    /// 1-based line where the error was detected (as `bash -n` reports it).
    pub line: u32,
    /// 1-based column, in characters.
    pub column: u32,
    /// The offending source range.
    pub span: Span,
    /// Byte offset where the script's top-level command holding the error
    /// begins: the text before it is whole commands that parse on their
    /// own, which bash would already have read and run (bash manual 3.1.1
    /// "Shell Operation": input is read and executed one command at a
    /// time). 0 when the error is in the first command.
    pub command_start: u32,
}
