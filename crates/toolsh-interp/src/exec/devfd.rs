//! `/dev/fd/N` for utilities while process substitutions are live: a thin
//! [`FileSystem`] over the backend that serves the substitutions'
//! descriptors by path and delegates every other path.
//!
//! Reading `/dev/fd/N` takes what is left of a `<(list)`'s output, as
//! reading a pipe does (a second read finds it empty); writing it (or
//! appending) adds to a `>(list)`'s input. Nothing here reaches the host.

use std::sync::Arc;
use std::time::SystemTime;

use async_trait::async_trait;

use super::{Fd, Shared};
use crate::fs::{DirEntry, FileSystem, FileType, FsError, FsStats, Metadata};
use crate::io::OutputError;

/// The backend plus the descriptors of live process substitutions.
pub(crate) struct DevFdFs {
    /// Every other path goes here.
    pub inner: Arc<dyn FileSystem>,
    /// `(N, descriptor)` for each live substitution.
    pub fds: Vec<(usize, Fd)>,
    /// For reporting a limit hit while writing (the script stops at the
    /// next check, as when a builtin hits one).
    pub shared: Arc<Shared>,
}

impl std::fmt::Debug for DevFdFs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DevFdFs")
            .field("inner", &self.inner)
            .field("fds", &self.fds)
            .finish_non_exhaustive()
    }
}

impl DevFdFs {
    /// The descriptor `path` names, if it is one of ours.
    fn lookup(&self, path: &str) -> Option<&Fd> {
        let path = crate::fs::normalize_path("/", path);
        let n: usize = path.strip_prefix("/dev/fd/")?.parse().ok()?;
        self.fds.iter().find(|(k, _)| *k == n).map(|(_, f)| f)
    }

    async fn write_fd(&self, fd: &Fd, data: &[u8]) -> Result<(), FsError> {
        let Fd::Out(out) = fd else {
            return Err(FsError::PermissionDenied);
        };
        match out.write(data).await {
            Ok(()) => Ok(()),
            Err(OutputError::Interrupt(i)) => {
                self.shared.set_fatal(i);
                Err(FsError::FileTooLarge)
            }
            Err(_) => Err(FsError::PermissionDenied),
        }
    }
}

/// What `stat` says of a substitution's descriptor: a pipe, shown as an
/// empty file readable and writable by its owner.
fn pipe_metadata() -> Metadata {
    Metadata {
        file_type: FileType::File,
        len: 0,
        mode: 0o600,
        mtime: SystemTime::UNIX_EPOCH,
    }
}

#[async_trait]
impl FileSystem for DevFdFs {
    async fn metadata(&self, path: &str) -> Result<Metadata, FsError> {
        match self.lookup(path) {
            Some(_) => Ok(pipe_metadata()),
            None => self.inner.metadata(path).await,
        }
    }
    async fn symlink_metadata(&self, path: &str) -> Result<Metadata, FsError> {
        match self.lookup(path) {
            Some(_) => Ok(pipe_metadata()),
            None => self.inner.symlink_metadata(path).await,
        }
    }
    async fn read(&self, path: &str) -> Result<Vec<u8>, FsError> {
        match self.lookup(path) {
            Some(Fd::In(input)) => {
                // Held already: the same stream is the command's standard
                // input and being read there.
                let Ok(mut guard) = input.try_lock() else {
                    return Ok(Vec::new());
                };
                guard
                    .read_to_end(self.shared.limits.max_buffer_bytes)
                    .await
                    .map_err(|i| {
                        self.shared.set_fatal(i);
                        FsError::FileTooLarge
                    })
            }
            Some(_) => Err(FsError::PermissionDenied),
            None => self.inner.read(path).await,
        }
    }
    async fn write(&self, path: &str, data: &[u8]) -> Result<(), FsError> {
        // A pipe is not truncated: writing adds to what the list reads.
        match self.lookup(path) {
            Some(fd) => self.write_fd(fd, data).await,
            None => self.inner.write(path, data).await,
        }
    }
    async fn append(&self, path: &str, data: &[u8]) -> Result<(), FsError> {
        match self.lookup(path) {
            Some(fd) => self.write_fd(fd, data).await,
            None => self.inner.append(path, data).await,
        }
    }
    async fn read_dir(&self, path: &str) -> Result<Vec<DirEntry>, FsError> {
        self.inner.read_dir(path).await
    }
    async fn create_dir(&self, path: &str, recursive: bool) -> Result<(), FsError> {
        self.inner.create_dir(path, recursive).await
    }
    async fn remove_file(&self, path: &str) -> Result<(), FsError> {
        self.inner.remove_file(path).await
    }
    async fn remove_dir(&self, path: &str, recursive: bool) -> Result<(), FsError> {
        self.inner.remove_dir(path, recursive).await
    }
    async fn rename(&self, from: &str, to: &str) -> Result<(), FsError> {
        self.inner.rename(from, to).await
    }
    async fn symlink(&self, target: &str, link: &str) -> Result<(), FsError> {
        self.inner.symlink(target, link).await
    }
    async fn read_link(&self, path: &str) -> Result<String, FsError> {
        self.inner.read_link(path).await
    }
    async fn set_mode(&self, path: &str, mode: u32) -> Result<(), FsError> {
        self.inner.set_mode(path, mode).await
    }
    async fn set_mtime(&self, path: &str, mtime: SystemTime) -> Result<(), FsError> {
        self.inner.set_mtime(path, mtime).await
    }
    async fn canonicalize(&self, path: &str) -> Result<String, FsError> {
        match self.lookup(path) {
            Some(_) => Ok(path.to_string()),
            None => self.inner.canonicalize(path).await,
        }
    }
    async fn stats(&self) -> Result<FsStats, FsError> {
        self.inner.stats().await
    }
}
