//! A tool's implementation: its definition plus sync and/or async
//! callbacks (and an optional dry-run handler).

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use crate::args::ToolArgs;
use crate::def::ToolDef;

/// The result of a callback: the output text (often JSON), or an error
/// message (shown to the script only when error sanitization is off).
pub type ToolResult = Result<String, String>;

/// A boxed future of a [`ToolResult`].
pub type ToolFuture = Pin<Box<dyn Future<Output = ToolResult> + Send + 'static>>;

/// A synchronous callback.
pub type SyncToolFn = dyn Fn(&ToolArgs) -> ToolResult + Send + Sync;

/// An asynchronous callback.
pub type AsyncToolFn = dyn Fn(ToolArgs) -> ToolFuture + Send + Sync;

/// A tool: a [`ToolDef`] and at least one callback. Cheap to clone
/// (callbacks are shared by `Arc`).
///
/// When both a sync and an async callback are set, the async one runs.
#[derive(Clone)]
pub struct ToolImpl {
    /// The definition.
    pub def: ToolDef,
    pub(crate) sync_exec: Option<Arc<SyncToolFn>>,
    pub(crate) async_exec: Option<Arc<AsyncToolFn>>,
    pub(crate) dry_run: Option<Arc<SyncToolFn>>,
}

impl std::fmt::Debug for ToolImpl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ToolImpl")
            .field("def", &self.def)
            .field("sync", &self.sync_exec.is_some())
            .field("async", &self.async_exec.is_some())
            .field("dry_run", &self.dry_run.is_some())
            .finish()
    }
}

impl ToolImpl {
    /// A tool with no callback yet (calling it fails until one is set).
    pub fn new(def: ToolDef) -> Self {
        Self {
            def,
            sync_exec: None,
            async_exec: None,
            dry_run: None,
        }
    }

    /// Set the synchronous callback. It runs on the interpreter's task, so
    /// it should not block for long; use [`ToolImpl::with_async_exec`] for
    /// I/O.
    #[must_use]
    pub fn with_exec<F>(mut self, f: F) -> Self
    where
        F: Fn(&ToolArgs) -> ToolResult + Send + Sync + 'static,
    {
        self.sync_exec = Some(Arc::new(f));
        self
    }

    /// Set the asynchronous callback. It runs as its own task under the
    /// execution deadline; a timeout drops it.
    #[must_use]
    pub fn with_async_exec<F, Fut>(mut self, f: F) -> Self
    where
        F: Fn(ToolArgs) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = ToolResult> + Send + 'static,
    {
        self.async_exec = Some(Arc::new(move |a| Box::pin(f(a)) as ToolFuture));
        self
    }

    /// Run the callback directly, without flags, validation or gates (for
    /// a layer that wraps a tool in its own dispatcher, e.g. the capability
    /// runtime). The async callback wins when both are set; with none the
    /// result is an error naming the tool.
    pub fn invoke(&self, args: ToolArgs) -> ToolFuture {
        if let Some(f) = &self.async_exec {
            return f(args);
        }
        let out = match &self.sync_exec {
            Some(f) => f(&args),
            None => Err(format!("tool '{}' has no callback", self.def.name)),
        };
        Box::pin(std::future::ready(out))
    }

    /// Set a dry-run handler: `<tool> --dry-run` prints its output instead
    /// of the default `{"dry_run":true,...}` report.
    #[must_use]
    pub fn with_dry_run<F>(mut self, f: F) -> Self
    where
        F: Fn(&ToolArgs) -> ToolResult + Send + Sync + 'static,
    {
        self.dry_run = Some(Arc::new(f));
        self
    }
}
