//! The crate's error.

/// Why `toolsh serve` could not start or stopped.
#[derive(Debug, thiserror::Error)]
#[error("{kind}")]
pub struct ServeError {
    /// What went wrong.
    pub kind: ServeErrorKind,
}

/// The kinds of [`ServeError`]. A configuration problem is the
/// operator's to fix (the CLI exits 2 for it); the others are the host's.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ServeErrorKind {
    /// The configuration file could not be read.
    #[error("cannot read {path}: {error}")]
    Read {
        /// The file.
        path: String,
        /// The I/O error.
        error: String,
    },
    /// The configuration is not valid TOML of the documented shape, or
    /// breaks a rule (e.g. `[server] public_url = "ftp://x"`, a tenant named
    /// twice, `listen = "0.0.0.0:80"` without `[auth]`).
    #[error("{0}")]
    Config(String),
    /// Binding or serving failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}

impl ServeError {
    /// A configuration error with `message`.
    pub fn config(message: impl Into<String>) -> Self {
        Self {
            kind: ServeErrorKind::Config(message.into()),
        }
    }

    /// Whether this is the operator's configuration to fix (exit 2).
    pub fn is_config(&self) -> bool {
        matches!(
            self.kind,
            ServeErrorKind::Config(_) | ServeErrorKind::Read { .. }
        )
    }
}

impl From<std::io::Error> for ServeError {
    fn from(e: std::io::Error) -> Self {
        Self { kind: e.into() }
    }
}
