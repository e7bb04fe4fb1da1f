//! Sandbox profiles.

/// What a shell may touch besides its own state.
///
/// Neither profile reaches the host: no host files, processes, network or
/// environment unless the host passes them in through the builder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Profile {
    /// No file system at all: every file operation fails with a clear
    /// error, only `/dev/null` and the standard streams may be redirected,
    /// no process substitution, no `source`/`.` of files, no path
    /// execution; file operands of utilities are rejected. What code mode
    /// uses.
    LogicOnly,
    /// The same shell over an in-memory file system (`MemoryFs`) with the
    /// file commands.
    #[default]
    Sandbox,
}

impl Profile {
    /// `true` when files may be read and written (through the backend).
    pub fn allows_files(self) -> bool {
        matches!(self, Profile::Sandbox)
    }
}
