//! Size and shape bounds of a [`MemoryFs`](super::MemoryFs).

use crate::fs::FsError;

/// The bounds a [`MemoryFs`](super::MemoryFs) enforces. Every operation
/// checks them *before* changing anything, so an exceeded limit never
/// leaves a partial write behind.
///
/// | limit | error (`strerror` text) |
/// |---|---|
/// | `max_total_bytes`, `max_nodes` | [`FsError::NoSpace`] (`No space left on device`) |
/// | `max_file_bytes` | [`FsError::FileTooLarge`] (`File too large`) |
/// | `max_name_len`, `max_path_len`, `max_depth` | [`FsError::NameTooLong`] (`File name too long`) |
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FsLimits {
    /// Bytes in all regular files together. Default 128 MiB.
    pub max_total_bytes: u64,
    /// Bytes in one regular file. Default 32 MiB.
    pub max_file_bytes: u64,
    /// Files, directories and symlinks together (the root not counted).
    /// Default 100,000.
    pub max_nodes: u64,
    /// Components of a path created (`/a/b` has 2). Default 128.
    pub max_depth: usize,
    /// Bytes in one path component (Linux `NAME_MAX`). Default 255.
    pub max_name_len: usize,
    /// Bytes in a whole path (Linux `PATH_MAX`). Default 4,096.
    pub max_path_len: usize,
}

impl Default for FsLimits {
    fn default() -> Self {
        Self {
            max_total_bytes: 128 * 1024 * 1024,
            max_file_bytes: 32 * 1024 * 1024,
            max_nodes: 100_000,
            max_depth: 128,
            max_name_len: 255,
            max_path_len: 4096,
        }
    }
}

impl FsLimits {
    /// Check the length of a path and of each of its components.
    pub fn check_path(&self, path: &str) -> Result<(), FsError> {
        if path.len() > self.max_path_len {
            return Err(FsError::NameTooLong);
        }
        if path.split('/').any(|c| c.len() > self.max_name_len) {
            return Err(FsError::NameTooLong);
        }
        Ok(())
    }

    /// Check the depth of a path about to be created.
    pub fn check_depth(&self, components: usize) -> Result<(), FsError> {
        if components > self.max_depth {
            Err(FsError::NameTooLong)
        } else {
            Ok(())
        }
    }
}
