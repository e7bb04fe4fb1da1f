//! Temporary round-trip checker (not committed).
#![allow(clippy::all, clippy::pedantic, missing_docs)]
fn main() {
    let verbose = std::env::var("V").is_ok();
    let mut bad = 0;
    let mut n = 0;
    for path in std::env::args().skip(1) {
        let bytes = std::fs::read(&path).unwrap();
        let Ok(src) = std::str::from_utf8(&bytes) else {
            continue;
        };
        let Ok(script) = toolsh_parser::parse(src) else {
            continue;
        };
        n += 1;
        let printed = toolsh_parser::print(&script);
        let ok = match toolsh_parser::parse(&printed) {
            Ok(again) => again == script,
            Err(_) => false,
        };
        if !ok {
            bad += 1;
            println!("FAIL {path}: {src:?}\n   printed {printed:?}");
            if verbose {
                if let Ok(again) = toolsh_parser::parse(&printed) {
                    println!("   reparsed {:?}\n   orig {:?}", again.body, script.body);
                }
            }
        }
    }
    println!("{n} parsed, {bad} fail");
}
