//! Circular name references (bash manual 3.4 "Shell Parameters", `declare
//! -n`): the warning and the variable an array assignment then sets.

use super::Interp;
use crate::state::{Value, attr};

/// The warning for a circular nameref chain from `name`; an assignment
/// through it fails with this message and abandons the command.
pub(crate) fn circular_message(name: &str) -> String {
    format!("warning: {name}: circular name reference")
}

impl Interp {
    /// The variable an array assignment to `name` sets: the end of its
    /// nameref chain, or, for a circular chain, `name` itself, which
    /// stops being a nameref (bash 5.2: `a[1]=x` and `a=(x)` make the
    /// nameref `a` of a cycle an array).
    pub(super) fn resolve_for_array(&mut self, name: &str) -> String {
        if self.st.vars.circular(name) {
            if let Some(v) = self.st.vars.get_raw_mut(name) {
                v.attrs &= !attr::NAMEREF;
                v.value = Value::Unset;
            }
            return name.to_string();
        }
        self.st.vars.resolve(name).to_string()
    }
}
