//! Cheap whole-file-system snapshots for undo/redo and checkpoints.

use super::tree::Tree;

/// The state of a [`MemoryFs`](super::MemoryFs) at one moment: its tree and
/// usage counters. Taking one is O(1) (the tree's nodes are shared with the
/// live file system and copied only when either side changes them);
/// cloning one is O(1) too. Restore it with
/// [`MemoryFs::restore`](super::MemoryFs::restore).
#[derive(Debug, Clone)]
pub struct FsSnapshot {
    tree: Tree,
}

impl FsSnapshot {
    pub(super) fn new(tree: Tree) -> Self {
        Self { tree }
    }

    pub(super) fn tree(&self) -> &Tree {
        &self.tree
    }

    /// Bytes in all regular files of the snapshot.
    pub fn bytes(&self) -> u64 {
        self.tree.bytes
    }

    /// Files, directories and symlinks in the snapshot (the root not
    /// counted).
    pub fn nodes(&self) -> u64 {
        self.tree.nodes
    }
}
