//! The abstract syntax tree of a bash script.
//!
//! Names follow the bash reference manual, section 3.2 "Shell Commands"
//! (simple command, pipeline, list, compound command) and 3.5 "Shell
//! Expansions" (parameter expansion, command substitution, arithmetic
//! expansion). Every node carries a [`Span`], and spans take part in
//! `==`: a tree equals another at the same positions. Two trees from
//! different sources (a tree and the tree of its printed text,
//! `parse(print(ast))`) are compared with
//! [`crate::visit::eq_ignoring_spans`], which erases the spans first
//! ([`crate::visit::without_spans`]).

/// A source position: byte offsets and the 1-based line and column (in
/// characters) of the first byte. Offsets are 32-bit (16 bytes per span on
/// every node of the tree): a source longer than `u32::MAX` bytes is refused
/// by the parser whatever the [`ParseLimits`](crate::ParseLimits) say.
///
/// Spans take part in equality and hashing like any other field, so two
/// trees are `==` only when they sit at the same places too; compare the
/// structure alone with [`crate::visit::eq_ignoring_spans`] (or erase the
/// spans with [`crate::visit::without_spans`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Span {
    /// Byte offset of the first byte.
    pub start: u32,
    /// Byte offset one past the last byte.
    pub end: u32,
    /// 1-based line of `start`.
    pub line: u32,
    /// 1-based column of `start`, counted in characters.
    pub column: u32,
}

impl Span {
    /// The byte range `start..end`, for slicing the source.
    pub fn range(&self) -> std::ops::Range<usize> {
        self.start as usize..self.end as usize
    }
}

/// A whole script: a list of complete commands.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Script {
    /// The commands, in source order.
    pub body: List,
    /// The whole source.
    pub span: Span,
    /// The comments of the whole source, in source order, the shebang
    /// line (`#!...`) first when there is one. Comments inside command
    /// and process substitutions, here-document bodies included, are
    /// here too (a substitution's own `Script` has none). Only a
    /// top-level [`crate::parse`] fills this in.
    pub comments: Vec<Comment>,
}

/// A comment (bash manual 3.1.2 "Shell Syntax"): a word beginning with
/// `#` where a word may start, through the end of its line.
///
/// Two comments compare equal when their texts are equal: where a comment
/// sits is layout, not meaning (the printer may move it to the next place
/// it can print one).
#[derive(Debug, Clone, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Comment {
    /// From the `#` to the end of the line, without the newline.
    pub text: String,
    /// The text in the source.
    pub span: Span,
    /// `true` when only blanks precede the `#` on its line.
    pub own_line: bool,
    /// Byte offset of what follows the comment once blanks, newlines,
    /// line continuations and further comments are passed: where the next
    /// token starts (the source length at the end). The printer places a
    /// comment by it.
    pub next_token: u32,
}

impl PartialEq for Comment {
    fn eq(&self, other: &Self) -> bool {
        self.text == other.text
    }
}

/// A list: a sequence of and-or lists, each ended by `;`, `&` or a newline
/// (bash manual 3.2.4 "Lists of Commands"). Also the body of every compound
/// command (a "compound list").
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct List {
    /// The items, in order.
    pub items: Vec<ListItem>,
    /// From the first item to the last.
    pub span: Span,
}

/// One and-or list with its terminator.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ListItem {
    /// The and-or list.
    pub and_or: AndOrList,
    /// `true` when the item ends with `&` (run asynchronously).
    pub background: bool,
    /// The and-or list and its terminator.
    pub span: Span,
}

/// Pipelines joined by `&&` and `||`, left-associative, equal precedence.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct AndOrList {
    /// The first pipeline.
    pub first: Pipeline,
    /// The following pipelines, each with the operator before it.
    pub rest: ThinVec<(AndOr, Pipeline)>,
    /// The whole and-or list.
    pub span: Span,
}

/// The operator between two pipelines of an and-or list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum AndOr {
    /// `&&`: run the next pipeline when the previous status is 0.
    And,
    /// `||`: run the next pipeline when the previous status is non-zero.
    Or,
}

/// A pipeline (bash manual 3.2.3): commands joined by `|` or `|&`,
/// optionally preceded by `time [-p]` and `!`.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Pipeline {
    /// `Some` when the pipeline is preceded by the `time` reserved word.
    pub timed: Option<Timed>,
    /// `true` when preceded by `!` (the status is logically negated).
    pub negated: bool,
    /// The stages, at least one (most pipelines have one, kept inline).
    pub commands: smallvec::SmallVec<[PipelineStage; 1]>,
    /// The whole pipeline.
    pub span: Span,
}

/// How a pipeline is timed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Timed {
    /// `time -p`: POSIX output format.
    pub posix: bool,
}

/// One stage of a pipeline.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct PipelineStage {
    /// The command.
    pub command: Command,
    /// `true` when this stage is followed by `|&` (its standard error also
    /// goes into the pipe, as if `2>&1` were its last redirection).
    pub pipe_stderr: bool,
}

/// A command (bash manual 3.2): simple, compound, a function definition or
/// a coprocess.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Command {
    /// A simple command: assignments, words and redirections.
    Simple(SimpleCommand),
    /// A compound command with the redirections that follow it.
    Compound(Box<CompoundCommand>, ThinVec<Redirect>),
    /// `name() compound-command` or `function name [()] compound-command`.
    Function(Box<FunctionDef>),
    /// `coproc [NAME] command`.
    Coproc(Coproc),
}

impl Command {
    /// The source span of the command.
    pub fn span(&self) -> Span {
        match self {
            Command::Simple(c) => c.span,
            Command::Compound(c, _) => c.span(),
            Command::Function(f) => f.span,
            Command::Coproc(c) => c.span,
        }
    }
}

/// A simple command (bash manual 3.2.2): variable assignments, then words
/// (the first is the command name), with redirections anywhere among them.
///
/// An empty `words` means an assignment-only or redirection-only command.
/// Arguments of the declaration utilities (`declare`, `typeset`, `local`,
/// `export`, `readonly`) that have the form of an assignment are parsed as
/// words holding a single [`WordPart::AssignmentWord`].
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct SimpleCommand {
    /// Assignments before the command name.
    pub assignments: ThinVec<Assignment>,
    /// The command name and arguments.
    pub words: Vec<Word>,
    /// Redirections, in source order.
    pub redirects: ThinVec<Redirect>,
    /// The whole command.
    pub span: Span,
}

/// A variable assignment `name=value`, `name+=value`, `name[sub]=value` or
/// `name=(items)` (bash manual 3.4 "Shell Parameters", 6.7 "Arrays").
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Assignment {
    /// The variable name.
    pub name: CompactString,
    /// `Some` for `name[subscript]=value`; the subscript as written,
    /// expanded at run time (arithmetic for indexed arrays, a string key for
    /// associative arrays).
    pub subscript: Option<Word>,
    /// `true` for `+=`.
    pub append: bool,
    /// The value.
    pub value: AssignValue,
    /// The whole assignment.
    pub span: Span,
}

/// The right-hand side of an assignment.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum AssignValue {
    /// `name=word` (the word may be empty). Not subject to word splitting or
    /// pathname expansion.
    Scalar(Word),
    /// `name=(item ...)`: a compound array assignment.
    Array(Vec<ArrayItem>),
}

/// One item of a compound array assignment.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum ArrayItem {
    /// A plain word: expanded (with splitting and globbing) into elements.
    Value(Word),
    /// `[key]=value` or `[key]+=value`.
    Keyed {
        /// The subscript as written.
        key: Word,
        /// The value (not split).
        value: Word,
        /// `true` for `[key]+=value`.
        append: bool,
    },
}

/// A word: a sequence of parts that expand and concatenate (bash manual
/// 3.5). Brace expansion, tilde expansion, quoting and every substitution
/// are parts.
#[derive(Debug, Clone, PartialEq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Word {
    /// The parts, in order; adjacent literal parts are merged by the parser.
    /// Most words have one part, kept inline (no allocation).
    pub parts: WordParts,
    /// The word as written.
    pub span: Span,
}

pub use compact_str::CompactString;
/// A vector that is one pointer wide and allocates nothing while empty:
/// used for the lists of a node that are usually empty (the assignments
/// and redirections of a command, the continuation of an and-or list), so
/// that the common node stays small.
pub use thin_vec::{ThinVec, thin_vec};

/// The parts of a [`Word`]: a vector with room for one part inline.
pub type WordParts = smallvec::SmallVec<[WordPart; 1]>;

/// One part of a word.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum WordPart {
    /// Unquoted literal text. Subject to word splitting only if produced by
    /// an expansion (so never), and to pathname expansion and pattern
    /// matching: `*`, `?` and `[` in it are pattern characters. Stored
    /// inline up to 24 bytes (most literals), so a word like `echo` costs
    /// no allocation.
    Literal(CompactString),
    /// A character escaped by a backslash outside quotes (`\*`): literal,
    /// never a pattern character. Line continuations (`\` newline) are
    /// removed by the parser and produce no part.
    Escaped(char),
    /// `'...'`: literal text.
    SingleQuoted(CompactString),
    /// `"..."`: the parts inside (literal text, parameter, command and
    /// arithmetic substitutions). `locale` is `true` for `$"..."`.
    DoubleQuoted {
        /// The parts between the quotes; literals here are never patterns.
        parts: Vec<WordPart>,
        /// `true` for the `$"..."` form (translated strings; the C locale
        /// prints the text unchanged).
        locale: bool,
    },
    /// `$'...'` (bash manual 3.1.2.4): the decoded value. Quoted, literal.
    AnsiC(CompactString),
    /// `$name`, `${...}`: a parameter expansion.
    Param(Box<ParamExpansion>),
    /// `$(list)` or `` `list` ``: a command substitution.
    CommandSubst {
        /// The commands.
        script: Box<Script>,
        /// `true` for the backquoted form.
        backquoted: bool,
    },
    /// `$((expr))` (and the obsolete `$[expr]`): an arithmetic expansion.
    Arith(Box<ArithExpr>),
    /// `<(list)` or `>(list)`: a process substitution.
    ProcessSubst {
        /// `true` for `<(...)` (the command's output is read), `false` for
        /// `>(...)`.
        read: bool,
        /// The commands.
        script: Box<Script>,
    },
    /// A tilde prefix (bash manual 3.5.2): `~` (`None`), `~user`, `~+`,
    /// `~-`. Only produced at the start of a word or, in assignment
    /// values, after `=` or `:`.
    Tilde(Option<String>),
    /// A brace expansion (bash manual 3.5.1). Only produced for a valid
    /// brace expression; anything else stays literal text.
    Brace(Box<BraceExpansion>),
    /// An extended glob pattern `@(a|b)`, `*(...)`, `+(...)`, `?(...)`,
    /// `!(...)` (bash manual 3.5.8.1).
    ExtGlob {
        /// One of `@ * + ? !`.
        op: char,
        /// The `|`-separated alternatives.
        alternatives: Vec<Word>,
    },
    /// An argument of a declaration utility in assignment form
    /// (`declare x=$y`, `local a=(1 2)`): expanded as an assignment (no
    /// word splitting, tilde expansion after `=`), then passed as the single
    /// argument `name=value` (or performed directly for arrays).
    AssignmentWord(Box<Assignment>),
    /// A `${...}` that names no valid expansion (`${x;}`, `${#x:-y}`,
    /// `${a[0][0]}`), kept as written up to its closing brace. bash 5.2
    /// reports it when the word is expanded, not when the script is read:
    /// `TEXT: bad substitution`, status 1, and the rest of the line is
    /// abandoned; a word never expanded is never reported.
    BadSubstitution(CompactString),
}

/// A brace expansion.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum BraceExpansion {
    /// `{a,b,c}`: each alternative a word of its own (may be empty, may
    /// itself contain brace expansions).
    List(Vec<Word>),
    /// `{x..y[..incr]}`: a sequence of integers (decimal text, with
    /// optional sign and zero padding kept as written) or single characters.
    Sequence {
        /// The start, as written.
        start: String,
        /// The end, as written.
        end: String,
        /// The increment, as written.
        step: Option<String>,
    },
}

/// A parameter expansion (bash manual 3.5.3).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct ParamExpansion {
    /// The parameter.
    pub param: Parameter,
    /// The array subscript, for `${name[sub]}`.
    pub subscript: Option<Subscript>,
    /// `true` for `${!name...}` indirection (not for `${!prefix*}` and
    /// `${!name[@]}`, which are operators).
    pub indirect: bool,
    /// The operator, if any (boxed: most expansions are a plain `$name`,
    /// and the operators with words would triple this node's size).
    pub op: Option<Box<ParamOp>>,
    /// `true` when written with braces.
    pub braced: bool,
    /// The expansion as written.
    pub span: Span,
}

/// A parameter: a variable name, a positional parameter or a special
/// parameter (bash manual 3.4).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Parameter {
    /// A variable name.
    Named(CompactString),
    /// `$1`, `${10}`.
    Positional(u32),
    /// One of `@ * # ? - $ ! 0`.
    Special(char),
}

/// An array subscript.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum Subscript {
    /// `[@]`.
    At,
    /// `[*]`.
    Star,
    /// `[word]`: arithmetic for indexed arrays, a key for associative ones.
    Index(Word),
}

/// The operator of a parameter expansion.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum ParamOp {
    /// `${#name}`: length.
    Length,
    /// `${name:-word}` `${name-word}` `${name:=word}` `${name=word}`
    /// `${name:?word}` `${name?word}` `${name:+word}` `${name+word}`.
    Default {
        /// Which of the four.
        kind: DefaultKind,
        /// `true` with the colon: also applies when the value is empty.
        colon: bool,
        /// The word (expanded only when used).
        word: Word,
    },
    /// `${name#pattern}` / `${name##pattern}`.
    RemovePrefix {
        /// `true` for `##`.
        longest: bool,
        /// The pattern.
        pattern: Word,
    },
    /// `${name%pattern}` / `${name%%pattern}`.
    RemoveSuffix {
        /// `true` for `%%`.
        longest: bool,
        /// The pattern.
        pattern: Word,
    },
    /// `${name/pattern/string}` and its `//`, `/#`, `/%` forms.
    Replace {
        /// Which occurrences.
        mode: ReplaceMode,
        /// The pattern.
        pattern: Word,
        /// The replacement; `None` when the final `/` is absent.
        replacement: Option<Word>,
    },
    /// `${name:offset}` / `${name:offset:length}`; both arithmetic.
    Substring {
        /// The offset.
        offset: ArithExpr,
        /// The length.
        length: Option<ArithExpr>,
    },
    /// `${name^pat}` `${name^^pat}` `${name,pat}` `${name,,pat}`.
    Case {
        /// Which conversion.
        mode: CaseMode,
        /// The pattern of characters to convert; `None` means every
        /// character.
        pattern: Option<Word>,
    },
    /// `${name@Q}` and the other transformations: one of `Q E P A a U u L K
    /// k`.
    Transform(char),
    /// `${!prefix*}` (`star`) or `${!prefix@}`: names of variables that
    /// begin with the prefix.
    PrefixNames {
        /// `true` for `*`.
        star: bool,
    },
    /// `${!name[@]}` / `${!name[*]}`: the keys of an array.
    Keys {
        /// `true` for `[*]`.
        star: bool,
    },
}

/// The four kinds of `${name:-word}`-style operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum DefaultKind {
    /// `-`: use the word.
    UseDefault,
    /// `=`: assign the word.
    Assign,
    /// `?`: error with the word as message.
    Error,
    /// `+`: use the word when set (alternative value).
    Alternative,
}

/// Which occurrences `${name/pattern/string}` replaces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum ReplaceMode {
    /// `/`: the first match.
    First,
    /// `//`: every match.
    All,
    /// `/#`: a match at the start.
    Prefix,
    /// `/%`: a match at the end.
    Suffix,
}

/// Case modification operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum CaseMode {
    /// `^`: first character to upper case.
    UpperFirst,
    /// `^^`: all to upper case.
    UpperAll,
    /// `,`: first character to lower case.
    LowerFirst,
    /// `,,`: all to lower case.
    LowerAll,
    /// `~`: toggle the case of the first character (bash 5.2 accepts it;
    /// the manual does not list it).
    ToggleFirst,
    /// `~~`: toggle the case of every character.
    ToggleAll,
}

/// An arithmetic expression (bash manual 6.5 "Shell Arithmetic").
///
/// The tree mirrors the source text: parentheses are kept as
/// [`ArithExpr::Group`], so printing a tree without adding parentheses gives
/// text that parses back to the same tree. This matters because `$x` inside
/// arithmetic is substituted as text before evaluation: an interpreter
/// that finds [`ArithExpr::Expansion`] nodes prints the tree with the
/// expanded text in their place and parses the result.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum ArithExpr {
    /// A number as written: decimal, `0x1f`, octal `017`, `base#digits`.
    /// Converted at evaluation time (an invalid constant is a run-time
    /// error, as in bash).
    Number(CompactString),
    /// A variable, optionally subscripted (`a[i+1]`); its value is itself
    /// evaluated as an expression.
    Variable {
        /// The name.
        name: CompactString,
        /// The subscript as written.
        subscript: Option<Box<Word>>,
    },
    /// A `$`-expansion or backquote inside the expression, substituted as
    /// text.
    Expansion(Box<WordPart>),
    /// `( expr )`.
    Group(Box<ArithExpr>),
    /// A prefix unary operator.
    Unary {
        /// The operator.
        op: ArithUnaryOp,
        /// The operand.
        operand: Box<ArithExpr>,
    },
    /// `++x` `--x` `x++` `x--`.
    Increment {
        /// The variable.
        target: Box<ArithExpr>,
        /// `true` for `++`, `false` for `--`.
        increment: bool,
        /// `true` for the prefix form.
        prefix: bool,
    },
    /// A binary operator (not assignment, not comma).
    Binary {
        /// The operator.
        op: ArithBinaryOp,
        /// Left operand.
        lhs: Box<ArithExpr>,
        /// Right operand.
        rhs: Box<ArithExpr>,
    },
    /// Three or more operands joined by left-associative binary operators
    /// of one precedence level (`1+2-3+4`), meaning
    /// `((first op e1) op e2) ...`. Kept flat so that a long run is not a
    /// deep tree: evaluating, printing, cloning and dropping it recurse
    /// once, not once per operand. The parser makes a [`ArithExpr::Binary`]
    /// for two operands and this for more, so the left operand of a
    /// `Binary` is never itself a `Binary` or `Chain` of the same level.
    Chain {
        /// The leftmost operand.
        first: Box<ArithExpr>,
        /// Each further operator (all of one precedence level, never
        /// `**`) with its right operand, left to right; at least two.
        rest: Vec<(ArithBinaryOp, ArithExpr)>,
    },
    /// `x = e`, `x += e`, ... (`op` is `None` for plain `=`).
    Assign {
        /// The compound operator, if any.
        op: Option<ArithBinaryOp>,
        /// The variable (a `Variable` node, or an `Expansion` that must
        /// expand to a name).
        target: Box<ArithExpr>,
        /// The value.
        value: Box<ArithExpr>,
    },
    /// `c ? a : b`.
    Conditional {
        /// Condition.
        cond: Box<ArithExpr>,
        /// Value when non-zero.
        then: Box<ArithExpr>,
        /// Value when zero.
        otherwise: Box<ArithExpr>,
    },
    /// `a , b`.
    Comma(Box<ArithExpr>, Box<ArithExpr>),
    /// Text that is not a valid expression as written. Bash reports
    /// arithmetic syntax errors when the expression is evaluated, not when
    /// the script is parsed, and text containing expansions may only become
    /// valid after they are substituted: the interpreter expands this word
    /// (as in double quotes), parses the result and reports any error then.
    Deferred(Box<Word>),
}

/// Prefix unary arithmetic operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum ArithUnaryOp {
    /// `-`.
    Minus,
    /// `+`.
    Plus,
    /// `!`.
    Not,
    /// `~`.
    BitNot,
}

/// Binary arithmetic operators, also used for compound assignment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum ArithBinaryOp {
    /// `**`.
    Pow,
    /// `*`.
    Mul,
    /// `/`.
    Div,
    /// `%`.
    Rem,
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `<<`.
    Shl,
    /// `>>`.
    Shr,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `==`.
    Eq,
    /// `!=`.
    Ne,
    /// `&`.
    BitAnd,
    /// `^`.
    BitXor,
    /// `|`.
    BitOr,
    /// `&&`.
    And,
    /// `||`.
    Or,
}

/// A compound command (bash manual 3.2.5).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum CompoundCommand {
    /// `{ list; }`.
    BraceGroup(List, Span),
    /// `( list )`.
    Subshell(List, Span),
    /// `if list; then list; [elif list; then list;]... [else list;] fi`.
    If {
        /// `(condition, body)` for the `if` and each `elif`.
        branches: Vec<(List, List)>,
        /// The `else` body.
        otherwise: Option<List>,
        /// The whole command.
        span: Span,
    },
    /// `while list; do list; done` (`until` when `until` is `true`).
    While {
        /// `true` for `until`.
        until: bool,
        /// The condition.
        cond: List,
        /// The body.
        body: List,
        /// The whole command.
        span: Span,
    },
    /// `for name [in words]; do list; done`. `words` is `None` without `in`
    /// (iterate over `"$@"`).
    For {
        /// The loop variable.
        var: CompactString,
        /// The words after `in`.
        words: Option<Vec<Word>>,
        /// The body.
        body: List,
        /// The whole command.
        span: Span,
    },
    /// `for (( init; cond; step )); do list; done` (the expressions boxed:
    /// inline they would make every compound command 176 bytes).
    ArithFor {
        /// Evaluated once.
        init: Option<Box<ArithExpr>>,
        /// Evaluated before each iteration; absent means 1.
        cond: Option<Box<ArithExpr>>,
        /// Evaluated after each iteration.
        step: Option<Box<ArithExpr>>,
        /// The body.
        body: List,
        /// The whole command.
        span: Span,
    },
    /// `select name [in words]; do list; done`.
    Select {
        /// The variable.
        var: CompactString,
        /// The words after `in`.
        words: Option<Vec<Word>>,
        /// The body.
        body: List,
        /// The whole command.
        span: Span,
    },
    /// `case word in [[(] pattern [| pattern]...) list ;;]... esac`.
    Case {
        /// The subject.
        word: Word,
        /// The clauses.
        items: Vec<CaseItem>,
        /// The whole command.
        span: Span,
    },
    /// `(( expr ))`.
    Arith(ArithExpr, Span),
    /// `[[ expr ]]` (boxed, as `ArithFor`'s expressions).
    Cond(Box<CondExpr>, Span),
}

impl CompoundCommand {
    /// The source span of the command.
    pub fn span(&self) -> Span {
        match self {
            CompoundCommand::BraceGroup(_, s)
            | CompoundCommand::Subshell(_, s)
            | CompoundCommand::Arith(_, s)
            | CompoundCommand::Cond(_, s) => *s,
            CompoundCommand::If { span, .. }
            | CompoundCommand::While { span, .. }
            | CompoundCommand::For { span, .. }
            | CompoundCommand::ArithFor { span, .. }
            | CompoundCommand::Select { span, .. }
            | CompoundCommand::Case { span, .. } => *span,
        }
    }
}

/// One clause of a `case` command.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CaseItem {
    /// The `|`-separated patterns.
    pub patterns: Vec<Word>,
    /// The commands.
    pub body: List,
    /// What follows the body.
    pub terminator: CaseTerminator,
    /// The clause.
    pub span: Span,
}

/// How a case clause ends.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum CaseTerminator {
    /// `;;` (also used for a last clause without terminator).
    Break,
    /// `;&`: run the next clause's body too.
    FallThrough,
    /// `;;&`: test the following patterns too.
    Continue,
}

/// A conditional expression inside `[[ ]]` (bash manual 6.4).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum CondExpr {
    /// A unary test such as `-f file`, `-n str`, `-v name`; `op` is the
    /// operator as written (`"-f"`).
    Unary {
        /// The operator.
        op: CompactString,
        /// The operand.
        operand: Word,
    },
    /// A binary test.
    Binary {
        /// The operator.
        op: CondBinaryOp,
        /// Left operand.
        lhs: Word,
        /// Right operand: a pattern for `==`/`!=`, a regular expression for
        /// `=~`.
        rhs: Word,
    },
    /// A single word: true when non-empty.
    Word(Word),
    /// `! expr`.
    Not(Box<CondExpr>),
    /// `a && b`.
    And(Box<CondExpr>, Box<CondExpr>),
    /// `a || b`.
    Or(Box<CondExpr>, Box<CondExpr>),
    /// `( expr )`.
    Group(Box<CondExpr>),
}

/// Binary operators of `[[ ]]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum CondBinaryOp {
    /// `==` or `=`: pattern match.
    Match,
    /// `!=`: pattern non-match.
    NotMatch,
    /// `=~`: extended regular expression match.
    RegexMatch,
    /// `<`: sorts before (byte order in the C locale).
    Less,
    /// `>`: sorts after.
    Greater,
    /// `-eq`.
    Eq,
    /// `-ne`.
    Ne,
    /// `-lt`.
    Lt,
    /// `-le`.
    Le,
    /// `-gt`.
    Gt,
    /// `-ge`.
    Ge,
    /// `-nt`: newer than.
    NewerThan,
    /// `-ot`: older than.
    OlderThan,
    /// `-ef`: same file.
    SameFile,
}

/// A redirection (bash manual 3.6).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Redirect {
    /// The file descriptor written before the operator, if any.
    pub fd: Option<RedirFd>,
    /// The operator.
    pub op: RedirOp,
    /// The target.
    pub target: RedirTarget,
    /// The redirection as written (for here-documents, the operator and
    /// delimiter only).
    pub span: Span,
}

/// The file descriptor of a redirection.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum RedirFd {
    /// `2>`.
    Number(u32),
    /// `{var}>`: allocate a descriptor and store its number in `var`.
    Var(CompactString),
}

/// Redirection operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum RedirOp {
    /// `<`.
    Read,
    /// `>`.
    Write,
    /// `>>`.
    Append,
    /// `>|`.
    Clobber,
    /// `<>`.
    ReadWrite,
    /// `&>` (and `>&word` when the word is not a number or `-`).
    WriteBoth,
    /// `&>>`.
    AppendBoth,
    /// `<&`.
    DupRead,
    /// `>&`.
    DupWrite,
    /// `<<` and `<<-` (here-document).
    HereDoc {
        /// `true` for `<<-` (leading tabs are stripped).
        strip_tabs: bool,
    },
    /// `<<<`.
    HereString,
}

/// What a redirection refers to.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub enum RedirTarget {
    /// A word: a file name, a descriptor number, `-`, or the here-string.
    Word(Word),
    /// A here-document.
    HereDoc(HereDoc),
}

/// The body of a here-document.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct HereDoc {
    /// The delimiter with quotes removed.
    pub delimiter: String,
    /// `true` when any part of the delimiter was quoted: the body is then
    /// literal and `body` holds one literal part.
    pub quoted: bool,
    /// The body (with tabs already stripped for `<<-`): literal text and,
    /// when unquoted, parameter, command and arithmetic substitutions, as
    /// inside double quotes.
    pub body: Word,
}

/// A function definition (bash manual 3.3).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct FunctionDef {
    /// The name (bash allows most characters that are not metacharacters,
    /// such as `a.b` and `a-b`).
    pub name: CompactString,
    /// The body.
    pub body: Box<CompoundCommand>,
    /// Redirections applied each time the function runs.
    pub redirects: ThinVec<Redirect>,
    /// `true` when written with the `function` keyword.
    pub keyword: bool,
    /// The whole definition.
    pub span: Span,
}

/// `coproc [NAME] command` (bash manual 3.2.6).
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct Coproc {
    /// The name, `COPROC` when absent.
    pub name: Option<CompactString>,
    /// The command.
    pub body: Box<Command>,
    /// The whole command.
    pub span: Span,
}

// The sizes docs/architecture.md promises: a span is 16 bytes on every
// node (four `u32`s).
const _: () = assert!(std::mem::size_of::<Span>() == 16);
