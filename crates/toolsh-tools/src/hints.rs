//! A static scan of a script for direct tool-command sites: simple commands
//! whose name is written literally and is a known tool. Advisory only:
//! aliases, `eval`, `xargs`, functions and computed names (`$cmd --x`) are
//! not resolved, so the report is never a grant and never complete proof.

use serde::Serialize;
use toolsh_interp::parser::visit::{self, Visit};
use toolsh_interp::parser::{FunctionDef, Script, SimpleCommand, Word, WordPart};

/// Default bound on reported sites.
pub const MAX_HINT_SITES: usize = 1024;

/// One direct call of a tool.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HintSite {
    /// The tool name.
    pub name: String,
    /// 1-based line of the command.
    pub line: u32,
    /// 1-based column of the command.
    pub column: u32,
    /// The flags spelled literally (`--customer`, `--limit=3`), in order.
    pub flags: Vec<String>,
    /// The arguments after the name when every one is literal (then the
    /// flags can be checked statically); `None` when any is computed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub literal_args: Option<Vec<String>>,
}

/// The sites found, in source order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct HintReport {
    /// The sites (at most the bound given to [`tool_call_sites`]).
    pub sites: Vec<HintSite>,
    /// `true` when more sites existed than the bound.
    pub truncated: bool,
}

/// Scan `script` for direct calls of names for which `is_tool` is true,
/// keeping at most `max` sites.
pub fn tool_call_sites(script: &Script, is_tool: &dyn Fn(&str) -> bool, max: usize) -> HintReport {
    let mut s = Scan {
        is_tool,
        max,
        report: HintReport::default(),
        functions: Vec::new(),
    };
    s.visit_list(&script.body);
    s.report
}

/// Every simple command whose name is written literally, whatever the
/// name (at most `max` sites, in source order, command substitutions and
/// function bodies included), and the names of the functions `script`
/// defines anywhere (bash manual 3.3), for a check of command names
/// nothing defines.
pub fn command_sites(script: &Script, max: usize) -> (HintReport, Vec<String>) {
    let mut s = Scan {
        is_tool: &|_| true,
        max,
        report: HintReport::default(),
        functions: Vec::new(),
    };
    s.visit_list(&script.body);
    (s.report, s.functions)
}

struct Scan<'a> {
    is_tool: &'a dyn Fn(&str) -> bool,
    max: usize,
    report: HintReport,
    /// Names of the function definitions seen.
    functions: Vec<String>,
}

/// The literal text of a word, when it has no expansions.
pub fn literal_text(w: &Word) -> Option<String> {
    let mut out = String::new();
    for p in &w.parts {
        match p {
            WordPart::Literal(s) => out.push_str(s),
            WordPart::SingleQuoted(s) | WordPart::AnsiC(s) => out.push_str(s),
            WordPart::Escaped(c) => out.push(*c),
            WordPart::DoubleQuoted { parts, .. } => {
                for q in parts {
                    match q {
                        WordPart::Literal(s) => out.push_str(s),
                        WordPart::Escaped(c) => out.push(*c),
                        _ => return None,
                    }
                }
            }
            _ => return None,
        }
    }
    Some(out)
}

impl Scan<'_> {
    fn site(&mut self, site: HintSite) {
        if self.report.sites.len() >= self.max {
            self.report.truncated = true;
        } else {
            self.report.sites.push(site);
        }
    }
}

/// The parser's walk does the descent (substitutions, function bodies,
/// compound commands, expansions); the scan looks at simple commands and
/// function definitions only.
impl Visit for Scan<'_> {
    fn visit_simple_command(&mut self, s: &SimpleCommand) {
        if let Some(first) = s.words.first()
            && let Some(name) = literal_text(first)
            && (self.is_tool)(&name)
        {
            let texts: Vec<Option<String>> = s.words[1..].iter().map(literal_text).collect();
            let flags = texts
                .iter()
                .flatten()
                .filter(|t| t.starts_with("--"))
                .cloned()
                .collect();
            let literal_args = texts.iter().cloned().collect::<Option<Vec<String>>>();
            self.site(HintSite {
                name,
                line: s.span.line,
                column: s.span.column,
                flags,
                literal_args,
            });
        }
        visit::walk_simple_command(self, s);
    }

    fn visit_function(&mut self, f: &FunctionDef) {
        self.functions.push(f.name.to_string());
        visit::walk_function(self, f);
    }
}
