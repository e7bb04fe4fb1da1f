//! The file-system backend: the only way the interpreter reaches files.
//!
//! Paths given to a [`FileSystem`] are absolute and normalised by the caller
//! (no `.` or `..` components, no trailing slash except for `/`); the shell
//! resolves relative paths against its current directory first (see
//! [`normalize_path`]). Two backends exist: [`DisabledFs`] for the
//! `LogicOnly` profile (every operation fails) and `MemoryFs` for the
//! `Sandbox` profile. Neither ever touches the host disk.

use std::time::SystemTime;

use async_trait::async_trait;

mod devices;
mod disabled;
mod memory;

pub use devices::{DEV_NULL, DEV_URANDOM, DEV_ZERO, DevicesFs, EndlessDevice, STDIN_NAMES};
pub use disabled::DisabledFs;
pub use memory::{FsLimits, FsSnapshot, MemoryFs};

/// The type of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FileType {
    /// A regular file.
    File,
    /// A directory.
    Dir,
    /// A symbolic link (only from [`FileSystem::symlink_metadata`]).
    Symlink,
    /// A character device (`/dev/null`, see [`DevicesFs`]).
    CharDevice,
}

/// What `stat` reports about a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Metadata {
    /// The type.
    pub file_type: FileType,
    /// Size in bytes (for a symlink, the length of its target).
    pub len: u64,
    /// Permission bits (`0o644`).
    pub mode: u32,
    /// Last modification time.
    pub mtime: SystemTime,
}

impl Metadata {
    /// `true` for a directory.
    pub fn is_dir(&self) -> bool {
        self.file_type == FileType::Dir
    }
    /// `true` for a regular file.
    pub fn is_file(&self) -> bool {
        self.file_type == FileType::File
    }
    /// `true` for a character device.
    pub fn is_char_device(&self) -> bool {
        self.file_type == FileType::CharDevice
    }

    /// `true` for a symbolic link.
    pub fn is_symlink(&self) -> bool {
        self.file_type == FileType::Symlink
    }
}

/// One entry of a directory listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DirEntry {
    /// The entry's name (no slashes).
    pub name: String,
    /// Its type (symlinks are not followed).
    pub file_type: FileType,
}

/// Capacity and usage of a file system, as `statfs(2)` reports them
/// (used by `df`). Byte counts are of regular-file contents; node counts
/// are files, directories and symlinks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FsStats {
    /// Bytes the backend may hold in all.
    pub total_bytes: u64,
    /// Bytes in use.
    pub used_bytes: u64,
    /// Nodes the backend may hold in all.
    pub total_nodes: u64,
    /// Nodes in use.
    pub used_nodes: u64,
}

/// A file-system error. The `Display` form is the strerror-style text that
/// GNU tools print after the file name (`No such file or directory`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FsError {
    /// ENOENT.
    #[error("No such file or directory")]
    NotFound,
    /// EEXIST.
    #[error("File exists")]
    AlreadyExists,
    /// ENOTDIR.
    #[error("Not a directory")]
    NotADirectory,
    /// EISDIR.
    #[error("Is a directory")]
    IsADirectory,
    /// ENOTEMPTY.
    #[error("Directory not empty")]
    DirectoryNotEmpty,
    /// EACCES.
    #[error("Permission denied")]
    PermissionDenied,
    /// EROFS (a read-only mount).
    #[error("Read-only file system")]
    ReadOnly,
    /// ENOSPC: a size or count limit of the backend.
    #[error("No space left on device")]
    NoSpace,
    /// EFBIG: a file would exceed the backend's per-file size limit.
    #[error("File too large")]
    FileTooLarge,
    /// ENAMETOOLONG.
    #[error("File name too long")]
    NameTooLong,
    /// ELOOP.
    #[error("Too many levels of symbolic links")]
    TooManyLinks,
    /// EINVAL (e.g. moving a directory into itself).
    #[error("Invalid argument")]
    InvalidInput,
    /// The `LogicOnly` profile has no file system.
    #[error("file access is disabled in the logic-only profile")]
    Disabled,
}

/// An async file system. All paths are absolute and normalised.
///
/// Operations follow POSIX semantics where they have a counterpart
/// (`open(2)` with `O_CREAT|O_TRUNC` for [`FileSystem::write`], `mkdir(2)`,
/// `unlink(2)`, `rename(2)`, ...).
#[async_trait]
pub trait FileSystem: Send + Sync + std::fmt::Debug {
    /// Metadata, following symlinks.
    async fn metadata(&self, path: &str) -> Result<Metadata, FsError>;
    /// Metadata of the path itself (a symlink is reported as such).
    async fn symlink_metadata(&self, path: &str) -> Result<Metadata, FsError>;
    /// The whole contents of a regular file.
    async fn read(&self, path: &str) -> Result<Vec<u8>, FsError>;
    /// Create or truncate a regular file and write `data`.
    async fn write(&self, path: &str, data: &[u8]) -> Result<(), FsError>;
    /// Append `data` to a regular file, creating it if absent.
    async fn append(&self, path: &str, data: &[u8]) -> Result<(), FsError>;
    /// The entries of a directory, sorted by name, without `.` and `..`.
    async fn read_dir(&self, path: &str) -> Result<Vec<DirEntry>, FsError>;
    /// Create a directory; with `recursive`, also missing parents and no
    /// error when it exists (`mkdir -p`).
    async fn create_dir(&self, path: &str, recursive: bool) -> Result<(), FsError>;
    /// Remove a file or symlink (not a directory).
    async fn remove_file(&self, path: &str) -> Result<(), FsError>;
    /// Remove a directory; with `recursive`, its contents too.
    async fn remove_dir(&self, path: &str, recursive: bool) -> Result<(), FsError>;
    /// Rename (move) a file or directory, replacing a file at `to`.
    async fn rename(&self, from: &str, to: &str) -> Result<(), FsError>;
    /// Create a symbolic link at `link` pointing to `target` (stored as is).
    async fn symlink(&self, target: &str, link: &str) -> Result<(), FsError>;
    /// The target of a symbolic link.
    async fn read_link(&self, path: &str) -> Result<String, FsError>;
    /// Set the permission bits.
    async fn set_mode(&self, path: &str, mode: u32) -> Result<(), FsError>;
    /// Set the modification time (creating an empty file when absent is the
    /// caller's business, as in `touch`).
    async fn set_mtime(&self, path: &str, mtime: SystemTime) -> Result<(), FsError>;
    /// The path with every symlink resolved (`realpath`).
    async fn canonicalize(&self, path: &str) -> Result<String, FsError>;
    /// Capacity and usage (`df`). Backends without a notion of capacity
    /// keep the default, which fails with [`FsError::Disabled`].
    async fn stats(&self) -> Result<FsStats, FsError> {
        Err(FsError::Disabled)
    }
}

/// Resolve `path` against the directory `cwd` and normalise it: `.` and
/// empty components dropped, `..` applied lexically, never above `/`.
/// The result is absolute, without a trailing slash (except `/`).
pub fn normalize_path(cwd: &str, path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    let joined_cwd = if path.starts_with('/') { "" } else { cwd };
    for comp in joined_cwd.split('/').chain(path.split('/')) {
        match comp {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            c => parts.push(c),
        }
    }
    let mut out = String::with_capacity(path.len() + cwd.len() + 1);
    for p in &parts {
        out.push('/');
        out.push_str(p);
    }
    if out.is_empty() {
        out.push('/');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::normalize_path;

    #[test]
    fn normalizes_relative_and_dotdot() {
        assert_eq!(normalize_path("/home/u", "a/./b/../c"), "/home/u/a/c");
        assert_eq!(normalize_path("/home", "../../.."), "/");
        assert_eq!(normalize_path("/x", "/etc//passwd/"), "/etc/passwd");
        assert_eq!(normalize_path("/", "."), "/");
    }
}
