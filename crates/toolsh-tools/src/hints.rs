//! A static scan of a script for direct tool-command sites: simple commands
//! whose name is written literally and is a known tool. Advisory only:
//! aliases, `eval`, `xargs`, functions and computed names (`$cmd --x`) are
//! not resolved, so the report is never a grant and never complete proof.

use serde::Serialize;
use toolsh_interp::parser::{
    ArithExpr, ArrayItem, AssignValue, Assignment, BraceExpansion, CaseItem, Command,
    CompoundCommand, CondExpr, List, ParamOp, Pipeline, RedirTarget, Redirect, Script, Subscript,
    Word, WordPart,
};

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
    s.list(&script.body);
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
    s.list(&script.body);
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

    fn list(&mut self, l: &List) {
        for item in &l.items {
            self.pipeline(&item.and_or.first);
            for (_, p) in &item.and_or.rest {
                self.pipeline(p);
            }
        }
    }

    fn pipeline(&mut self, p: &Pipeline) {
        for stage in &p.commands {
            self.command(&stage.command);
        }
    }

    fn command(&mut self, c: &Command) {
        match c {
            Command::Simple(s) => {
                for a in &s.assignments {
                    self.assignment(a);
                }
                if let Some(first) = s.words.first()
                    && let Some(name) = literal_text(first)
                    && (self.is_tool)(&name)
                {
                    let texts: Vec<Option<String>> =
                        s.words[1..].iter().map(literal_text).collect();
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
                for w in &s.words {
                    self.word(w);
                }
                self.redirects(&s.redirects);
            }
            Command::Compound(cc, r) => {
                self.compound(cc);
                self.redirects(r);
            }
            Command::Function(f) => {
                self.functions.push(f.name.to_string());
                self.compound(&f.body);
                self.redirects(&f.redirects);
            }
            Command::Coproc(c) => self.command(&c.body),
        }
    }

    fn compound(&mut self, c: &CompoundCommand) {
        match c {
            CompoundCommand::BraceGroup(l, _) | CompoundCommand::Subshell(l, _) => self.list(l),
            CompoundCommand::If {
                branches,
                otherwise,
                ..
            } => {
                for (cond, body) in branches {
                    self.list(cond);
                    self.list(body);
                }
                if let Some(o) = otherwise {
                    self.list(o);
                }
            }
            CompoundCommand::While { cond, body, .. } => {
                self.list(cond);
                self.list(body);
            }
            CompoundCommand::For { words, body, .. }
            | CompoundCommand::Select { words, body, .. } => {
                for w in words.iter().flatten() {
                    self.word(w);
                }
                self.list(body);
            }
            CompoundCommand::ArithFor {
                init,
                cond,
                step,
                body,
                ..
            } => {
                for e in [init, cond, step].into_iter().flatten() {
                    self.arith(e);
                }
                self.list(body);
            }
            CompoundCommand::Case { word, items, .. } => {
                self.word(word);
                for CaseItem { patterns, body, .. } in items {
                    for p in patterns {
                        self.word(p);
                    }
                    self.list(body);
                }
            }
            CompoundCommand::Arith(e, _) => self.arith(e),
            CompoundCommand::Cond(e, _) => self.cond(e),
        }
    }

    fn cond(&mut self, e: &CondExpr) {
        match e {
            CondExpr::Unary { operand, .. } | CondExpr::Word(operand) => self.word(operand),
            CondExpr::Binary { lhs, rhs, .. } => {
                self.word(lhs);
                self.word(rhs);
            }
            CondExpr::Not(x) | CondExpr::Group(x) => self.cond(x),
            CondExpr::And(a, b) | CondExpr::Or(a, b) => {
                self.cond(a);
                self.cond(b);
            }
        }
    }

    fn assignment(&mut self, a: &Assignment) {
        if let Some(s) = &a.subscript {
            self.word(s);
        }
        match &a.value {
            AssignValue::Scalar(w) => self.word(w),
            AssignValue::Array(items) => {
                for i in items {
                    match i {
                        ArrayItem::Value(w) => self.word(w),
                        ArrayItem::Keyed { key, value, .. } => {
                            self.word(key);
                            self.word(value);
                        }
                    }
                }
            }
        }
    }

    fn redirects(&mut self, rs: &[Redirect]) {
        for r in rs {
            match &r.target {
                RedirTarget::Word(w) => self.word(w),
                RedirTarget::HereDoc(h) => self.word(&h.body),
            }
        }
    }

    fn word(&mut self, w: &Word) {
        for p in &w.parts {
            self.part(p);
        }
    }

    fn part(&mut self, p: &WordPart) {
        match p {
            WordPart::CommandSubst { script, .. } | WordPart::ProcessSubst { script, .. } => {
                self.list(&script.body);
            }
            WordPart::DoubleQuoted { parts, .. } => {
                for q in parts {
                    self.part(q);
                }
            }
            WordPart::Param(pe) => {
                if let Some(Subscript::Index(w)) = &pe.subscript {
                    self.word(w);
                }
                match pe.op.as_deref() {
                    Some(
                        ParamOp::Default { word, .. }
                        | ParamOp::RemovePrefix { pattern: word, .. }
                        | ParamOp::RemoveSuffix { pattern: word, .. },
                    ) => self.word(word),
                    Some(ParamOp::Replace {
                        pattern,
                        replacement,
                        ..
                    }) => {
                        self.word(pattern);
                        if let Some(r) = replacement {
                            self.word(r);
                        }
                    }
                    Some(ParamOp::Substring { offset, length }) => {
                        self.arith(offset);
                        if let Some(l) = length {
                            self.arith(l);
                        }
                    }
                    Some(ParamOp::Case {
                        pattern: Some(w), ..
                    }) => self.word(w),
                    _ => {}
                }
            }
            WordPart::Arith(e) => self.arith(e),
            WordPart::Brace(brace) => {
                if let BraceExpansion::List(ws) = &**brace {
                    for w in ws {
                        self.word(w);
                    }
                }
            }
            WordPart::ExtGlob {
                alternatives: ws, ..
            } => {
                for w in ws {
                    self.word(w);
                }
            }
            WordPart::AssignmentWord(a) => self.assignment(a),
            _ => {}
        }
    }

    fn arith(&mut self, e: &ArithExpr) {
        match e {
            ArithExpr::Expansion(p) => self.part(p),
            ArithExpr::Variable {
                subscript: Some(w), ..
            }
            | ArithExpr::Deferred(w) => self.word(w),
            ArithExpr::Group(x)
            | ArithExpr::Unary { operand: x, .. }
            | ArithExpr::Increment { target: x, .. } => {
                self.arith(x);
            }
            ArithExpr::Binary { lhs, rhs, .. }
            | ArithExpr::Assign {
                target: lhs,
                value: rhs,
                ..
            }
            | ArithExpr::Comma(lhs, rhs) => {
                self.arith(lhs);
                self.arith(rhs);
            }
            ArithExpr::Chain { first, rest } => {
                self.arith(first);
                for (_, e) in rest {
                    self.arith(e);
                }
            }
            ArithExpr::Conditional {
                cond,
                then,
                otherwise,
            } => {
                self.arith(cond);
                self.arith(then);
                self.arith(otherwise);
            }
            ArithExpr::Number(_)
            | ArithExpr::Variable {
                subscript: None, ..
            } => {}
        }
    }
}
