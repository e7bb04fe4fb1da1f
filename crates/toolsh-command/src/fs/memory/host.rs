//! Read-only mounts of a host directory, made only when the host asks.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use super::tree::{Kind, Node, Walked};
use super::{FsLimits, MemoryFs};
use crate::fs::{FsError, normalize_path};

/// The mtime of a host file whose time cannot be read.
const UNKNOWN_MTIME: std::time::SystemTime = std::time::SystemTime::UNIX_EPOCH;

/// Map a host I/O error to the nearest [`FsError`].
fn io_error(e: &std::io::Error) -> FsError {
    use std::io::ErrorKind;
    match e.kind() {
        ErrorKind::NotFound => FsError::NotFound,
        ErrorKind::PermissionDenied => FsError::PermissionDenied,
        ErrorKind::NotADirectory => FsError::NotADirectory,
        ErrorKind::IsADirectory => FsError::IsADirectory,
        _ => FsError::InvalidInput,
    }
}

#[cfg(unix)]
fn host_mode(meta: &std::fs::Metadata) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    meta.permissions().mode() & 0o7777
}

#[cfg(not(unix))]
fn host_mode(meta: &std::fs::Metadata) -> u32 {
    if meta.is_dir() { 0o755 } else { 0o644 }
}

/// Copies a host directory tree into read-only nodes, within a budget.
struct Loader<'a> {
    /// The canonical host directory being mounted.
    root: &'a Path,
    /// The mount point inside the sandbox.
    at: &'a str,
    limits: &'a FsLimits,
    bytes_left: u64,
    nodes_left: u64,
}

impl Loader<'_> {
    fn take(&mut self, bytes: u64) -> Result<(), FsError> {
        if self.nodes_left == 0 || bytes > self.bytes_left {
            return Err(FsError::NoSpace);
        }
        self.nodes_left -= 1;
        self.bytes_left -= bytes;
        Ok(())
    }

    /// The sandbox path a host symlink resolves to, when it stays inside
    /// the mounted directory; `None` for a link that escapes, dangles or
    /// loops (such links are left out of the mount).
    fn link_target(&self, link: &Path) -> Option<String> {
        let resolved = std::fs::canonicalize(link).ok()?;
        let rel = resolved.strip_prefix(self.root).ok()?;
        let mut target = self.at.to_string();
        for comp in rel.components() {
            if !target.ends_with('/') {
                target.push('/');
            }
            target.push_str(comp.as_os_str().to_str()?);
        }
        Some(target)
    }

    fn load_dir(&mut self, dir: &Path, depth: usize) -> Result<Node, FsError> {
        let meta = std::fs::metadata(dir).map_err(|e| io_error(&e))?;
        let mut entries = BTreeMap::new();
        let mut list: Vec<_> = std::fs::read_dir(dir)
            .map_err(|e| io_error(&e))?
            .filter_map(Result::ok)
            .collect();
        list.sort_by_key(std::fs::DirEntry::file_name);
        for entry in list {
            let Ok(name) = entry.file_name().into_string() else {
                continue; // not representable as a sandbox path
            };
            let path = entry.path();
            let Ok(meta) = std::fs::symlink_metadata(&path) else {
                continue;
            };
            let ft = meta.file_type();
            let node = if ft.is_symlink() {
                let Some(target) = self.link_target(&path) else {
                    continue;
                };
                self.take(0)?;
                let mut n = Node::symlink(target, meta.modified().unwrap_or(UNKNOWN_MTIME));
                n.readonly = true;
                n
            } else if ft.is_dir() {
                self.limits.check_depth(depth + 1)?;
                self.take(0)?;
                self.load_dir(&path, depth + 1)?
            } else if ft.is_file() {
                if meta.len() > self.limits.max_file_bytes {
                    return Err(FsError::FileTooLarge);
                }
                self.limits.check_depth(depth + 1)?;
                let data = std::fs::read(&path).map_err(|e| io_error(&e))?;
                self.take(data.len() as u64)?;
                let mtime = meta.modified().unwrap_or(UNKNOWN_MTIME);
                let mut n = Node::file(data, host_mode(&meta), mtime);
                n.readonly = true;
                n
            } else {
                continue; // sockets, fifos, devices: not mounted
            };
            entries.insert(name, Arc::new(node));
        }
        Ok(Node {
            kind: Kind::Dir(entries),
            mode: host_mode(&meta),
            mtime: meta.modified().unwrap_or(UNKNOWN_MTIME),
            readonly: true,
        })
    }
}

impl MemoryFs {
    /// Mount the host directory `host_path` read-only at the sandbox path
    /// `at` (created if missing; if present it must be an empty
    /// directory). The host tree is read once, now, and counts against
    /// [`FsLimits`]; every change under `at` then fails with
    /// [`FsError::ReadOnly`] (EROFS). Host symlinks are kept only when
    /// they resolve inside `host_path`, and then point at the matching
    /// sandbox path; links that escape, dangle or loop are left out, as are
    /// special files and names that are not UTF-8.
    ///
    /// This is the only way host files enter a `MemoryFs`; nothing is
    /// mounted by default.
    ///
    /// Errors: the host directory cannot be read (`NotFound`,
    /// `PermissionDenied`, `NotADirectory`), a limit is exceeded (nothing
    /// is mounted then), `at` is `/`, not a directory, or not empty.
    pub fn mount_readonly(&self, host_path: impl AsRef<Path>, at: &str) -> Result<(), FsError> {
        let root = std::fs::canonicalize(host_path).map_err(|e| io_error(&e))?;
        if !root.is_dir() {
            return Err(FsError::NotADirectory);
        }
        let at = normalize_path("/", at);
        self.limits.check_path(&at)?;
        let at_depth = at.split('/').filter(|c| !c.is_empty()).count();
        if at_depth == 0 {
            return Err(FsError::InvalidInput);
        }
        self.limits.check_depth(at_depth)?;
        let (used_bytes, used_nodes) = self.usage();
        let mut loader = Loader {
            root: &root,
            at: &at,
            limits: &self.limits,
            bytes_left: self.limits.max_total_bytes.saturating_sub(used_bytes),
            nodes_left: self.limits.max_nodes.saturating_sub(used_nodes + 1),
        };
        let node = Arc::new(loader.load_dir(&root, at_depth)?);
        let now = self.now();
        let mut t = self.write_tree();
        if t.bytes + node.usage().0 > self.limits.max_total_bytes
            || t.nodes + node.usage().1 > self.limits.max_nodes
        {
            return Err(FsError::NoSpace);
        }
        match t.walk(&at, true)? {
            Walked::Found(phys) => {
                let existing = t.get(&phys)?;
                match &existing.kind {
                    Kind::Dir(m) if m.is_empty() => {}
                    Kind::Dir(_) => return Err(FsError::DirectoryNotEmpty),
                    _ => return Err(FsError::NotADirectory),
                }
                if phys.is_empty() {
                    return Err(FsError::InvalidInput);
                }
                Self::check_removable(&t, &phys)?;
                t.detach(&phys, now)?;
                let (name, parent) = phys.split_last().ok_or(FsError::InvalidInput)?;
                t.insert(parent, name.clone(), node, now)
            }
            Walked::Missing { parent, name } => {
                self.check_create(&t, &parent, &name)?;
                t.insert(&parent, name, node, now)
            }
        }
    }
}
