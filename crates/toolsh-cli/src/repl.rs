//! `toolsh repl`: an interactive session. State (variables, functions,
//! files in the sandbox) persists between lines; a line that ends inside a
//! construct (an open quote, `if` without `fi`) continues on the next.

use std::io::Write;
use std::sync::Arc;

use rustyline::DefaultEditor;
use rustyline::error::ReadlineError;
use toolsh_parser::ParseErrorKind;
use toolsh_tools::ToolCallRequest;

use crate::cli::{LimitArgs, ReplArgs};
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
    let mut shell = with_tools(shell_builder(args.profile, limits), &registry, &request).build();
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
                let exits = parsed.as_ref().is_ok_and(ends_with_exit);
                let _ = editor.add_history_entry(buffer.trim_end());
                let r = shell.exec(&buffer).await;
                buffer.clear();
                print!("{}", r.stdout);
                eprint!("{}", r.stderr);
                let _ = std::io::stdout().flush();
                status = r.exit_code;
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
                    let r = shell.exec(&buffer).await;
                    print!("{}", r.stdout);
                    eprint!("{}", r.stderr);
                    let _ = std::io::stdout().flush();
                    status = r.exit_code;
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
