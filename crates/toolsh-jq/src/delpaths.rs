//! jq's `delpaths(PATHS)`: every path is deleted from the original value at
//! once, so `del(.[1], .[2])` removes two elements rather than shifting
//! the second one; paths through `null` or missing keys delete nothing
//! (jq manual, "delpaths(PATHS)"; jq 1.7.1 `src/jv_aux.c`, whose
//! algorithm this follows: sort the paths, group them by their first key,
//! recurse into each group, then delete the keys that end a path).

use jaq_core::{Error, ValT};
use jaq_json::{Rc, Val};

use super::value::{JqVal, err, int_index, is_range_obj, slice_bounds};

type Res = Result<Val, Error<JqVal>>;

/// `v | delpaths(paths)`. Errors: `paths` (or one of its elements) is not
/// an array, or a path meets a value it cannot delete from.
pub(crate) fn delpaths(v: Val, paths: &Val) -> Res {
    let Val::Arr(list) = paths else {
        return Err(err("Paths must be specified as an array"));
    };
    let mut ps: Vec<&[Val]> = Vec::with_capacity(list.len());
    for p in list.iter() {
        match p {
            Val::Arr(a) => ps.push(a.as_slice()),
            other => {
                return Err(err(format!(
                    "Path must be specified as array, not {}",
                    JqVal(other.clone()).type_name()
                )));
            }
        }
    }
    ps.sort();
    match ps.first() {
        None => Ok(v),
        Some([]) => Ok(Val::Null),
        Some(_) => delete_sorted(v, &ps, 0),
    }
}

/// Delete the sorted `paths` (all longer than `depth`) from `v`, whose
/// position is `paths[_][..depth]`.
fn delete_sorted(mut v: Val, paths: &[&[Val]], depth: usize) -> Res {
    let mut keys = Vec::new();
    let mut i = 0;
    while i < paths.len() {
        let key = &paths[i][depth];
        let j = i + paths[i..].iter().take_while(|p| &p[depth] == key).count();
        if paths[i].len() == depth + 1 {
            // The whole key goes; longer paths under it do not matter.
            keys.push(key.clone());
        } else {
            let sub = JqVal(v.clone()).index(&JqVal(key.clone()))?.0;
            if sub != Val::Null {
                let sub = delete_sorted(sub, &paths[i..j], depth + 1)?;
                v = set(v, key, sub)?;
            }
        }
        i = j;
    }
    delete_keys(v, &keys)
}

fn set(v: Val, key: &Val, new: Val) -> Res {
    match (v, key) {
        (Val::Obj(mut o), Val::TStr(_) | Val::BStr(_)) => {
            Rc::make_mut(&mut o).insert(key.clone(), new);
            Ok(Val::Obj(o))
        }
        (Val::Arr(mut a), Val::Num(n)) => {
            let len = a.len();
            let i = int_index(n)
                .and_then(|i| {
                    if i < 0 {
                        len.checked_sub(i.unsigned_abs())
                    } else {
                        Some(i.unsigned_abs())
                    }
                })
                .filter(|i| *i < len)
                .ok_or_else(|| err("Out of bounds negative array index"))?;
            Rc::make_mut(&mut a)[i] = new;
            Ok(Val::Arr(a))
        }
        (Val::Arr(mut a), Val::Obj(o)) if is_range_obj(o).is_some() => {
            let (s, e) = is_range_obj(o).unwrap_or_default();
            let (s, e) = slice_bounds(s.as_ref(), e.as_ref(), a.len())?;
            let Val::Arr(new) = new else {
                return Err(err(
                    "A slice of an array can only be assigned another array",
                ));
            };
            Rc::make_mut(&mut a).splice(s..e, new.iter().cloned());
            Ok(Val::Arr(a))
        }
        (v, _) => Err(err(format!(
            "Cannot update field at object index of {}",
            JqVal(v).type_name()
        ))),
    }
}

/// Delete `keys` (indices, slices or field names) from `v` at once.
fn delete_keys(v: Val, keys: &[Val]) -> Res {
    if keys.is_empty() {
        return Ok(v);
    }
    match v {
        Val::Null => Ok(Val::Null),
        Val::Obj(mut o) => {
            let m = Rc::make_mut(&mut o);
            for k in keys {
                if !matches!(k, Val::TStr(_) | Val::BStr(_)) {
                    return Err(err(format!(
                        "Cannot delete {} field of object",
                        JqVal(k.clone()).type_name()
                    )));
                }
                m.shift_remove(k);
            }
            Ok(Val::Obj(o))
        }
        Val::Arr(a) => {
            let len = a.len();
            let mut gone = vec![false; len];
            for k in keys {
                match k {
                    Val::Num(n) => {
                        let i = int_index(n).and_then(|i| {
                            if i < 0 {
                                len.checked_sub(i.unsigned_abs())
                            } else {
                                Some(i.unsigned_abs())
                            }
                        });
                        if let Some(flag) = i.and_then(|i| gone.get_mut(i)) {
                            *flag = true;
                        }
                    }
                    Val::Obj(o) if is_range_obj(o).is_some() => {
                        let (s, e) = is_range_obj(o).unwrap_or_default();
                        let (s, e) = slice_bounds(s.as_ref(), e.as_ref(), len)?;
                        gone[s..e].iter_mut().for_each(|f| *f = true);
                    }
                    Val::Obj(_) => {
                        return Err(err(
                            "Start and end indices of an array slice must be numbers",
                        ));
                    }
                    _ => {
                        return Err(err(format!(
                            "Cannot delete {} element of array",
                            JqVal(k.clone()).type_name()
                        )));
                    }
                }
            }
            let kept = a
                .iter()
                .zip(&gone)
                .filter(|(_, g)| !**g)
                .map(|(x, _)| x.clone());
            Ok(Val::Arr(Rc::new(kept.collect())))
        }
        other => Err(err(format!(
            "Cannot delete fields from {}",
            JqVal(other).type_name()
        ))),
    }
}
