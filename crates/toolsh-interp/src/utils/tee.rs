//! `tee`: copy standard input to standard output and to files (written
//! through the Sandbox backend; `/dev/null` always works) (GNU coreutils
//! manual, "tee invocation").

#![allow(
    clippy::many_single_char_names,
    clippy::single_match_else,
    clippy::if_not_else
)] // byte loops read best like the C descriptions they follow

use crate::builtin::BuiltinContext;
use crate::utils::cli::{HasArg, Spec, long};
use crate::utils::textio::{Fail, Flow, error, parse_args, utility};

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

async fn body(ctx: &mut BuiltinContext<'_>) -> Flow<i32> {
    let args = match parse_args(ctx, &SPEC, HELP, 1).await? {
        Ok(a) => a,
        Err(s) => return Ok(s),
    };
    let append = args.has('a');
    let fs = ctx.shell.fs();
    let mut status = 0;
    // Open (create or truncate) every file first, as tee does.
    let mut files: Vec<Option<String>> = Vec::new();
    for name in &args.operands {
        if name == "/dev/null" {
            files.push(None);
            continue;
        }
        let path = ctx.resolve_path(name);
        let r = if append {
            fs.append(&path, b"").await
        } else {
            fs.write(&path, b"").await
        };
        match r {
            Ok(()) => files.push(Some(path)),
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
            let Some(path) = f else { continue };
            if let Err(e) = fs.append(path, &chunk).await {
                error(ctx, &format!("{name}: {e}")).await?;
                status = 1;
                *f = None;
            }
        }
    }
    Ok(status)
}
