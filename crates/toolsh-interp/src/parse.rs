//! The bridge to the parser: limits mapped from [`ExecutionLimits`].

use toolsh_parser::{ArithExpr, ParseError, ParseErrorKind, ParseLimits, Script};

use crate::limits::{ExecutionLimits, Interrupt, LimitKind};

/// Parse a script under the execution limits (source bytes, AST depth,
/// here-documents); `utf8` is the locale `$'...'` is decoded in
/// ([`toolsh_parser::ParseLimits::utf8`]).
pub(crate) fn parse_script(
    src: &str,
    limits: &ExecutionLimits,
    utf8: bool,
) -> Result<Script, ParseError> {
    let pl = ParseLimits {
        utf8,
        ..limits.parse_limits()
    };
    toolsh_parser::parse_with_limits(src, &pl)
}

/// Parse an arithmetic expression (variable values, expanded text) under
/// the same nesting limit as scripts ([`ExecutionLimits::max_ast_depth`]).
/// The text's size is not a source limit: it was already bounded as a
/// variable value or an expansion.
pub(crate) fn parse_arith(src: &str, limits: &ExecutionLimits) -> Result<ArithExpr, ParseError> {
    let pl = ParseLimits {
        max_source_bytes: usize::MAX,
        ..limits.parse_limits()
    };
    toolsh_parser::parse_arith_with_limits(src, &pl)
}

/// The limit interrupt for a parse error of kind
/// [`ParseErrorKind::LimitExceeded`] (source bytes, nesting depth or
/// here-documents), or `None` for an ordinary syntax error. Hosts that
/// parse a script themselves (`toolsh check`) use it to report a limit
/// as a run would (`toolsh: <limit> exceeded (N)`, [`Interrupt::exit_status`]).
pub fn limit_interrupt(e: &ParseError, limits: &ExecutionLimits) -> Option<Interrupt> {
    if e.kind != ParseErrorKind::LimitExceeded {
        return None;
    }
    Some(
        if e.message.contains("source") || e.message.contains("too large") {
            Interrupt::limit(LimitKind::SourceBytes, limits.max_source_bytes)
        } else if e.message.contains("here-document") {
            Interrupt::limit(LimitKind::HereDocuments, limits.max_heredocs)
        } else {
            Interrupt::limit(LimitKind::AstDepth, limits.max_ast_depth)
        },
    )
}
