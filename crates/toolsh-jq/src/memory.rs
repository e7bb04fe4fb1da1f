//! jq values against the execution's memory budget
//! ([`toolsh_command::ExecutionLimits::max_memory_bytes`]).
//!
//! jaq builds values with no bound of its own (`reduce range(40) as $i
//! ("x"; .+.)` reached 2.5 GB). Every constructor our value type owns
//! (`+` on strings and arrays, string repetition, objects, collected
//! arrays, strings from natives) reports the size of the value it makes;
//! the engine thread holds a reservation as large as the largest value
//! made so far. A value the budget cannot cover is refused (an operator
//! returns an error before allocating it) or, from an infallible
//! constructor, marks the budget spent; either way the next `__guard`
//! step stops the program with the memory limit. Values share their
//! parts, so a value's size counts its own bytes and slots, not its
//! children's (those were counted when they were made).

use std::cell::RefCell;
use std::sync::Arc;

use jaq_json::Val;

use toolsh_command::{MemoryBudget, Reservation};

struct State {
    charge: Reservation,
    spent: bool,
}

thread_local! {
    static STATE: RefCell<Option<State>> = const { RefCell::new(None) };
}

/// Charge values made on this thread to `budget` from now on.
pub(crate) fn attach(budget: &Arc<MemoryBudget>) {
    STATE.with(|s| {
        *s.borrow_mut() = Some(State {
            charge: budget.reservation(),
            spent: false,
        });
    });
}

/// The bytes one slot of an array holds, counted twice: a vector grown
/// by doubling has up to as much again in spare capacity.
pub(crate) const SLOT: usize = 2 * std::mem::size_of::<Val>();

/// The bytes `v` holds itself: a string's bytes, an array's or object's
/// slots (twice their size: a vector grown by doubling has up to as much
/// again in spare capacity).
pub(crate) fn own_bytes(v: &Val) -> usize {
    match v {
        Val::TStr(s) | Val::BStr(s) => s.len(),
        Val::Arr(a) => a.len().saturating_mul(SLOT),
        Val::Obj(o) => o.len().saturating_mul(2 * SLOT + 8),
        _ => 0,
    }
}

/// The bytes `v` holds with everything in it (an input as parsed: it
/// was made by the parser, not by the constructors that report their
/// values). Walks the value once, without recursion.
pub(crate) fn deep_bytes(v: &Val) -> usize {
    let mut total = 0usize;
    let mut todo = vec![v];
    while let Some(v) = todo.pop() {
        total = total.saturating_add(own_bytes(v));
        match v {
            Val::Arr(a) => todo.extend(a.iter()),
            Val::Obj(o) => {
                for (k, x) in o.iter() {
                    todo.push(k);
                    todo.push(x);
                }
            }
            _ => {}
        }
    }
    total
}

/// `true` when a value of `bytes` fits the budget (the reservation grows
/// to it if it is the largest so far); `false` marks the budget spent.
pub(crate) fn admit(bytes: usize) -> bool {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        let Some(st) = s.as_mut() else {
            return true;
        };
        if st.spent {
            return false;
        }
        if bytes > st.charge.bytes() && st.charge.resize(bytes).is_err() {
            st.spent = true;
            return false;
        }
        true
    })
}

/// [`admit`] for a value already made.
pub(crate) fn admit_value(v: &Val) {
    let _ = admit(own_bytes(v));
}

/// `true` once a value was refused.
pub(crate) fn spent() -> bool {
    STATE.with(|s| s.borrow().as_ref().is_some_and(|st| st.spent))
}

/// The error an operator returns for a value the budget refused.
pub(crate) fn refused() -> jaq_core::Error<super::value::JqVal> {
    super::value::err("memory limit exceeded")
}
