//! `toolsh repl`: an interactive session. State (variables, functions,
//! files in the sandbox) persists between lines; a line that ends inside a
//! construct (an open quote, `if` without `fi`) continues on the next.
//! Ctrl-C at the prompt drops the line being typed; Ctrl-C while a command
//! runs interrupts that command (status 130, `$?` then reads 130) and the
//! session goes on, as in an interactive bash.

use std::sync::Arc;

use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;
use toolsh_parser::ParseErrorKind;
use toolsh_tools::ToolCallRequest;

use crate::cli::{LimitArgs, ReplArgs};
use crate::output::{HostOutput, STDOUT_GONE_STATUS, Stream};
use crate::run::{EXIT_USAGE, limits_for, shell_builder, with_tools};
use crate::tools;

/// Run the session; the exit status is the last command's.
pub async fn repl(args: ReplArgs) -> i32 {
    let loaded = match tools::load(&args.sources).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("toolsh: {e}");
            return EXIT_USAGE;
        }
    };
    // Limits (the deadline included) apply to each line.
    let limits = limits_for(loaded.manifest.as_ref(), &LimitArgs::default());
    let parse_limits = limits.parse_limits();
    let registry = Arc::new(loaded.registry.clone());
    let request = Arc::new(ToolCallRequest {
        surface: Some("repl".into()),
        ..ToolCallRequest::default()
    });
    let output = HostOutput::default();
    let shell = with_tools(shell_builder(args.profile, limits), &registry, &request)
        .stdout_sink(output.sink(None, Stream::Stdout, None))
        .stderr_sink(output.sink(None, Stream::Stderr, None))
        .build();
    output.cancels(shell.cancel_handle());
    let mut shell = Some(shell);
    let mut editor = match DefaultEditor::new() {
        Ok(e) => e,
        Err(e) => {
            eprintln!("toolsh: cannot start the line editor: {e}");
            return 1;
        }
    };
    let mut status = 0;
    let mut buffer = String::new();
    loop {
        let prompt = if buffer.is_empty() { "toolsh$ " } else { "> " };
        match editor.readline(prompt) {
            Ok(line) => {
                buffer.push_str(&line);
                buffer.push('\n');
                let parsed = toolsh_parser::parse_with_limits(&buffer, &parse_limits);
                if let Err(e) = &parsed
                    && e.kind == ParseErrorKind::Incomplete
                {
                    continue;
                }
                // A here-document whose delimiter line has not come yet:
                // bash asks for its body with the `>` prompt.
                if parsed
                    .as_ref()
                    .is_ok_and(|s| heredoc_open_at_end(s, buffer.len()))
                {
                    continue;
                }
                let exits = parsed.as_ref().is_ok_and(ends_with_exit);
                let _ = editor.add_history_entry(buffer.trim_end());
                status = exec_interruptible(&mut shell, &output, &buffer).await;
                if shell.is_none() {
                    break;
                }
                buffer.clear();
                if output.stdout_gone() {
                    status = STDOUT_GONE_STATUS;
                    break;
                }
                if exits {
                    break;
                }
            }
            Err(ReadlineError::Interrupted) => {
                buffer.clear();
            }
            // Input ends inside a construct (an open quote, `if` without
            // `fi`): the shell reports it as bash does reading a script
            // (`unexpected EOF while looking for matching ...`, status 2).
            Err(ReadlineError::Eof) => {
                if !buffer.is_empty() {
                    status = exec_interruptible(&mut shell, &output, &buffer).await;
                    if output.stdout_gone() {
                        status = STDOUT_GONE_STATUS;
                    }
                }
                break;
            }
            Err(e) => {
                eprintln!("toolsh: {e}");
                status = 1;
                break;
            }
        }
    }
    loaded.shutdown().await;
    status
}

/// Runs `script` in `shell` and returns its status. The shell runs on a
/// thread of its own (`toolsh_tools::isolate`, as `toolsh run` does), so
/// this task stays free to see a SIGINT (Ctrl-C: the terminal is out of
/// raw mode while a command runs) even while the script computes without
/// yielding; the signal cancels the command through `output` instead of
/// ending the process, so the status is 130 and the session goes on. If
/// the execution thread itself fails, the message is printed, `shell` is
/// left empty (the session ends) and the status is
/// [`toolsh_tools::EXIT_INTERNAL`].
async fn exec_interruptible(
    shell: &mut Option<toolsh_interp::Shell>,
    output: &HostOutput,
    script: &str,
) -> i32 {
    use tokio::signal::unix::{SignalKind, signal};
    let Some(mut taken) = shell.take() else {
        return toolsh_tools::EXIT_INTERNAL;
    };
    output.reset_interrupt();
    // Without a handler the default action of SIGINT ends the process; a
    // handler that cannot be installed leaves that default.
    let mut sigint = signal(SignalKind::interrupt()).ok();
    let cancel = taken.cancel_handle();
    let script = script.to_owned();
    let exec = toolsh_tools::isolate::run_isolated(
        move || async move {
            let status = taken.exec(&script).await.exit_code;
            (taken, status)
        },
        Some(cancel),
    );
    tokio::pin!(exec);
    let done = loop {
        tokio::select! {
            r = &mut exec => break r,
            Some(()) = async {
                match sigint.as_mut() {
                    Some(s) => s.recv().await,
                    None => std::future::pending().await,
                }
            } => output.interrupt(),
        }
    };
    match done {
        Ok((back, status)) => {
            *shell = Some(back);
            status
        }
        Err(e) => {
            eprintln!("toolsh: {e}");
            toolsh_tools::EXIT_INTERNAL
        }
    }
}

/// `true` when the last top-level command is `exit` (the session ends, as
/// an interactive bash does).
fn ends_with_exit(script: &toolsh_parser::Script) -> bool {
    use toolsh_parser::{Command, WordPart};
    let Some(item) = script.body.items.last() else {
        return false;
    };
    let p = item
        .and_or
        .rest
        .last()
        .map_or(&item.and_or.first, |(_, p)| p);
    match p.commands.last().map(|s| &s.command) {
        Some(Command::Simple(c)) => {
            c.words.first().and_then(|w| match w.parts.as_slice() {
                [WordPart::Literal(s)] => Some(s.as_str()),
                _ => None,
            }) == Some("exit")
        }
        _ => false,
    }
}

/// Whether a here-document of `script` (parsed from `len` bytes) still
/// waits for its delimiter: its body runs to the end of the text, as the
/// parser ends a body whose delimiter line never came.
fn heredoc_open_at_end(script: &toolsh_parser::Script, len: usize) -> bool {
    use toolsh_parser::visit::{Visit, walk_redirect};
    use toolsh_parser::{RedirTarget, Redirect};
    struct Open(usize, bool);
    impl Visit for Open {
        fn visit_redirect(&mut self, r: &Redirect) {
            if let RedirTarget::HereDoc(h) = &r.target
                && h.body.span.end as usize == self.0
            {
                self.1 = true;
            }
            walk_redirect(self, r);
        }
    }
    let mut v = Open(len, false);
    v.visit_script(script);
    v.1
}
