//! The parsed form of a sed script: addresses and commands in one flat
//! list, blocks as jumps (GNU sed 4.9 manual, "sed scripts").

use std::sync::Arc;

use toolsh_command::posix_regex::PosixRegex;

/// A regex in an address or `s` command; `None` is the empty regex, which
/// means "the last regex used" at run time.
pub(super) type Re = Option<Arc<PosixRegex>>;

/// The first address of a command.
#[derive(Debug, Clone)]
pub(super) enum Addr {
    /// Line `N` (0 only as `0,/re/`).
    Line(u64),
    /// `$`: the last line.
    Last,
    /// `/re/` or `\cREc`.
    Regex(Re),
    /// `first~step`.
    Step(u64, u64),
}

/// The second address of a range.
#[derive(Debug, Clone)]
pub(super) enum Addr2 {
    /// Up to line `N`.
    Line(u64),
    /// Up to the last line.
    Last,
    /// Up to the next line matching.
    Regex(Re),
    /// `+N`: the N lines after the first.
    Plus(u64),
    /// `~N`: up to the next line whose number is a multiple of N.
    Multiple(u64),
}

/// Where a command applies.
#[derive(Debug, Clone, Default)]
pub(super) struct Address {
    pub a1: Option<Addr>,
    pub a2: Option<Addr2>,
    pub negate: bool,
}

/// A piece of an `s` replacement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum ReplPart {
    /// Bytes copied as they are.
    Literal(Vec<u8>),
    /// `&` (0) or `\1`..`\9`.
    Group(usize),
    /// `\L`: lower-case until `\E` or `\U`.
    Lower,
    /// `\U`: upper-case until `\E` or `\L`.
    Upper,
    /// `\l`: lower-case the next character.
    LowerNext,
    /// `\u`: upper-case the next character.
    UpperNext,
    /// `\E`: end `\L`/`\U`.
    End,
}

/// An `s` command.
#[derive(Debug, Clone)]
pub(super) struct Subst {
    pub re: Re,
    pub replacement: Vec<ReplPart>,
    /// `g`.
    pub global: bool,
    /// The number flag (1 when absent).
    pub nth: u64,
    /// `p`.
    pub print: bool,
    /// `w FILE`.
    pub write: Option<String>,
}

/// What a/i/c do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum TextKind {
    /// `a`: queue the text for the end of the cycle.
    Append,
    /// `i`: print the text now.
    Insert,
    /// `c`: delete the pattern space, print the text (at the end of a range).
    Change,
}

/// Branch conditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum BranchKind {
    /// `b`: always.
    Always,
    /// `t`: if a substitution succeeded since the last input line or `t`.
    IfSubst,
    /// `T`: if none did.
    IfNoSubst,
}

/// One command.
#[derive(Debug, Clone)]
pub(super) enum Cmd {
    /// `{`: when the address does not match, jump past the matching `}`
    /// (the index of the `}`).
    Block(usize),
    /// `}`.
    EndBlock,
    /// `=`.
    LineNumber,
    /// `a`, `i`, `c` with their text (already ending in a newline, or empty).
    Text(TextKind, Vec<u8>),
    /// `b`, `t`, `T`; the target index (`None`: end of script).
    Branch(BranchKind, Option<usize>),
    /// `:label` (a no-op at run time).
    Label,
    /// `d`.
    Delete,
    /// `D`.
    DeleteFirst,
    /// `e` is refused at parse time; kept out of this list.
    /// `F`.
    FileName,
    /// `g`.
    GetHold,
    /// `G`.
    AppendHold,
    /// `h`.
    Hold,
    /// `H`.
    AppendToHold,
    /// `l [N]`.
    List(Option<usize>),
    /// `n`.
    Next,
    /// `N`.
    AppendNext,
    /// `p`.
    Print,
    /// `P`.
    PrintFirst,
    /// `q [code]` (print) and `Q [code]` (no print).
    Quit { code: i32, print: bool },
    /// `r FILE`.
    ReadFile(String),
    /// `R FILE`.
    ReadLine(String),
    /// `s`.
    Subst(Box<Subst>),
    /// `w FILE`.
    Write(String),
    /// `W FILE`.
    WriteFirst(String),
    /// `x`.
    Exchange,
    /// `y`: the byte map.
    Translate(Box<[u8; 256]>),
    /// `z`.
    Zap,
}

/// A command with its address.
#[derive(Debug, Clone)]
pub(super) struct Command {
    pub addr: Address,
    pub cmd: Cmd,
}

/// A whole script.
#[derive(Debug, Clone, Default)]
pub(super) struct Script {
    pub commands: Vec<Command>,
    /// `#n` on the first line.
    pub quiet: bool,
}

impl Script {
    /// Every file named by `w`, `W` and `s///w` (opened, i.e. truncated,
    /// before input is read).
    pub fn write_files(&self) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for c in &self.commands {
            let f = match &c.cmd {
                Cmd::Write(f) | Cmd::WriteFirst(f) => Some(f),
                Cmd::Subst(s) => s.write.as_ref(),
                _ => None,
            };
            if let Some(f) = f
                && !out.contains(f)
            {
                out.push(f.clone());
            }
        }
        out
    }
}
