//! The `toolsh` binary: all logic lives in the `toolsh_cli` library.

fn main() -> std::process::ExitCode {
    toolsh_cli::main()
}
