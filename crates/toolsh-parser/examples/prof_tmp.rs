//! Temporary profiling harness (not committed).
#![allow(clippy::all, clippy::pedantic, missing_docs)]
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use toolsh_parser::{ParseLimits, parse_with_limits};
fn sorted_files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| {
            rd.filter_map(Result::ok)
                .map(|e| e.path())
                .filter(|p| p.to_string_lossy().ends_with(suffix))
                .collect()
        })
        .unwrap_or_default();
    files.sort();
    files
}
fn case_scripts(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for line in text.lines() {
        if line.starts_with("#### ") {
            if let Some(s) = current.take() {
                out.push(s);
            }
            current = Some(String::new());
        } else if line.starts_with("## ") {
            if let Some(s) = current.take() {
                out.push(s);
            }
        } else if let Some(s) = current.as_mut() {
            s.push_str(line);
            s.push('\n');
        }
    }
    out.extend(current);
    out
}
fn corpus(root: &Path) -> String {
    let mut out = String::new();
    for path in sorted_files(&root.join("crates/toolsh-parser/tests/corpus"), ".sh") {
        if let Ok(text) = std::fs::read_to_string(&path) {
            out.push_str(&text);
            out.push('\n');
        }
    }
    let mut case = 0usize;
    let mut areas: Vec<_> = std::fs::read_dir(root.join("tests/spec"))
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .collect();
    areas.sort();
    for area in areas {
        for path in sorted_files(&area, ".test.sh") {
            let text = std::fs::read_to_string(&path).unwrap();
            for script in case_scripts(&text) {
                if toolsh_parser::parse(&script).is_err() {
                    continue;
                }
                case += 1;
                let _ = write!(out, "spec_case_{case}() {{\n{script}\n}}\n");
            }
        }
    }
    out
}
fn main() {
    if std::env::var("SIZES").is_ok() {
        sizes();
        return;
    }
    let mut args = std::env::args().skip(1);
    let factor: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let repeat: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .parent()
        .unwrap();
    let c = corpus(root);
    let reps = 200_000usize.div_ceil(c.len().max(1));
    let input = c.repeat(reps * factor);
    std::fs::write("/tmp/parser-prof/corpus.sh", &c).unwrap();
    let limits = ParseLimits {
        max_source_bytes: usize::MAX,
        ..ParseLimits::default()
    };
    let t = std::time::Instant::now();
    let mut items = 0;
    let mut dropt = 0.0;
    for _ in 0..repeat {
        let s = parse_with_limits(&input, &limits).unwrap();
        items += s.body.items.len();
        let t2 = std::time::Instant::now();
        drop(s);
        dropt += t2.elapsed().as_secs_f64();
    }
    let el = t.elapsed().as_secs_f64();
    if std::env::var("CLONE").is_ok() {
        let s = parse_with_limits(&input, &limits).unwrap();
        let t3 = std::time::Instant::now();
        for _ in 0..repeat {
            let c = s.clone();
            drop(c);
        }
        println!(
            "clone+drop {:.2} MB/s",
            (input.len() * repeat) as f64 / t3.elapsed().as_secs_f64() / 1e6
        );
    }
    println!("drop share {:.1}%", dropt / el * 100.0);
    println!(
        "corpus {} input {} x{repeat} items {items}: {:.2} MB/s",
        c.len(),
        input.len(),
        (input.len() * repeat) as f64 / el / 1e6
    );
}
#[allow(dead_code)]
fn sizes() {
    use toolsh_parser::*;
    println!(
        "Command {} Compound {} Simple {} Word {} WordPart {} ListItem {} Pipeline {} Stage {} Arith {} Param {} Redirect {} Assignment {} CondExpr {}",
        size_of::<Command>(),
        size_of::<CompoundCommand>(),
        size_of::<SimpleCommand>(),
        size_of::<Word>(),
        size_of::<WordPart>(),
        size_of::<ListItem>(),
        size_of::<Pipeline>(),
        size_of::<PipelineStage>(),
        size_of::<ArithExpr>(),
        size_of::<ParamExpansion>(),
        size_of::<Redirect>(),
        size_of::<Assignment>(),
        size_of::<CondExpr>()
    );
}
