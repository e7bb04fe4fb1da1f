//! The `LogicOnly` backend: a file system that refuses every operation.

use std::time::SystemTime;

use async_trait::async_trait;

use super::{DirEntry, FileSystem, FsError, FsStats, Metadata};

/// A [`FileSystem`] on which every operation fails with
/// [`FsError::Disabled`]. Used by `Profile::LogicOnly`.
#[derive(Debug, Clone, Copy, Default)]
pub struct DisabledFs;

#[async_trait]
impl FileSystem for DisabledFs {
    async fn metadata(&self, _: &str) -> Result<Metadata, FsError> {
        Err(FsError::Disabled)
    }
    async fn symlink_metadata(&self, _: &str) -> Result<Metadata, FsError> {
        Err(FsError::Disabled)
    }
    async fn read(&self, _: &str) -> Result<Vec<u8>, FsError> {
        Err(FsError::Disabled)
    }
    async fn write(&self, _: &str, _: &[u8]) -> Result<(), FsError> {
        Err(FsError::Disabled)
    }
    async fn append(&self, _: &str, _: &[u8]) -> Result<(), FsError> {
        Err(FsError::Disabled)
    }
    async fn read_dir(&self, _: &str) -> Result<Vec<DirEntry>, FsError> {
        Err(FsError::Disabled)
    }
    async fn create_dir(&self, _: &str, _: bool) -> Result<(), FsError> {
        Err(FsError::Disabled)
    }
    async fn remove_file(&self, _: &str) -> Result<(), FsError> {
        Err(FsError::Disabled)
    }
    async fn remove_dir(&self, _: &str, _: bool) -> Result<(), FsError> {
        Err(FsError::Disabled)
    }
    async fn rename(&self, _: &str, _: &str) -> Result<(), FsError> {
        Err(FsError::Disabled)
    }
    async fn symlink(&self, _: &str, _: &str) -> Result<(), FsError> {
        Err(FsError::Disabled)
    }
    async fn read_link(&self, _: &str) -> Result<String, FsError> {
        Err(FsError::Disabled)
    }
    async fn set_mode(&self, _: &str, _: u32) -> Result<(), FsError> {
        Err(FsError::Disabled)
    }
    async fn set_mtime(&self, _: &str, _: SystemTime) -> Result<(), FsError> {
        Err(FsError::Disabled)
    }
    async fn canonicalize(&self, _: &str) -> Result<String, FsError> {
        Err(FsError::Disabled)
    }
    async fn stats(&self) -> Result<FsStats, FsError> {
        Err(FsError::Disabled)
    }
}
