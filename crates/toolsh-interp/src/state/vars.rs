//! The variable tables with bash's dynamic scoping (bash manual 3.3
//! "Shell Functions": local variables are visible to called functions).
//!
//! Each scope is an `Arc`'d map, so forking the state for a subshell copies
//! only pointers; the first write to a shared scope copies that scope.

use std::collections::HashMap;
use std::sync::Arc;

use super::Map;
use super::value::{Value, Var, attr};

/// Most namerefs followed before giving up (bash warns about circular
/// references at a similar depth).
const MAX_NAMEREF_DEPTH: usize = 16;

/// One function scope (or a temporary-environment scope).
#[derive(Debug, Clone, Default)]
pub(crate) struct Scope {
    /// The variables declared in this scope.
    pub vars: Map<String, Var>,
    /// `true` for the temporary environment of prefix assignments.
    pub temp: bool,
}

/// All variables: the global scope and a stack of local scopes.
#[derive(Debug, Clone, Default)]
pub(crate) struct Vars {
    global: Arc<Map<String, Var>>,
    scopes: Vec<Arc<Scope>>,
    /// Upper bound on [`Vars::total_bytes`]: the last exact count plus the
    /// growth charged since (shrinking is not subtracted, so this never
    /// under-estimates as long as every growth is charged).
    charged: usize,
    /// Emptied scopes kept for the next function call (one allocation
    /// less per call); not shared with forks.
    spare: SpareScopes,
}

/// Most emptied scopes kept for reuse, and the largest map capacity kept
/// (a function with thousands of locals does not pin that memory).
const SPARE_SCOPES: usize = 8;
const SPARE_CAPACITY: usize = 64;

/// Popped scopes ready for reuse. A clone (a fork of the state) starts
/// with none: the spares belong to the state that popped them.
#[derive(Debug, Default)]
struct SpareScopes(Vec<Arc<Scope>>);

impl Clone for SpareScopes {
    fn clone(&self) -> Self {
        SpareScopes(Vec::new())
    }
}

impl Vars {
    /// Number of local scopes.
    pub fn depth(&self) -> usize {
        self.scopes.len()
    }

    /// Push a new local scope.
    pub fn push_scope(&mut self, temp: bool) {
        let reused = self.spare.0.pop().and_then(|mut s| {
            // Spares are never shared, so this always succeeds.
            let inner = Arc::get_mut(&mut s)?;
            inner.temp = temp;
            Some(s)
        });
        let scope = reused.unwrap_or_else(|| {
            Arc::new(Scope {
                vars: Map::default(),
                temp,
            })
        });
        self.scopes.push(scope);
    }

    /// Pop the innermost local scope; its map is kept for reuse when no
    /// fork shares it.
    pub fn pop_scope(&mut self) {
        if let Some(mut s) = self.scopes.pop()
            && self.spare.0.len() < SPARE_SCOPES
            && let Some(inner) = Arc::get_mut(&mut s)
            && inner.vars.capacity() <= SPARE_CAPACITY
        {
            inner.vars.clear();
            self.spare.0.push(s);
        }
    }

    /// The variable `name` without nameref resolution.
    pub fn get_raw(&self, name: &str) -> Option<&Var> {
        for s in self.scopes.iter().rev() {
            if let Some(v) = s.vars.get(name) {
                return Some(v);
            }
        }
        self.global.get(name)
    }

    /// Index of the scope holding `name` (`None` = global or absent).
    fn scope_of(&self, name: &str) -> Option<usize> {
        self.scopes.iter().rposition(|s| s.vars.contains_key(name))
    }

    /// Mutable access to an existing variable (no nameref resolution).
    pub fn get_raw_mut(&mut self, name: &str) -> Option<&mut Var> {
        match self.scope_of(name) {
            Some(i) => Arc::make_mut(&mut self.scopes[i]).vars.get_mut(name),
            None => Arc::make_mut(&mut self.global).get_mut(name),
        }
    }

    /// Follow namerefs from `name`; returns the final name (which may be
    /// `arr[sub]`). A nameref with an empty value resolves to itself. A
    /// circular chain (see [`Self::circular`]) resolves to `""`, a name
    /// no variable has, so it reads as unset.
    pub fn resolve<'a>(&'a self, name: &'a str) -> &'a str {
        self.follow(name).unwrap_or("")
    }

    /// `true` when following namerefs from `name` never reaches a
    /// variable that is not a nameref (`declare -n a=b; declare -n b=a`):
    /// bash 5.2 warns `NAME: circular name reference`.
    pub fn circular(&self, name: &str) -> bool {
        self.follow(name).is_none()
    }

    /// The end of the nameref chain from `name`; `None` for a cycle or a
    /// chain longer than [`MAX_NAMEREF_DEPTH`].
    pub fn follow<'a>(&'a self, name: &'a str) -> Option<&'a str> {
        let mut cur = name;
        for _ in 0..MAX_NAMEREF_DEPTH {
            match self.get_raw(cur) {
                Some(v) if v.has(attr::NAMEREF) => match &v.value {
                    Value::Scalar(t) if !t.is_empty() => cur = t.as_str(),
                    _ => return Some(cur),
                },
                _ => return Some(cur),
            }
        }
        None
    }

    /// `true` when `name` is a variable of a function scope rather than a
    /// global one.
    pub fn is_local(&self, name: &str) -> bool {
        self.scope_of(name).is_some()
    }

    /// The variable `name`, following namerefs.
    pub fn get(&self, name: &str) -> Option<&Var> {
        let v = self.get_raw(name)?;
        if !v.has(attr::NAMEREF) {
            return Some(v);
        }
        self.get_raw(self.resolve(name))
    }

    /// Mutable access to variable `name` (no nameref resolution), created
    /// empty in the global scope when absent.
    pub fn entry_global(&mut self, name: &str) -> &mut Var {
        match self.scope_of(name) {
            Some(i) => Arc::make_mut(&mut self.scopes[i])
                .vars
                .get_mut(name)
                .expect("scope_of found it"),
            None => Arc::make_mut(&mut self.global)
                .entry(name.to_string())
                .or_insert(Var {
                    value: Value::Unset,
                    attrs: 0,
                }),
        }
    }

    /// Mutable access to `name` in the innermost scope (creating it there
    /// unset), as `local` and `declare` in a function do. With no local
    /// scope, the global one.
    pub fn entry_local(&mut self, name: &str) -> (&mut Var, bool) {
        let scopes = &mut self.scopes;
        let map = match scopes.last_mut() {
            Some(s) => &mut Arc::make_mut(s).vars,
            None => Arc::make_mut(&mut self.global),
        };
        let created = !map.contains_key(name);
        let v = map.entry(name.to_string()).or_insert(Var {
            value: Value::Unset,
            attrs: 0,
        });
        (v, created)
    }

    /// Remove `name` from the innermost scope that holds it. A local of the
    /// current function stays declared but unset (bash 5.2 behaviour).
    pub fn remove(&mut self, name: &str) -> Option<Var> {
        match self.scope_of(name) {
            Some(i) if i + 1 == self.scopes.len() && !self.scopes[i].temp => {
                let v = Arc::make_mut(&mut self.scopes[i])
                    .vars
                    .get_mut(name)
                    .expect("present");
                let old = v.clone();
                v.value = Value::Unset;
                v.attrs &= attr::EXPORT;
                Some(old)
            }
            Some(i) => Arc::make_mut(&mut self.scopes[i]).vars.remove(name),
            None => Arc::make_mut(&mut self.global).remove(name),
        }
    }

    /// Every visible variable name with its variable (innermost wins),
    /// sorted by name.
    pub fn visible(&self) -> Vec<(&str, &Var)> {
        let mut map: HashMap<&str, &Var> = HashMap::new();
        for (k, v) in self.global.iter() {
            map.insert(k, v);
        }
        for s in &self.scopes {
            for (k, v) in &s.vars {
                map.insert(k, v);
            }
        }
        let mut out: Vec<(&str, &Var)> = map.into_iter().collect();
        out.sort_by(|a, b| a.0.cmp(b.0));
        out
    }

    /// The variables of the innermost local scope, sorted by name.
    pub fn innermost(&self) -> Vec<(&str, &Var)> {
        let Some(s) = self.scopes.last() else {
            return Vec::new();
        };
        let mut out: Vec<(&str, &Var)> = s.vars.iter().map(|(k, v)| (k.as_str(), v)).collect();
        out.sort_by(|a, b| a.0.cmp(b.0));
        out
    }

    /// Bytes held by every variable in every scope: names, scalar values,
    /// array keys and elements. Walks all scopes (O(variables + elements)).
    pub fn total_bytes(&self) -> usize {
        let scope_bytes = |m: &Map<String, Var>| -> usize {
            m.iter()
                .map(|(k, v)| k.len().saturating_add(v.value_bytes()))
                .fold(0usize, usize::saturating_add)
        };
        self.scopes
            .iter()
            .map(|s| scope_bytes(&s.vars))
            .fold(scope_bytes(&self.global), usize::saturating_add)
    }

    /// [`Vars::total_bytes`] as the memory budget counts it: with
    /// [`super::value::ENTRY_BYTES`] per variable and array entry.
    pub fn total_memory_bytes(&self) -> usize {
        let scope_bytes = |m: &Map<String, Var>| -> usize {
            m.iter()
                .map(|(k, v)| k.len().saturating_add(v.memory_bytes()))
                .fold(0usize, usize::saturating_add)
        };
        self.scopes
            .iter()
            .map(|s| scope_bytes(&s.vars))
            .fold(scope_bytes(&self.global), usize::saturating_add)
    }

    /// Charge `grown` more bytes against `max` total bytes. Returns
    /// `false` when the exact total (recounted only once the running upper
    /// bound passes `max`, so the cost is amortised) is over `max`.
    pub fn charge_bytes(&mut self, grown: usize, max: usize) -> bool {
        self.charged = self.charged.saturating_add(grown);
        if self.charged <= max {
            return true;
        }
        self.charged = self.total_bytes();
        self.charged <= max
    }

    /// Recount the running bound exactly (at the start of a run).
    pub fn recount_bytes(&mut self) {
        self.charged = self.total_bytes();
    }

    /// Insert a variable directly into the global scope.
    pub fn set_global_var(&mut self, name: &str, var: Var) {
        Arc::make_mut(&mut self.global).insert(name.to_string(), var);
    }

    /// Insert into the innermost scope.
    pub fn set_innermost(&mut self, name: &str, var: Var) {
        match self.scopes.last_mut() {
            Some(s) => {
                Arc::make_mut(s).vars.insert(name.to_string(), var);
            }
            None => {
                Arc::make_mut(&mut self.global).insert(name.to_string(), var);
            }
        }
    }
}
