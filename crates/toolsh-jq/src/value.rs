//! The value type our jq runs on: jaq-json's `Val` with jq 1.7.1's
//! semantics where jaq's differ: error messages, null padding on `.[n] = x`,
//! floored float indices, slicing `null`, insertion-ordered deletion,
//! truncating `%`, string repetition and number formatting in string
//! interpolation (jq manual, "Basic filters" and "Utility operators").

use std::fmt;

use jaq_core::box_iter::box_once;
use jaq_core::path::Opt;
use jaq_core::{Error, Exn, ValR, ValX};
use jaq_json::{Num, Rc, Val};

use super::format;
use super::memory;

/// A jq value.
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct JqVal(pub Val);

type R = ValR<JqVal>;

/// An error whose message is `msg` (what `catch` receives as a string).
pub(crate) fn err(msg: impl Into<String>) -> Error<JqVal> {
    Error::new(JqVal::from(msg.into()))
}

impl JqVal {
    /// jq's type name (`"null"`, `"boolean"`, `"number"`, ...).
    pub fn type_name(&self) -> &'static str {
        match &self.0 {
            Val::Null => "null",
            Val::Bool(_) => "boolean",
            Val::Num(_) => "number",
            Val::TStr(_) | Val::BStr(_) => "string",
            Val::Arr(_) => "array",
            Val::Obj(_) => "object",
        }
    }

    /// `type (value)` with the value truncated as jq does in messages.
    pub fn describe(&self) -> String {
        format!("{} ({})", self.type_name(), truncated(&self.0))
    }

    /// The string's bytes, if this is a string.
    pub fn as_str_bytes(&self) -> Option<&[u8]> {
        match &self.0 {
            Val::TStr(b) | Val::BStr(b) => Some(b),
            _ => None,
        }
    }

    /// The number as a double, if this is a number.
    pub fn as_f64(&self) -> Option<f64> {
        match &self.0 {
            Val::Num(n) => Some(num_f64(n)),
            _ => None,
        }
    }

    /// A string value.
    pub fn str(s: impl Into<String>) -> Self {
        Self(Val::from(s.into()))
    }

    /// jq's `tostring`: strings unchanged, everything else as compact JSON.
    pub fn to_jq_string(&self) -> Self {
        match &self.0 {
            Val::TStr(_) => self.clone(),
            Val::BStr(b) => Self(Val::TStr(b.clone())),
            v => Self::str(format::to_json(v)),
        }
    }
}

/// The value of a number as a double.
pub(crate) fn num_f64(n: &Num) -> f64 {
    match n {
        Num::Int(i) => *i as f64,
        Num::Float(f) => *f,
        Num::Dec(s) => s.parse().unwrap_or(f64::NAN),
        Num::BigInt(_) => n.to_string().parse().unwrap_or(f64::NAN),
    }
}

/// Compact JSON cut to 11 bytes plus `...` when longer than 14 bytes, as
/// jq's error messages show values.
pub(crate) fn truncated(v: &Val) -> String {
    let s = format::to_json(v);
    if s.len() <= 14 {
        return s;
    }
    let mut end = 11;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}...", &s[..end])
}

impl fmt::Display for JqVal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&format::to_json(&self.0))
    }
}

impl From<bool> for JqVal {
    fn from(b: bool) -> Self {
        Self(Val::Bool(b))
    }
}
impl From<isize> for JqVal {
    fn from(i: isize) -> Self {
        Self(Val::from(i))
    }
}
impl From<usize> for JqVal {
    fn from(i: usize) -> Self {
        Self(Val::from(i))
    }
}
impl From<f64> for JqVal {
    fn from(f: f64) -> Self {
        Self(Val::from(f))
    }
}
impl From<String> for JqVal {
    fn from(s: String) -> Self {
        let _ = memory::admit(s.len());
        Self(Val::from(s))
    }
}
impl From<jaq_core::val::Range<JqVal>> for JqVal {
    fn from(r: jaq_core::val::Range<JqVal>) -> Self {
        Self(Val::from(r.start.map(|v| v.0)..r.end.map(|v| v.0)))
    }
}
impl FromIterator<JqVal> for JqVal {
    fn from_iter<T: IntoIterator<Item = JqVal>>(iter: T) -> Self {
        let v = Val::Arr(Rc::new(iter.into_iter().map(|v| v.0).collect()));
        memory::admit_value(&v);
        Self(v)
    }
}

/// An index as jq reads it: floats are floored (`.[1.5]` is `.[1]`).
pub(crate) fn int_index(n: &Num) -> Option<isize> {
    if let Num::Int(i) = n {
        Some(*i)
    } else {
        let f = num_f64(n).floor();
        (f.is_finite() && f.abs() < 9e15).then_some(f as isize)
    }
}

/// Resolve a possibly negative index against `len`.
fn abs_index(i: isize, len: usize) -> Option<usize> {
    if i >= 0 {
        Some(i as usize)
    } else {
        len.checked_sub(i.unsigned_abs())
    }
}

/// Slice bounds as jq computes them: `null` is open, floats are floored
/// (start) or ceiled (end), negatives count from the end, all clamped.
pub(crate) fn slice_bounds(
    start: Option<&JqVal>,
    end: Option<&JqVal>,
    len: usize,
) -> Result<(usize, usize), Error<JqVal>> {
    let conv = |v: Option<&JqVal>, is_end: bool| -> Result<Option<isize>, Error<JqVal>> {
        match v.map(|v| &v.0) {
            None | Some(Val::Null) => Ok(None),
            // jq 1.7.1 reads a NaN bound as an open one.
            Some(Val::Num(n)) if num_f64(n).is_nan() => Ok(None),
            Some(Val::Num(n)) => {
                let f = num_f64(n);
                let f = if is_end { f.ceil() } else { f.floor() };
                Ok(Some(f.clamp(-1e15, 1e15) as isize))
            }
            Some(_) => Err(err(
                "Start and end indices of an array slice must be numbers",
            )),
        }
    };
    let clamp = |i: isize| -> usize {
        if i < 0 {
            len.saturating_sub(i.unsigned_abs())
        } else {
            (i as usize).min(len)
        }
    };
    let s = conv(start, false)?.map_or(0, clamp);
    let e = conv(end, true)?.map_or(len, clamp);
    Ok((s, e.max(s)))
}

/// Byte offsets of characters `s..e` of a UTF-8 string.
fn char_range(b: &[u8], s: usize, e: usize) -> (usize, usize) {
    let text = String::from_utf8_lossy(b);
    if text.len() != b.len() {
        return (s.min(b.len()), e.min(b.len()));
    }
    let mut offs = text.char_indices().map(|(i, _)| i).chain([b.len()]);
    let mut at = |k: usize| offs.nth(k).unwrap_or(b.len());
    let bs = at(s);
    let be = if e > s { at(e - s - 1) } else { bs };
    (bs, be)
}

fn char_len(b: &[u8]) -> usize {
    String::from_utf8_lossy(b).chars().count()
}

pub(crate) fn is_range_obj(o: &jaq_json::Map) -> Option<(Option<JqVal>, Option<JqVal>)> {
    let start = o.get(&Val::from("start".to_string()));
    let end = o.get(&Val::from("end".to_string()));
    (start.is_some() || end.is_some()).then(|| (start.cloned().map(JqVal), end.cloned().map(JqVal)))
}

fn index_error(v: &Val, k: &Val) -> Error<JqVal> {
    let t = JqVal(v.clone()).type_name();
    match k {
        Val::TStr(_) | Val::BStr(_) => err(format!(
            "Cannot index {t} with string {}",
            format::to_json(k)
        )),
        _ => err(format!(
            "Cannot index {t} with {}",
            JqVal(k.clone()).type_name()
        )),
    }
}

fn iterate_error(v: &Val) -> Error<JqVal> {
    err(format!(
        "Cannot iterate over {}",
        JqVal(v.clone()).describe()
    ))
}

fn unwrap_rc<T: Clone>(a: Rc<T>) -> T {
    Rc::try_unwrap(a).unwrap_or_else(|a| (*a).clone())
}

impl jaq_core::ValT for JqVal {
    fn from_num(n: &str) -> R {
        Ok(Self(Val::from_num(n).map_err(|e| err(e.to_string()))?))
    }

    fn from_map<I: IntoIterator<Item = (Self, Self)>>(iter: I) -> R {
        let mut m = jaq_json::Map::default();
        for (k, v) in iter {
            if !matches!(k.0, Val::TStr(_) | Val::BStr(_)) {
                return Err(err(format!("Cannot use {} as object key", k.describe())));
            }
            m.insert(k.0, v.0);
        }
        let v = Val::obj(m);
        memory::admit_value(&v);
        Ok(Self(v))
    }

    fn key_values(self) -> Box<dyn Iterator<Item = ValR<(Self, Self), Self>>> {
        match self.0 {
            Val::Arr(a) => Box::new(
                unwrap_rc(a)
                    .into_iter()
                    .enumerate()
                    .map(|(i, x)| Ok((Self::from(i), Self(x)))),
            ),
            Val::Obj(o) => Box::new(
                unwrap_rc(o)
                    .into_iter()
                    .map(|(k, v)| Ok((Self(k), Self(v)))),
            ),
            v => box_once(Err(iterate_error(&v))),
        }
    }

    fn values(self) -> Box<dyn Iterator<Item = R>> {
        match self.0 {
            Val::Arr(a) => Box::new(unwrap_rc(a).into_iter().map(|x| Ok(Self(x)))),
            Val::Obj(o) => Box::new(unwrap_rc(o).into_iter().map(|(_, v)| Ok(Self(v)))),
            v => box_once(Err(iterate_error(&v))),
        }
    }

    fn index(self, index: &Self) -> R {
        match (&self.0, &index.0) {
            (Val::Null, Val::TStr(_) | Val::BStr(_) | Val::Num(_) | Val::Null) => {
                Ok(Self(Val::Null))
            }
            (Val::Null, Val::Obj(o)) if is_range_obj(o).is_some() => Ok(Self(Val::Null)),
            (Val::Obj(o), Val::TStr(_) | Val::BStr(_)) => {
                Ok(Self(o.get(&index.0).cloned().unwrap_or(Val::Null)))
            }
            (Val::Arr(a), Val::Num(n)) => Ok(Self(
                int_index(n)
                    .and_then(|i| abs_index(i, a.len()))
                    .and_then(|i| a.get(i).cloned())
                    .unwrap_or(Val::Null),
            )),
            (Val::Arr(a), Val::Arr(b)) => {
                if b.is_empty() {
                    return Ok(Self(Val::Null));
                }
                let idx = a
                    .windows(b.len())
                    .enumerate()
                    .filter(|(_, w)| *w == &b[..])
                    .map(|(i, _)| Self::from(i));
                Ok(idx.collect())
            }
            (Val::Arr(_) | Val::TStr(_) | Val::BStr(_), Val::Obj(o)) => match is_range_obj(o) {
                Some((s, e)) => self.range(s.as_ref()..e.as_ref()),
                None => Err(index_error(&self.0, &index.0)),
            },
            _ => Err(index_error(&self.0, &index.0)),
        }
    }

    fn range(self, range: jaq_core::val::Range<&Self>) -> R {
        match &self.0 {
            Val::Null => Ok(self),
            Val::Arr(a) => {
                let (s, e) = slice_bounds(range.start, range.end, a.len())?;
                Ok(Self(Val::Arr(Rc::new(a[s..e].to_vec()))))
            }
            Val::TStr(b) | Val::BStr(b) => {
                let (s, e) = slice_bounds(range.start, range.end, char_len(b))?;
                let (bs, be) = char_range(b, s, e);
                Ok(Self(Val::utf8_str(b.slice(bs..be))))
            }
            v => Err(err(format!(
                "Cannot index {} with object",
                JqVal(v.clone()).type_name()
            ))),
        }
    }

    fn map_values<'a, I: Iterator<Item = ValX<'a, Self>>>(
        self,
        opt: Opt,
        f: impl Fn(Self) -> I,
    ) -> ValX<'a, Self> {
        match self.0 {
            Val::Arr(a) => {
                let mut out = Vec::with_capacity(a.len());
                for x in unwrap_rc(a) {
                    if let Some(y) = f(Self(x)).next() {
                        out.push(y?.0);
                    }
                }
                Ok(Self(Val::Arr(Rc::new(out))))
            }
            Val::Obj(o) => {
                let mut out = jaq_json::Map::default();
                for (k, v) in unwrap_rc(o) {
                    if let Some(y) = f(Self(v)).next() {
                        out.insert(k, y?.0);
                    }
                }
                Ok(Self(Val::obj(out)))
            }
            v => opt.fail(Self(v), |v| Exn::from(iterate_error(&v.0))),
        }
    }

    fn map_index<'a, I: Iterator<Item = ValX<'a, Self>>>(
        mut self,
        index: &Self,
        opt: Opt,
        f: impl Fn(Self) -> I,
    ) -> ValX<'a, Self> {
        if let (Val::Arr(_) | Val::TStr(_) | Val::BStr(_) | Val::Null, Val::Obj(o)) =
            (&self.0, &index.0)
            && let Some((s, e)) = is_range_obj(o)
        {
            return self.map_range(s.as_ref()..e.as_ref(), opt, f);
        }
        if matches!(self.0, Val::Null) {
            self.0 = match &index.0 {
                Val::TStr(_) | Val::BStr(_) => Val::obj(jaq_json::Map::default()),
                Val::Num(_) => Val::Arr(Rc::new(Vec::new())),
                _ => return opt.fail(self, |v| Exn::from(index_error(&v.0, &index.0))),
            };
        }
        match (&mut self.0, &index.0) {
            (Val::Obj(o), Val::TStr(_) | Val::BStr(_)) => {
                let o = Rc::make_mut(o);
                let old = o.get(&index.0).cloned().unwrap_or(Val::Null);
                match f(Self(old)).next().transpose()? {
                    Some(y) => {
                        if let Some(slot) = o.get_mut(&index.0) {
                            *slot = y.0;
                        } else {
                            o.insert(index.0.clone(), y.0);
                        }
                    }
                    None => {
                        o.shift_remove(&index.0);
                    }
                }
                Ok(self)
            }
            (Val::Arr(a), Val::Num(n)) => {
                if num_f64(n).is_nan() {
                    return opt.fail(self, |_| {
                        Exn::from(err("Cannot set array element at NaN index"))
                    });
                }
                let Some(i) = int_index(n) else {
                    return opt.fail(self, |_| Exn::from(err("Array index too large")));
                };
                let len = a.len();
                let Some(i) = abs_index(i, len) else {
                    return opt.fail(self, |_| {
                        Exn::from(err("Out of bounds negative array index"))
                    });
                };
                if i > 100_000_000 {
                    return opt.fail(self, |_| Exn::from(err("Array index too large")));
                }
                // Padding to the index is the array's growth: refused
                // before it is allocated when the budget cannot hold it
                // (`[] | .[67108865] = 1` is 1.5 GB of slots).
                if i >= a.len() && !memory::admit((i + 1).saturating_mul(memory::SLOT)) {
                    return Err(Exn::from(memory::refused()));
                }
                let a = Rc::make_mut(a);
                let old = a.get(i).cloned().unwrap_or(Val::Null);
                match f(Self(old)).next().transpose()? {
                    Some(y) => {
                        if i >= a.len() {
                            a.resize(i + 1, Val::Null);
                        }
                        a[i] = y.0;
                    }
                    None => {
                        if i < a.len() {
                            a.remove(i);
                        }
                    }
                }
                Ok(self)
            }
            _ => {
                let e = index_error(&self.0, &index.0);
                opt.fail(self, |_| Exn::from(e))
            }
        }
    }

    fn map_range<'a, I: Iterator<Item = ValX<'a, Self>>>(
        mut self,
        range: jaq_core::val::Range<&Self>,
        opt: Opt,
        f: impl Fn(Self) -> I,
    ) -> ValX<'a, Self> {
        if matches!(self.0, Val::Null) {
            self.0 = Val::Arr(Rc::new(Vec::new()));
        }
        match &mut self.0 {
            Val::Arr(a) => {
                let (s, e) = match slice_bounds(range.start, range.end, a.len()) {
                    Ok(b) => b,
                    Err(e) => return opt.fail(self, |_| Exn::from(e)),
                };
                let slice = Self(Val::Arr(Rc::new(a[s..e].to_vec())));
                let new = match f(slice).next().transpose()? {
                    Some(Self(Val::Arr(y))) => unwrap_rc(y),
                    Some(_) => {
                        return Err(Exn::from(err(
                            "A slice of an array can only be assigned another array",
                        )));
                    }
                    None => Vec::new(),
                };
                Rc::make_mut(a).splice(s..e, new);
                Ok(self)
            }
            Val::TStr(_) | Val::BStr(_) => {
                opt.fail(self, |_| Exn::from(err("Cannot update string slices")))
            }
            v => {
                let e = err(format!(
                    "Cannot update field at object index of {}",
                    JqVal(v.clone()).type_name()
                ));
                opt.fail(self, |_| Exn::from(e))
            }
        }
    }

    fn as_bool(&self) -> bool {
        !matches!(self.0, Val::Null | Val::Bool(false))
    }

    fn into_string(self) -> Self {
        self.to_jq_string()
    }
}

impl jaq_std::ValT for JqVal {
    fn into_seq<S: FromIterator<Self>>(self) -> Result<S, Self> {
        match self.0 {
            Val::Arr(a) => Ok(unwrap_rc(a).into_iter().map(Self).collect()),
            v => Err(Self(v)),
        }
    }
    fn is_int(&self) -> bool {
        self.0.is_int()
    }
    fn as_isize(&self) -> Option<isize> {
        jaq_std::ValT::as_isize(&self.0)
    }
    fn as_f64(&self) -> Option<f64> {
        JqVal::as_f64(self)
    }
    fn is_utf8_str(&self) -> bool {
        matches!(self.0, Val::TStr(_) | Val::BStr(_))
    }
    fn as_bytes(&self) -> Option<&[u8]> {
        self.as_str_bytes()
    }
    fn as_sub_str(&self, sub: &[u8]) -> Self {
        Self(self.0.as_sub_str(sub))
    }
    fn from_utf8_bytes(b: impl AsRef<[u8]> + Send + 'static) -> Self {
        let _ = memory::admit(b.as_ref().len());
        Self(Val::from_utf8_bytes(b))
    }
}

fn binop_error(l: &JqVal, r: &JqVal, what: &str) -> Error<JqVal> {
    err(format!(
        "{} and {} cannot be {what}",
        l.describe(),
        r.describe()
    ))
}

/// jq computes with doubles; exact integer arithmetic (`exact`) is used
/// only while operands and result stay within 2^53, where both agree, so
/// `13911860366432393 - 10` is `13911860366432382` as in jq 1.7.1.
fn num_op(a: &Num, b: &Num, exact: impl FnOnce() -> ValR<Val>, op: fn(f64, f64) -> f64) -> R {
    const SAFE: usize = 1 << 53;
    if let (Num::Int(x), Num::Int(y)) = (a, b)
        && x.unsigned_abs() <= SAFE
        && y.unsigned_abs() <= SAFE
    {
        let v = num_result(exact())?;
        if matches!(&v.0, Val::Num(Num::Int(c)) if c.unsigned_abs() <= SAFE) {
            return Ok(v);
        }
    }
    Ok(JqVal::from(op(num_f64(a), num_f64(b))))
}

fn num_result(v: ValR<Val>) -> R {
    v.map(JqVal).map_err(|e| err(e.to_string()))
}

impl std::ops::Add for JqVal {
    type Output = R;
    fn add(self, rhs: Self) -> R {
        match (&self.0, &rhs.0) {
            (Val::Null, _) => Ok(rhs),
            (_, Val::Null) => Ok(self),
            (Val::Num(a), Val::Num(b)) => {
                num_op(a, b, || self.0.clone() + rhs.0.clone(), |x, y| x + y)
            }
            (Val::TStr(_) | Val::BStr(_), Val::TStr(_) | Val::BStr(_))
            | (Val::Arr(_), Val::Arr(_))
            | (Val::Obj(_), Val::Obj(_)) => {
                // Refused before jaq allocates the sum, which exists
                // beside its operands (`.+.` copies a shared operand).
                let size = memory::own_bytes(&self.0)
                    .saturating_add(memory::own_bytes(&rhs.0))
                    .saturating_mul(2);
                if !memory::admit(size) {
                    return Err(memory::refused());
                }
                num_result(self.0 + rhs.0)
            }
            _ => Err(binop_error(&self, &rhs, "added")),
        }
    }
}

impl std::ops::Sub for JqVal {
    type Output = R;
    fn sub(self, rhs: Self) -> R {
        match (&self.0, &rhs.0) {
            (Val::Num(a), Val::Num(b)) => {
                num_op(a, b, || self.0.clone() - rhs.0.clone(), |x, y| x - y)
            }
            (Val::Arr(_), Val::Arr(_)) => num_result(self.0 - rhs.0),
            _ => Err(binop_error(&self, &rhs, "subtracted")),
        }
    }
}

/// Longest string `"s" * n` builds (64 MiB, the default
/// `max_buffer_bytes`): past it the product is an error, where jq 1.7.1
/// would allocate it (or, past `i32::MAX`, return null).
const MAX_REPEAT_BYTES: usize = 64 << 20;

impl std::ops::Mul for JqVal {
    type Output = R;
    fn mul(self, rhs: Self) -> R {
        match (&self.0, &rhs.0) {
            (Val::Num(a), Val::Num(b)) => {
                num_op(a, b, || self.0.clone() * rhs.0.clone(), |x, y| x * y)
            }
            (Val::Obj(_), Val::Obj(_)) => num_result(self.0 * rhs.0),
            (Val::TStr(s) | Val::BStr(s), Val::Num(n))
            | (Val::Num(n), Val::TStr(s) | Val::BStr(s)) => {
                let f = num_f64(n);
                if f.is_nan() || f < 0.0 {
                    return Ok(Self(Val::Null));
                }
                let times = f.min(1e9) as usize;
                if s.len().saturating_mul(times) > MAX_REPEAT_BYTES {
                    return Err(err("Repeat string result too long"));
                }
                if !memory::admit(s.len().saturating_mul(times)) {
                    return Err(memory::refused());
                }
                Ok(Self(Val::utf8_str(s.repeat(times))))
            }
            _ => Err(binop_error(&self, &rhs, "multiplied")),
        }
    }
}

impl std::ops::Div for JqVal {
    type Output = R;
    fn div(self, rhs: Self) -> R {
        match (&self.0, &rhs.0) {
            (Val::Num(_), Val::Num(d)) => {
                if num_f64(d) == 0.0 {
                    return Err(binop_error(
                        &self,
                        &rhs,
                        "divided because the divisor is zero",
                    ));
                }
                num_result(self.0 / rhs.0)
            }
            (Val::TStr(a), Val::TStr(_) | Val::BStr(_)) if a.is_empty() => {
                Ok(Self(Val::Arr(Rc::new(Vec::new()))))
            }
            (Val::TStr(_) | Val::BStr(_), Val::TStr(_) | Val::BStr(_)) => {
                num_result(self.0 / rhs.0)
            }
            _ => Err(binop_error(&self, &rhs, "divided")),
        }
    }
}

impl std::ops::Rem for JqVal {
    type Output = R;
    fn rem(self, rhs: Self) -> R {
        match (&self.0, &rhs.0) {
            (Val::Num(a), Val::Num(b)) => {
                // jq 1.7.1 `f_mod`: NaN in, NaN out; otherwise both sides
                // are truncated to integers, saturating (`as` does that).
                if num_f64(a).is_nan() || num_f64(b).is_nan() {
                    return Ok(Self::from(f64::NAN));
                }
                let to_int = |n: &Num| -> i64 {
                    if let Num::Int(i) = n {
                        *i as i64
                    } else {
                        num_f64(n) as i64
                    }
                };
                let (x, y) = (to_int(a), to_int(b));
                if y == 0 {
                    return Err(binop_error(
                        &self,
                        &rhs,
                        "divided (remainder) because the divisor is zero",
                    ));
                }
                let r = if y == -1 { 0 } else { x % y };
                Ok(Self(Val::from(r as isize)))
            }
            _ => Err(binop_error(&self, &rhs, "divided")),
        }
    }
}

impl JqVal {
    /// `floor`, `round`, `ceil`: jq computes them on doubles, so
    /// `1e18 | floor` prints `1e+18`; exact integers stay as they are.
    pub fn rounded(self, f: impl FnOnce(f64) -> f64) -> R {
        match &self.0 {
            Val::Num(Num::Int(i)) if i.unsigned_abs() <= 1 << 53 => Ok(self),
            Val::Num(n) => Ok(Self::from(f(num_f64(n)))),
            _ => Err(err(format!("{} number required", self.describe()))),
        }
    }
}

impl std::ops::Neg for JqVal {
    type Output = R;
    fn neg(self) -> R {
        // jq negates doubles: `-1.0` is `-1`, `-0` is `-0`, `-1e1000`
        // is the lowest double.
        match &self.0 {
            Val::Num(Num::Int(i)) if *i != 0 && i.unsigned_abs() <= 1 << 53 => {
                Ok(Self(Val::from(-*i)))
            }
            Val::Num(n) => Ok(Self::from(-num_f64(n))),
            _ => Err(err(format!("{} cannot be negated", self.describe()))),
        }
    }
}
