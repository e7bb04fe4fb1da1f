//! The device files every profile has: `/dev/null` and the names of the
//! standard streams, served in front of any backend (the `LogicOnly`
//! profile allows them too, as it allows `> /dev/null`).
//!
//! `/dev/null` is a character device that reads as empty and discards
//! what is written (POSIX XBD 10.1 "Directory Structure and Devices").
//! `/dev/stdin`, `/dev/stdout`, `/dev/stderr` and `/dev/fd/0`..`2` exist
//! (for `test -e`); their contents are the command's streams, which only
//! the command has: utilities reach them through
//! [`crate::UtilityContext::read_operand`] and their own output code, not
//! through this layer. `/dev` and `/dev/fd` are directories that list
//! these devices (with whatever a backend holds there too). A path below a
//! device (`/dev/null/x`) fails with `Not a directory`, as on Linux.
//!
//! `/dev/zero` and `/dev/urandom` read as endless streams ([`EndlessDevice`]:
//! NUL bytes, and bytes from the operating system's random source, as the
//! Linux `zero(4)` and `random(4)` devices do) and discard what is written.
//! Their whole contents cannot be read ([`FileSystem::read`] fails with
//! `File too large`; a utility reading a whole operand stops with the
//! buffer limit): they are read as streams, chunk by chunk, by a file
//! operand that utilities stream ([`crate::UtilityContext::endless_operand`])
//! and by `< /dev/zero`, so `head -c 16 /dev/zero` works as in bash and
//! `cat /dev/zero` ends at the output limit or the deadline, never holding
//! more than a chunk.

use std::sync::Arc;
use std::time::SystemTime;

use async_trait::async_trait;
use bytes::Bytes;

use super::{DirEntry, FileSystem, FileType, FsError, FsStats, Metadata};

/// `/dev/null`.
pub const DEV_NULL: &str = "/dev/null";

/// `/dev/zero`.
pub const DEV_ZERO: &str = "/dev/zero";

/// `/dev/urandom`.
pub const DEV_URANDOM: &str = "/dev/urandom";

/// Bytes of one chunk of `/dev/zero`.
const ZERO_CHUNK: usize = 64 * 1024;

/// Bytes of one chunk of `/dev/urandom` (smaller: each is filled from the
/// operating system's random source).
const RANDOM_CHUNK: usize = 16 * 1024;

/// One chunk of `/dev/zero`, shared by every read (never copied).
static ZEROS: [u8; ZERO_CHUNK] = [0; ZERO_CHUNK];

/// A device that reads as an endless stream of bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum EndlessDevice {
    /// `/dev/zero`: NUL bytes.
    Zero,
    /// `/dev/urandom`: random bytes from the operating system (the
    /// `getrandom` crate: `getrandom(2)` on Linux).
    Urandom,
}

impl EndlessDevice {
    /// The device at the absolute, normalised `path`, if it is one.
    pub fn at(path: &str) -> Option<Self> {
        match path {
            DEV_ZERO => Some(EndlessDevice::Zero),
            DEV_URANDOM => Some(EndlessDevice::Urandom),
            _ => None,
        }
    }

    /// The next chunk of the stream (64 KiB of NUL bytes, or 16 KiB of
    /// random bytes). An empty chunk means the random source failed
    /// (`getrandom(2)` does not fail on Linux once the pool is
    /// initialised): the stream then ends rather than yield bytes that are
    /// not random.
    pub fn chunk(self) -> Bytes {
        match self {
            EndlessDevice::Zero => Bytes::from_static(&ZEROS),
            EndlessDevice::Urandom => {
                let mut buf = vec![0u8; RANDOM_CHUNK];
                if getrandom::fill(&mut buf).is_err() {
                    return Bytes::new();
                }
                Bytes::from(buf)
            }
        }
    }
}

/// The names of standard input (`-` aside), as absolute paths.
pub const STDIN_NAMES: [&str; 2] = ["/dev/stdin", "/dev/fd/0"];

/// The names of the standard streams, as absolute paths.
const STREAM_NAMES: [&str; 6] = [
    "/dev/stdin",
    "/dev/stdout",
    "/dev/stderr",
    "/dev/fd/0",
    "/dev/fd/1",
    "/dev/fd/2",
];

/// A backend with `/dev/null` and the stream names in front of it.
#[derive(Debug)]
pub struct DevicesFs {
    inner: Arc<dyn FileSystem>,
}

impl DevicesFs {
    /// `inner` with the device files in front.
    pub fn new(inner: Arc<dyn FileSystem>) -> Self {
        Self { inner }
    }
}

/// A character device, readable and writable by all (`crw-rw-rw-`).
fn device() -> Metadata {
    Metadata {
        file_type: FileType::CharDevice,
        len: 0,
        mode: 0o666,
        mtime: SystemTime::UNIX_EPOCH,
    }
}

fn is_device(path: &str) -> bool {
    path == DEV_NULL || STREAM_NAMES.contains(&path) || EndlessDevice::at(path).is_some()
}

/// `Err(NotADirectory)` when a proper ancestor of `path` is a device
/// (ENOTDIR: a path component that is not a directory, POSIX XBD 4.13).
fn below_device(path: &str) -> Result<(), FsError> {
    let mut ancestor = path;
    while let Some(cut) = ancestor.rfind('/').filter(|&i| i > 0) {
        ancestor = &ancestor[..cut];
        if is_device(ancestor) {
            return Err(FsError::NotADirectory);
        }
    }
    Ok(())
}

/// The entries this layer adds to directory `path` (`/dev`, `/dev/fd`).
fn device_entries(path: &str) -> Vec<DirEntry> {
    let entry = |name: &str, file_type| DirEntry {
        name: name.to_string(),
        file_type,
    };
    match path {
        "/dev" => {
            let mut v: Vec<DirEntry> = [DEV_NULL, DEV_ZERO, DEV_URANDOM]
                .iter()
                .chain(&STREAM_NAMES[..3])
                .map(|p| entry(&p["/dev/".len()..], FileType::CharDevice))
                .collect();
            v.push(entry("fd", FileType::Dir));
            v
        }
        "/dev/fd" => STREAM_NAMES[3..]
            .iter()
            .map(|p| entry(&p["/dev/fd/".len()..], FileType::CharDevice))
            .collect(),
        _ => Vec::new(),
    }
}

/// Devices that discard what is written to them.
fn discards(path: &str) -> bool {
    path == DEV_NULL || EndlessDevice::at(path).is_some()
}

#[async_trait]
impl FileSystem for DevicesFs {
    async fn metadata(&self, path: &str) -> Result<Metadata, FsError> {
        below_device(path)?;
        if is_device(path) {
            return Ok(device());
        }
        match self.inner.metadata(path).await {
            Err(_) if path == "/dev" || path == "/dev/fd" => Ok(Metadata {
                file_type: FileType::Dir,
                len: 0,
                mode: 0o755,
                mtime: SystemTime::UNIX_EPOCH,
            }),
            r => r,
        }
    }
    async fn symlink_metadata(&self, path: &str) -> Result<Metadata, FsError> {
        below_device(path)?;
        if is_device(path) || path == "/dev" || path == "/dev/fd" {
            return self.metadata(path).await;
        }
        self.inner.symlink_metadata(path).await
    }
    async fn read(&self, path: &str) -> Result<Vec<u8>, FsError> {
        below_device(path)?;
        if path == DEV_NULL {
            return Ok(Vec::new());
        }
        if EndlessDevice::at(path).is_some() {
            // Endless: no whole contents (EFBIG, as a file larger than
            // anything a buffer may hold). Streams read it chunk by chunk.
            return Err(FsError::FileTooLarge);
        }
        self.inner.read(path).await
    }
    async fn write(&self, path: &str, data: &[u8]) -> Result<(), FsError> {
        below_device(path)?;
        if discards(path) {
            return Ok(());
        }
        // The streams are the command's (see the module doc); never a
        // file of that name in the backend.
        if is_device(path) {
            return Err(FsError::PermissionDenied);
        }
        self.inner.write(path, data).await
    }
    async fn append(&self, path: &str, data: &[u8]) -> Result<(), FsError> {
        below_device(path)?;
        if discards(path) {
            return Ok(());
        }
        if is_device(path) {
            return Err(FsError::PermissionDenied);
        }
        self.inner.append(path, data).await
    }
    async fn read_dir(&self, path: &str) -> Result<Vec<DirEntry>, FsError> {
        below_device(path)?;
        if is_device(path) {
            return Err(FsError::NotADirectory);
        }
        let added = device_entries(path);
        if added.is_empty() {
            return self.inner.read_dir(path).await;
        }
        // The devices hide an entry of the same name in the backend.
        let mut entries: Vec<DirEntry> = match self.inner.read_dir(path).await {
            Ok(v) => v
                .into_iter()
                .filter(|e| !added.iter().any(|a| a.name == e.name))
                .collect(),
            Err(_) => Vec::new(),
        };
        entries.extend(added);
        Ok(entries)
    }
    async fn create_dir(&self, path: &str, recursive: bool) -> Result<(), FsError> {
        below_device(path)?;
        self.inner.create_dir(path, recursive).await
    }
    async fn remove_file(&self, path: &str) -> Result<(), FsError> {
        below_device(path)?;
        if is_device(path) {
            return Err(FsError::PermissionDenied);
        }
        self.inner.remove_file(path).await
    }
    async fn remove_dir(&self, path: &str, recursive: bool) -> Result<(), FsError> {
        below_device(path)?;
        self.inner.remove_dir(path, recursive).await
    }
    async fn rename(&self, from: &str, to: &str) -> Result<(), FsError> {
        below_device(from)?;
        below_device(to)?;
        if is_device(from) || is_device(to) {
            return Err(FsError::PermissionDenied);
        }
        self.inner.rename(from, to).await
    }
    async fn symlink(&self, target: &str, link: &str) -> Result<(), FsError> {
        below_device(link)?;
        self.inner.symlink(target, link).await
    }
    async fn read_link(&self, path: &str) -> Result<String, FsError> {
        below_device(path)?;
        self.inner.read_link(path).await
    }
    async fn set_mode(&self, path: &str, mode: u32) -> Result<(), FsError> {
        below_device(path)?;
        if is_device(path) {
            return Err(FsError::PermissionDenied);
        }
        self.inner.set_mode(path, mode).await
    }
    async fn set_mtime(&self, path: &str, mtime: SystemTime) -> Result<(), FsError> {
        below_device(path)?;
        if is_device(path) {
            return Ok(());
        }
        self.inner.set_mtime(path, mtime).await
    }
    async fn canonicalize(&self, path: &str) -> Result<String, FsError> {
        below_device(path)?;
        if is_device(path) {
            return Ok(path.to_string());
        }
        self.inner.canonicalize(path).await
    }
    async fn stats(&self) -> Result<FsStats, FsError> {
        self.inner.stats().await
    }
}
