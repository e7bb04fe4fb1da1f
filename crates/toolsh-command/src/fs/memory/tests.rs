//! Unit tests of `MemoryFs`: tree operations, symlinks, limits,
//! snapshots and host mounts.

use std::sync::Arc;
use std::time::{Duration, SystemTime};

use super::{FsLimits, MemoryFs};
use crate::fs::{FileSystem, FileType, FsError};

fn t0() -> SystemTime {
    SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000)
}

fn fs() -> MemoryFs {
    MemoryFs::new().with_clock(t0)
}

#[tokio::test]
async fn fresh_fs_has_standard_dirs_only() {
    let fs = fs();
    let names: Vec<_> = fs
        .read_dir("/")
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.name)
        .collect();
    assert_eq!(names, ["dev", "home", "tmp"]);
    assert_eq!(fs.metadata("/tmp").await.unwrap().mode, 0o1777);
    assert!(fs.read_dir("/dev").await.unwrap().is_empty());
    assert_eq!(fs.metadata("/etc").await, Err(FsError::NotFound));
}

#[tokio::test]
async fn write_read_append_and_errors() {
    let fs = fs();
    fs.write("/tmp/a", b"one\n").await.unwrap();
    fs.append("/tmp/a", b"two\n").await.unwrap();
    assert_eq!(fs.read("/tmp/a").await.unwrap(), b"one\ntwo\n");
    fs.append("/tmp/new", b"x").await.unwrap();
    assert_eq!(fs.read("/tmp/new").await.unwrap(), b"x");
    assert_eq!(fs.write("/nodir/a", b"").await, Err(FsError::NotFound));
    assert_eq!(fs.write("/tmp/a/b", b"").await, Err(FsError::NotADirectory));
    assert_eq!(fs.write("/tmp", b"").await, Err(FsError::IsADirectory));
    assert_eq!(fs.read("/tmp").await, Err(FsError::IsADirectory));
    let m = fs.metadata("/tmp/a").await.unwrap();
    assert_eq!(
        (m.file_type, m.len, m.mode, m.mtime),
        (FileType::File, 8, 0o644, t0())
    );
}

#[tokio::test]
async fn directories_create_list_remove() {
    let fs = fs();
    fs.create_dir("/a/b/c", true).await.unwrap();
    fs.create_dir("/a/b/c", true).await.unwrap();
    assert_eq!(
        fs.create_dir("/a", false).await,
        Err(FsError::AlreadyExists)
    );
    assert_eq!(fs.create_dir("/x/y", false).await, Err(FsError::NotFound));
    fs.write("/a/f", b"").await.unwrap();
    assert_eq!(
        fs.create_dir("/a/f", true).await,
        Err(FsError::AlreadyExists)
    );
    assert_eq!(
        fs.create_dir("/a/f/g", true).await,
        Err(FsError::NotADirectory)
    );
    let list = fs.read_dir("/a").await.unwrap();
    assert_eq!(list.len(), 2);
    assert_eq!(
        (list[0].name.as_str(), list[0].file_type),
        ("b", FileType::Dir)
    );
    assert_eq!(
        fs.remove_dir("/a/b", false).await,
        Err(FsError::DirectoryNotEmpty)
    );
    assert_eq!(
        fs.remove_dir("/a/f", false).await,
        Err(FsError::NotADirectory)
    );
    assert_eq!(fs.remove_file("/a/b").await, Err(FsError::IsADirectory));
    fs.remove_dir("/a/b", true).await.unwrap();
    fs.remove_file("/a/f").await.unwrap();
    fs.remove_dir("/a", false).await.unwrap();
    assert_eq!(fs.usage(), (0, 3));
    assert_eq!(fs.remove_dir("/", true).await, Err(FsError::InvalidInput));
}

#[tokio::test]
async fn rename_follows_rename_2() {
    let fs = fs();
    fs.create_dir("/d/sub", true).await.unwrap();
    fs.write("/d/f", b"1").await.unwrap();
    fs.write("/g", b"22").await.unwrap();
    fs.rename("/g", "/d/f").await.unwrap();
    assert_eq!(fs.read("/d/f").await.unwrap(), b"22");
    assert_eq!(fs.usage().0, 2);
    assert_eq!(
        fs.rename("/d", "/d/sub/x").await,
        Err(FsError::InvalidInput)
    );
    assert_eq!(
        fs.rename("/d/f", "/d/sub").await,
        Err(FsError::IsADirectory)
    );
    assert_eq!(
        fs.rename("/d/sub", "/d/f").await,
        Err(FsError::NotADirectory)
    );
    fs.create_dir("/e", false).await.unwrap();
    assert_eq!(fs.rename("/e", "/d").await, Err(FsError::DirectoryNotEmpty));
    fs.rename("/d", "/e").await.unwrap();
    assert_eq!(fs.read("/e/f").await.unwrap(), b"22");
    assert_eq!(fs.rename("/nope", "/x").await, Err(FsError::NotFound));
    fs.rename("/e", "/e").await.unwrap();
}

#[tokio::test]
async fn symlinks_resolve_with_loop_limit() {
    let fs = fs();
    fs.create_dir("/data/deep", true).await.unwrap();
    fs.write("/data/deep/f", b"hi").await.unwrap();
    fs.symlink("deep", "/data/l").await.unwrap();
    fs.symlink("/data/l/f", "/abs").await.unwrap();
    assert_eq!(fs.read("/data/l/f").await.unwrap(), b"hi");
    assert_eq!(fs.read("/abs").await.unwrap(), b"hi");
    assert_eq!(fs.canonicalize("/abs").await.unwrap(), "/data/deep/f");
    assert_eq!(fs.read_link("/abs").await.unwrap(), "/data/l/f");
    assert_eq!(fs.read_link("/data").await, Err(FsError::InvalidInput));
    let m = fs.symlink_metadata("/data/l").await.unwrap();
    assert_eq!((m.file_type, m.len), (FileType::Symlink, 4));
    assert!(fs.metadata("/data/l").await.unwrap().is_dir());
    // `..` after a symlink is physical.
    assert_eq!(fs.canonicalize("/data/l").await.unwrap(), "/data/deep");
    fs.symlink("l/..", "/data/up").await.unwrap();
    assert_eq!(fs.canonicalize("/data/up").await.unwrap(), "/data");
    // Loops and self-links.
    fs.symlink("/loop2", "/loop1").await.unwrap();
    fs.symlink("/loop1", "/loop2").await.unwrap();
    assert_eq!(fs.read("/loop1").await, Err(FsError::TooManyLinks));
    // Writing through a dangling link creates its target.
    fs.symlink("/tmp/target", "/dangle").await.unwrap();
    assert_eq!(fs.metadata("/dangle").await, Err(FsError::NotFound));
    fs.write("/dangle", b"t").await.unwrap();
    assert_eq!(fs.read("/tmp/target").await.unwrap(), b"t");
    // Removing a link removes the link only.
    fs.remove_file("/data/l").await.unwrap();
    assert!(fs.metadata("/data/deep").await.is_ok());
    assert_eq!(fs.symlink("x", "/abs").await, Err(FsError::AlreadyExists));
    // `..` never goes above the root.
    fs.symlink("../../../../tmp", "/data/esc").await.unwrap();
    assert_eq!(fs.canonicalize("/data/esc").await.unwrap(), "/tmp");
}

#[tokio::test]
async fn limits_fail_cleanly_without_partial_writes() {
    let limits = FsLimits {
        max_total_bytes: 10,
        max_file_bytes: 6,
        max_nodes: 7,
        max_depth: 3,
        ..FsLimits::default()
    };
    let fs = MemoryFs::with_limits(limits);
    assert_eq!(
        fs.write("/tmp/a", b"1234567").await,
        Err(FsError::FileTooLarge)
    );
    assert_eq!(fs.metadata("/tmp/a").await, Err(FsError::NotFound));
    fs.write("/tmp/a", b"123456").await.unwrap();
    assert_eq!(fs.append("/tmp/a", b"7").await, Err(FsError::FileTooLarge));
    assert_eq!(fs.read("/tmp/a").await.unwrap(), b"123456");
    assert_eq!(fs.write("/tmp/b", b"12345").await, Err(FsError::NoSpace));
    assert_eq!(
        fs.to_string_error("/tmp/b").await,
        "No space left on device"
    );
    fs.write("/tmp/b", b"1234").await.unwrap();
    assert_eq!(
        fs.create_dir("/tmp/x/y/z", true).await,
        Err(FsError::NameTooLong)
    );
    assert_eq!(fs.create_dir("/x", false).await, Err(FsError::NoSpace));
    let long = format!("/tmp/{}", "n".repeat(256));
    assert_eq!(fs.write(&long, b"").await, Err(FsError::NameTooLong));
    let path = format!("/{}", "a/".repeat(2100));
    assert_eq!(fs.metadata(&path).await, Err(FsError::NameTooLong));
}

impl MemoryFs {
    async fn to_string_error(&self, path: &str) -> String {
        self.write(path, b"xxxxx").await.unwrap_err().to_string()
    }
}

#[tokio::test]
async fn snapshot_restore_is_isolated() {
    let fs = MemoryFs::new()
        .with_files([
            ("/data/a.txt", b"a".to_vec()),
            ("/data/b.txt", b"b".to_vec()),
        ])
        .unwrap();
    let snap = fs.snapshot();
    fs.append("/data/a.txt", b"more").await.unwrap();
    fs.remove_file("/data/b.txt").await.unwrap();
    fs.write_file("/new/c", b"c").unwrap();
    assert_eq!(snap.bytes(), 2);
    let after = fs.snapshot();
    fs.restore(&snap);
    assert_eq!(fs.read_file("/data/a.txt").unwrap(), b"a");
    assert_eq!(fs.read_file("/data/b.txt").unwrap(), b"b");
    assert_eq!(fs.read_file("/new/c"), Err(FsError::NotFound));
    assert_eq!(fs.usage(), (2, 6));
    fs.restore(&after);
    assert_eq!(fs.read_file("/data/a.txt").unwrap(), b"amore");
}

#[tokio::test]
async fn modes_and_mtimes() {
    let fs = fs();
    fs.write("/f", b"").await.unwrap();
    fs.set_mode("/f", 0o100_755).await.unwrap();
    assert_eq!(fs.metadata("/f").await.unwrap().mode, 0o755);
    let t = SystemTime::UNIX_EPOCH + Duration::from_secs(1000);
    fs.set_mtime("/f", t).await.unwrap();
    assert_eq!(fs.metadata("/f").await.unwrap().mtime, t);
    assert_eq!(fs.set_mode("/none", 0).await, Err(FsError::NotFound));
}

#[test]
fn shareable_as_dyn_filesystem() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<MemoryFs>();
    let fs: Arc<dyn FileSystem> = Arc::new(MemoryFs::new());
    drop(fs);
}

#[tokio::test]
async fn host_mount_is_read_only_and_contained() {
    let dir = std::env::temp_dir().join(format!("toolsh-mount-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::write(dir.join("sub/a.txt"), b"A").unwrap();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("sub/a.txt", dir.join("inside")).unwrap();
        std::os::unix::fs::symlink("/etc/passwd", dir.join("escape")).unwrap();
        std::os::unix::fs::symlink("../..", dir.join("up")).unwrap();
    }
    let fs = fs();
    fs.mount_readonly(&dir, "/mnt/host").unwrap_err(); // parent missing
    fs.create_dir("/mnt", false).await.unwrap();
    fs.mount_readonly(&dir, "/mnt/host").unwrap();
    assert_eq!(fs.read("/mnt/host/sub/a.txt").await.unwrap(), b"A");
    assert_eq!(
        fs.write("/mnt/host/sub/a.txt", b"x").await,
        Err(FsError::ReadOnly)
    );
    assert_eq!(
        fs.write("/mnt/host/new", b"x").await,
        Err(FsError::ReadOnly)
    );
    assert_eq!(
        fs.remove_dir("/mnt/host", true).await,
        Err(FsError::ReadOnly)
    );
    assert_eq!(fs.remove_dir("/mnt", true).await, Err(FsError::ReadOnly));
    assert_eq!(
        fs.rename("/mnt/host/sub", "/tmp/sub").await,
        Err(FsError::ReadOnly)
    );
    assert_eq!(
        fs.set_mode("/mnt/host/sub", 0o777).await,
        Err(FsError::ReadOnly)
    );
    #[cfg(unix)]
    {
        assert_eq!(fs.read("/mnt/host/inside").await.unwrap(), b"A");
        assert_eq!(
            fs.metadata("/mnt/host/escape").await,
            Err(FsError::NotFound)
        );
        assert_eq!(fs.metadata("/mnt/host/up").await, Err(FsError::NotFound));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
