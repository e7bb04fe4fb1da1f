//! `MemoryFs`: the `Sandbox` profile's in-memory POSIX-like file system.
//!
//! Directories, regular files, symlinks, permission bits and mtimes live in
//! a tree of reference-counted nodes; a change copies only the nodes on
//! its path (copy-on-write), so [`MemoryFs::snapshot`] is O(1). Nothing is
//! read from or written to the host disk, except by
//! [`MemoryFs::mount_readonly`] when the host asks for it.

use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard, RwLockWriteGuard};
use std::time::SystemTime;

use async_trait::async_trait;

use super::{DirEntry, FileSystem, FsError, FsStats, Metadata, normalize_path};

mod host;
mod limits;
mod snapshot;
#[cfg(test)]
mod tests;
mod tree;

pub use limits::FsLimits;
pub use snapshot::FsSnapshot;
use tree::{Kind, Node, Tree, Walked, join};

/// The clock that stamps modification times.
type Clock = Arc<dyn Fn() -> SystemTime + Send + Sync>;

/// An in-memory file system (the `Sandbox` profile's backend).
///
/// A fresh one holds `/`, `/tmp` (mode 1777), `/home` and `/dev` (empty:
/// `/dev/null` is the shell's business), and nothing from the host. The
/// sandbox user acts like root: permission bits are stored and reported
/// but do not deny access; read-only mounts do ([`FsError::ReadOnly`]).
///
/// Shareable across shells and threads: `Arc<MemoryFs>` coerces to
/// `Arc<dyn FileSystem>`. Every operation is atomic with respect to the
/// others and checks [`FsLimits`] before changing anything.
///
/// ```
/// use std::sync::Arc;
/// use toolsh_command::fs::{FileSystem, MemoryFs};
///
/// let fs = MemoryFs::new().with_files([("/data/in.txt", b"hello\n".to_vec())]).unwrap();
/// let snap = fs.snapshot();
/// fs.write_file("/data/out.txt", b"x").unwrap();
/// fs.restore(&snap);
/// assert!(fs.read_file("/data/out.txt").is_err());
/// let shared: Arc<dyn FileSystem> = Arc::new(fs);
/// # drop(shared);
/// ```
pub struct MemoryFs {
    tree: RwLock<Tree>,
    limits: FsLimits,
    clock: Clock,
}

impl std::fmt::Debug for MemoryFs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let t = self.read_tree();
        f.debug_struct("MemoryFs")
            .field("bytes", &t.bytes)
            .field("nodes", &t.nodes)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl Default for MemoryFs {
    fn default() -> Self {
        Self::new()
    }
}

impl MemoryFs {
    /// A fresh file system with [`FsLimits::default`] and the host clock.
    pub fn new() -> Self {
        Self::with_limits(FsLimits::default())
    }

    /// A fresh file system with the given limits.
    pub fn with_limits(limits: FsLimits) -> Self {
        let clock: Clock = Arc::new(SystemTime::now);
        Self {
            tree: RwLock::new(Tree::new(clock())),
            limits,
            clock,
        }
    }

    /// Use `clock` for modification times from now on (tests pass a fixed
    /// time).
    #[must_use]
    pub fn with_clock(mut self, clock: impl Fn() -> SystemTime + Send + Sync + 'static) -> Self {
        self.clock = Arc::new(clock);
        self
    }

    /// Seed files: each `(path, bytes)` is written with
    /// [`MemoryFs::write_file`] (missing parent directories are created).
    /// Fails with the first error (a limit, a path through a file).
    pub fn with_files<P, D, I>(self, files: I) -> Result<Self, FsError>
    where
        I: IntoIterator<Item = (P, D)>,
        P: AsRef<str>,
        D: AsRef<[u8]>,
    {
        for (path, data) in files {
            self.write_file(path.as_ref(), data.as_ref())?;
        }
        Ok(self)
    }

    /// The limits in force.
    pub fn limits(&self) -> &FsLimits {
        &self.limits
    }

    /// Bytes in all regular files and the number of files, directories and
    /// symlinks (the root not counted).
    pub fn usage(&self) -> (u64, u64) {
        let t = self.read_tree();
        (t.bytes, t.nodes)
    }

    /// Host side: the contents of a regular file (`path` is taken from `/`
    /// and normalised).
    pub fn read_file(&self, path: &str) -> Result<Vec<u8>, FsError> {
        self.read_sync(&normalize_path("/", path))
    }

    /// Host side: create or replace a regular file, creating missing
    /// parent directories (`mkdir -p`).
    pub fn write_file(&self, path: &str, data: &[u8]) -> Result<(), FsError> {
        let path = normalize_path("/", path);
        if let Some((parent, _)) = path.rsplit_once('/')
            && !parent.is_empty()
        {
            self.create_dir_sync(parent, true)?;
        }
        self.write_sync(&path, data, false)
    }

    /// An O(1) copy of the whole state (tree and usage), to
    /// [`MemoryFs::restore`] later. Later changes copy only the nodes they
    /// touch.
    pub fn snapshot(&self) -> FsSnapshot {
        FsSnapshot::new(self.read_tree().clone())
    }

    /// `true` when nothing changed since `snapshot` was taken (no write,
    /// create, remove or metadata change): O(1), by comparing the shared
    /// root.
    pub fn unchanged_since(&self, snapshot: &FsSnapshot) -> bool {
        Arc::ptr_eq(&self.read_tree().root, &snapshot.tree().root)
    }

    /// Put back the state of `snapshot`, discarding every change since.
    pub fn restore(&self, snapshot: &FsSnapshot) {
        *self.write_tree() = snapshot.tree().clone();
    }

    fn now(&self) -> SystemTime {
        (self.clock)()
    }

    fn read_tree(&self) -> RwLockReadGuard<'_, Tree> {
        self.tree.read().unwrap_or_else(PoisonError::into_inner)
    }

    fn write_tree(&self) -> RwLockWriteGuard<'_, Tree> {
        self.tree.write().unwrap_or_else(PoisonError::into_inner)
    }

    /// The node's metadata at `path`.
    fn stat_sync(&self, path: &str, follow: bool) -> Result<Metadata, FsError> {
        self.limits.check_path(path)?;
        let t = self.read_tree();
        match t.walk(path, follow)? {
            Walked::Found(phys) => Ok(t.get(&phys)?.metadata()),
            Walked::Missing { .. } => Err(FsError::NotFound),
        }
    }

    fn read_sync(&self, path: &str) -> Result<Vec<u8>, FsError> {
        self.limits.check_path(path)?;
        let t = self.read_tree();
        let Walked::Found(phys) = t.walk(path, true)? else {
            return Err(FsError::NotFound);
        };
        match &t.get(&phys)?.kind {
            Kind::File(d) => Ok(d.as_ref().clone()),
            Kind::Dir(_) => Err(FsError::IsADirectory),
            Kind::Symlink(_) => Err(FsError::NotFound),
        }
    }

    /// Check that a new node may go into the directory `parent`.
    fn check_create(&self, t: &Tree, parent: &[String], name: &str) -> Result<(), FsError> {
        if name.len() > self.limits.max_name_len {
            return Err(FsError::NameTooLong);
        }
        self.limits.check_depth(parent.len() + 1)?;
        if t.get(parent)?.readonly {
            return Err(FsError::ReadOnly);
        }
        if t.nodes + 1 > self.limits.max_nodes {
            return Err(FsError::NoSpace);
        }
        Ok(())
    }

    /// Check that a file may grow from `old` to `new` bytes.
    fn check_size(&self, t: &Tree, old: u64, new: u64) -> Result<(), FsError> {
        if new > self.limits.max_file_bytes {
            return Err(FsError::FileTooLarge);
        }
        if t.bytes - old + new > self.limits.max_total_bytes {
            return Err(FsError::NoSpace);
        }
        Ok(())
    }

    fn write_sync(&self, path: &str, data: &[u8], append: bool) -> Result<(), FsError> {
        self.limits.check_path(path)?;
        let now = self.now();
        let mut t = self.write_tree();
        match t.walk(path, true)? {
            Walked::Found(phys) => {
                let node = t.get(&phys)?;
                let old = match &node.kind {
                    Kind::File(d) => d.len() as u64,
                    Kind::Dir(_) => return Err(FsError::IsADirectory),
                    Kind::Symlink(_) => return Err(FsError::NotFound),
                };
                if node.readonly {
                    return Err(FsError::ReadOnly);
                }
                let new = if append {
                    old + data.len() as u64
                } else {
                    data.len() as u64
                };
                self.check_size(&t, old, new)?;
                let node = t.get_mut(&phys)?;
                if let Kind::File(d) = &mut node.kind {
                    if append {
                        Arc::make_mut(d).extend_from_slice(data);
                    } else if Arc::strong_count(d) == 1 {
                        let v = Arc::make_mut(d);
                        v.clear();
                        v.extend_from_slice(data);
                    } else {
                        *d = Arc::new(data.to_vec());
                    }
                }
                node.mtime = now;
                t.bytes = t.bytes - old + new;
                Ok(())
            }
            Walked::Missing { parent, name } => {
                self.check_create(&t, &parent, &name)?;
                self.check_size(&t, 0, data.len() as u64)?;
                let node = Node::file(data.to_vec(), 0o644, now);
                t.insert(&parent, name, Arc::new(node), now)
            }
        }
    }

    fn create_dir_sync(&self, path: &str, recursive: bool) -> Result<(), FsError> {
        self.limits.check_path(path)?;
        let now = self.now();
        let mut t = self.write_tree();
        if !recursive {
            return match t.walk(path, false)? {
                Walked::Found(_) => Err(FsError::AlreadyExists),
                Walked::Missing { parent, name } => {
                    self.check_create(&t, &parent, &name)?;
                    t.insert(&parent, name, Arc::new(Node::dir(0o755, now)), now)
                }
            };
        }
        let mut prefix = String::new();
        for comp in path.split('/').filter(|c| !c.is_empty()) {
            prefix.push('/');
            prefix.push_str(comp);
            match t.walk(&prefix, true)? {
                Walked::Found(phys) => {
                    if !matches!(t.get(&phys)?.kind, Kind::Dir(_)) {
                        return Err(if prefix.len() == path.len() {
                            FsError::AlreadyExists
                        } else {
                            FsError::NotADirectory
                        });
                    }
                }
                Walked::Missing { parent, name } => {
                    self.check_create(&t, &parent, &name)?;
                    t.insert(&parent, name, Arc::new(Node::dir(0o755, now)), now)?;
                }
            }
        }
        Ok(())
    }

    /// Find an existing entry without following a final symlink; the root
    /// cannot be removed or renamed (`EBUSY` on Linux; here EINVAL).
    fn existing_entry(t: &Tree, path: &str) -> Result<Vec<String>, FsError> {
        match t.walk(path, false)? {
            Walked::Found(phys) if phys.is_empty() => Err(FsError::InvalidInput),
            Walked::Found(phys) => Ok(phys),
            Walked::Missing { .. } => Err(FsError::NotFound),
        }
    }

    fn check_removable(t: &Tree, phys: &[String]) -> Result<(), FsError> {
        let parent = &phys[..phys.len() - 1];
        if t.get(parent)?.readonly || t.get(phys)?.readonly {
            return Err(FsError::ReadOnly);
        }
        Ok(())
    }

    fn remove_file_sync(&self, path: &str) -> Result<(), FsError> {
        self.limits.check_path(path)?;
        let now = self.now();
        let mut t = self.write_tree();
        let phys = match t.walk(path, false)? {
            Walked::Found(phys) if phys.is_empty() => return Err(FsError::IsADirectory),
            Walked::Found(phys) => phys,
            Walked::Missing { .. } => return Err(FsError::NotFound),
        };
        if matches!(t.get(&phys)?.kind, Kind::Dir(_)) {
            return Err(FsError::IsADirectory);
        }
        Self::check_removable(&t, &phys)?;
        t.detach(&phys, now).map(drop)
    }

    fn remove_dir_sync(&self, path: &str, recursive: bool) -> Result<(), FsError> {
        self.limits.check_path(path)?;
        let now = self.now();
        let mut t = self.write_tree();
        let phys = Self::existing_entry(&t, path)?;
        let node = t.get(&phys)?;
        let Kind::Dir(entries) = &node.kind else {
            return Err(FsError::NotADirectory);
        };
        if !recursive && !entries.is_empty() {
            return Err(FsError::DirectoryNotEmpty);
        }
        if node.usage().2 {
            return Err(FsError::ReadOnly);
        }
        Self::check_removable(&t, &phys)?;
        t.detach(&phys, now).map(drop)
    }

    fn rename_sync(&self, from: &str, to: &str) -> Result<(), FsError> {
        self.limits.check_path(from)?;
        self.limits.check_path(to)?;
        let now = self.now();
        let mut t = self.write_tree();
        let src = Self::existing_entry(&t, from)?;
        Self::check_removable(&t, &src)?;
        let src_is_dir = matches!(t.get(&src)?.kind, Kind::Dir(_));
        let (parent, name) = match t.walk(to, false)? {
            Walked::Found(dst) => {
                if dst == src {
                    return Ok(());
                }
                if dst.starts_with(&src) || dst.is_empty() {
                    return Err(FsError::InvalidInput);
                }
                let target = t.get(&dst)?;
                match (&target.kind, src_is_dir) {
                    (Kind::Dir(m), true) if !m.is_empty() => {
                        return Err(FsError::DirectoryNotEmpty);
                    }
                    (Kind::Dir(_), false) => return Err(FsError::IsADirectory),
                    (Kind::File(_) | Kind::Symlink(_), true) => {
                        return Err(FsError::NotADirectory);
                    }
                    _ => {}
                }
                Self::check_removable(&t, &dst)?;
                t.detach(&dst, now)?;
                let (name, parent) = dst.split_last().ok_or(FsError::InvalidInput)?;
                (parent.to_vec(), name.clone())
            }
            Walked::Missing { parent, name } => {
                if parent.starts_with(&src) {
                    return Err(FsError::InvalidInput);
                }
                if name.len() > self.limits.max_name_len {
                    return Err(FsError::NameTooLong);
                }
                if t.get(&parent)?.readonly {
                    return Err(FsError::ReadOnly);
                }
                (parent, name)
            }
        };
        self.limits.check_depth(parent.len() + 1)?;
        let node = t.detach(&src, now)?;
        t.insert(&parent, name, node, now)
    }

    fn symlink_sync(&self, target: &str, link: &str) -> Result<(), FsError> {
        self.limits.check_path(link)?;
        if target.len() >= self.limits.max_path_len {
            return Err(FsError::NameTooLong);
        }
        let now = self.now();
        let mut t = self.write_tree();
        match t.walk(link, false)? {
            Walked::Found(_) => Err(FsError::AlreadyExists),
            Walked::Missing { parent, name } => {
                self.check_create(&t, &parent, &name)?;
                let node = Node::symlink(target.to_string(), now);
                t.insert(&parent, name, Arc::new(node), now)
            }
        }
    }

    /// Change a node (following symlinks) with `f`.
    fn modify_sync(&self, path: &str, f: impl FnOnce(&mut Node)) -> Result<(), FsError> {
        self.limits.check_path(path)?;
        let mut t = self.write_tree();
        let Walked::Found(phys) = t.walk(path, true)? else {
            return Err(FsError::NotFound);
        };
        if t.get(&phys)?.readonly {
            return Err(FsError::ReadOnly);
        }
        f(t.get_mut(&phys)?);
        Ok(())
    }
}

#[async_trait]
impl FileSystem for MemoryFs {
    async fn metadata(&self, path: &str) -> Result<Metadata, FsError> {
        self.stat_sync(path, true)
    }
    async fn symlink_metadata(&self, path: &str) -> Result<Metadata, FsError> {
        self.stat_sync(path, false)
    }
    async fn read(&self, path: &str) -> Result<Vec<u8>, FsError> {
        self.read_sync(path)
    }
    async fn write(&self, path: &str, data: &[u8]) -> Result<(), FsError> {
        self.write_sync(path, data, false)
    }
    async fn append(&self, path: &str, data: &[u8]) -> Result<(), FsError> {
        self.write_sync(path, data, true)
    }
    async fn read_dir(&self, path: &str) -> Result<Vec<DirEntry>, FsError> {
        self.limits.check_path(path)?;
        let t = self.read_tree();
        match t.walk(path, true)? {
            Walked::Found(phys) => t.list(&phys),
            Walked::Missing { .. } => Err(FsError::NotFound),
        }
    }
    async fn create_dir(&self, path: &str, recursive: bool) -> Result<(), FsError> {
        self.create_dir_sync(path, recursive)
    }
    async fn remove_file(&self, path: &str) -> Result<(), FsError> {
        self.remove_file_sync(path)
    }
    async fn remove_dir(&self, path: &str, recursive: bool) -> Result<(), FsError> {
        self.remove_dir_sync(path, recursive)
    }
    async fn rename(&self, from: &str, to: &str) -> Result<(), FsError> {
        self.rename_sync(from, to)
    }
    async fn symlink(&self, target: &str, link: &str) -> Result<(), FsError> {
        self.symlink_sync(target, link)
    }
    async fn read_link(&self, path: &str) -> Result<String, FsError> {
        self.limits.check_path(path)?;
        let t = self.read_tree();
        let Walked::Found(phys) = t.walk(path, false)? else {
            return Err(FsError::NotFound);
        };
        match &t.get(&phys)?.kind {
            Kind::Symlink(target) => Ok(target.clone()),
            _ => Err(FsError::InvalidInput),
        }
    }
    async fn set_mode(&self, path: &str, mode: u32) -> Result<(), FsError> {
        self.modify_sync(path, |n| n.mode = mode & 0o7777)
    }
    async fn set_mtime(&self, path: &str, mtime: SystemTime) -> Result<(), FsError> {
        self.modify_sync(path, |n| n.mtime = mtime)
    }
    async fn canonicalize(&self, path: &str) -> Result<String, FsError> {
        self.limits.check_path(path)?;
        let t = self.read_tree();
        match t.walk(path, true)? {
            Walked::Found(phys) => Ok(join(&phys)),
            Walked::Missing { .. } => Err(FsError::NotFound),
        }
    }
    async fn stats(&self) -> Result<FsStats, FsError> {
        let (used_bytes, used_nodes) = self.usage();
        Ok(FsStats {
            total_bytes: self.limits.max_total_bytes,
            used_bytes,
            total_nodes: self.limits.max_nodes,
            used_nodes,
        })
    }
}
