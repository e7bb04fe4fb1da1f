//! The `toolsh` binary: all logic lives in the `toolsh_cli` library.
//!
//! The binary allocates through mimalloc rather than the platform's
//! malloc: a parsed script is hundreds of thousands of small nodes, and
//! glibc's free (chunk consolidation, a header beside every block) made
//! dropping a large tree cost a third of parsing it (docs/benchmarks.md,
//! "Allocator"). Embedders of the library crates choose their own.

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    toolsh_cli::main()
}
