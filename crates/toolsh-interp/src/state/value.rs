//! Variable values and attributes (bash manual 3.4 "Shell Parameters", 6.7
//! "Arrays").

use std::collections::BTreeMap;

use super::assoc::AssocArray;

/// Attribute bits of a variable, as `declare` sets them.
pub(crate) mod attr {
    /// `-i`: assignments are evaluated as arithmetic.
    pub const INTEGER: u16 = 1;
    /// `-l`: values converted to lower case.
    pub const LOWER: u16 = 2;
    /// `-u`: values converted to upper case.
    pub const UPPER: u16 = 4;
    /// `-r`: readonly.
    pub const READONLY: u16 = 8;
    /// `-x`: exported.
    pub const EXPORT: u16 = 16;
    /// `-a`: indexed array.
    pub const INDEXED: u16 = 32;
    /// `-A`: associative array.
    pub const ASSOC: u16 = 64;
    /// `-n`: name reference.
    pub const NAMEREF: u16 = 128;
    /// `-t`: trace (inert).
    pub const TRACE: u16 = 256;
}

/// The memory one variable or array entry costs beyond the bytes of its
/// text, for the memory budget: a `String` header (24 bytes), a B-tree
/// slot with its key (about 16 bytes in a half-full node), and the
/// allocator's minimum chunk for the text (32 bytes).
pub(crate) const ENTRY_BYTES: usize = 72;

/// A value: unset (declared only), a string, or an array.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value {
    /// Declared without a value (`local x`, `declare -i n`).
    Unset,
    /// A string.
    Scalar(String),
    /// An indexed array: sparse, ordered by index.
    Indexed(BTreeMap<i64, String>),
    /// An associative array, in bash 5.2's hash-table order.
    Assoc(Box<AssocArray>),
}

/// A variable: value and attributes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Var {
    /// The value.
    pub value: Value,
    /// [`attr`] bits.
    pub attrs: u16,
}

impl Var {
    /// A plain scalar.
    pub fn scalar(s: String) -> Self {
        Var {
            value: Value::Scalar(s),
            attrs: 0,
        }
    }
    /// `true` when the attribute bit is set.
    pub fn has(&self, a: u16) -> bool {
        self.attrs & a != 0
    }
    /// `true` when the variable counts as set (`[[ -v x ]]`, `${x-d}`):
    /// a scalar, or an array with element 0 / key "0".
    pub fn is_set(&self) -> bool {
        match &self.value {
            Value::Unset => false,
            Value::Scalar(_) => true,
            Value::Indexed(m) => m.contains_key(&0),
            Value::Assoc(a) => a.get("0").is_some(),
        }
    }
    /// The scalar view: the string, element 0 or key "0".
    pub fn scalar_value(&self) -> Option<&str> {
        match &self.value {
            Value::Unset => None,
            Value::Scalar(s) => Some(s),
            Value::Indexed(m) => m.get(&0).map(String::as_str),
            Value::Assoc(a) => a.get("0"),
        }
    }
    /// Bytes of the value: the string, or every array key and element
    /// (an indexed key counts as 8 bytes).
    pub fn value_bytes(&self) -> usize {
        match &self.value {
            Value::Unset => 0,
            Value::Scalar(s) => s.len(),
            Value::Indexed(m) => m.values().map(|v| v.len() + 8).sum(),
            Value::Assoc(a) => a.iter().map(|(k, v)| k.len() + v.len()).sum(),
        }
    }
    /// Bytes the value costs in memory: [`Var::value_bytes`] plus
    /// [`ENTRY_BYTES`] for the variable and for every array entry (the
    /// string headers, the map's slots, the allocator's rounding), which
    /// the execution's memory budget is charged.
    pub fn memory_bytes(&self) -> usize {
        let entries = match &self.value {
            Value::Unset | Value::Scalar(_) => 0,
            Value::Indexed(m) => m.len(),
            Value::Assoc(a) => a.len(),
        };
        self.value_bytes()
            .saturating_add(entries.saturating_add(1).saturating_mul(ENTRY_BYTES))
    }
    /// `true` for an indexed or associative array.
    pub fn is_array(&self) -> bool {
        matches!(self.value, Value::Indexed(_) | Value::Assoc(_))
    }
}
