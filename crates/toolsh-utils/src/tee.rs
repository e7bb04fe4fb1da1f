//! `tee`: copy standard input to standard output and to files (written
//! through the Sandbox backend; `/dev/null` always works) (GNU coreutils
//! manual, "tee invocation").

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use toolsh_command::getopt::{HasArg, Spec, long};
use toolsh_command::textio::{Fail, Flow, error, parse_args};
use toolsh_command::utility::UtilityContext;

utility!(
    /// `tee [-a] [FILE]...`.
    Tee,
    "tee",
    body
);

const SPEC: Spec = Spec {
    short: "aip",
    long: &[
        long("append", HasArg::No, 'a'),
        long("ignore-interrupts", HasArg::No, 'i'),
        long("output-error", HasArg::Optional, 'p'),
    ],
    stop_at_operand: false,
};

const HELP: &str = "Usage: tee [OPTION]... [FILE]...
Copy standard input to each FILE, and also to standard output.

  -a, --append              append to the given FILEs, do not overwrite
  -i, --ignore-interrupts   ignore interrupt signals
  -p                        diagnose errors writing to non pipes
      --help                display this help and exit
";

/// Where one operand's copy goes.
enum Target {
    /// A file, by absolute path.
    File(String),
    /// `/dev/stdout` or `/dev/stderr`: the command's stream.
    Stream(toolsh_command::io::Output),
}

async fn body(ctx: &mut UtilityContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let append = args.has('a');
    let fs = ctx.shell.fs();
    let mut status = 0;
    // Open (create or truncate) every file first, as tee does. The
    // stream names are the command's own streams, in every profile.
    let mut files: Vec<Option<Target>> = Vec::new();
    for name in &args.operands {
        let path = ctx.resolve_path(name);
        match path.as_str() {
            toolsh_command::fs::DEV_NULL => {
                files.push(None);
                continue;
            }
            "/dev/stdout" | "/dev/fd/1" => {
                files.push(Some(Target::Stream(ctx.stdout.clone())));
                continue;
            }
            "/dev/stderr" | "/dev/fd/2" => {
                files.push(Some(Target::Stream(ctx.stderr.clone())));
                continue;
            }
            _ => {}
        }
        let r = if append {
            fs.append(&path, b"").await
        } else {
            fs.write(&path, b"").await
        };
        match r {
            Ok(()) => files.push(Some(Target::File(path))),
            Err(e) => {
                error(ctx, &format!("{name}: {e}")).await?;
                status = 1;
                files.push(None);
            }
        }
    }
    let stdout = ctx.stdout;
    let mut stdout_open = true;
    while let Some(chunk) = ctx.stdin.read_chunk().await {
        ctx.shell.checkpoint()?;
        if stdout_open {
            match stdout.write(&chunk).await {
                Ok(()) => {}
                Err(e) => match Fail::from(e) {
                    Fail::Pipe => return Err(Fail::Pipe),
                    Fail::Interrupt(i) => return Err(Fail::Interrupt(i)),
                    Fail::Write(m) => {
                        error(ctx, &format!("standard output: {m}")).await?;
                        status = 1;
                        stdout_open = false;
                    }
                },
            }
        }
        for (name, f) in args.operands.iter().zip(files.iter_mut()) {
            let r = match f {
                None => continue,
                Some(Target::File(path)) => {
                    fs.append(path, &chunk).await.map_err(|e| e.to_string())
                }
                Some(Target::Stream(out)) => match out.write(&chunk).await {
                    Ok(()) => Ok(()),
                    Err(toolsh_command::io::OutputError::Interrupt(i)) => {
                        return Err(Fail::Interrupt(i));
                    }
                    Err(e) => Err(e.to_string()),
                },
            };
            if let Err(e) = r {
                error(ctx, &format!("{name}: {e}")).await?;
                status = 1;
                *f = None;
            }
        }
    }
    Ok(status)
}
