//! The bridge to the parser: limits mapped from [`ExecutionLimits`].

use toolsh_parser::{ArithExpr, ParseError, ParseLimits, Script};

use crate::limits::ExecutionLimits;

/// Parse a script under the execution limits (source bytes, AST depth).
pub(crate) fn parse_script(src: &str, limits: &ExecutionLimits) -> Result<Script, ParseError> {
    let pl = ParseLimits {
        max_source_bytes: limits.max_source_bytes,
        max_depth: limits.max_ast_depth,
        ..ParseLimits::default()
    };
    let _ = (src, pl);
    Err(unavailable())
}

/// Parse an arithmetic expression (variable values, expanded text).
pub(crate) fn parse_arith(src: &str) -> Result<ArithExpr, ParseError> {
    let _ = src;
    Err(unavailable())
}

/// Until the parser lands: every parse fails with a clear message.
fn unavailable() -> ParseError {
    ParseError {
        kind: toolsh_parser::ParseErrorKind::Invalid,
        message: "the parser is not available yet".to_string(),
        line: 1,
        column: 1,
        span: toolsh_parser::Span::default(),
    }
}
