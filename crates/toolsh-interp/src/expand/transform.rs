//! `${x@op}` transformations (bash manual 3.5.3): Q E P A a U u L K k.

use toolsh_parser::{ParamExpansion, Parameter, Subscript};

use super::parameter::PVal;
use crate::exec::{Ctl, Interp, R};
use crate::quote;
use crate::state::Value;

impl Interp {
    /// Apply transformation `op`.
    pub(crate) async fn transform(&mut self, op: char, val: PVal, pe: &ParamExpansion) -> R<PVal> {
        Ok(match op {
            'Q' => val.map_q(|s| quote::single(&s)),
            'E' => {
                // ANSI-C quoting's escapes (bash manual 3.1.2.4).
                let utf8 = self.utf8_locale();
                val.map_q(|s| {
                    let mut out = Vec::with_capacity(s.len());
                    let dialect = toolsh_command::escape::Dialect::Ansi;
                    toolsh_command::escape::decode_all(s.as_bytes(), dialect, utf8, &mut out);
                    String::from_utf8_lossy(&out).into_owned()
                })
            }
            'P' => match val {
                PVal::Unset => PVal::Unset,
                PVal::Scalar(s) => PVal::Scalar(self.expand_prompt(&s).await?),
                PVal::List(v, star) => {
                    let mut items = Vec::with_capacity(v.len());
                    for s in v {
                        items.push(self.expand_prompt(&s).await?);
                    }
                    PVal::List(items, star)
                }
            },
            'U' => val.map_q(|s| s.to_uppercase()),
            'L' => val.map_q(|s| s.to_lowercase()),
            'u' => val.map_q(|s| {
                let mut c = s.chars();
                match c.next() {
                    Some(f) => f.to_uppercase().chain(c).collect(),
                    None => s,
                }
            }),
            'a' => {
                let flags = match &pe.param {
                    Parameter::Named(n) => self
                        .st
                        .vars
                        .get(n)
                        .map(|v| crate::builtins::declare::attr_flags(v, false))
                        .unwrap_or_default(),
                    _ => String::new(),
                };
                match val {
                    PVal::List(v, st) => {
                        PVal::List(v.into_iter().map(|_| flags.clone()).collect(), st)
                    }
                    _ => PVal::Scalar(flags),
                }
            }
            'A' => {
                let Parameter::Named(n) = &pe.param else {
                    return Ok(PVal::Unset);
                };
                let Some(var) = self.st.vars.get(n).cloned() else {
                    return Ok(PVal::Unset);
                };
                let whole = matches!(pe.subscript, Some(Subscript::At | Subscript::Star));
                if var.is_array() && whole {
                    PVal::Scalar(crate::builtins::declare::declare_line(n, &var))
                } else {
                    let flags = crate::builtins::declare::attr_flags(&var, false);
                    let v = match val {
                        PVal::Scalar(s) => s,
                        _ => String::new(),
                    };
                    if flags.is_empty() {
                        PVal::Scalar(format!("{n}={}", quote::single(&v)))
                    } else {
                        PVal::Scalar(format!("declare -{flags} {n}={}", quote::single(&v)))
                    }
                }
            }
            'K' | 'k' => {
                let Parameter::Named(n) = &pe.param else {
                    return Ok(val.map_q(|s| quote::single(&s)));
                };
                let whole = matches!(pe.subscript, Some(Subscript::At | Subscript::Star));
                let var = self.st.vars.get(n).cloned();
                match (var, whole) {
                    (Some(v), true) if v.is_array() => {
                        let pairs: Vec<(String, String)> = match &v.value {
                            Value::Indexed(m) => {
                                m.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
                            }
                            Value::Assoc(a) => a
                                .iter()
                                .map(|(k, v)| (k.to_string(), v.to_string()))
                                .collect(),
                            _ => Vec::new(),
                        };
                        if op == 'K' {
                            let parts: Vec<String> = pairs
                                .iter()
                                .map(|(k, v)| format!("{k} {}", quote::double(v)))
                                .collect();
                            let mut s = parts.join(" ");
                            if matches!(v.value, Value::Assoc(_)) && !s.is_empty() {
                                // bash ends an associative list with a blank.
                                s.push(' ');
                            }
                            PVal::Scalar(s)
                        } else {
                            let mut items = Vec::new();
                            for (k, v) in pairs {
                                items.push(k);
                                items.push(v);
                            }
                            PVal::List(items, false)
                        }
                    }
                    _ => val.map_q(|s| quote::single(&s)),
                }
            }
            _ => {
                let n = match &pe.param {
                    Parameter::Named(n) => n.to_string(),
                    Parameter::Positional(p) => p.to_string(),
                    Parameter::Special(c) => c.to_string(),
                };
                self.error(&format!("${{{n}@{op}}}: bad substitution"))
                    .await?;
                return Err(Ctl::Abort(1));
            }
        })
    }
}

impl PVal {
    fn map_q(self, f: impl FnMut(String) -> String) -> PVal {
        match self {
            PVal::Unset => PVal::Unset,
            PVal::Scalar(s) => PVal::Scalar({
                let mut f = f;
                f(s)
            }),
            PVal::List(v, st) => PVal::List(v.into_iter().map(f).collect(), st),
        }
    }
}
