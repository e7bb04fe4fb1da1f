//! awk's variables and arrays against the execution's memory budget
//! ([`crate::ExecutionLimits::max_memory_bytes`]): each array was bounded
//! by its entries and each string by `max_buffer_bytes`, but not what
//! they hold together (a million entries of 100 KB strings). Assignments
//! hold the bytes they add and give back what they replace; what is
//! dropped unseen (a function's local arrays, arrays cleared by `split`
//! or `match`) is found by recounting the live variables before a
//! refusal. A string shared by several variables counts once per
//! variable.

use std::collections::HashSet;

use super::host::HostStop;
use super::interp::{Array, Cell, Ex, Interp, Jump};
use super::value::Value;

/// What one array entry costs beyond its key's and value's text: the
/// map's slot and index, the key's shared header, the value.
pub const ENTRY_BYTES: usize = 96;

/// The text bytes a value holds.
pub fn value_bytes(v: &Value) -> usize {
    match v {
        Value::Str(s) | Value::StrNum(s) => s.len(),
        Value::Uninit | Value::Num(_) => 0,
    }
}

/// The bytes an array's entries hold.
fn array_bytes(a: &Array) -> usize {
    a.iter()
        .map(|(k, v)| k.len() + value_bytes(v) + ENTRY_BYTES)
        .fold(0, usize::saturating_add)
}

impl Interp<'_> {
    /// Hold `add` more bytes and give back `gone` (what an assignment
    /// replaced). Past the budget, the live variables are recounted and
    /// the growth tried again; then the program stops with the memory
    /// limit.
    pub fn hold(&self, add: usize, gone: usize) -> Ex<()> {
        if add == 0 && gone == 0 {
            // A number replacing a number (`s += $1`): nothing moves.
            return Ok(());
        }
        let mut held = self.held.borrow_mut();
        let kept = held.bytes().saturating_sub(gone);
        if held.resize(kept).and_then(|()| held.grow(add)).is_ok() {
            return Ok(());
        }
        let exact = self.live_bytes();
        let now = held.bytes();
        let _ = held.resize(exact.min(now));
        held.grow(add)
            .map_err(|i| Jump::Stop(HostStop::Interrupt(i)))
    }

    /// The bytes the variables hold now (each array once).
    fn live_bytes(&self) -> usize {
        let mut seen = HashSet::new();
        let mut total = 0usize;
        for cell in self.globals.iter().chain(self.stack.iter()) {
            match cell {
                Cell::Val(v) => total = total.saturating_add(value_bytes(v)),
                Cell::Arr(a) => {
                    if seen.insert(std::rc::Rc::as_ptr(a))
                        && let Ok(a) = a.try_borrow()
                    {
                        total = total.saturating_add(array_bytes(&a));
                    }
                }
                Cell::Ref(_) => {}
            }
        }
        total
    }
}
