//! Parse limits.

/// Bounds on what the parser accepts. Exceeding any of them is a
/// [`crate::ParseError`] of kind [`crate::ParseErrorKind::LimitExceeded`],
/// never a crash or a hang.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseLimits {
    /// Largest accepted source, in bytes. Default 10 MiB.
    pub max_source_bytes: usize,
    /// Deepest nesting of commands, words, substitutions and arithmetic.
    /// Default 256.
    pub max_depth: usize,
    /// Most here-documents in one script. Default 1,024.
    pub max_heredocs: usize,
}

impl Default for ParseLimits {
    fn default() -> Self {
        Self {
            max_source_bytes: 10 * 1024 * 1024,
            max_depth: 256,
            max_heredocs: 1024,
        }
    }
}
