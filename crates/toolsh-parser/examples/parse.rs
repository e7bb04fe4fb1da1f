//! Checks a bash script: prints its syntax tree as JSON (exit 0) or the
//! parse error as `FILE:LINE:COLUMN: message` on stderr (exit 2).
//!
//! Usage: `cargo run -p toolsh-parser --example parse -- FILE` (`-` reads
//! standard input).

use std::io::Read;
use std::process::ExitCode;

fn main() -> ExitCode {
    // Output cut short (`| head`) ends the program quietly with status 141,
    // as a shell reports a command killed by SIGPIPE, not with a panic.
    sigpipe::reset();
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: parse FILE|-");
        return ExitCode::from(2);
    };
    let mut bytes = Vec::new();
    let read = if path == "-" {
        std::io::stdin().read_to_end(&mut bytes).map(|_| ())
    } else {
        std::fs::read(&path).map(|b| bytes = b)
    };
    if let Err(e) = read {
        eprintln!("{path}: {e}");
        return ExitCode::from(2);
    }
    let Ok(src) = String::from_utf8(bytes) else {
        eprintln!("{path}: not valid UTF-8");
        return ExitCode::from(2);
    };
    match toolsh_parser::parse(&src) {
        Ok(script) => match serde_json::to_string_pretty(&script) {
            Ok(json) => {
                println!("{json}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("{path}: {e}");
                ExitCode::from(2)
            }
        },
        Err(e) => {
            eprintln!("{path}:{}:{}: {}", e.line, e.column, e.message);
            ExitCode::from(2)
        }
    }
}
