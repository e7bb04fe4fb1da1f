//! Direct command modules: a contract-enforced JSON tool exposed under a
//! flat `MODULE.METHOD` command, with its dispatch mode recorded in the
//! catalog (and so in the fingerprint), bounded by the catalog limits.

use std::collections::BTreeSet;
use std::sync::atomic::Ordering;

use serde::{Deserialize, Serialize};

use crate::descriptor::{Dispatch, ToolFormat};
use crate::error::{CapsError, CapsErrorKind};
use crate::names::is_valid_name;
use crate::runtime::CapabilityRuntime;

/// How a module method completes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModuleMode {
    /// The method's target runs its local handler inside the call; the
    /// script has the result when the command returns. Only for targets
    /// with local dispatch.
    Synchronous,
    /// The method's target is completed by the host through the external
    /// queue (`CapabilityRuntime::claim_external`); the script waits up to
    /// the target's deferred deadline. Only for externally dispatched
    /// targets.
    Deferred,
}

/// A module command as the catalog records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub(crate) struct ModuleEntry {
    pub target: String,
    pub mode: ModuleMode,
}

/// One module method, as [`CapabilityRuntime::module_catalog`] lists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ModuleDescriptor {
    /// The command a script runs (`arithmetic.add`).
    pub command: String,
    /// The module (the part before the first `.`).
    pub module: String,
    /// The method (the rest).
    pub method: String,
    /// The catalog tool it runs, reserved against the lease under this
    /// name.
    pub target: String,
    /// How it completes.
    pub mode: ModuleMode,
}

fn module_err(m: String) -> CapsError {
    CapsError::new(CapsErrorKind::Module, m)
}

impl CapabilityRuntime {
    /// Expose a contract-enforced JSON tool under a flat module command
    /// (`arithmetic.add` → `math.add`), completing as `mode` says (which
    /// must match the target's dispatch). One command per target; at most
    /// `max_modules` modules and `max_module_methods` methods; the command
    /// and its mode are part of the catalog fingerprint. Sealed once the
    /// first lease is issued or the first script runs.
    ///
    /// # Errors
    /// `Busy` once sealed; `Module` for a malformed or taken command, a
    /// target that is not a contract-enforced JSON tool or already has a
    /// command, a mode that does not match the target's dispatch, or a
    /// bound reached; `CatalogLimit` when the serialized catalog would be
    /// too large.
    pub fn add_module(
        &self,
        command: &str,
        target: &str,
        mode: ModuleMode,
    ) -> Result<(), CapsError> {
        if self.sealed.load(Ordering::SeqCst) {
            return Err(CapsError::new(
                CapsErrorKind::Busy,
                "modules are sealed once a lease is issued or a script runs",
            ));
        }
        let mut cat = self.catalog.write().expect("catalog lock");
        let Some((module, _method)) = command.split_once('.') else {
            return Err(module_err(format!(
                "module command '{command}' must be MODULE.METHOD"
            )));
        };
        if !is_valid_name(command) {
            return Err(module_err(format!("invalid module command '{command}'")));
        }
        if cat.entries.contains_key(command) || cat.modules.contains_key(command) {
            return Err(module_err(format!(
                "'{command}' is already a tool or module command"
            )));
        }
        let dispatch = match cat.entries.get(target) {
            Some(e) if e.contract.is_some() && e.policy.format == ToolFormat::Json => {
                e.policy.dispatch
            }
            Some(_) => {
                return Err(module_err(format!(
                    "'{target}' is not a contract-enforced JSON tool"
                )));
            }
            None => return Err(module_err(format!("no tool '{target}'"))),
        };
        match (mode, dispatch) {
            (ModuleMode::Synchronous, Dispatch::HostPump)
            | (ModuleMode::Deferred, Dispatch::External) => {}
            (ModuleMode::Synchronous, Dispatch::External) => {
                return Err(module_err(format!(
                    "'{target}' is completed by the host: its module command must be deferred"
                )));
            }
            (ModuleMode::Deferred, Dispatch::HostPump) => {
                return Err(module_err(format!(
                    "'{target}' runs a local handler: its module command must be synchronous"
                )));
            }
        }
        if cat.modules.values().any(|m| m.target == target) {
            return Err(module_err(format!(
                "'{target}' already has a module command"
            )));
        }
        let modules: BTreeSet<&str> = cat
            .modules
            .keys()
            .filter_map(|k| k.split_once('.').map(|(m, _)| m))
            .collect();
        let limits = self.catalog_limits;
        if !modules.contains(module) && modules.len() >= limits.max_modules {
            return Err(module_err(format!(
                "more than {} modules",
                limits.max_modules
            )));
        }
        if cat.modules.len() >= limits.max_module_methods {
            return Err(module_err(format!(
                "more than {} module methods",
                limits.max_module_methods
            )));
        }
        let mut next = cat.clone();
        next.modules.insert(
            command.to_string(),
            ModuleEntry {
                target: target.to_string(),
                mode,
            },
        );
        let size = next.serialized_len();
        if size > limits.max_serialized_bytes {
            return Err(CapsError::new(
                CapsErrorKind::CatalogLimit,
                format!(
                    "the catalog would be {size} bytes; max_serialized_bytes is {}",
                    limits.max_serialized_bytes
                ),
            ));
        }
        *cat = next;
        self.shared.catalog_version.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    /// Every module method in command order.
    pub fn module_catalog(&self) -> Vec<ModuleDescriptor> {
        self.catalog
            .read()
            .expect("catalog lock")
            .modules
            .iter()
            .map(|(command, m)| {
                let (module, method) = command.split_once('.').unwrap_or((command, ""));
                ModuleDescriptor {
                    command: command.clone(),
                    module: module.to_string(),
                    method: method.to_string(),
                    target: m.target.clone(),
                    mode: m.mode,
                }
            })
            .collect()
    }
}
