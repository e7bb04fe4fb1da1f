//! Assigning a run of consecutive elements of an indexed array in one
//! call (`mapfile` reading many lines): the name is resolved, the
//! variable found and its attributes checked once per run rather than
//! once per element, and the run's storage is charged at once.

use super::Interp;
use crate::state::{Value, attr};

/// The attributes under which an element is not stored as given: those
/// runs go element by element through [`Interp::assign_elem`].
const CONVERTING: u16 = attr::READONLY | attr::INTEGER | attr::LOWER | attr::UPPER | attr::ASSOC;

impl Interp {
    /// Assign `values` to elements `first`, `first + 1`, ... of the
    /// indexed array `name` (namerefs followed), with the result and the
    /// errors of one [`Interp::assign_elem`] per value in turn: the same
    /// per-value bound ([`crate::ExecutionLimits::max_variable_bytes`]),
    /// entry bound (`max_array_entries`), and the stored bytes charged
    /// against `max_total_variable_bytes` and the memory budget, once for
    /// the run (callers keep runs to tens of KiB, so the bound is passed by
    /// at most that much before it is seen). An error leaves the elements
    /// before it assigned, as the per-element calls would. A variable
    /// whose attributes convert values (`-i`, `-l`, `-u`), a read-only or
    /// associative one, or one that is not yet an indexed array, goes
    /// through [`Interp::assign_elem`] element by element.
    pub(crate) fn assign_elem_run(
        &mut self,
        name: &str,
        first: i64,
        values: Vec<String>,
    ) -> Result<(), String> {
        let resolved = self.resolve_for_array(name);
        let name = resolved.as_str();
        let plain = self
            .st
            .vars
            .get_raw(name)
            .is_some_and(|v| v.attrs & CONVERTING == 0 && matches!(v.value, Value::Indexed(_)));
        if !plain {
            for (i, v) in values.into_iter().enumerate() {
                let idx = first.saturating_add(i64::try_from(i).unwrap_or(i64::MAX));
                self.assign_elem(name, super::vars::Key::Index(idx), v, false)?;
            }
            return Ok(());
        }
        let max_bytes = self.sh.limits.max_variable_bytes;
        let max_entries = self.sh.limits.max_array_entries;
        let var = self.st.vars.entry_global(name);
        let Value::Indexed(m) = &mut var.value else {
            unreachable!("checked to be an indexed array above");
        };
        let (mut grown, mut entries) = (0usize, 0usize);
        let mut failed = None;
        let mut idx = first;
        for value in values {
            if value.len() > max_bytes {
                failed = Some(super::vars::limit_msg(
                    crate::limits::LimitKind::VariableBytes,
                    max_bytes,
                ));
                break;
            }
            if m.len() >= max_entries && !m.contains_key(&idx) {
                failed = Some(super::vars::limit_msg(
                    crate::limits::LimitKind::ArrayEntries,
                    max_entries,
                ));
                break;
            }
            grown += value.len() + 8;
            entries += 1;
            m.insert(idx, value);
            idx = idx.saturating_add(1);
        }
        if entries > 0 {
            self.charge_var_entries(grown, entries)?;
        }
        failed.map_or(Ok(()), Err)
    }
}
