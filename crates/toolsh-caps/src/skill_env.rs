//! The skill environment: variables the host gives every leased shell
//! (the configuration of the skill, the tool package, whose scripts run
//! under the leases: a region, a project id). Never the host's own
//! environment; bounded; not authority, so not part of the fingerprint.

use crate::error::{CapsError, CapsErrorKind};
use crate::runtime::CapabilityRuntime;

/// Most variables in a skill environment.
pub const MAX_SKILL_ENV_VARS: usize = 64;
/// Most bytes of names and values in a skill environment.
pub const MAX_SKILL_ENV_BYTES: usize = 64 * 1024;

/// A shell variable name (bash manual, Definitions: "name": letters,
/// digits and underscores, beginning with a letter or underscore).
fn is_shell_name(n: &str) -> bool {
    let mut b = n.bytes();
    b.next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
        && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

impl CapabilityRuntime {
    /// Replace the skill environment: every shell of
    /// [`CapabilityRuntime::eval_with_capability_lease`] starts with these
    /// variables exported, and [`crate::LeasedExecution::env`] hands them to
    /// a host that builds its own shell. Takes effect for executions
    /// prepared afterwards.
    ///
    /// # Errors
    /// `Environment` for a name that is not a shell name, a duplicate,
    /// more than [`MAX_SKILL_ENV_VARS`] variables or more than
    /// [`MAX_SKILL_ENV_BYTES`] bytes; nothing changes then.
    pub fn set_skill_env<I, K, V>(&self, vars: I) -> Result<(), CapsError>
    where
        I: IntoIterator<Item = (K, V)>,
        K: Into<String>,
        V: Into<String>,
    {
        let err = |m: String| Err(CapsError::new(CapsErrorKind::Environment, m));
        let mut out: Vec<(String, String)> = Vec::new();
        let mut bytes = 0usize;
        for (k, v) in vars {
            let (k, v) = (k.into(), v.into());
            if out.len() >= MAX_SKILL_ENV_VARS {
                return err(format!("more than {MAX_SKILL_ENV_VARS} skill variables"));
            }
            bytes = bytes.saturating_add(k.len() + v.len());
            if bytes > MAX_SKILL_ENV_BYTES {
                return err(format!(
                    "skill variables exceed {MAX_SKILL_ENV_BYTES} bytes"
                ));
            }
            if !is_shell_name(&k) {
                let label = crate::names::audit_label(&self.shared.nonce, &k);
                return err(format!("'{label}' is not a shell variable name"));
            }
            if out.iter().any(|(n, _)| *n == k) {
                return err(format!("skill variable {k} given twice"));
            }
            out.push((k, v));
        }
        *self.shared.skill_env.write().expect("env lock") = out;
        Ok(())
    }

    /// The skill environment, in the order given.
    pub fn skill_env(&self) -> Vec<(String, String)> {
        self.shared.skill_env.read().expect("env lock").clone()
    }
}
