//! Variables: scalars, arrays (created on first use, passed by reference),
//! the special variables and what assigning them changes (POSIX XCU awk
//! "Variables and Special Variables").

use std::rc::Rc;

use super::ast::Var;
use super::fields::FieldSep;
use super::host::HostStop;
use super::interp::{ArrRef, Cell, Ex, Interp, Jump, Loc, fatal, new_array, slot};
use super::records::RecordSep;
use super::regex::Re;
use super::value::{Str, Value, num_to_str};
use toolsh_command::limits::{Interrupt, LimitKind};

impl Interp<'_> {
    fn var_name(&self, v: Var) -> String {
        match v {
            Var::Global(i) => self.prog.globals.get(i).cloned().unwrap_or_default(),
            Var::Local(i) => format!("parameter #{}", i + 1),
        }
    }

    /// The value of a scalar variable.
    pub fn get_var(&mut self, v: Var) -> Ex<Value> {
        let cell = match v {
            Var::Global(slot::NF) => return Ok(Value::Num(self.rec.nf(&self.fs) as f64)),
            Var::Global(i) => &self.globals[i],
            Var::Local(i) => &self.stack[self.frame + i],
        };
        match cell {
            Cell::Val(x) => Ok(x.clone()),
            Cell::Ref(_) => Ok(Value::Uninit),
            Cell::Arr(_) => fatal(format!(
                "attempt to use array `{}' in a scalar context",
                self.var_name(v)
            )),
        }
    }

    /// Assign a scalar variable (special variables take effect).
    pub fn set_var(&mut self, v: Var, val: Value) -> Ex<()> {
        let cell = match v {
            Var::Global(slot::NF) => {
                let n = val.to_num();
                if n < 0.0 {
                    return fatal("NF set to negative value");
                }
                if n > self.bounds.max_entries as f64 {
                    return fatal(format!("NF set to {n}: too many fields"));
                }
                self.rec.set_nf(n as usize, &self.fs);
                return Ok(());
            }
            Var::Global(i) => &mut self.globals[i],
            Var::Local(i) => &mut self.stack[self.frame + i],
        };
        if matches!(cell, Cell::Arr(_)) {
            return fatal(format!(
                "attempt to use array `{}' in a scalar context",
                self.var_name(v)
            ));
        }
        let gone = match cell {
            Cell::Val(old) => super::memory::value_bytes(old),
            _ => 0,
        };
        let add = super::memory::value_bytes(&val);
        *cell = Cell::Val(val);
        self.hold(add, gone)?;
        if let Var::Global(i) = v
            && i < slot::COUNT
        {
            self.special_assigned(i)?;
        }
        Ok(())
    }

    /// A global's string value (for special variables).
    pub fn global_str(&self, i: usize) -> Str {
        match &self.globals[i] {
            Cell::Val(v) => v.to_str(&self.convfmt),
            _ => super::value::empty_str(),
        }
    }

    /// React to an assignment to special variable `i`.
    fn special_assigned(&mut self, i: usize) -> Ex<()> {
        match i {
            slot::FS => {
                // The current record keeps the old FS.
                self.rec.ensure_split(&self.fs);
                self.fs = self.field_sep_for_fs()?;
            }
            slot::RS => {
                let rs = self.global_str(slot::RS);
                self.rs = match rs.len() {
                    0 => RecordSep::Paragraph,
                    1 => RecordSep::Byte(rs[0]),
                    _ => RecordSep::Regex(self.dyn_regex(&rs)?),
                };
                // Paragraph mode makes newline a field separator too.
                self.fs = self.field_sep_for_fs()?;
            }
            slot::OFS => self.ofs = self.global_str(i).to_vec(),
            slot::ORS => self.ors = self.global_str(i).to_vec(),
            slot::SUBSEP => self.subsep = self.global_str(i).to_vec(),
            slot::CONVFMT => self.convfmt = self.global_str(i).to_vec(),
            slot::OFMT => self.ofmt = self.global_str(i).to_vec(),
            _ => {}
        }
        Ok(())
    }

    /// The splitter for the current FS (and RS paragraph mode).
    fn field_sep_for_fs(&mut self) -> Ex<FieldSep> {
        let fs = self.global_str(slot::FS);
        let paragraph = matches!(self.rs, RecordSep::Paragraph);
        let sep = self.field_sep(&fs)?;
        if !paragraph {
            return Ok(sep);
        }
        Ok(match sep {
            FieldSep::Space | FieldSep::Chars(_) => sep,
            FieldSep::Byte(b'\n') => sep,
            FieldSep::Byte(b) => {
                let mut pat = b"[".to_vec();
                if b == b'\\' || b == b']' || b == b'^' || b == b'-' {
                    pat.push(b'\\');
                }
                pat.push(b);
                pat.extend_from_slice(b"\n]");
                FieldSep::Regex(self.dyn_regex(&pat)?)
            }
            FieldSep::Regex(_) => {
                let mut pat = b"(".to_vec();
                pat.extend_from_slice(&fs);
                pat.extend_from_slice(b")|\n");
                FieldSep::Regex(self.dyn_regex(&pat)?)
            }
        })
    }

    /// The splitter for a field separator string (FS or `split`'s third
    /// argument): `" "` blanks, `""` characters, one other character
    /// literally (a backslash too), otherwise an ERE.
    pub fn field_sep(&mut self, fs: &[u8]) -> Ex<FieldSep> {
        Ok(match fs {
            b" " => FieldSep::Space,
            b"" => FieldSep::Chars(self.utf8),
            [b] => FieldSep::Byte(*b),
            _ => FieldSep::Regex(self.dyn_regex(fs)?),
        })
    }

    /// Compile (or fetch) a dynamic regex.
    pub fn dyn_regex(&mut self, pat: &[u8]) -> Ex<Re> {
        self.cache.get(pat).or_else(|e| {
            fatal(format!(
                "invalid regexp /{}/: {e}",
                String::from_utf8_lossy(pat)
            ))
        })
    }

    /// The array stored in variable `v` (created if untyped).
    pub fn array(&mut self, v: Var) -> Ex<ArrRef> {
        let loc = match v {
            Var::Global(i) => Loc::Global(i),
            Var::Local(i) => Loc::Stack(self.frame + i),
        };
        self.array_at(loc, v)
    }

    fn cell_mut(&mut self, loc: Loc) -> &mut Cell {
        match loc {
            Loc::Global(i) => &mut self.globals[i],
            Loc::Stack(i) => &mut self.stack[i],
        }
    }

    fn array_at(&mut self, loc: Loc, v: Var) -> Ex<ArrRef> {
        match self.cell_mut(loc) {
            Cell::Arr(a) => Ok(a.clone()),
            c @ Cell::Val(Value::Uninit) => {
                let a = new_array();
                *c = Cell::Arr(a.clone());
                Ok(a)
            }
            Cell::Val(_) => fatal(format!(
                "attempt to use scalar `{}' as an array",
                self.var_name(v)
            )),
            Cell::Ref(target) => {
                let t = *target;
                let a = self.array_at(t, v)?;
                *self.cell_mut(loc) = Cell::Arr(a.clone());
                Ok(a)
            }
        }
    }

    /// `true` when variable `v` currently holds an array.
    pub fn is_array(&self, v: Var) -> bool {
        let cell = match v {
            Var::Global(i) => &self.globals[i],
            Var::Local(i) => &self.stack[self.frame + i],
        };
        match cell {
            Cell::Arr(_) => true,
            Cell::Ref(loc) => {
                let mut loc = *loc;
                loop {
                    let c = match loc {
                        Loc::Global(i) => &self.globals[i],
                        Loc::Stack(i) => &self.stack[i],
                    };
                    match c {
                        Cell::Arr(_) => return true,
                        Cell::Ref(l) => loc = *l,
                        Cell::Val(_) => return false,
                    }
                }
            }
            Cell::Val(_) => false,
        }
    }

    /// The subscript string for `subs` (joined by SUBSEP; numbers by
    /// CONVFMT, integers as integers).
    pub fn subscript(&mut self, subs: &[super::ast::Expr]) -> Ex<Str> {
        if let [one] = subs {
            let v = self.eval(one)?;
            return Ok(self.key_of(&v));
        }
        let mut out = Vec::new();
        for (i, e) in subs.iter().enumerate() {
            if i > 0 {
                out.extend_from_slice(&self.subsep);
            }
            let v = self.eval(e)?;
            v.write_str(&self.convfmt, &mut out);
        }
        Ok(Rc::from(out))
    }

    /// The subscript string of one value.
    pub fn key_of(&self, v: &Value) -> Str {
        match v {
            Value::Num(n) => Rc::from(num_to_str(*n, &self.convfmt)),
            other => other.to_str(&self.convfmt),
        }
    }

    /// Insert into an array, enforcing the entry limit.
    pub fn array_insert(&self, arr: &ArrRef, key: Str, val: Value) -> Ex<()> {
        let (add, gone) = {
            let a = arr.borrow();
            let old = a.get(&key);
            if a.len() >= self.bounds.max_entries && old.is_none() {
                return Err(Jump::Stop(HostStop::Interrupt(Interrupt::limit(
                    LimitKind::ArrayEntries,
                    self.bounds.max_entries,
                ))));
            }
            let add = super::memory::value_bytes(&val);
            match old {
                Some(o) => (add, super::memory::value_bytes(o)),
                None => (add + key.len() + super::memory::ENTRY_BYTES, 0),
            }
        };
        self.hold(add, gone)?;
        arr.borrow_mut().insert(key, val);
        Ok(())
    }
}
