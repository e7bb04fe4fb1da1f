//! The node tree: copy-on-write nodes shared between snapshots, and path
//! walking with symlink resolution (path_resolution(7)).

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::SystemTime;

use crate::fs::{DirEntry, FileType, FsError, Metadata};

/// Symlinks followed while resolving one path before `ELOOP` (Linux's
/// `MAXSYMLINKS`, path_resolution(7)).
pub const MAX_SYMLINK_FOLLOWS: usize = 40;

/// The size a directory reports (`st_size` of a small ext4 directory).
pub const DIR_SIZE: u64 = 4096;

/// What a node holds.
#[derive(Debug, Clone)]
pub enum Kind {
    /// A regular file's bytes, shared until written (copy-on-write).
    File(Arc<Vec<u8>>),
    /// A directory's entries by name (sorted bytewise, as in the C locale).
    Dir(BTreeMap<String, Arc<Node>>),
    /// A symbolic link's target, stored as given.
    Symlink(String),
}

/// One file, directory or symlink.
#[derive(Debug, Clone)]
pub struct Node {
    pub kind: Kind,
    /// Permission bits, `0o7777` at most.
    pub mode: u32,
    pub mtime: SystemTime,
    /// Part of a read-only mount: every change fails with `EROFS`.
    pub readonly: bool,
}

impl Node {
    pub fn dir(mode: u32, mtime: SystemTime) -> Self {
        Self {
            kind: Kind::Dir(BTreeMap::new()),
            mode,
            mtime,
            readonly: false,
        }
    }

    pub fn file(data: Vec<u8>, mode: u32, mtime: SystemTime) -> Self {
        Self {
            kind: Kind::File(Arc::new(data)),
            mode,
            mtime,
            readonly: false,
        }
    }

    pub fn symlink(target: String, mtime: SystemTime) -> Self {
        Self {
            kind: Kind::Symlink(target),
            mode: 0o777,
            mtime,
            readonly: false,
        }
    }

    pub fn file_type(&self) -> FileType {
        match self.kind {
            Kind::File(_) => FileType::File,
            Kind::Dir(_) => FileType::Dir,
            Kind::Symlink(_) => FileType::Symlink,
        }
    }

    pub fn metadata(&self) -> Metadata {
        let len = match &self.kind {
            Kind::File(d) => d.len() as u64,
            Kind::Dir(_) => DIR_SIZE,
            Kind::Symlink(t) => t.len() as u64,
        };
        Metadata {
            file_type: self.file_type(),
            len,
            mode: self.mode,
            mtime: self.mtime,
        }
    }

    pub fn entries(&self) -> Option<&BTreeMap<String, Arc<Node>>> {
        match &self.kind {
            Kind::Dir(m) => Some(m),
            _ => None,
        }
    }

    /// Bytes of regular files and the number of nodes in this subtree
    /// (this node included), and whether any of it is read-only.
    pub fn usage(&self) -> (u64, u64, bool) {
        let mut bytes = 0;
        let mut nodes = 0;
        let mut readonly = false;
        let mut stack: Vec<&Node> = vec![self];
        while let Some(n) = stack.pop() {
            nodes += 1;
            readonly |= n.readonly;
            match &n.kind {
                Kind::File(d) => bytes += d.len() as u64,
                Kind::Dir(m) => stack.extend(m.values().map(AsRef::as_ref)),
                Kind::Symlink(_) => {}
            }
        }
        (bytes, nodes, readonly)
    }
}

/// Where a walk ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Walked {
    /// The node exists; its physical path (no symlinks) from the root.
    Found(Vec<String>),
    /// Everything but the last component exists and `parent` is a
    /// directory; `name` is absent from it.
    Missing { parent: Vec<String>, name: String },
}

/// The whole state of a file system: the root and the usage counters.
/// Cloning is O(1) (the root is shared).
#[derive(Debug, Clone)]
pub struct Tree {
    pub root: Arc<Node>,
    /// Bytes in all regular files.
    pub bytes: u64,
    /// Nodes, the root not counted.
    pub nodes: u64,
}

fn push_components(pending: &mut Vec<String>, path: &str) {
    for comp in path.split('/').rev() {
        if !comp.is_empty() && comp != "." {
            pending.push(comp.to_string());
        }
    }
}

impl Tree {
    pub fn new(now: SystemTime) -> Self {
        let mut root = Node::dir(0o755, now);
        if let Kind::Dir(m) = &mut root.kind {
            m.insert("tmp".into(), Arc::new(Node::dir(0o1777, now)));
            m.insert("home".into(), Arc::new(Node::dir(0o755, now)));
            m.insert("dev".into(), Arc::new(Node::dir(0o755, now)));
        }
        Self {
            root: Arc::new(root),
            bytes: 0,
            nodes: 3,
        }
    }

    /// Resolve `path` from the root. Symlinks in every component but the
    /// last are followed; the last one only with `follow_last`. `..` goes
    /// to the physical parent (never above `/`).
    pub fn walk(&self, path: &str, follow_last: bool) -> Result<Walked, FsError> {
        let mut pending = Vec::new();
        push_components(&mut pending, path);
        let mut phys: Vec<String> = Vec::new();
        let mut stack: Vec<&Node> = vec![&self.root];
        let mut follows = 0;
        while let Some(comp) = pending.pop() {
            if comp == ".." {
                if phys.pop().is_some() {
                    stack.pop();
                }
                continue;
            }
            let dir = stack.last().copied().unwrap_or(&self.root);
            let Kind::Dir(entries) = &dir.kind else {
                return Err(FsError::NotADirectory);
            };
            let is_last = pending.is_empty();
            let Some(child) = entries.get(&comp) else {
                if is_last {
                    return Ok(Walked::Missing {
                        parent: phys,
                        name: comp,
                    });
                }
                return Err(FsError::NotFound);
            };
            match &child.kind {
                Kind::Symlink(target) if !is_last || follow_last => {
                    follows += 1;
                    if follows > MAX_SYMLINK_FOLLOWS {
                        return Err(FsError::TooManyLinks);
                    }
                    if target.starts_with('/') {
                        phys.clear();
                        stack.truncate(1);
                    }
                    push_components(&mut pending, target);
                }
                _ => {
                    phys.push(comp);
                    stack.push(child);
                }
            }
        }
        Ok(Walked::Found(phys))
    }

    /// The node at a physical path.
    pub fn get(&self, phys: &[String]) -> Result<&Node, FsError> {
        let mut node: &Node = &self.root;
        for c in phys {
            node = node
                .entries()
                .and_then(|m| m.get(c))
                .ok_or(FsError::NotFound)?;
        }
        Ok(node)
    }

    /// The node at a physical path, unshared along the way (copy-on-write).
    pub fn get_mut(&mut self, phys: &[String]) -> Result<&mut Node, FsError> {
        let mut node: &mut Node = Arc::make_mut(&mut self.root);
        for c in phys {
            node = match &mut node.kind {
                Kind::Dir(m) => Arc::make_mut(m.get_mut(c).ok_or(FsError::NotFound)?),
                _ => return Err(FsError::NotADirectory),
            };
        }
        Ok(node)
    }

    /// Insert `node` as `name` in the directory `parent` (which must exist),
    /// updating the directory's mtime and the counters.
    pub fn insert(
        &mut self,
        parent: &[String],
        name: String,
        node: Arc<Node>,
        now: SystemTime,
    ) -> Result<(), FsError> {
        let (bytes, nodes, _) = node.usage();
        let dir = self.get_mut(parent)?;
        let Kind::Dir(m) = &mut dir.kind else {
            return Err(FsError::NotADirectory);
        };
        m.insert(name, node);
        dir.mtime = now;
        self.bytes += bytes;
        self.nodes += nodes;
        Ok(())
    }

    /// Detach the entry at a physical path (not the root) and return it.
    pub fn detach(&mut self, phys: &[String], now: SystemTime) -> Result<Arc<Node>, FsError> {
        let Some((name, parent)) = phys.split_last() else {
            return Err(FsError::InvalidInput);
        };
        let dir = self.get_mut(parent)?;
        let Kind::Dir(m) = &mut dir.kind else {
            return Err(FsError::NotADirectory);
        };
        let node = m.remove(name).ok_or(FsError::NotFound)?;
        dir.mtime = now;
        let (bytes, nodes, _) = node.usage();
        self.bytes -= bytes;
        self.nodes -= nodes;
        Ok(node)
    }

    /// The entries of the directory at a physical path.
    pub fn list(&self, phys: &[String]) -> Result<Vec<DirEntry>, FsError> {
        let node = self.get(phys)?;
        let m = node.entries().ok_or(FsError::NotADirectory)?;
        Ok(m.iter()
            .map(|(name, n)| DirEntry {
                name: name.clone(),
                file_type: n.file_type(),
            })
            .collect())
    }
}

/// `/a/b` for the physical components `["a", "b"]`.
pub fn join(phys: &[String]) -> String {
    if phys.is_empty() {
        return "/".to_string();
    }
    let mut s = String::new();
    for c in phys {
        s.push('/');
        s.push_str(c);
    }
    s
}
