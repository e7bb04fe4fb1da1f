//! The report of `toolsh check`: every direct tool call with literal
//! arguments checked against the tool's flags and schema, without calling
//! anything.

use std::fmt::Write as _;

use toolsh_parser::Script;
use toolsh_tools::hints::{MAX_HINT_SITES, tool_call_sites};
use toolsh_tools::{ToolRegistry, parse_flags};

/// The outcome of a check.
pub struct CheckReport {
    lines: Vec<String>,
    /// Calls whose flags or parameters do not fit the tool's schema.
    pub problems: usize,
}

impl CheckReport {
    /// The report as text: a summary line, then one line per call site.
    pub fn text(&self, file: &str) -> String {
        let mut out = String::new();
        for l in &self.lines {
            let _ = writeln!(out, "{file}:{l}");
        }
        out
    }
}

/// Check every tool call site of `script` against `registry`.
pub fn report(script: &Script, registry: &ToolRegistry) -> CheckReport {
    let hints = tool_call_sites(script, &|n| registry.get(n).is_some(), MAX_HINT_SITES);
    let mut lines = Vec::new();
    let mut problems = 0;
    for site in &hints.sites {
        let Some(def) = registry.get(&site.name) else {
            continue;
        };
        let at = format!("{}:{}", site.line, site.column);
        let Some(args) = &site.literal_args else {
            lines.push(format!(
                "{at}: {} (computed arguments: not checked)",
                site.name
            ));
            continue;
        };
        let args: Vec<String> = args.iter().filter(|a| *a != "--dry-run").cloned().collect();
        if args.iter().any(|a| a == "--help") {
            lines.push(format!("{at}: {} --help", site.name));
            continue;
        }
        match parse_flags(&def.input_schema, &args) {
            Err(e) => {
                problems += 1;
                lines.push(format!("{at}: {}: {e}", site.name));
            }
            Ok(params) => match toolsh_tools::CompiledSchema::compile(&def.input_schema)
                .map(|s| s.validate(&serde_json::Value::Object(params)))
            {
                Ok(Ok(())) => lines.push(format!("{at}: {} ok", site.name)),
                Ok(Err(errors)) => {
                    problems += 1;
                    lines.push(format!(
                        "{at}: {}: invalid parameters: {}",
                        site.name,
                        errors.join("; ")
                    ));
                }
                Err(e) => {
                    problems += 1;
                    lines.push(format!("{at}: {}: {e}", site.name));
                }
            },
        }
    }
    if hints.truncated {
        lines.push(format!(
            "0:0: more than {MAX_HINT_SITES} call sites; the rest were not checked"
        ));
    }
    lines.insert(
        0,
        format!(
            "0:0: syntax ok; {} tool call site(s), {problems} problem(s)",
            hints.sites.len()
        ),
    );
    CheckReport { lines, problems }
}
