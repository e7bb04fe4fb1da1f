//! The report of `toolsh check`: every direct tool call with literal
//! arguments checked against the tool's flags and schema, without calling
//! anything.

use std::fmt::Write as _;

use toolsh_parser::Script;
use toolsh_tools::hints::{MAX_HINT_SITES, command_sites, tool_call_sites};
use toolsh_tools::{ToolDef, ToolRegistry, parse_flags};

/// The outcome of a check.
pub struct CheckReport {
    /// `(line, column)` of the call site (none for report-wide lines) and
    /// the text.
    lines: Vec<(Option<(u32, u32)>, String)>,
    /// Calls whose flags or parameters do not fit the tool's schema.
    /// (Warnings, such as a command name nothing defines, are reported
    /// but not counted here: they do not change the exit status.)
    pub problems: usize,
}

impl CheckReport {
    /// The report as text: a summary line (`FILE: syntax ok; ...`), then
    /// one line per call site (`FILE:LINE:COLUMN: ...`).
    pub fn text(&self, file: &str) -> String {
        let mut out = String::new();
        for (at, l) in &self.lines {
            let _ = match at {
                Some((line, column)) => writeln!(out, "{file}:{line}:{column}: {l}"),
                None => writeln!(out, "{file}: {l}"),
            };
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
        let (text, ok) = check_site(def, &site.name, site.literal_args.as_deref());
        problems += usize::from(!ok);
        lines.push((Some((site.line, site.column)), text));
    }
    if hints.truncated {
        lines.push((
            None,
            format!("more than {MAX_HINT_SITES} call sites; the rest were not checked"),
        ));
    }
    let unknown = unknown_commands(script, registry);
    let warnings = unknown.len();
    lines.extend(unknown);
    lines.sort_by_key(|(at, _)| at.unwrap_or((u32::MAX, u32::MAX)));
    let warned = if warnings > 0 {
        format!(", {warnings} warning(s)")
    } else {
        String::new()
    };
    lines.insert(
        0,
        (
            None,
            format!(
                "syntax ok; {} tool call site(s), {problems} problem(s){warned}",
                hints.sites.len()
            ),
        ),
    );
    CheckReport { lines, problems }
}

/// A warning for each simple command whose name is written literally
/// and is none of: a shell builtin, a utility, a function defined
/// anywhere in the script, an alias the script defines, a registered tool
/// or `help`/`discover`. At run time such a command is `command not
/// found` (status 127). The closest known name is suggested when it is
/// close (the rule of the run-time message, [`toolsh_tools::flags::suggest`]).
/// Names with a `/` (paths) are left alone.
fn unknown_commands(script: &Script, registry: &ToolRegistry) -> Vec<(Option<(u32, u32)>, String)> {
    let (sites, functions) = command_sites(script, MAX_HINT_SITES);
    let aliases: Vec<String> = sites
        .sites
        .iter()
        .filter(|s| s.name == "alias")
        .flat_map(|s| s.literal_args.iter().flatten())
        .filter_map(|a| a.split_once('=').map(|(n, _)| n.to_string()))
        .collect();
    let utilities: Vec<String> = toolsh_utils::standard()
        .names()
        .into_iter()
        .map(str::to_string)
        .collect();
    // The script's own names first: among equally close names, the first
    // is suggested.
    let known: Vec<&str> = registry
        .names()
        .chain(functions.iter().map(String::as_str))
        .chain(aliases.iter().map(String::as_str))
        .chain(["help", "discover"]) // the tool layer's own commands
        .chain(toolsh_interp::shell_builtin_names().iter().copied())
        .chain(utilities.iter().map(String::as_str))
        .collect();
    let mut out = Vec::new();
    for site in &sites.sites {
        let name = site.name.as_str();
        if name.is_empty() || name.contains('/') || known.contains(&name) {
            continue;
        }
        let hint = toolsh_tools::flags::suggest(name, known.iter().copied())
            .map(|s| format!(" (did you mean {s}?)"))
            .unwrap_or_default();
        out.push((
            Some((site.line, site.column)),
            format!("warning: {name}: command not found{hint}"),
        ));
    }
    out
}

/// The report line for one call of `name` with its literal arguments
/// (`None` when computed), and whether the call fits the tool's schema.
fn check_site(def: &ToolDef, name: &str, args: Option<&[String]>) -> (String, bool) {
    let Some(args) = args else {
        return (format!("{name} (computed arguments: not checked)"), true);
    };
    let args: Vec<String> = args.iter().filter(|a| *a != "--dry-run").cloned().collect();
    if args.iter().any(|a| a == "--help") {
        return (format!("{name} --help"), true);
    }
    let params = match parse_flags(&def.input_schema, &args) {
        Ok(p) => p,
        Err(e) => return (format!("{name}: {e}"), false),
    };
    match toolsh_tools::CompiledSchema::compile(&def.input_schema)
        .map(|s| s.validate(&serde_json::Value::Object(params)))
    {
        Ok(Ok(())) => (format!("{name} ok"), true),
        Ok(Err(errors)) => (
            format!("{name}: invalid parameters: {}", errors.join("; ")),
            false,
        ),
        Err(e) => (format!("{name}: {e}"), false),
    }
}
