//! The tool layer's shell commands: one [`Utility`] per tool, plus `help`
//! and `discover`. Each carries the shared registry and the execution's
//! [`ToolCallRequest`].

use std::sync::Arc;
use std::time::Instant;

use async_trait::async_trait;
use toolsh_interp::{Utility, UtilityContext, UtilityResult, write_status};

use crate::call::{CallOutcome, ToolCallRequest};
use crate::def::ToolDef;
use crate::registry::ToolRegistry;
use crate::trace::{InvocationTrace, TraceKind};
use crate::{discover, help};

/// A tool as a shell command.
pub struct ToolCommand {
    registry: Arc<ToolRegistry>,
    name: String,
    request: Arc<ToolCallRequest>,
}

impl ToolCommand {
    /// The command for tool `name` of `registry`, in the execution
    /// described by `request`.
    pub fn new(
        registry: Arc<ToolRegistry>,
        name: impl Into<String>,
        request: Arc<ToolCallRequest>,
    ) -> Self {
        Self {
            registry,
            name: name.into(),
            request,
        }
    }
}

/// Write an outcome to the command's streams and return its status.
async fn emit(ctx: &UtilityContext<'_>, out: &CallOutcome) -> UtilityResult {
    write_status(ctx.stdout.write_str(&out.stdout).await)?;
    write_status(ctx.stderr.write_str(&out.stderr).await)?;
    Ok(out.exit_code)
}

#[async_trait]
impl Utility for ToolCommand {
    fn name(&self) -> &str {
        &self.name
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        call_tool(&self.registry, &self.name, &self.request, ctx).await
    }
}

/// Call tool `name` of `registry` with the command's arguments and piped
/// stdin, and write the outcome to the command's streams.
async fn call_tool(
    registry: &ToolRegistry,
    name: &str,
    request: &ToolCallRequest,
    ctx: &mut UtilityContext<'_>,
) -> UtilityResult {
    // A loop's shared stdin is left for the loop's own `read`.
    let stdin = if ctx.stdin.has_source() && !ctx.stdin_from_loop {
        let max = ctx.shell.limits().max_buffer_bytes;
        let bytes = ctx.stdin.read_to_end(max).await?;
        Some(String::from_utf8_lossy(&bytes).into_owned())
    } else {
        None
    };
    let deadline = ctx.shell.deadline();
    let out = registry
        .call(name, &ctx.args[1..], stdin, request, deadline)
        .await;
    emit(ctx, &out).await
}

/// The `help` command.
pub struct HelpCommand {
    registry: Arc<ToolRegistry>,
    request: Arc<ToolCallRequest>,
}

impl HelpCommand {
    /// `help` over `registry`.
    pub fn new(registry: Arc<ToolRegistry>, request: Arc<ToolCallRequest>) -> Self {
        Self { registry, request }
    }

    fn answer(&self, args: &[String]) -> CallOutcome {
        let defs = self.registry.definitions();
        let json = args.iter().any(|a| a == "--json");
        let rest: Vec<&String> = args.iter().filter(|a| *a != "--json").collect();
        let ok = |stdout: String| CallOutcome {
            exit_code: 0,
            stdout,
            stderr: String::new(),
        };
        match rest.as_slice() {
            [] if json => ok(format!(
                "{}\n",
                serde_json::to_string_pretty(&defs).unwrap_or_default()
            )),
            [] => ok(help::overview(defs)),
            [flag] if flag.as_str() == "--list" => ok(help::list(defs)),
            [name] => match self.registry.get(name) {
                Some(d) if json => ok(help::tool_json(d)),
                Some(d) => ok(help::tool_usage(d)),
                None => {
                    let hint = crate::flags::suggest(name, self.registry.names())
                        .map(|s| format!(" (did you mean {s}?)"))
                        .unwrap_or_default();
                    CallOutcome {
                        exit_code: 127,
                        stdout: String::new(),
                        stderr: format!("help: {name}: unknown tool{hint}\n"),
                    }
                }
            },
            _ => CallOutcome {
                exit_code: 2,
                stdout: String::new(),
                stderr: "help: usage: help [--list | TOOL] [--json]\n".to_string(),
            },
        }
    }
}

#[async_trait]
impl Utility for HelpCommand {
    fn name(&self) -> &'static str {
        "help"
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let start = Instant::now();
        let out = self.answer(&ctx.args[1..]);
        self.request.trace.push(InvocationTrace {
            name: "help".into(),
            kind: TraceKind::Help,
            argv: ctx.args[1..].to_vec(),
            exit_code: out.exit_code,
            duration: start.elapsed(),
            params: None,
            output: None,
        });
        emit(ctx, &out).await
    }
}

/// The `discover` command.
pub struct DiscoverCommand {
    registry: Arc<ToolRegistry>,
    request: Arc<ToolCallRequest>,
}

impl DiscoverCommand {
    /// `discover` over `registry`.
    pub fn new(registry: Arc<ToolRegistry>, request: Arc<ToolCallRequest>) -> Self {
        Self { registry, request }
    }
}

#[async_trait]
impl Utility for DiscoverCommand {
    fn name(&self) -> &'static str {
        "discover"
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        let start = Instant::now();
        let defs: Vec<&ToolDef> = self.registry.definitions();
        let (code, stdout, stderr) = discover::run(&defs, &ctx.args[1..]);
        self.request.trace.push(InvocationTrace {
            name: "discover".into(),
            kind: TraceKind::Discover,
            argv: ctx.args[1..].to_vec(),
            exit_code: code,
            duration: start.elapsed(),
            params: None,
            output: None,
        });
        emit(
            ctx,
            &CallOutcome {
                exit_code: code,
                stdout,
                stderr,
            },
        )
        .await
    }
}

/// The handler for names nothing answers (install with
/// `ShellBuilder::command_not_found`): bash's `NAME: command not found`,
/// status 127, plus the nearest tool name when the name is a plausible
/// typo of one (`orders.lst` → `did you mean orders.list?`).
///
/// Built with [`UnknownCommand::for_execution`], it also answers the
/// calls of the registry's hidden tools ([`ToolRegistry::hide`]): those
/// are not shell commands (`type` and `command -v` do not
/// know them), but a script that names one is told that it is denied
/// (`<tool>: denied: <reason>`, status 1) by the gates, not that it does
/// not exist.
pub struct UnknownCommand {
    names: Vec<String>,
    hidden: Option<(Arc<ToolRegistry>, Arc<ToolCallRequest>)>,
}

impl UnknownCommand {
    /// A handler suggesting among `registry`'s tools.
    pub fn new(registry: &ToolRegistry) -> Self {
        Self::with_names(registry.names().map(str::to_string))
    }

    /// A handler suggesting among `names`.
    pub fn with_names(names: impl IntoIterator<Item = String>) -> Self {
        Self {
            names: names.into_iter().collect(),
            hidden: None,
        }
    }

    /// A handler suggesting among `registry`'s listed tools that also
    /// routes a call of one of its hidden tools to
    /// [`ToolRegistry::call`] (which denies it) in the execution
    /// described by `request`: the handler to pair with
    /// [`commands_for`].
    pub fn for_execution(registry: &Arc<ToolRegistry>, request: &Arc<ToolCallRequest>) -> Self {
        Self {
            hidden: Some((registry.clone(), request.clone())),
            ..Self::new(registry)
        }
    }

    /// When the command being run (`ctx.args[0]`) is a hidden tool of
    /// the registry given to [`UnknownCommand::for_execution`], call it
    /// (the gates deny it) and return its status; `None` otherwise, for
    /// the caller's own not-found handling.
    ///
    /// # Errors
    /// An interrupt (a limit, cancellation) while reading stdin or
    /// writing the outcome.
    pub async fn run_hidden(&self, ctx: &mut UtilityContext<'_>) -> Option<UtilityResult> {
        let (registry, request) = self.hidden.as_ref()?;
        let name = ctx.args.first()?.clone();
        if !registry.is_hidden(&name) {
            return None;
        }
        Some(call_tool(registry, &name, request, ctx).await)
    }

    /// The message for `name` (without the `toolsh: line N: ` prefix).
    pub fn message(&self, name: &str) -> String {
        let hint = crate::flags::suggest(name, self.names.iter().map(String::as_str))
            .map(|s| format!(" (did you mean {s}?)"))
            .unwrap_or_default();
        format!("{name}: command not found{hint}")
    }
}

#[async_trait]
impl Utility for UnknownCommand {
    fn name(&self) -> &'static str {
        "command_not_found"
    }

    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        if let Some(r) = self.run_hidden(ctx).await {
            return r;
        }
        let name = ctx.args.first().map_or("", String::as_str);
        let message = match ctx.shell.lineno() {
            0 => format!("toolsh: {}\n", self.message(name)),
            line => format!("toolsh: line {line}: {}\n", self.message(name)),
        };
        write_status(ctx.stderr.write_str(&message).await)?;
        Ok(127)
    }
}

/// Every command of a tool set for one execution: each listed tool,
/// `help` and `discover`. Hidden tools ([`ToolRegistry::hide`]) are not
/// commands, so `type`, `command -v` and `--help` do not reveal them; install [`UnknownCommand::for_execution`] as the shell's
/// not-found handler so that their calls are denied by the gates (status
/// 1) rather than unknown.
pub fn commands_for(
    registry: &Arc<ToolRegistry>,
    request: &Arc<ToolCallRequest>,
) -> Vec<Arc<dyn Utility>> {
    let mut v: Vec<Arc<dyn Utility>> = Vec::with_capacity(registry.len() + 2);
    for name in registry.names() {
        v.push(Arc::new(ToolCommand::new(
            registry.clone(),
            name,
            request.clone(),
        )));
    }
    v.push(Arc::new(HelpCommand::new(
        registry.clone(),
        request.clone(),
    )));
    v.push(Arc::new(DiscoverCommand::new(
        registry.clone(),
        request.clone(),
    )));
    v
}
