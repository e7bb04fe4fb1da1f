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
    toolsh_parser::parse_with_limits(src, &pl)
}

/// Parse an arithmetic expression (variable values, expanded text).
pub(crate) fn parse_arith(src: &str) -> Result<ArithExpr, ParseError> {
    toolsh_parser::parse_arith(src)
}
