//! The syntax tree of an awk program, with names resolved to slots.

use super::value::Str;

/// A variable reference: a global slot or a slot of the current function
/// call's parameters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Var {
    /// A global variable (special variables occupy the first slots).
    Global(usize),
    /// A function parameter (also used as a local variable).
    Local(usize),
}

/// Binary arithmetic operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arith {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `/`
    Div,
    /// `%`
    Mod,
    /// `^`
    Pow,
}

/// Comparison operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cmp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

/// Something that can be assigned to.
#[derive(Debug, Clone)]
pub enum LValue {
    /// A scalar variable.
    Var(Var),
    /// `$expr`
    Field(Box<Expr>),
    /// `arr[subscripts]`
    Index(Var, Vec<Expr>),
}

/// Where `getline` reads from.
#[derive(Debug, Clone)]
pub enum GetlineSource {
    /// The main input (`getline`, `getline var`).
    Main,
    /// A file (`getline < file`).
    File(Box<Expr>),
    /// A command (`cmd | getline`): not available in the sandbox.
    Command(Box<Expr>),
}

/// Built-in functions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Bf {
    Length,
    Substr,
    Index,
    Split,
    Sub,
    Gsub,
    Match,
    Sprintf,
    Sin,
    Cos,
    Atan2,
    Exp,
    Log,
    Sqrt,
    Int,
    Rand,
    Srand,
    Tolower,
    Toupper,
    System,
    Close,
    Fflush,
    Gensub,
    Asort,
    Asorti,
    Systime,
    Strftime,
    Mktime,
    And,
    Or,
    Xor,
    Lshift,
    Rshift,
    Compl,
    Strtonum,
    Isarray,
    Typeof,
}

impl Bf {
    /// The built-in with this name.
    pub fn from_name(name: &str) -> Option<Bf> {
        Some(match name {
            "length" => Bf::Length,
            "substr" => Bf::Substr,
            "index" => Bf::Index,
            "split" => Bf::Split,
            "sub" => Bf::Sub,
            "gsub" => Bf::Gsub,
            "match" => Bf::Match,
            "sprintf" => Bf::Sprintf,
            "sin" => Bf::Sin,
            "cos" => Bf::Cos,
            "atan2" => Bf::Atan2,
            "exp" => Bf::Exp,
            "log" => Bf::Log,
            "sqrt" => Bf::Sqrt,
            "int" => Bf::Int,
            "rand" => Bf::Rand,
            "srand" => Bf::Srand,
            "tolower" => Bf::Tolower,
            "toupper" => Bf::Toupper,
            "system" => Bf::System,
            "close" => Bf::Close,
            "fflush" => Bf::Fflush,
            "gensub" => Bf::Gensub,
            "asort" => Bf::Asort,
            "asorti" => Bf::Asorti,
            "systime" => Bf::Systime,
            "strftime" => Bf::Strftime,
            "mktime" => Bf::Mktime,
            "and" => Bf::And,
            "or" => Bf::Or,
            "xor" => Bf::Xor,
            "lshift" => Bf::Lshift,
            "rshift" => Bf::Rshift,
            "compl" => Bf::Compl,
            "strtonum" => Bf::Strtonum,
            "isarray" => Bf::Isarray,
            "typeof" => Bf::Typeof,
            _ => return None,
        })
    }

    /// The allowed argument counts (min, max).
    pub fn arity(self) -> (usize, usize) {
        match self {
            Bf::Length => (0, 1),
            Bf::Substr => (2, 3),
            Bf::Index | Bf::Atan2 | Bf::Lshift | Bf::Rshift => (2, 2),
            Bf::Split => (2, 4),
            Bf::Sub | Bf::Gsub | Bf::Match => (2, 3),
            Bf::Sprintf => (1, usize::MAX),
            Bf::Sin
            | Bf::Cos
            | Bf::Exp
            | Bf::Log
            | Bf::Sqrt
            | Bf::Int
            | Bf::Tolower
            | Bf::Toupper
            | Bf::System
            | Bf::Compl
            | Bf::Strtonum
            | Bf::Isarray
            | Bf::Typeof => (1, 1),
            Bf::Mktime => (1, 2),
            Bf::Rand | Bf::Systime => (0, 0),
            Bf::Srand | Bf::Fflush => (0, 1),
            Bf::Close => (1, 2),
            Bf::Gensub => (3, 4),
            Bf::Asort | Bf::Asorti => (1, 3),
            Bf::Strftime => (0, 3),
            Bf::And | Bf::Or | Bf::Xor => (2, usize::MAX),
        }
    }
}

/// An expression.
#[derive(Debug, Clone)]
pub enum Expr {
    /// A numeric constant.
    Num(f64),
    /// A string constant.
    Str(Str),
    /// A regex constant: in value context it means `$0 ~ /re/`. The index
    /// is into [`Program::regexes`].
    Regex(usize),
    /// A variable.
    Var(Var),
    /// `$expr`
    Field(Box<Expr>),
    /// `arr[subscripts]`
    Index(Var, Vec<Expr>),
    /// `lv = e` or `lv op= e` (`None` for plain assignment).
    Assign(Option<Arith>, Box<LValue>, Box<Expr>),
    /// `c ? a : b`
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    /// `a && b`
    And(Box<Expr>, Box<Expr>),
    /// `a || b`
    Or(Box<Expr>, Box<Expr>),
    /// `!a`
    Not(Box<Expr>),
    /// `-a`
    Neg(Box<Expr>),
    /// `+a`
    Plus(Box<Expr>),
    /// Arithmetic.
    Arith(Arith, Box<Expr>, Box<Expr>),
    /// Concatenation.
    Concat(Box<Expr>, Box<Expr>),
    /// Comparison.
    Cmp(Cmp, Box<Expr>, Box<Expr>),
    /// `a ~ b` (`false`) or `a !~ b` (`true`).
    Match(bool, Box<Expr>, Box<Expr>),
    /// `(subscripts) in arr`
    In(Vec<Expr>, Var),
    /// `++lv`, `--lv`, `lv++`, `lv--`: (is_increment, is_prefix).
    IncDec(bool, bool, Box<LValue>),
    /// A call of user function number `.0`.
    Call(usize, Vec<Expr>),
    /// A built-in call.
    Builtin(Bf, Vec<Expr>),
    /// `getline`: the source and the variable to set (or `$0`).
    Getline(GetlineSource, Option<Box<LValue>>),
    /// A parenthesized expression (kept so `print (a) > f` and
    /// `(x) in a` parse; evaluates to the inner value).
    Group(Box<Expr>),
}

/// Where `print`/`printf` output goes.
#[derive(Debug, Clone)]
pub enum Redirect {
    /// `> file`
    Write(Expr),
    /// `>> file`
    Append(Expr),
    /// `| command`: not available in the sandbox.
    Pipe(Expr),
}

/// A statement.
#[derive(Debug, Clone)]
pub enum Stmt {
    /// An expression evaluated for its effects.
    Expr(Expr),
    /// `print args [redirect]` (no args: `$0`).
    Print(Vec<Expr>, Option<Redirect>),
    /// `printf fmt, args [redirect]`.
    Printf(Vec<Expr>, Option<Redirect>),
    /// `if`
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    /// `while`
    While(Expr, Box<Stmt>),
    /// `do ... while`
    Do(Box<Stmt>, Expr),
    /// `for (init; cond; step)`
    For(Option<Expr>, Option<Expr>, Option<Expr>, Box<Stmt>),
    /// `for (var in arr)`
    ForIn(LValue, Var, Box<Stmt>),
    /// `{ ... }`
    Block(Vec<Stmt>),
    /// `next`
    Next,
    /// `nextfile`
    NextFile,
    /// `exit [status]`
    Exit(Option<Expr>),
    /// `return [value]`
    Return(Option<Expr>),
    /// `break`
    Break,
    /// `continue`
    Continue,
    /// `delete arr[subs]` or `delete arr` (`None`).
    Delete(Var, Option<Vec<Expr>>),
}

/// A pattern.
#[derive(Debug, Clone)]
pub enum Pattern {
    /// No pattern: every record.
    All,
    /// An expression pattern.
    Expr(Expr),
    /// `p1, p2`: the index is the item's range state slot.
    Range(Expr, Expr, usize),
}

/// A pattern-action item of the main loop.
#[derive(Debug, Clone)]
pub struct Item {
    /// The pattern.
    pub pattern: Pattern,
    /// The action (`None`: print the record).
    pub action: Option<Vec<Stmt>>,
}

/// A user-defined function.
#[derive(Debug, Clone)]
pub struct Function {
    /// Number of parameters (locals).
    pub nparams: usize,
    /// The body.
    pub body: Vec<Stmt>,
}

/// A parsed program.
#[derive(Debug, Clone, Default)]
pub struct Program {
    /// `BEGIN` actions in order.
    pub begin: Vec<Vec<Stmt>>,
    /// Pattern-action items.
    pub items: Vec<Item>,
    /// `END` actions in order.
    pub end: Vec<Vec<Stmt>>,
    /// User functions, indexed by [`Expr::Call`].
    pub functions: Vec<Function>,
    /// Global variable names by slot.
    pub globals: Vec<String>,
    /// Regex constants by index (the ERE text).
    pub regexes: Vec<Vec<u8>>,
    /// Number of range patterns.
    pub ranges: usize,
}
