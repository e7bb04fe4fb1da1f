//! Expression evaluation (POSIX XCU awk "Expressions in awk"), `print` and
//! `printf`, and user function calls.

use std::cmp::Ordering;
use std::rc::Rc;
use toolsh_command::limits::within_buffer;

use super::ast::{Arith, Cmp, Expr, Redirect, Var};
use super::format::{FormatError, sprintf};
use super::interp::{Cell, Ex, Interp, Jump, Loc, fatal};
use super::io::OutMode;
use super::regex::Re;
use super::value::{Value, compare, num_to_str};

/// Stack the expression evaluator keeps free (bytes): well above what one
/// level of evaluation and the builtins it calls use.
const EVAL_RED_ZONE: usize = 4 << 20;

/// Apply an arithmetic operator (division by zero is fatal, as in gawk).
pub fn arith(op: Arith, a: f64, b: f64) -> Ex<f64> {
    Ok(match op {
        Arith::Add => a + b,
        Arith::Sub => a - b,
        Arith::Mul => a * b,
        Arith::Div => {
            if b == 0.0 {
                return fatal("division by zero attempted");
            }
            a / b
        }
        Arith::Mod => {
            if b == 0.0 {
                return fatal("division by zero attempted in `%'");
            }
            a % b
        }
        Arith::Pow => pow(a, b),
    })
}

/// `a ^ b`; integral exponents by repeated multiplication as awk does.
fn pow(a: f64, b: f64) -> f64 {
    if b == b.trunc() && b.abs() < 1024.0 {
        a.powi(b as i32)
    } else {
        a.powf(b)
    }
}

fn bool_num(b: bool) -> Value {
    Value::Num(if b { 1.0 } else { 0.0 })
}

impl Interp<'_> {
    /// Evaluate an expression as a condition.
    pub fn cond(&mut self, e: &Expr) -> Ex<bool> {
        Ok(match e {
            Expr::Regex(i) => {
                let re = self.regexes[*i].clone();
                let text = self.rec.text(&self.ofs, &self.convfmt);
                re.is_match(&text)
            }
            Expr::Cmp(..) | Expr::Match(..) | Expr::And(..) | Expr::Or(..) | Expr::Not(_) => {
                self.eval(e)?.to_num() != 0.0
            }
            _ => self.eval(e)?.is_true(),
        })
    }

    /// The regex an operand denotes: a constant, or a dynamic regex from
    /// the operand's string value.
    pub fn regex_of(&mut self, e: &Expr) -> Ex<Re> {
        if let Expr::Regex(i) = e {
            return Ok(self.regexes[*i].clone());
        }
        let s = self.eval(e)?.to_str(&self.convfmt);
        self.dyn_regex(&s)
    }

    /// Append the string value of a concatenation chain to `out`.
    fn concat_into(&mut self, e: &Expr, out: &mut Vec<u8>) -> Ex<()> {
        if let Expr::Concat(l, r) = e {
            self.concat_into(l, out)?;
            return self.concat_into(r, out);
        }
        let v = self.eval(e)?;
        v.write_str(&self.convfmt, out);
        within_buffer(out.len(), self.bounds.max_buffer)
            .map_err(|e| Jump::Stop(super::host::HostStop::Interrupt(e)))?;
        Ok(())
    }

    /// Evaluate an expression.
    pub fn eval(&mut self, e: &Expr) -> Ex<Value> {
        // A chain of binary operators (`1+1+...`, 50,000 terms) parses
        // as a loop but builds a left-deep tree as deep as it is long:
        // evaluating it recursed past the awk thread's stack and aborted
        // the process. Refuse to go deeper once little stack is left.
        // Leaves do not recurse: they skip the check (a tenth of the
        // cost of `{ s += $1 }` per record).
        match e {
            Expr::Num(n) => return Ok(Value::Num(*n)),
            Expr::Str(s) => return Ok(Value::Str(s.clone())),
            Expr::Var(v) => return self.get_var(*v),
            _ => {}
        }
        if stacker::remaining_stack().is_some_and(|left| left < EVAL_RED_ZONE) {
            return fatal("expression nesting too deep");
        }
        match e {
            Expr::Num(n) => Ok(Value::Num(*n)),
            Expr::Str(s) => Ok(Value::Str(s.clone())),
            Expr::Regex(_) => Ok(bool_num(self.cond(e)?)),
            Expr::Var(v) => self.get_var(*v),
            Expr::Group(e) => self.eval(e),
            Expr::Field(i) => {
                let i = self.field_index(i)?;
                Ok(self.get_field(i))
            }
            Expr::Index(v, subs) => {
                let key = self.subscript(subs)?;
                let arr = self.array(*v)?;
                let existing = arr.borrow().get(&key).cloned();
                if let Some(x) = existing {
                    return Ok(x);
                }
                self.array_insert(&arr, key, Value::Uninit)?;
                Ok(Value::Uninit)
            }
            Expr::Assign(op, lv, rhs) => {
                let val = self.eval(rhs)?;
                let val = match op {
                    // Assigning copies the value; a strnum stays one.
                    None => val,
                    Some(op) => {
                        let cur = self.get_lvalue(lv)?.to_num();
                        Value::Num(arith(*op, cur, val.to_num())?)
                    }
                };
                self.assign(lv, val.clone())?;
                Ok(val)
            }
            Expr::Cond(c, a, b) => {
                if self.cond(c)? {
                    self.eval(a)
                } else {
                    self.eval(b)
                }
            }
            Expr::And(a, b) => Ok(bool_num(self.cond(a)? && self.cond(b)?)),
            Expr::Or(a, b) => Ok(bool_num(self.cond(a)? || self.cond(b)?)),
            Expr::Not(a) => Ok(bool_num(!self.cond(a)?)),
            Expr::Neg(a) => Ok(Value::Num(-self.eval(a)?.to_num())),
            Expr::Plus(a) => Ok(Value::Num(self.eval(a)?.to_num())),
            Expr::Arith(op, a, b) => {
                let x = self.eval(a)?.to_num();
                let y = self.eval(b)?.to_num();
                Ok(Value::Num(arith(*op, x, y)?))
            }
            Expr::Concat(..) => {
                let mut out = Vec::new();
                self.concat_into(e, &mut out)?;
                Ok(Value::Str(Rc::from(out)))
            }
            Expr::Cmp(op, a, b) => {
                let x = self.eval(a)?;
                let y = self.eval(b)?;
                let ord = compare(&x, &y, &self.convfmt);
                let nan = matches!((&x, &y), (Value::Num(p), _) if p.is_nan())
                    || matches!((&x, &y), (_, Value::Num(q)) if q.is_nan());
                let r = match op {
                    Cmp::Lt => ord == Ordering::Less,
                    Cmp::Le => ord != Ordering::Greater,
                    Cmp::Eq => ord == Ordering::Equal && !nan,
                    Cmp::Ne => ord != Ordering::Equal || nan,
                    Cmp::Gt => ord == Ordering::Greater,
                    Cmp::Ge => ord != Ordering::Less,
                };
                Ok(bool_num(r))
            }
            Expr::Match(neg, a, b) => {
                let s = self.eval(a)?.to_str(&self.convfmt);
                let re = self.regex_of(b)?;
                Ok(bool_num(re.is_match(&s) != *neg))
            }
            Expr::In(subs, arr) => {
                let key = self.subscript(subs)?;
                let a = self.array(*arr)?;
                Ok(bool_num(a.borrow().contains_key(&key)))
            }
            Expr::IncDec(inc, pre, lv) => {
                let cur = self.get_lvalue(lv)?.to_num();
                let new = if *inc { cur + 1.0 } else { cur - 1.0 };
                self.assign(lv, Value::Num(new))?;
                Ok(Value::Num(if *pre { new } else { cur }))
            }
            Expr::Call(f, args) => self.call(*f, args),
            Expr::Builtin(bf, args) => self.builtin(*bf, args),
            Expr::Getline(src, lv) => self.getline(src, lv.as_deref()),
        }
    }

    /// Call user function `f`.
    fn call(&mut self, f: usize, args: &[Expr]) -> Ex<Value> {
        let prog = self.prog;
        let func = &prog.functions[f];
        if self.depth >= self.bounds.max_depth {
            return Err(Jump::Stop(super::host::HostStop::Interrupt(
                toolsh_command::limits::Interrupt::limit(
                    toolsh_command::limits::LimitKind::FunctionDepth,
                    self.bounds.max_depth,
                ),
            )));
        }
        self.tick()?;
        let mut cells = Vec::with_capacity(func.nparams);
        for (i, a) in args.iter().enumerate() {
            if i < func.nparams {
                cells.push(self.arg_cell(a)?);
            } else {
                // gawk warns and evaluates surplus arguments.
                self.eval(a)?;
            }
        }
        cells.resize(func.nparams, Cell::Val(Value::Uninit));
        let base = self.stack.len();
        self.stack.extend(cells);
        let saved = self.frame;
        self.frame = base;
        self.depth += 1;
        let r = self.exec_block(&func.body);
        self.depth -= 1;
        self.frame = saved;
        self.stack.truncate(base);
        match r {
            Ok(()) => Ok(Value::Uninit),
            Err(Jump::Return(v)) => Ok(v),
            Err(e) => Err(e),
        }
    }

    /// The cell passed for one argument: arrays by reference, an untyped
    /// variable as a reference the callee may turn into an array, other
    /// values by value.
    fn arg_cell(&mut self, a: &Expr) -> Ex<Cell> {
        if let Expr::Var(v) = a {
            let loc = match v {
                Var::Global(i) => Loc::Global(*i),
                Var::Local(i) => Loc::Stack(self.frame + i),
            };
            if !matches!(v, Var::Global(super::interp::slot::NF)) {
                let cell = match loc {
                    Loc::Global(i) => &self.globals[i],
                    Loc::Stack(i) => &self.stack[i],
                };
                match cell {
                    Cell::Arr(a) => return Ok(Cell::Arr(a.clone())),
                    Cell::Val(Value::Uninit) => return Ok(Cell::Ref(loc)),
                    Cell::Ref(l) => return Ok(Cell::Ref(*l)),
                    Cell::Val(_) => {}
                }
            }
        }
        Ok(Cell::Val(self.eval(a)?))
    }

    /// The output target of a redirection.
    fn target(&mut self, redir: Option<&Redirect>) -> Ex<Option<(Vec<u8>, OutMode)>> {
        Ok(match redir {
            None => None,
            Some(Redirect::Write(e)) => {
                Some((self.eval(e)?.to_str(&self.convfmt).to_vec(), OutMode::Write))
            }
            Some(Redirect::Append(e)) => Some((
                self.eval(e)?.to_str(&self.convfmt).to_vec(),
                OutMode::Append,
            )),
            Some(Redirect::Pipe(cmd)) => {
                let cmd = self.eval(cmd)?.to_str(&self.convfmt);
                return fatal(format!(
                    "print | \"{}\": running commands is not available in the sandbox",
                    String::from_utf8_lossy(&cmd)
                ));
            }
        })
    }

    /// `print`.
    pub fn print(&mut self, args: &[Expr], redir: Option<&Redirect>) -> Ex<()> {
        let mut out = Vec::new();
        if args.is_empty() {
            out.extend_from_slice(&self.rec.text(&self.ofs, &self.convfmt));
        } else {
            for (i, a) in args.iter().enumerate() {
                if i > 0 {
                    out.extend_from_slice(&self.ofs);
                }
                match self.eval(a)? {
                    Value::Num(n) => out.extend_from_slice(&num_to_str(n, &self.ofmt)),
                    v => v.write_str(&self.convfmt, &mut out),
                }
            }
        }
        out.extend_from_slice(&self.ors);
        let target = self.target(redir)?;
        self.emit(target, &out)
    }

    /// `printf`.
    pub fn printf(&mut self, args: &[Expr], redir: Option<&Redirect>) -> Ex<()> {
        let out = self.sprintf_args(args)?;
        let target = self.target(redir)?;
        self.emit(target, &out)
    }

    /// Format `args[0]` with the remaining arguments.
    pub fn sprintf_args(&mut self, args: &[Expr]) -> Ex<Vec<u8>> {
        let fmt = self.eval(&args[0])?.to_str(&self.convfmt);
        let mut vals = Vec::with_capacity(args.len() - 1);
        for a in &args[1..] {
            vals.push(self.eval(a)?);
        }
        match sprintf(&fmt, &vals, &self.convfmt, self.bounds.max_width, self.utf8) {
            Ok(v) => Ok(v),
            Err(FormatError::NotEnoughArgs) => {
                fatal("not enough arguments to satisfy format string")
            }
            Err(FormatError::TooWide(max)) => Err(Jump::Stop(super::host::HostStop::Interrupt(
                toolsh_command::limits::Interrupt::limit(
                    toolsh_command::limits::LimitKind::FormatWidth,
                    max,
                ),
            ))),
        }
    }

    fn emit(&mut self, target: Option<(Vec<u8>, OutMode)>, data: &[u8]) -> Ex<()> {
        match target {
            None => self.io.write_stdout(data),
            Some((name, mode)) => self.io.write_to(&name, mode, data),
        }
    }
}
