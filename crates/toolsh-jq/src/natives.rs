//! Native filters that replace or add to jaq's: everything that touches
//! the shell (`env`, `now`, `input`, `debug`, `stderr`), and builtins whose
//! jq 1.7.1 behaviour differs from jaq's (`length`, `has`, `indices`,
//! `tojson`, `implode`, `@csv`, `@tsv`, `@html`, `@base64d`, `floor`,
//! `round`, `ceil`, `ltrimstr`; `@base32` is an error, as in jq 1.7.1).
//! Definitions in jq syntax live in `compat.jq`.

use jaq_core::box_iter::box_once;
use jaq_core::native::{Filter, bome, run, v};
use jaq_core::{Exn, RunPtr};
use jaq_json::{Rc, Val};

use super::delpaths;
use super::engine::JqData;
use super::format;
use super::value::{JqVal, err, num_f64};

type Fun = jaq_core::native::Fun<JqData>;

/// The native filters of jaq that we keep, plus ours. Ours come last and
/// jaq's filters of the same name are dropped.
pub(crate) fn all() -> Vec<Fun> {
    let ours: Vec<Fun> = ours()
        .into_vec()
        .into_iter()
        .map(run::<JqData>)
        .map(|(name, args, native)| {
            // `__guard` heads every definition, so it must pass paths and
            // updates through or `def f: .a; f |= 1` would not be a path.
            let native = if name == "__guard" {
                native
                    .with_paths(|cv| match cv.0.data().guard() {
                        Ok(()) => box_once(Ok(cv.1)),
                        Err(code) => box_once(Err(Exn::halt(code))),
                    })
                    .with_update(|cv, f| match cv.0.data().guard() {
                        Ok(()) => f(cv.1),
                        Err(code) => box_once(Err(Exn::halt(code))),
                    })
            } else if name == "__frame" {
                // Ends bodies of definitions with filter parameters
                // (`compile::FRAME_END`): the identity, for paths too.
                native
                    .with_paths(|cv| box_once(Ok(cv.1)))
                    .with_update(|cv, f| f(cv.1))
            } else {
                native
            };
            (name, args, native)
        })
        .collect();
    let replaced: Vec<(&str, usize)> = ours.iter().map(|(n, a, _)| (*n, a.len())).collect();
    let keep = |f: &Fun| {
        !replaced.contains(&(f.0, f.1.len()))
            && !matches!(f.0, "localtime" | "strflocaltime" | "range")
    };
    // jaq's date filters stay reachable under `__jaq_NAME` so `compat.jq`
    // can check inputs first and report jq's messages.
    let wrapped = jaq_std::funs::<JqData>().filter_map(|(name, args, run)| match name {
        "strftime" => Some(("__jaq_strftime", args, run)),
        "mktime" => Some(("__jaq_mktime", args, run)),
        "gmtime" => Some(("__jaq_gmtime", args, run)),
        "todateiso8601" => Some(("__jaq_todateiso8601", args, run)),
        _ => None,
    });
    jaq_core::funs::<JqData>()
        .chain(jaq_std::funs::<JqData>())
        .filter(keep)
        .chain(wrapped)
        .chain(ours)
        .collect()
}

/// Seconds since the epoch of jiff's first and last instants
/// (`-009999-01-02T01:59:59Z`, `9999-12-30T22:00:00Z`).
const EPOCH_RANGE: std::ops::RangeInclusive<f64> = -377_705_023_201.0..=253_402_207_200.0;

/// `Ok` for a number of seconds a date filter can convert, else jq
/// 1.7.1's error for one it cannot.
fn epoch_in_range(n: &jaq_json::Num) -> Result<(), jaq_core::Error<JqVal>> {
    if EPOCH_RANGE.contains(&num_f64(n)) {
        Ok(())
    } else {
        Err(err(
            "error converting number of seconds since epoch to datetime",
        ))
    }
}

fn str_of(v: &JqVal) -> Option<String> {
    v.as_str_bytes()
        .map(|b| String::from_utf8_lossy(b).into_owned())
}

fn json_len(v: &JqVal) -> Result<JqVal, jaq_core::Error<JqVal>> {
    Ok(match &v.0 {
        Val::Null => JqVal::from(0isize),
        Val::Bool(_) => return Err(err(format!("{} has no length", v.describe()))),
        Val::Num(n) => match n {
            jaq_json::Num::Int(i) => JqVal::from(i.abs()),
            _ => JqVal::from(num_f64(n).abs()),
        },
        Val::TStr(b) | Val::BStr(b) => JqVal::from(String::from_utf8_lossy(b).chars().count()),
        Val::Arr(a) => JqVal::from(a.len()),
        Val::Obj(o) => JqVal::from(o.len()),
    })
}

/// jq's `contains`: substrings, recursive for arrays and objects, equality
/// otherwise.
fn contains(a: &Val, b: &Val) -> Result<bool, jaq_core::Error<JqVal>> {
    Ok(match (a, b) {
        (Val::Obj(x), Val::Obj(y)) => {
            for (k, yv) in y.iter() {
                match x.get(k) {
                    Some(xv) if contains(xv, yv)? => {}
                    _ => return Ok(false),
                }
            }
            true
        }
        (Val::Arr(x), Val::Arr(y)) => {
            for yv in y.iter() {
                let mut found = false;
                for xv in x.iter() {
                    if contains(xv, yv)? {
                        found = true;
                        break;
                    }
                }
                if !found {
                    return Ok(false);
                }
            }
            true
        }
        (Val::TStr(x) | Val::BStr(x), Val::TStr(y) | Val::BStr(y)) => {
            y.is_empty() || x.windows(y.len()).any(|w| w == &y[..])
        }
        // Inside arrays and objects, values of different kinds just do not
        // contain each other (jq 1.7.1 `jv_contains`).
        _ => a == b,
    })
}

/// `a | contains(b)`: the kinds must match at the top (jq 1.7.1
/// `f_contains`), then [`contains`].
fn contains_top(a: &Val, b: &Val) -> Result<bool, jaq_core::Error<JqVal>> {
    if JqVal(a.clone()).type_name() != JqVal(b.clone()).type_name() {
        return Err(err(format!(
            "{} and {} cannot have their containment checked",
            JqVal(a.clone()).describe(),
            JqVal(b.clone()).describe()
        )));
    }
    contains(a, b)
}

fn has(v: &JqVal, k: &JqVal) -> Result<bool, jaq_core::Error<JqVal>> {
    match (&v.0, &k.0) {
        (Val::Obj(o), Val::TStr(_) | Val::BStr(_)) => Ok(o.contains_key(&k.0)),
        (Val::Arr(a), Val::Num(n)) => {
            let f = num_f64(n);
            Ok(f >= 0.0 && f < a.len() as f64)
        }
        _ => Err(err(format!(
            "Cannot check whether {} has a {} key",
            v.type_name(),
            k.type_name()
        ))),
    }
}

fn indices(x: &JqVal, y: &JqVal) -> Result<JqVal, jaq_core::Error<JqVal>> {
    let found = |xs: &[Val], ys: &[Val]| -> JqVal {
        if ys.is_empty() {
            return JqVal(Val::Null);
        }
        xs.windows(ys.len())
            .enumerate()
            .filter(|(_, w)| *w == ys)
            .map(|(i, _)| JqVal::from(i))
            .collect()
    };
    Ok(match (&x.0, &y.0) {
        (Val::Null, _) | (_, Val::Null) => JqVal(Val::Null),
        (Val::TStr(a) | Val::BStr(a), Val::TStr(b) | Val::BStr(b)) => {
            if b.is_empty() {
                return Ok(JqVal(Val::Null));
            }
            // jq 1.7.1 reports byte offsets.
            a.windows(b.len())
                .enumerate()
                .filter(|(_, w)| *w == &b[..])
                .map(|(i, _)| JqVal::from(i))
                .collect()
        }
        (Val::Arr(a), Val::Arr(b)) => found(a, b),
        (Val::Arr(a), _) => found(a, std::slice::from_ref(&y.0)),
        _ => {
            return Err(err(format!(
                "Cannot determine indices of {} in {}",
                y.type_name(),
                x.type_name()
            )));
        }
    })
}

fn implode(v: &JqVal) -> Result<JqVal, jaq_core::Error<JqVal>> {
    let Val::Arr(a) = &v.0 else {
        return Err(err("implode input must be an array"));
    };
    let mut s = String::new();
    for x in a.iter() {
        let c = match x {
            Val::Num(n) if !num_f64(n).is_nan() => num_f64(n),
            _ => {
                return Err(err(format!(
                    "{} can't be imploded, unicode codepoint needs to be numeric",
                    JqVal(x.clone()).describe()
                )));
            }
        };
        let c = if c.is_finite() && c >= 0.0 {
            c as u32
        } else {
            0xFFFD
        };
        s.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
    }
    Ok(JqVal::str(s))
}

fn csv_tsv(v: &JqVal, csv: bool) -> Result<JqVal, jaq_core::Error<JqVal>> {
    let Val::Arr(a) = &v.0 else {
        return Err(err(format!(
            "{} cannot be {}-formatted, only an array can be",
            v.describe(),
            if csv { "csv" } else { "tsv" }
        )));
    };
    let mut parts = Vec::with_capacity(a.len());
    for x in a.iter() {
        parts.push(match x {
            Val::Null => String::new(),
            Val::Bool(b) => b.to_string(),
            Val::Num(n) => {
                let mut out = Vec::new();
                format::write_num(&mut out, n);
                String::from_utf8_lossy(&out).into_owned()
            }
            Val::TStr(b) | Val::BStr(b) => {
                let s = String::from_utf8_lossy(b);
                if csv {
                    format!("\"{}\"", s.replace('"', "\"\""))
                } else {
                    s.replace('\\', "\\\\")
                        .replace('\t', "\\t")
                        .replace('\n', "\\n")
                        .replace('\r', "\\r")
                }
            }
            other => {
                return Err(err(format!(
                    "{} is not valid in a csv row",
                    JqVal(other.clone()).describe()
                )));
            }
        });
    }
    Ok(JqVal::str(parts.join(if csv { "," } else { "\t" })))
}

fn html(v: &JqVal) -> JqVal {
    let s = v.to_jq_string();
    let s = str_of(&s).unwrap_or_default();
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '\'' => out.push_str("&apos;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    JqVal::str(out)
}

fn base64d(v: &JqVal) -> Result<JqVal, jaq_core::Error<JqVal>> {
    let s = str_of(&v.to_jq_string()).unwrap_or_default();
    let trimmed = s.trim_end_matches('=');
    let mut out = Vec::with_capacity(trimmed.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in trimmed.bytes() {
        let d = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return Err(err(format!("{} is not valid base64 data", v.describe()))),
        };
        acc = (acc << 6) | u32::from(d);
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    if trimmed.len() % 4 == 1 {
        return Err(err(format!("{} trailing base64 byte found", v.describe())));
    }
    Ok(JqVal::str(String::from_utf8_lossy(&out).into_owned()))
}

fn trimstr(v: JqVal, fix: &JqVal, prefix: bool) -> JqVal {
    let (Some(s), Some(f)) = (v.as_str_bytes(), fix.as_str_bytes()) else {
        return v;
    };
    let sub = if prefix {
        s.strip_prefix(f)
    } else {
        s.strip_suffix(f)
    };
    match sub {
        Some(rest) => JqVal::str(String::from_utf8_lossy(rest).into_owned()),
        None => v,
    }
}

fn message_text(v: &JqVal) -> String {
    match str_of(v) {
        Some(s) => s,
        None => format::to_json(&v.0),
    }
}

fn ours() -> Box<[Filter<RunPtr<JqData>>]> {
    Box::new([
        ("env", v(0), |cv| bome(Ok(cv.0.data().env.clone()))),
        ("now", v(0), |cv| bome(Ok(JqVal::from(cv.0.data().now)))),
        ("input", v(0), |cv| {
            let g = cv.0.data();
            match g.next_input() {
                Some(Ok(v)) => box_once(Ok(v)),
                Some(Err(e)) => bome(Err(err(e))),
                None => bome(Err(err("break"))),
            }
        }),
        ("inputs", v(0), |cv| {
            let g = *cv.0.data();
            Box::new(std::iter::from_fn(move || {
                g.next_input().map(|r| r.map_err(|e| Exn::from(err(e))))
            }))
        }),
        ("input_line_number", v(0), |cv| {
            bome(Ok(JqVal::from(cv.0.data().line_number())))
        }),
        ("input_filename", v(0), |cv| {
            bome(Ok(cv
                .0
                .data()
                .filename()
                .map_or(JqVal(Val::Null), JqVal::str)))
        }),
        ("debug_empty", v(0), |cv| {
            let line = format!("[\"DEBUG:\",{}]\n", format::to_json(&cv.1.0));
            cv.0.data().message(line.as_bytes());
            Box::new(std::iter::empty())
        }),
        ("stderr_empty", v(0), |cv| {
            cv.0.data().message(message_text(&cv.1).as_bytes());
            Box::new(std::iter::empty())
        }),
        ("__halt_error_msg", v(0), |cv| {
            let mut text = message_text(&cv.1);
            if cv.1.as_str_bytes().is_none() {
                text.push('\n');
            }
            cv.0.data().message(text.as_bytes());
            Box::new(std::iter::empty())
        }),
        ("__frame", v(0), |cv| box_once(Ok(cv.1))),
        ("__guard", v(0), |cv| match cv.0.data().guard() {
            Ok(()) => box_once(Ok(cv.1)),
            Err(code) => box_once(Err(Exn::halt(code))),
        }),
        ("range", v(3), |mut cv| {
            let by = cv.0.pop_var();
            let to = cv.0.pop_var();
            let from = cv.0.pop_var();
            let g = *cv.0.data();
            let (Some(f), Some(t), Some(b)) = (from.as_f64(), to.as_f64(), by.as_f64()) else {
                return bome(Err(err("Range bounds must be numeric")));
            };
            let ints = [&from, &to, &by].iter().all(|v| jaq_std::ValT::is_int(*v));
            let mut i = 0u64;
            Box::new(std::iter::from_fn(move || {
                let x = f + b * i as f64;
                let more = if b > 0.0 {
                    x < t
                } else if b < 0.0 {
                    x > t
                } else {
                    false
                };
                if !more {
                    return None;
                }
                i += 1;
                if let Err(code) = g.guard() {
                    return Some(Err(Exn::halt(code)));
                }
                Some(Ok(if ints {
                    JqVal::from(x as isize)
                } else {
                    JqVal::from(x)
                }))
            }))
        }),
        ("length", v(0), |cv| bome(json_len(&cv.1))),
        ("utf8bytelength", v(0), |cv| {
            bome(match cv.1.as_str_bytes() {
                Some(b) => Ok(JqVal::from(b.len())),
                None => Err(err(format!(
                    "{} only strings have UTF-8 byte length",
                    cv.1.describe()
                ))),
            })
        }),
        ("contains", v(1), |mut cv| {
            let y = cv.0.pop_var();
            bome(contains_top(&cv.1.0, &y.0).map(JqVal::from))
        }),
        ("has", v(1), |mut cv| {
            let k = cv.0.pop_var();
            bome(has(&cv.1, &k).map(JqVal::from))
        }),
        ("indices", v(1), |mut cv| {
            let y = cv.0.pop_var();
            bome(indices(&cv.1, &y))
        }),
        ("tojson", v(0), |cv| {
            bome(Ok(JqVal::str(format::to_json(&cv.1.0))))
        }),
        ("tostring", v(0), |cv| bome(Ok(cv.1.to_jq_string()))),
        ("fromjson", v(0), |cv| {
            let Some(s) = cv.1.as_str_bytes() else {
                return bome(Err(err(format!(
                    "{} cannot be parsed as JSON",
                    cv.1.describe()
                ))));
            };
            bome(super::parse::parse_text(s).map(JqVal).map_err(|e| {
                err(format!(
                    "{e} (while parsing '{}')",
                    String::from_utf8_lossy(s)
                ))
            }))
        }),
        ("bsearch", v(1), |mut cv| {
            let x = cv.0.pop_var();
            let Val::Arr(a) = &cv.1.0 else {
                return bome(Err(err(format!(
                    "{} cannot be searched from",
                    cv.1.describe()
                ))));
            };
            let r = match a.binary_search(&x.0) {
                Ok(i) => i as isize,
                Err(i) => -1 - i as isize,
            };
            bome(Ok(JqVal::from(r)))
        }),
        // `.` when it is a number or a broken-down time (an array of at
        // least six numbers), else the error `$msg` (jq 1.7.1's date filters).
        ("__datetime_check", v(1), |mut cv| {
            let msg = cv.0.pop_var();
            let ok = match &cv.1.0 {
                Val::Num(n) => return bome(epoch_in_range(n).map(|()| cv.1)),
                Val::Arr(a) => a.len() >= 6 && a.iter().all(|x| matches!(x, Val::Num(_))),
                _ => false,
            };
            bome(if ok {
                Ok(cv.1)
            } else {
                Err(jaq_core::Error::new(msg))
            })
        }),
        // `.` unless it is a number of seconds outside the dates jiff
        // represents (jaq-std multiplies it into microseconds, which
        // overflowed: `9223372036854775807 | todate` panicked).
        ("__epoch_check", v(0), |cv| match &cv.1.0 {
            Val::Num(n) => bome(epoch_in_range(n).map(|()| cv.1)),
            _ => bome(Ok(cv.1)),
        }),
        ("__nan", v(0), |_| bome(Ok(JqVal::from(f64::NAN)))),
        ("__infinite", v(0), |_| bome(Ok(JqVal::from(f64::INFINITY)))),
        ("__isnan", v(0), |cv| match cv.1.0 {
            Val::Num(ref n) => bome(Ok(JqVal::from(num_f64(n).is_nan()))),
            _ => bome(Ok(JqVal::from(false))),
        }),
        ("__delpaths", v(1), |mut cv| {
            let paths = cv.0.pop_var();
            bome(delpaths::delpaths(cv.1.0, &paths.0).map(JqVal))
        }),
        ("implode", v(0), |cv| bome(implode(&cv.1))),
        ("ltrimstr", v(1), |mut cv| {
            let f = cv.0.pop_var();
            bome(Ok(trimstr(cv.1, &f, true)))
        }),
        ("rtrimstr", v(1), |mut cv| {
            let f = cv.0.pop_var();
            bome(Ok(trimstr(cv.1, &f, false)))
        }),
        ("@csv", v(0), |cv| bome(csv_tsv(&cv.1, true))),
        ("@tsv", v(0), |cv| bome(csv_tsv(&cv.1, false))),
        ("@html", v(0), |cv| bome(Ok(html(&cv.1)))),
        // jaq-std defines `@base64d` as `tostring | decode_base64`.
        ("decode_base64", v(0), |cv| bome(base64d(&cv.1))),
        ("floor", v(0), |cv| bome(cv.1.rounded(f64::floor))),
        ("round", v(0), |cv| bome(cv.1.rounded(f64::round))),
        ("ceil", v(0), |cv| bome(cv.1.rounded(f64::ceil))),
        // jq 1.7.1 has no base32 formats: using one is a runtime error.
        ("@base32", v(0), |_| {
            bome(Err(err("base32 is not a valid format")))
        }),
        ("@base32d", v(0), |_| {
            bome(Err(err("base32d is not a valid format")))
        }),
        ("@json", v(0), |cv| {
            bome(Ok(JqVal::str(format::to_json(&cv.1.0))))
        }),
        ("@text", v(0), |cv| bome(Ok(cv.1.to_jq_string()))),
        ("getpath", v(1), |mut cv| {
            let p = cv.0.pop_var();
            bome(getpath(cv.1, &p))
        }),
    ])
}

fn getpath(v: JqVal, p: &JqVal) -> jaq_core::ValR<JqVal> {
    let Val::Arr(path) = &p.0 else {
        return Err(err("Path must be specified as an array"));
    };
    let mut cur = v;
    for k in path.iter() {
        if matches!(cur.0, Val::Null) {
            return Ok(cur);
        }
        cur = jaq_core::ValT::index(cur, &JqVal(k.clone()))?;
    }
    Ok(cur)
}

/// Shorthand used by the engine to build `$ENV`.
pub(crate) fn object(pairs: impl IntoIterator<Item = (String, JqVal)>) -> JqVal {
    let mut m = jaq_json::Map::default();
    for (k, v) in pairs {
        m.insert(Val::from(k), v.0);
    }
    JqVal(Val::Obj(Rc::new(m)))
}
