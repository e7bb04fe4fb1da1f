//! The length of an array element, `${#name[subscript]}` (bash manual
//! 3.5.3; the rules of bash 5.2's `array_length_reference`, arrayfunc.c).

use toolsh_parser::{ParamExpansion, ParamOp, Parameter, Subscript};

use super::Piece;
use super::parameter::push_value;
use crate::exec::{Ctl, Interp, R};
use crate::state::Value;

impl Interp {
    /// Expands `${#name[subscript]}` of a variable in the table, as bash
    /// 5.2 does; `Ok(false)` when `pe` is another form (the caller goes on
    /// with the general path).
    ///
    /// - Under `set -u`, an unset variable, one declared without a value
    ///   (`declare -A m`) or a scalar is `name: unbound variable` for any
    ///   subscript, `@` and `*` included: the command is abandoned with
    ///   status 1 (the shell exits under `set -e`).
    /// - Otherwise such a variable counts 0 elements; a scalar counts 1
    ///   for `[@]` / `[*]`, its length for `[0]`, and 0 for any other
    ///   index.
    /// - An array counts its elements for `[@]` / `[*]`; a missing element
    ///   has length 0.
    /// - An empty key of an associative array, or a negative index before
    ///   the first element, is `SUBSCRIPT]: bad array subscript`: the
    ///   command is abandoned with status 1.
    pub(super) async fn element_length(
        &mut self,
        pe: &ParamExpansion,
        dq: bool,
        out: &mut Vec<Piece>,
    ) -> R<bool> {
        let (Some(ParamOp::Length), Parameter::Named(name), Some(sub)) =
            (pe.op.as_deref(), &pe.param, &pe.subscript)
        else {
            return Ok(false);
        };
        if pe.indirect {
            return Ok(false);
        }
        let resolved = self.st.vars.resolve(name);
        if resolved.contains('[') || self.special_array(resolved).is_some() {
            return Ok(false);
        }
        let base = resolved.to_string();
        let Some(var) = self.st.vars.get(&base) else {
            if self.st.opts.nounset {
                return self.unbound_length(name).await;
            }
            return Ok(false);
        };
        let is_assoc = matches!(var.value, Value::Assoc(_));
        let count = match (&var.value, sub) {
            (Value::Unset | Value::Scalar(_), _) if self.st.opts.nounset => {
                return self.unbound_length(name).await;
            }
            (Value::Unset, _) => 0,
            (Value::Scalar(_), Subscript::At | Subscript::Star) => 1,
            (Value::Indexed(m), Subscript::At | Subscript::Star) => m.len(),
            (Value::Assoc(m), Subscript::At | Subscript::Star) => m.len(),
            (_, Subscript::Index(w)) => {
                let text = self.expand_string(w).await?;
                let value = if is_assoc {
                    if text.is_empty() {
                        return self.bad_length_subscript(w).await;
                    }
                    match &self.st.vars.get(&base).map(|v| &v.value) {
                        Some(Value::Assoc(a)) => a.get(&text).map(str::to_string),
                        _ => None,
                    }
                } else {
                    let i = self.arith_text(&text).await?;
                    if self.bad_negative_index(&base, i) {
                        return self.bad_length_subscript(w).await;
                    }
                    self.get_index(&base, i)
                };
                value.map_or(0, |s| self.char_count(&s))
            }
        };
        push_value(
            super::parameter::PVal::Scalar(count.to_string()),
            dq,
            "",
            out,
        );
        Ok(true)
    }

    /// `NAME: unbound variable` for the length form: unlike `$x` under
    /// `set -u`, bash 5.2 only abandons the command (status 1) unless
    /// `set -e` is on, when the shell exits with status 1.
    async fn unbound_length(&mut self, name: &str) -> R<bool> {
        self.error(&format!("{name}: unbound variable")).await?;
        if self.st.opts.errexit {
            return Err(Ctl::Exit(1));
        }
        Err(Ctl::Abort(1))
    }

    /// `SUBSCRIPT]: bad array subscript` for the length form: the source
    /// text of the subscript as bash prints it; abandons the command.
    async fn bad_length_subscript(&mut self, w: &toolsh_parser::Word) -> R<bool> {
        let text = toolsh_parser::print_word(w);
        self.report_error(&format!("{text}]: bad array subscript"))
            .await?;
        Err(Ctl::Abort(1))
    }

    /// Characters of `s`: bytes in the C locale.
    pub(super) fn char_count(&self, s: &str) -> usize {
        // ASCII text is bytes in every locale: no locale lookup.
        if s.is_ascii() {
            s.len()
        } else if self.utf8_locale() {
            s.chars().count()
        } else {
            s.len()
        }
    }
}
