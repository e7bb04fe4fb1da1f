//! Symlink tricks inside `MemoryFs` and the read-only host mount.

use std::sync::Arc;

use toolsh_interp::MemoryFs;

use super::support::{expect, on_fs, sandbox};

#[tokio::test]
async fn a_symlink_to_dotdot_resolves_inside_the_tree() {
    let r = sandbox(
        "ln -s /../.. up; ln -s ../../../../etc/passwd pw; cat up/etc/passwd; echo $?; \
         cat pw; echo $?; ls up; cd up/../..; pwd; readlink -f /up/../../..",
    )
    .await;
    expect(
        &r,
        "1\n1\ndev\nhome\npw\ntmp\nup\n/\n/\n",
        "cat: up/etc/passwd: No such file or directory\ncat: pw: No such file or directory\n",
        0,
    );
}

#[tokio::test]
async fn a_symlink_to_a_host_path_points_into_the_tree() {
    let r = sandbox(
        "ln -s /etc/passwd p; readlink p; cat p; echo $?; echo x > p; echo $?; cat /etc/passwd",
    )
    .await;
    // Writing through the link creates the target inside the tree only if
    // its directory exists; /etc does not.
    expect(
        &r,
        "/etc/passwd\n1\n1\n",
        "cat: p: No such file or directory\n\
         toolsh: line 1: p: No such file or directory\n\
         cat: /etc/passwd: No such file or directory\n",
        1,
    );
}

#[tokio::test]
async fn symlink_loops_fail_with_eloop() {
    let r = sandbox(
        "ln -s loop loop; cat loop; echo $?; ln -s b a; ln -s a b; cat a; echo $?; \
         echo x > a; echo $?; cd a; echo $?",
    )
    .await;
    expect(
        &r,
        "1\n1\n1\n1\n",
        "cat: loop: Too many levels of symbolic links\n\
         cat: a: Too many levels of symbolic links\n\
         toolsh: line 1: a: Too many levels of symbolic links\n\
         toolsh: line 1: cd: a: Too many levels of symbolic links\n",
        0,
    );
}

#[tokio::test]
async fn find_does_not_follow_a_directory_loop() {
    let r = sandbox(
        "mkdir -p d/e; ln -s .. d/e/up; find d | sort; find -L d 2>&1 | head -3; echo done",
    )
    .await;
    assert_eq!(r.exit_code, 0, "{r:#?}");
    assert!(r.stdout.starts_with("d\nd/e\nd/e/up\n"), "{r:#?}");
    assert!(r.stdout.ends_with("done\n"), "{r:#?}");
}

/// A host directory with a file and a symlink pointing out of it.
struct HostDir(std::path::PathBuf);

impl HostDir {
    fn new() -> Self {
        let d = std::env::temp_dir().join(format!("toolsh-escape-mount-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        std::fs::write(d.join("data.txt"), "host data\n").unwrap();
        std::os::unix::fs::symlink("/etc/passwd", d.join("out")).unwrap();
        std::os::unix::fs::symlink("data.txt", d.join("in")).unwrap();
        HostDir(d)
    }
}

impl Drop for HostDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[tokio::test]
async fn mount_readonly_is_not_writable_and_drops_escaping_links() {
    let host = HostDir::new();
    let fs = MemoryFs::new();
    fs.write_file("/mnt/.keep", b"").unwrap();
    fs.mount_readonly(&host.0, "/mnt/host").unwrap();
    let r = on_fs(
        Arc::new(fs),
        "cd /mnt/host; ls; cat in; echo x > data.txt; echo $?; echo x >> data.txt; echo $?; \
         rm data.txt; echo $?; mv data.txt z; echo $?; mkdir d; echo $?; touch n; echo $?; \
         ln -s /x l; echo $?; chmod 777 data.txt; echo $?; cat data.txt",
    )
    .await;
    expect(
        &r,
        "data.txt\nin\nhost data\n1\n1\n1\n1\n1\n1\n1\n1\nhost data\n",
        "toolsh: line 1: data.txt: Read-only file system\n\
         toolsh: line 1: data.txt: Read-only file system\n\
         rm: cannot remove 'data.txt': Read-only file system\n\
         mv: cannot move 'data.txt' to 'z': Read-only file system\n\
         mkdir: cannot create directory 'd': Read-only file system\n\
         touch: cannot touch 'n': Read-only file system\n\
         ln: failed to create symbolic link 'l': Read-only file system\n\
         chmod: changing permissions of 'data.txt': Read-only file system\n",
        0,
    );
    assert_eq!(
        std::fs::read_to_string(host.0.join("data.txt")).unwrap(),
        "host data\n"
    );
    assert!(!host.0.join("d").exists() && !host.0.join("n").exists());
}
