//! The interpreter: variables and arrays, statements, the main loop over
//! records (POSIX XCU awk "Overall Program Structure", "Actions").
//! Expressions are in `eval.rs`, built-in functions in `builtins.rs`,
//! input and output in `io.rs`.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::SystemTime;

use indexmap::IndexMap;

use super::ast::{LValue, Pattern, Program, Stmt};
use super::fields::{FieldSep, Record};
use super::host::HostStop;
use super::io::Io;
use super::random::Random;
use super::records::RecordSep;
use super::regex::{Re, RegexCache};
use super::value::{Str, Value};
use toolsh_command::limits::{Interrupt, LimitKind};

/// Slots of the special variables (see `parser::SPECIAL_VARS`).
pub mod slot {
    /// NF
    pub const NF: usize = 0;
    /// NR
    pub const NR: usize = 1;
    /// FNR
    pub const FNR: usize = 2;
    /// FS
    pub const FS: usize = 3;
    /// OFS
    pub const OFS: usize = 4;
    /// ORS
    pub const ORS: usize = 5;
    /// RS
    pub const RS: usize = 6;
    /// SUBSEP
    pub const SUBSEP: usize = 7;
    /// CONVFMT
    pub const CONVFMT: usize = 8;
    /// OFMT
    pub const OFMT: usize = 9;
    /// RSTART
    pub const RSTART: usize = 10;
    /// RLENGTH
    pub const RLENGTH: usize = 11;
    /// FILENAME
    pub const FILENAME: usize = 12;
    /// ENVIRON
    pub const ENVIRON: usize = 13;
    /// ARGC
    pub const ARGC: usize = 14;
    /// ARGV
    pub const ARGV: usize = 15;
    /// RT
    pub const RT: usize = 16;
    /// Number of special slots.
    pub const COUNT: usize = 17;
}

/// An awk associative array: insertion-ordered (so `for (k in a)` is
/// deterministic), keyed by subscript strings.
pub type Array = IndexMap<Str, Value, foldhash::fast::RandomState>;

/// A shared array (arrays are passed to functions by reference).
pub type ArrRef = Rc<RefCell<Array>>;

/// A new empty array.
pub fn new_array() -> ArrRef {
    Rc::new(RefCell::new(Array::default()))
}

/// Where a variable lives.
#[derive(Debug, Clone, Copy)]
pub enum Loc {
    /// A global slot.
    Global(usize),
    /// An absolute index into the local stack.
    Stack(usize),
}

/// A variable's storage.
#[derive(Debug, Clone)]
pub enum Cell {
    /// A scalar (or an untyped, uninitialized variable).
    Val(Value),
    /// An array.
    Arr(ArrRef),
    /// An untyped parameter bound to the caller's untyped variable: if the
    /// function uses it as an array, the array is created there.
    Ref(Loc),
}

/// Non-local control flow and fatal conditions.
#[derive(Debug)]
pub enum Jump {
    /// `break`
    Break,
    /// `continue`
    Continue,
    /// `next`
    Next,
    /// `nextfile`
    NextFile,
    /// `exit` (the status is in [`Interp::exit_code`]).
    Exit,
    /// `return`
    Return(Value),
    /// A fatal error (exit status 2).
    Fatal(String),
    /// Broken pipe or an interrupt.
    Stop(HostStop),
}

impl From<HostStop> for Jump {
    fn from(s: HostStop) -> Self {
        Jump::Stop(s)
    }
}

/// Shorthand result type of evaluation.
pub type Ex<T> = Result<T, Jump>;

/// A fatal error.
pub fn fatal<T>(msg: impl Into<String>) -> Ex<T> {
    Err(Jump::Fatal(msg.into()))
}

/// Bounds taken from the shell's `ExecutionLimits`.
#[derive(Debug, Clone)]
#[allow(clippy::struct_field_names)] // the names of the limits they copy
pub struct Bounds {
    /// Bytes buffered for one record, file or string.
    pub max_buffer: usize,
    /// printf width/precision.
    pub max_width: usize,
    /// Iterations of one loop.
    pub max_loop: u64,
    /// Iterations of all loops.
    pub max_total_loop: u64,
    /// Nesting of function calls.
    pub max_depth: usize,
    /// Elements of one array, and the largest field index.
    pub max_entries: usize,
}

/// The interpreter state.
pub struct Interp<'p> {
    /// The program.
    pub prog: &'p Program,
    /// Global variables by slot.
    pub globals: Vec<Cell>,
    /// Function parameters of all active calls.
    pub stack: Vec<Cell>,
    /// Base of the current call's parameters in `stack`.
    pub frame: usize,
    /// Current call depth.
    pub depth: usize,
    /// The current record.
    pub rec: Record,
    /// FS as a splitter.
    pub fs: FieldSep,
    /// RS as a record separator.
    pub rs: RecordSep,
    /// Cached OFS.
    pub ofs: Vec<u8>,
    /// Cached ORS.
    pub ors: Vec<u8>,
    /// Cached SUBSEP.
    pub subsep: Vec<u8>,
    /// Cached CONVFMT.
    pub convfmt: Vec<u8>,
    /// Cached OFMT.
    pub ofmt: Vec<u8>,
    /// Compiled regex constants of the program.
    pub regexes: Vec<Re>,
    /// Dynamic regexes.
    pub cache: RegexCache,
    /// Input and output.
    pub io: Io,
    /// rand()/srand() state.
    pub rng: Random,
    /// Counter for periodic deadline checks.
    pub ticks: u32,
    /// Total loop iterations.
    pub total_loops: u64,
    /// Range pattern states.
    pub ranges: Vec<bool>,
    /// The exit status set by `exit`.
    pub exit_code: i32,
    /// Limits.
    pub bounds: Bounds,
    /// The shell's clock at start (systime, srand()).
    pub now: SystemTime,
    /// Running END actions (getline from the main input returns 0).
    pub in_end: bool,
    /// A UTF-8 locale: `length`, `substr`, `index`, `match`, `toupper`,
    /// `tolower` and `printf` widths and `%c` work in characters, as
    /// gawk's do; off (the C locale), in bytes.
    pub utf8: bool,
    /// What the variables and arrays hold, against the execution's
    /// memory budget ([`super::memory`]).
    pub held: std::cell::RefCell<toolsh_command::Reservation>,
}

impl<'p> Interp<'p> {
    /// A new interpreter; special variables get their defaults.
    pub fn new(prog: &'p Program, io: Io, bounds: Bounds, now: SystemTime) -> Self {
        let mut globals = vec![Cell::Val(Value::Uninit); prog.globals.len()];
        globals[slot::NF] = Cell::Val(Value::Num(0.0));
        globals[slot::NR] = Cell::Val(Value::Num(0.0));
        globals[slot::FNR] = Cell::Val(Value::Num(0.0));
        globals[slot::FS] = Cell::Val(Value::str(b" "));
        globals[slot::OFS] = Cell::Val(Value::str(b" "));
        globals[slot::ORS] = Cell::Val(Value::str(b"\n"));
        globals[slot::RS] = Cell::Val(Value::str(b"\n"));
        globals[slot::SUBSEP] = Cell::Val(Value::str(b"\x1c"));
        globals[slot::CONVFMT] = Cell::Val(Value::str(b"%.6g"));
        globals[slot::OFMT] = Cell::Val(Value::str(b"%.6g"));
        globals[slot::RSTART] = Cell::Val(Value::Num(0.0));
        globals[slot::RLENGTH] = Cell::Val(Value::Num(-1.0));
        globals[slot::FILENAME] = Cell::Val(Value::Uninit);
        globals[slot::ENVIRON] = Cell::Arr(new_array());
        globals[slot::ARGV] = Cell::Arr(new_array());
        globals[slot::ARGC] = Cell::Val(Value::Num(0.0));
        Self {
            prog,
            globals,
            stack: Vec::new(),
            frame: 0,
            depth: 0,
            rec: Record::default(),
            fs: FieldSep::Space,
            rs: RecordSep::Byte(b'\n'),
            ofs: b" ".to_vec(),
            ors: b"\n".to_vec(),
            subsep: b"\x1c".to_vec(),
            convfmt: b"%.6g".to_vec(),
            ofmt: b"%.6g".to_vec(),
            regexes: Vec::new(),
            cache: RegexCache::default(),
            io,
            rng: Random::new(),
            ticks: 0,
            total_loops: 0,
            ranges: vec![false; prog.ranges],
            held: std::cell::RefCell::new(toolsh_command::MemoryBudget::unlimited().reservation()),
            exit_code: 0,
            bounds,
            now,
            in_end: false,
            utf8: false,
        }
    }

    /// Count a unit of work; every 1024 units check the deadline.
    pub fn tick(&mut self) -> Ex<()> {
        self.ticks = self.ticks.wrapping_add(1);
        if self.ticks.is_multiple_of(1024) {
            self.io.host.checkpoint()?;
        }
        Ok(())
    }

    fn count_loop(&mut self, n: &mut u64) -> Ex<()> {
        *n += 1;
        self.total_loops += 1;
        if *n > self.bounds.max_loop {
            return Err(Jump::Stop(HostStop::Interrupt(Interrupt::limit(
                LimitKind::LoopIterations,
                self.bounds.max_loop,
            ))));
        }
        if self.total_loops > self.bounds.max_total_loop {
            return Err(Jump::Stop(HostStop::Interrupt(Interrupt::limit(
                LimitKind::TotalLoopIterations,
                self.bounds.max_total_loop,
            ))));
        }
        self.tick()
    }

    // ---- assignment targets ----

    /// The current value of an lvalue.
    pub fn get_lvalue(&mut self, lv: &LValue) -> Ex<Value> {
        match lv {
            LValue::Var(v) => self.get_var(*v),
            LValue::Field(e) => {
                let i = self.field_index(e)?;
                Ok(self.get_field(i))
            }
            LValue::Index(v, subs) => {
                let key = self.subscript(subs)?;
                let arr = self.array(*v)?;
                let existing = arr.borrow().get(&key).cloned();
                if let Some(x) = existing {
                    return Ok(x);
                }
                self.array_insert(&arr, key, Value::Uninit)?;
                Ok(Value::Uninit)
            }
        }
    }

    /// Assign an lvalue.
    pub fn assign(&mut self, lv: &LValue, val: Value) -> Ex<()> {
        match lv {
            LValue::Var(v) => self.set_var(*v, val),
            LValue::Field(e) => {
                let i = self.field_index(e)?;
                self.set_field(i, val);
                Ok(())
            }
            LValue::Index(v, subs) => {
                let key = self.subscript(subs)?;
                let arr = self.array(*v)?;
                self.array_insert(&arr, key, val)
            }
        }
    }

    /// Evaluate a field index expression.
    pub fn field_index(&mut self, e: &super::ast::Expr) -> Ex<usize> {
        let n = self.eval(e)?.to_num();
        if n < 0.0 || n.is_nan() {
            return fatal(format!("attempt to access field {}", n as i64));
        }
        if n > self.bounds.max_entries as f64 {
            return fatal(format!("field index {n} too large"));
        }
        Ok(n as usize)
    }

    /// `$i`.
    pub fn get_field(&mut self, i: usize) -> Value {
        if i == 0 {
            Value::StrNum(self.rec.text(&self.ofs, &self.convfmt))
        } else {
            self.rec.field(i, &self.fs)
        }
    }

    /// Assign `$i` (`$0` re-splits).
    pub fn set_field(&mut self, i: usize, val: Value) {
        if i == 0 {
            let s = val.to_str(&self.convfmt);
            self.rec.set(s);
        } else {
            self.rec.set_field(i, val, &self.fs);
        }
    }

    /// Set `$0` from input.
    pub fn set_record(&mut self, text: super::value::Str) {
        self.rec.set(text);
    }

    // ---- statements ----

    /// Run statements.
    pub fn exec_block(&mut self, stmts: &[Stmt]) -> Ex<()> {
        for s in stmts {
            self.exec(s)?;
        }
        Ok(())
    }

    fn loop_body(&mut self, body: &Stmt) -> Ex<bool> {
        match self.exec(body) {
            Ok(()) | Err(Jump::Continue) => Ok(true),
            Err(Jump::Break) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Run one statement.
    pub fn exec(&mut self, s: &Stmt) -> Ex<()> {
        match s {
            Stmt::Expr(e) => {
                self.eval(e)?;
            }
            Stmt::Print(args, redir) => self.print(args, redir.as_ref())?,
            Stmt::Printf(args, redir) => self.printf(args, redir.as_ref())?,
            Stmt::If(c, t, e) => {
                if self.cond(c)? {
                    self.exec(t)?;
                } else if let Some(e) = e {
                    self.exec(e)?;
                }
            }
            Stmt::While(c, body) => {
                let mut n = 0;
                while self.cond(c)? {
                    self.count_loop(&mut n)?;
                    if !self.loop_body(body)? {
                        break;
                    }
                }
            }
            Stmt::Do(body, c) => {
                let mut n = 0;
                loop {
                    self.count_loop(&mut n)?;
                    if !self.loop_body(body)? || !self.cond(c)? {
                        break;
                    }
                }
            }
            Stmt::For(init, c, step, body) => {
                if let Some(i) = init {
                    self.eval(i)?;
                }
                let mut n = 0;
                loop {
                    if let Some(c) = c
                        && !self.cond(c)?
                    {
                        break;
                    }
                    self.count_loop(&mut n)?;
                    if !self.loop_body(body)? {
                        break;
                    }
                    if let Some(st) = step {
                        self.eval(st)?;
                    }
                }
            }
            Stmt::ForIn(lv, arr, body) => {
                let a = self.array(*arr)?;
                let keys: Vec<Str> = a.borrow().keys().cloned().collect();
                let mut n = 0;
                for k in keys {
                    if !a.borrow().contains_key(&k) {
                        continue;
                    }
                    self.count_loop(&mut n)?;
                    self.assign(lv, Value::StrNum(k))?;
                    if !self.loop_body(body)? {
                        break;
                    }
                }
            }
            Stmt::Block(b) => self.exec_block(b)?,
            Stmt::Next => return Err(Jump::Next),
            Stmt::NextFile => return Err(Jump::NextFile),
            Stmt::Exit(e) => {
                if let Some(e) = e {
                    let n = self.eval(e)?.to_num();
                    self.exit_code = (n as i64 & 0xff) as i32;
                }
                return Err(Jump::Exit);
            }
            Stmt::Return(e) => {
                let v = match e {
                    Some(e) => self.eval(e)?,
                    None => Value::Uninit,
                };
                return Err(Jump::Return(v));
            }
            Stmt::Break => return Err(Jump::Break),
            Stmt::Continue => return Err(Jump::Continue),
            Stmt::Delete(v, subs) => {
                let arr = self.array(*v)?;
                match subs {
                    None => arr.borrow_mut().clear(),
                    Some(subs) => {
                        let key = self.subscript(subs)?;
                        let gone = arr.borrow_mut().swap_remove_full(&key);
                        if let Some((_, k, v)) = gone {
                            let bytes = k.len() + super::memory::value_bytes(&v);
                            self.hold(0, bytes + super::memory::ENTRY_BYTES)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Run BEGIN, the main loop and END; flush output. Returns the exit
    /// status.
    pub fn run(&mut self) -> Ex<i32> {
        let prog = self.prog;
        let mut exiting = false;
        for b in &prog.begin {
            match self.exec_block(b) {
                Ok(()) => {}
                Err(Jump::Exit) => {
                    exiting = true;
                    break;
                }
                Err(Jump::Next | Jump::NextFile) => return fatal("`next' used in BEGIN action"),
                Err(Jump::Break | Jump::Continue | Jump::Return(_)) => {}
                Err(e) => return Err(e),
            }
        }
        if !exiting && (!prog.items.is_empty() || !prog.end.is_empty()) {
            exiting = self.main_loop()?;
        }
        let _ = exiting;
        self.in_end = true;
        for b in &prog.end {
            match self.exec_block(b) {
                Ok(()) | Err(Jump::Break | Jump::Continue | Jump::Return(_)) => {}
                Err(Jump::Exit) => break,
                Err(Jump::Next | Jump::NextFile) => return fatal("`next' used in END action"),
                Err(e) => return Err(e),
            }
        }
        self.io.flush_all()?;
        Ok(self.exit_code)
    }

    /// The main loop; `Ok(true)` when `exit` ended it.
    fn main_loop(&mut self) -> Ex<bool> {
        let prog = self.prog;
        while let Some((rec, rt)) = self.next_main_record()? {
            self.set_record(rec);
            self.globals[slot::RT] = Cell::Val(Value::Str(rt));
            self.tick()?;
            for item in &prog.items {
                match self.run_item(item) {
                    Ok(()) => {}
                    Err(Jump::Next) => break,
                    Err(Jump::NextFile) => {
                        self.io.main.reader = None;
                        break;
                    }
                    Err(Jump::Exit) => return Ok(true),
                    Err(Jump::Break | Jump::Continue | Jump::Return(_)) => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(false)
    }

    fn run_item(&mut self, item: &super::ast::Item) -> Ex<()> {
        let matched = match &item.pattern {
            Pattern::All => true,
            Pattern::Expr(e) => self.cond(e)?,
            Pattern::Range(a, b, idx) => {
                if self.ranges[*idx] {
                    if self.cond(b)? {
                        self.ranges[*idx] = false;
                    }
                    true
                } else if self.cond(a)? {
                    if !self.cond(b)? {
                        self.ranges[*idx] = true;
                    }
                    true
                } else {
                    false
                }
            }
        };
        if !matched {
            return Ok(());
        }
        if let Some(stmts) = &item.action {
            return self.exec_block(stmts);
        }
        let mut line = self.rec.text(&self.ofs, &self.convfmt).to_vec();
        line.extend_from_slice(&self.ors);
        self.io.write_stdout(&line)
    }
}
