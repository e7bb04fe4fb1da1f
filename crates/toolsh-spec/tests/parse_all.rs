//! Every corpus file under `tests/spec` parses strictly (every case has a
//! recorded status, names are unique), so a hand-edited or half-blessed
//! file is caught by `cargo test` even where no toolsh runner covers it.

use toolsh_spec::{KnownFailures, Strictness, corpus_files, read, spec_dir};

#[test]
fn every_corpus_file_parses() {
    let files = corpus_files(&spec_dir()).expect("tests/spec is listable");
    assert!(
        !files.is_empty(),
        "no corpus files under {}",
        spec_dir().display()
    );
    let mut problems = Vec::new();
    for path in &files {
        if let Err(e) = read(path, Strictness::Complete) {
            problems.push(e.to_string());
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn known_failures_list_parses() {
    let path = spec_dir().join("known-failures.txt");
    let text = std::fs::read_to_string(&path).expect("known-failures.txt exists");
    KnownFailures::parse(&text).unwrap();
}
