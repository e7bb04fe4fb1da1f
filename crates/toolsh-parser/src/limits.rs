//! Parse limits.

/// Bounds on what the parser accepts. Exceeding any of them is a
/// [`crate::ParseError`] of kind [`crate::ParseErrorKind::LimitExceeded`],
/// never a crash or a hang. One setting here is not a bound:
/// [`ParseLimits::utf8`], the locale `$'...'` is decoded in, which
/// travels with the limits because every parse takes them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParseLimits {
    /// Largest accepted source, in bytes. Default 10 MiB.
    pub max_source_bytes: usize,
    /// Deepest nesting of commands, words, substitutions and arithmetic.
    /// Default 256.
    pub max_depth: usize,
    /// Most here-documents in one script. Default 1,024.
    pub max_heredocs: usize,
    /// Whether the character-type locale is UTF-8, which bash consults
    /// when it decodes `$'...'` (bash manual 3.1.2.4): `true` (the
    /// default) decodes `\u00e9` and `\U0001F600` above ASCII to their
    /// characters; `false` (the C locale) keeps such an escape as text,
    /// normalised as bash prints it (`\u00E9`, `\U0001F600`).
    pub utf8: bool,
}

impl Default for ParseLimits {
    fn default() -> Self {
        Self {
            max_source_bytes: 10 * 1024 * 1024,
            max_depth: 256,
            max_heredocs: 1024,
            utf8: true,
        }
    }
}
