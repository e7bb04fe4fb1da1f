//! Function calls (bash manual 3.3 "Shell Functions").

use std::sync::Arc;

use super::{Ctl, Interp, R};
use crate::limits::{Interrupt, LimitKind};
use crate::state::{CallFrame, Function};

impl Interp {
    /// Call a function with `argv` (`argv[0]` is its name).
    pub async fn call_function(&mut self, f: Function, mut argv: Vec<String>) -> R<i32> {
        if self.st.call_depth() >= self.sh.limits.max_function_depth {
            return Err(Ctl::Interrupt(Interrupt::limit(
                LimitKind::FunctionDepth,
                self.sh.limits.max_function_depth,
            )));
        }
        let mut charge = self.sh.memory.reservation();
        charge
            .grow(Self::positional_bytes(&argv[1..]))
            .map_err(Ctl::Interrupt)?;
        let saved_charge = std::mem::replace(&mut self.pos_charge, charge);
        let name = std::mem::take(&mut argv[0]);
        let saved_pos = std::mem::replace(
            &mut self.st.positional,
            crate::state::Positional::from_argv(argv),
        );
        let call_line = self.st.lineno;
        let traced = self.st.traced_funcs.contains(&name);
        self.st.frames.push(CallFrame {
            name,
            call_line,
            traced,
        });
        // A function that inherits the DEBUG trap runs it once more on
        // entry, for the call itself (bash 5.2 execute_function).
        if self.st.opts.functrace || traced {
            Box::pin(self.debug_trap()).await?;
        }
        self.st.vars.push_scope(false);
        let saved_loop = std::mem::replace(&mut self.st.loop_depth, 0);
        // Boxed: the body's future is large, and inline it would enlarge
        // every simple command's future (a call may be any command).
        let r = Box::pin(self.run_compound(&f.body, &f.redirects)).await;
        self.st.loop_depth = saved_loop;
        let r = match r {
            Ok(s) | Err(Ctl::Return(s)) => Ok(s),
            Err(e) => Err(e),
        };
        if r.is_ok()
            && !self.st.in_trap
            && (self.st.return_trap_depth >= self.st.frames.len()
                || self.st.opts.functrace
                || self.st.frames[self.st.return_trap_depth..]
                    .iter()
                    .all(|f| f.traced))
            && let Some(action) = self.st.traps.get("RETURN").cloned()
        {
            self.st.last_status = *r.as_ref().unwrap_or(&0);
            Box::pin(self.run_trap(&action)).await?;
        }
        self.st.vars.pop_scope();
        self.st.frames.pop();
        self.st.positional = saved_pos;
        self.pos_charge = saved_charge;
        self.st.lineno = call_line;
        r
    }
}

impl Interp {
    /// Function `name` as `declare -f` prints it (bash's layout), or
    /// `None` when there is no such function.
    pub(crate) fn function_definition(&self, name: &str) -> Option<String> {
        let def = self.st.funcs.get(name)?;
        let text = self
            .st
            .func_text
            .get(name)
            .filter(|(d, _)| Arc::ptr_eq(d, def))
            .map(|(_, t)| &**t);
        Some(toolsh_parser::print_function(
            def,
            toolsh_parser::Layout::DeclareF,
            text,
        ))
    }
}
