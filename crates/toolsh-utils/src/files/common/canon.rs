//! Canonical file names for `readlink -f/-e/-m` and `realpath`
//! (GNU `canonicalize_filename_mode`).

use toolsh_command::fs::{FileSystem, FsError};

/// How much of a name must exist.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Canon {
    /// Every component (`-e`).
    Existing,
    /// All but the last (`-f`, realpath's default).
    AllButLast,
    /// None (`-m`).
    Missing,
}

/// Resolve every symlink in the absolute, normalised `abs`.
pub(crate) async fn canonicalize(
    fs: &dyn FileSystem,
    abs: &str,
    mode: Canon,
) -> Result<String, FsError> {
    match fs.canonicalize(abs).await {
        Ok(p) => return Ok(p),
        Err(FsError::NotFound) if mode != Canon::Existing => {}
        Err(FsError::NotADirectory) if mode == Canon::Missing => {}
        Err(e) => return Err(e),
    }
    let Some((parent, name)) = abs.rsplit_once('/') else {
        return Err(FsError::NotFound);
    };
    let parent = if parent.is_empty() { "/" } else { parent };
    let parent_canon = if mode == Canon::Missing {
        Box::pin(canonicalize(fs, parent, Canon::Missing)).await?
    } else {
        let p = fs.canonicalize(parent).await?;
        if !fs.metadata(&p).await?.is_dir() {
            return Err(FsError::NotADirectory);
        }
        p
    };
    if mode != Canon::Existing
        && let Ok(m) = fs.symlink_metadata(abs).await
        && m.is_symlink()
    {
        // A dangling link: its target's parent must exist.
        let target = fs.read_link(abs).await?;
        let next = toolsh_command::fs::normalize_path(&parent_canon, &target);
        return Box::pin(canonicalize(fs, &next, mode)).await;
    }
    Ok(super::join_path(&parent_canon, name))
}
