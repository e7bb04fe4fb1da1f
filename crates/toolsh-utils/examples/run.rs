//! Run a script the way `bash -c` does:
//! `cargo run -p toolsh-utils --example run -- -c SCRIPT [ARG0 [ARG...]]`
//! or `... --example run -- FILE [ARG...]` (the file is read from the host
//! only to get the script text). Standard input is passed through; the
//! process exits with the script's status. Sandbox profile over an empty
//! in-memory file system with `/tmp` as the current directory.

use std::io::{Read, Write};
use std::sync::Arc;

use toolsh_interp::{MemoryFs, Profile, Shell};

#[tokio::main]
async fn main() {
    // Output cut short (`| head`) ends the program quietly with status 141,
    // as a shell reports a command killed by SIGPIPE, not with a panic.
    sigpipe::reset();
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let command_string = args.first().is_some_and(|a| a == "-c");
    let (script, arg0, rest) = if command_string {
        args.remove(0);
        if args.is_empty() {
            eprintln!("run: -c: option requires an argument");
            std::process::exit(2);
        }
        let script = args.remove(0);
        let arg0 = if args.is_empty() {
            "toolsh".to_string()
        } else {
            args.remove(0)
        };
        (script, arg0, args)
    } else if let Some(file) = args.first().cloned() {
        args.remove(0);
        match std::fs::read_to_string(&file) {
            Ok(s) => (s, file, args),
            Err(e) => {
                eprintln!("run: {file}: {e}");
                std::process::exit(127);
            }
        }
    } else {
        eprintln!("usage: run -c SCRIPT [ARG0 [ARG...]] | run FILE [ARG...]");
        std::process::exit(2);
    };
    let mut stdin = Vec::new();
    let _ = std::io::stdin().read_to_end(&mut stdin);
    let fs = Arc::new(MemoryFs::new());
    let _ = toolsh_interp::FileSystem::create_dir(&*fs, "/tmp", true).await;
    let mut env: Vec<(String, String)> = vec![
        ("HOME".into(), "/tmp".into()),
        ("PATH".into(), "/usr/bin:/bin".into()),
        ("LC_ALL".into(), "C".into()),
        ("TZ".into(), "UTC".into()),
    ];
    env.retain(|(k, _)| !k.is_empty());
    let mut shell = Shell::builder()
        .utilities(toolsh_utils::standard())
        .profile(Profile::Sandbox)
        .fs(fs)
        .cwd("/tmp")
        .envs(env)
        .arg0(arg0)
        .args(rest)
        .command_string(command_string)
        .stdin(stdin)
        .build();
    let r = shell.exec(&script).await;
    let _ = std::io::stdout().write_all(r.stdout.as_bytes());
    let _ = std::io::stderr().write_all(r.stderr.as_bytes());
    std::process::exit(r.exit_code);
}
