//! [`ToolDefExtension`]: install a group of tools plus `help` and
//! `discover` into any shell (not only a [`crate::ScriptedTool`]'s).

use std::sync::Arc;

use toolsh_interp::ShellBuilder;

use crate::call::ToolCallRequest;
use crate::commands::commands_for;
use crate::registry::{RegistryError, ToolRegistry};
use crate::tool::ToolImpl;
use crate::trace::TraceLog;

/// A group of tools to install into shells. Cloning copies the
/// configuration (the registry is shared), never trace state: each
/// [`ToolDefExtension::install`] gets a fresh bounded trace.
#[derive(Clone, Debug)]
pub struct ToolDefExtension {
    registry: Arc<ToolRegistry>,
    tenant: Option<String>,
    surface: Option<String>,
}

impl ToolDefExtension {
    /// An extension over `tools` (each registered with the usual checks).
    pub fn new(tools: impl IntoIterator<Item = ToolImpl>) -> Result<Self, RegistryError> {
        let mut registry = ToolRegistry::new();
        for t in tools {
            registry.register(t)?;
        }
        Ok(Self::from_registry(Arc::new(registry)))
    }

    /// An extension over an existing registry.
    pub fn from_registry(registry: Arc<ToolRegistry>) -> Self {
        Self {
            registry,
            tenant: None,
            surface: None,
        }
    }

    /// The tenant recorded in calls made through shells built with it.
    #[must_use]
    pub fn tenant(mut self, tenant: impl Into<String>) -> Self {
        self.tenant = Some(tenant.into());
        self
    }

    /// The surface recorded in calls.
    #[must_use]
    pub fn surface(mut self, surface: impl Into<String>) -> Self {
        self.surface = Some(surface.into());
        self
    }

    /// Add the tool commands, `help` and `discover` to `builder`; returns
    /// the builder and the fresh trace that the shell's calls will fill.
    pub fn install(&self, mut builder: ShellBuilder) -> (ShellBuilder, Arc<TraceLog>) {
        let request = Arc::new(ToolCallRequest {
            tenant: self.tenant.clone(),
            surface: self.surface.clone(),
            trace: Arc::new(TraceLog::new()),
            ..ToolCallRequest::default()
        });
        for c in commands_for(&self.registry, &request) {
            builder = builder.utility(c);
        }
        let builder = builder.command_not_found(Arc::new(
            crate::commands::UnknownCommand::for_execution(&self.registry, &request),
        ));
        (builder, request.trace.clone())
    }
}
