//! Compiled jq programs kept between invocations. Compiling a program
//! loads jaq's standard library and `compat.jq` with it, which costs far
//! more than running a small filter over one value, and scripts call the
//! same `jq '.name'` in loops: the compiled filter for a (program, global
//! variable names) pair is kept in a small process-wide least-recently-used
//! table and shared. Compilation depends on nothing but those two inputs,
//! so a cached filter is the one a fresh compile would give. Errors are not
//! kept (a failing program is not run in a loop for long).

use std::sync::{Arc, Mutex, PoisonError};

use super::compile::{self, Filter};

/// Most programs kept (each holds its own copy of the library terms it
/// uses: tens of kilobytes).
const CAPACITY: usize = 32;

/// A cached program: its text, the global variable names in order, the filter.
type Entry = (Box<str>, Box<[String]>, Arc<Filter>);

/// Most recently used last.
static TABLE: Mutex<Vec<Entry>> = Mutex::new(Vec::new());

/// [`compile::compile`], answered from the table when `code` with the same
/// `globals` was compiled before.
pub(crate) fn compile(code: &str, globals: &[String]) -> Result<Arc<Filter>, String> {
    {
        let mut table = TABLE.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(i) = table
            .iter()
            .rposition(|(c, g, _)| &**c == code && **g == *globals)
        {
            let entry = table.remove(i);
            let filter = entry.2.clone();
            table.push(entry);
            return Ok(filter);
        }
    }
    // Compile outside the lock: another thread may compile the same
    // program meanwhile; both results are equal and the table keeps one.
    let filter = Arc::new(compile::compile(code, globals)?);
    let mut table = TABLE.lock().unwrap_or_else(PoisonError::into_inner);
    if !table
        .iter()
        .any(|(c, g, _)| &**c == code && **g == *globals)
    {
        if table.len() == CAPACITY {
            table.remove(0);
        }
        table.push((code.into(), globals.into(), filter.clone()));
    }
    Ok(filter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_program_shares_one_filter_and_globals_are_part_of_the_key() {
        let code = ".a + $x + 1 # cache test";
        let x = ["$x".to_string()];
        let first = compile(code, &x).unwrap();
        let again = compile(code, &x).unwrap();
        assert!(Arc::ptr_eq(&first, &again));
        let other = compile(code, &["$x".to_string(), "$y".to_string()]).unwrap();
        assert!(!Arc::ptr_eq(&first, &other));
    }

    #[test]
    fn errors_are_reported_every_time() {
        let a = compile(".a | nosuchfn # cache test", &[]).err().unwrap();
        let b = compile(".a | nosuchfn # cache test", &[]).err().unwrap();
        assert_eq!(a, b);
        assert!(a.contains("nosuchfn/0 is not defined"), "{a}");
    }

    #[test]
    fn the_table_stays_bounded() {
        for i in 0..CAPACITY + 5 {
            compile(&format!(". + {i} # bound test"), &[]).unwrap();
        }
        let len = TABLE.lock().unwrap().len();
        assert!(len <= CAPACITY, "{len}");
    }
}
