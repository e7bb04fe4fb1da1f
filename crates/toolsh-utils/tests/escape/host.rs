//! Host files, /proc, sockets, processes and signals are out of reach.

use std::net::{TcpListener, UdpSocket};

use super::support::{expect, logic, sandbox};

/// A host file holding a secret, removed on drop.
struct HostFile(std::path::PathBuf);

impl HostFile {
    fn new(tag: &str) -> Self {
        let p = std::env::temp_dir().join(format!("toolsh-escape-{tag}-{}", std::process::id()));
        std::fs::write(&p, "HOST-SECRET-CONTENT\n").unwrap();
        HostFile(p)
    }
    fn path(&self) -> String {
        self.0.to_str().unwrap().to_string()
    }
}

impl Drop for HostFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[tokio::test]
async fn host_files_are_not_readable_by_absolute_or_relative_path() {
    let f = HostFile::new("read");
    let p = f.path();
    let script = format!("cat {p}; echo $?; cat /etc/passwd; echo $?; cat ../../../..{p}; echo $?");
    let r = sandbox(&script).await;
    expect(
        &r,
        "1\n1\n1\n",
        &format!(
            "cat: {p}: No such file or directory\ncat: /etc/passwd: No such file or directory\n\
             cat: ../../../..{p}: No such file or directory\n"
        ),
        0,
    );
    let r = logic(&format!("cat {p}; echo $?; cat < /etc/passwd; echo $?")).await;
    expect(
        &r,
        "1\n1\n",
        &format!(
            "cat: {p}: file access is disabled in the logic-only profile\n\
             toolsh: line 1: /etc/passwd: file redirection is disabled in the logic-only profile\n"
        ),
        0,
    );
}

#[tokio::test]
async fn host_files_are_not_writable() {
    let f = HostFile::new("write");
    let p = f.path();
    // In the sandbox the write lands in the in-memory tree only.
    let r = sandbox(&format!(
        "mkdir -p $(dirname {p}); echo pwned > {p}; cat {p}"
    ))
    .await;
    expect(&r, "pwned\n", "", 0);
    assert_eq!(
        std::fs::read_to_string(&f.0).unwrap(),
        "HOST-SECRET-CONTENT\n"
    );
    let r = logic(&format!(
        "echo pwned > {p}; echo $?; echo pwned >> {p}; echo $?"
    ))
    .await;
    expect(
        &r,
        "1\n1\n",
        &format!(
            "toolsh: line 1: {p}: file redirection is disabled in the logic-only profile\n\
             toolsh: line 1: {p}: file redirection is disabled in the logic-only profile\n"
        ),
        0,
    );
    assert_eq!(
        std::fs::read_to_string(&f.0).unwrap(),
        "HOST-SECRET-CONTENT\n"
    );
}

#[tokio::test]
async fn dotdot_never_climbs_above_the_sandbox_root() {
    let r = sandbox("cd ../../../..; pwd; cd /../../..; pwd; ls /../../ | wc -l; ls /").await;
    expect(&r, "/\n/\n3\ndev\nhome\ntmp\n", "", 0);
}

#[tokio::test]
async fn proc_and_sys_do_not_exist() {
    let r = sandbox(
        "cat /proc/self/environ; echo $?; ls /proc; echo $?; cat /proc/self/maps; echo $?; \
         exec 3>/proc/self/mem; echo $?; ls /sys; echo $?",
    )
    .await;
    expect(
        &r,
        "1\n2\n1\n1\n2\n",
        "cat: /proc/self/environ: No such file or directory\n\
         ls: cannot access '/proc': No such file or directory\n\
         cat: /proc/self/maps: No such file or directory\n\
         toolsh: line 1: /proc/self/mem: No such file or directory\n\
         ls: cannot access '/sys': No such file or directory\n",
        0,
    );
}

#[tokio::test]
async fn dev_tcp_redirection_opens_no_connection() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let t = format!("/dev/tcp/127.0.0.1/{port}");
    let script =
        format!("echo hi > {t}; echo $?; exec 3<>{t}; echo $?; cat < {t}; echo $?; echo after");
    let r = sandbox(&script).await;
    let nf = format!("toolsh: line 1: {t}: No such file or directory\n");
    expect(&r, "1\n1\n1\nafter\n", &nf.repeat(3), 0);
    let r = logic(&script).await;
    let off =
        format!("toolsh: line 1: {t}: file redirection is disabled in the logic-only profile\n");
    expect(&r, "1\n1\n1\nafter\n", &off.repeat(3), 0);
    let e = listener.accept().unwrap_err();
    assert_eq!(
        e.kind(),
        std::io::ErrorKind::WouldBlock,
        "a connection arrived"
    );
}

#[tokio::test]
async fn dev_udp_redirection_sends_no_datagram() {
    let sock = UdpSocket::bind("127.0.0.1:0").unwrap();
    sock.set_nonblocking(true).unwrap();
    let port = sock.local_addr().unwrap().port();
    let u = format!("/dev/udp/127.0.0.1/{port}");
    let r = sandbox(&format!("echo hi > {u}; echo $?")).await;
    expect(
        &r,
        "1\n",
        &format!("toolsh: line 1: {u}: No such file or directory\n"),
        0,
    );
    let mut buf = [0u8; 16];
    let e = sock.recv(&mut buf).unwrap_err();
    assert_eq!(
        e.kind(),
        std::io::ErrorKind::WouldBlock,
        "a datagram arrived"
    );
}

#[tokio::test]
async fn exec_of_a_host_program_fails_with_126_or_127() {
    let r = sandbox("echo before; exec /bin/sh -c 'echo pwned'; echo not-reached").await;
    expect(
        &r,
        "before\n",
        "toolsh: line 1: /bin/sh: No such file or directory\n",
        127,
    );
    let r = logic("exec /bin/sh -c 'echo pwned'").await;
    expect(
        &r,
        "",
        "toolsh: line 1: /bin/sh: path execution is disabled in the logic-only profile\n",
        126,
    );
}

#[tokio::test]
async fn command_and_path_execution_reach_no_host_binary() {
    let r = sandbox(
        "command /bin/ls /; echo $?; /bin/ls; echo $?; env /bin/ls; echo $?; \
                     command -v ls; builtin /bin/ls; echo $?",
    )
    .await;
    expect(
        &r,
        "127\n127\n127\nls\n1\n",
        "toolsh: line 1: /bin/ls: No such file or directory\n\
         toolsh: line 1: /bin/ls: No such file or directory\n\
         toolsh: line 1: /bin/ls: No such file or directory\n\
         toolsh: line 1: builtin: /bin/ls: not a shell builtin\n",
        0,
    );
}

#[tokio::test]
async fn a_sandbox_script_file_runs_inside_the_sandbox() {
    // An executable in the in-memory tree runs as a subshell of the same
    // sandbox: it cannot see more than the caller.
    let r = sandbox(
        "printf '#!/bin/sh\\ncat /etc/passwd; echo in=$?\\n' > /tmp/x.sh; chmod +x /tmp/x.sh; \
         /tmp/x.sh; echo out=$?",
    )
    .await;
    expect(
        &r,
        "in=1\nout=0\n",
        "cat: /etc/passwd: No such file or directory\n",
        0,
    );
}

#[tokio::test]
async fn source_of_host_files_fails() {
    let r = sandbox("source /etc/profile; echo $?; . ~/.bashrc; echo $?").await;
    expect(
        &r,
        "1\n1\n",
        "toolsh: line 1: /etc/profile: No such file or directory\n\
         toolsh: line 1: ~/.bashrc: No such file or directory\n",
        0,
    );
    let r = logic("source /etc/profile; echo $?").await;
    expect(
        &r,
        "1\n",
        "toolsh: line 1: source: /etc/profile: source is disabled in the logic-only profile\n",
        0,
    );
}

#[tokio::test]
async fn process_substitution_stays_in_the_sandbox() {
    // Refused in the logic-only profile (design.md, Sandbox).
    let r = logic("echo before; cat <(echo hi); echo not-reached").await;
    expect(
        &r,
        "before\n",
        "toolsh: line 1: process substitution is not available in the logic-only profile\n",
        1,
    );
    // In the sandbox profile the list runs in the shell itself; `/dev/fd/N`
    // names only its captured bytes, and only while the command that made
    // it runs.
    let r = sandbox("cat <(echo hi); echo hi > >(sed s/h/H/); echo <(true)").await;
    expect(&r, "hi\nHi\n/dev/fd/63\n", "", 0);
    let r = sandbox("cat <(cat /etc/passwd); echo $?; x=<(echo a); cat $x; echo $?").await;
    expect(
        &r,
        "0\n1\n",
        "cat: /etc/passwd: No such file or directory\n\
         cat: /dev/fd/63: No such file or directory\n",
        0,
    );
    // Host descriptors are not reachable through /dev/fd.
    let r = sandbox("cat /dev/fd/3 /dev/fd/63; echo $?; cat < /dev/fd/5; echo $?").await;
    expect(
        &r,
        "1\n1\n",
        "cat: /dev/fd/3: No such file or directory\n\
         cat: /dev/fd/63: No such file or directory\n\
         toolsh: line 1: /dev/fd/5: No such file or directory\n",
        0,
    );
}

#[tokio::test]
async fn enable_ulimit_and_kill_do_not_exist() {
    let r = sandbox(
        "enable -f /tmp/evil.so evil; echo $?; enable -n echo; echo $?; \
                     ulimit -n 100000; echo $?; kill -9 1; echo $?; kill -INT $$; echo $?",
    )
    .await;
    expect(
        &r,
        "127\n127\n127\n127\n127\n",
        "toolsh: line 1: enable: command not found\n\
         toolsh: line 1: enable: command not found\n\
         toolsh: line 1: ulimit: command not found\n\
         toolsh: line 1: kill: command not found\n\
         toolsh: line 1: kill: command not found\n",
        0,
    );
}

#[tokio::test]
async fn trap_on_signals_stays_inside_the_shell() {
    // The trap is recorded (as bash does) but no signal can be sent, and
    // `$$` is the sandbox's pid, not the host process's.
    let r = sandbox("trap 'echo got' INT TERM; echo $?; trap -p INT; echo $$").await;
    expect(&r, "0\ntrap -- 'echo got' SIGINT\n1000\n", "", 0);
    assert_ne!(std::process::id(), 1000);
}

#[tokio::test]
async fn bash_env_and_env_are_never_sourced() {
    // Even when the host passes BASH_ENV/ENV naming a real host file, the
    // shell does not read it: they are plain variables.
    let f = HostFile::new("bashenv");
    std::fs::write(&f.0, "echo SOURCED-FROM-HOST\n").unwrap();
    let mut sh = toolsh_interp::Shell::builder()
        .utilities(toolsh_utils::standard())
        .env("BASH_ENV", f.path())
        .env("ENV", f.path())
        .build();
    let r = sh
        .exec("echo start; BASH_ENV=$BASH_ENV bash -c 'echo x'; echo $?")
        .await;
    expect(
        &r,
        "start\n127\n",
        "toolsh: line 1: bash: command not found\n",
        0,
    );
}
