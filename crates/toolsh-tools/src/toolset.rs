//! [`ScriptingToolSet`]: how a [`ScriptedTool`] is offered to an LLM, as
//! one tool with full schemas in its description ([`DiscoveryMode::Exclusive`])
//! or as a compact script tool plus a `<name>_discover` tool that looks up
//! schemas on demand ([`DiscoveryMode::WithDiscovery`]), for large tool sets.

use serde_json::{Value, json};

use crate::call::ToolCallRequest;
use crate::def::ToolDef;
use crate::locale::Locale;
use crate::registry::RegistryError;
use crate::scripted::{
    ScriptedTool, ScriptedToolBuilder, ToolExecution, ToolRequest, ToolResponse,
};
use crate::service::ScriptedToolService;
use crate::{discover, help};

/// How the tool set is presented.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum DiscoveryMode {
    /// One tool whose description carries every command's schema.
    #[default]
    Exclusive,
    /// A compact script tool and a `<name>_discover` tool sharing it.
    WithDiscovery,
}

/// Builds a [`ScriptingToolSet`]: the [`ScriptedToolBuilder`] settings plus
/// the discovery mode.
pub struct ScriptingToolSetBuilder {
    inner: ScriptedToolBuilder,
    mode: DiscoveryMode,
}

impl ScriptingToolSetBuilder {
    /// Configure the underlying script tool.
    #[must_use]
    pub fn configure(mut self, f: impl FnOnce(ScriptedToolBuilder) -> ScriptedToolBuilder) -> Self {
        self.inner = f(self.inner);
        self
    }

    /// The locale of generated text.
    #[must_use]
    pub fn locale(mut self, locale: Locale) -> Self {
        self.inner = self.inner.locale(locale);
        self
    }

    /// The discovery mode.
    #[must_use]
    pub fn mode(mut self, mode: DiscoveryMode) -> Self {
        self.mode = mode;
        self
    }

    /// Build.
    pub fn build(self) -> Result<ScriptingToolSet, RegistryError> {
        let compact = self.mode == DiscoveryMode::WithDiscovery;
        let tool = self.inner.compact_prompt(compact).build()?;
        Ok(ScriptingToolSet {
            tool,
            mode: self.mode,
        })
    }
}

/// A scripted tool set with its presentation mode.
#[derive(Clone, Debug)]
pub struct ScriptingToolSet {
    tool: ScriptedTool,
    mode: DiscoveryMode,
}

impl ScriptingToolSet {
    /// A builder for a set whose script tool is named `name`.
    pub fn builder(name: impl Into<String>) -> ScriptingToolSetBuilder {
        ScriptingToolSetBuilder {
            inner: ScriptedTool::builder(name),
            mode: DiscoveryMode::default(),
        }
    }

    /// A set over an already built tool.
    pub fn from_tool(tool: ScriptedTool, mode: DiscoveryMode) -> Self {
        Self { tool, mode }
    }

    /// The shared script tool.
    pub fn scripted_tool(&self) -> &ScriptedTool {
        &self.tool
    }

    /// The mode.
    pub fn mode(&self) -> DiscoveryMode {
        self.mode
    }

    /// The name of the discovery tool (`<name>_discover`).
    pub fn discover_tool_name(&self) -> String {
        format!("{}_discover", self.tool.name())
    }

    /// The LLM-facing tools as `{name, description, input_schema}` objects
    /// ([`ToolDef::to_anthropic`] of [`Self::tool_defs`]).
    pub fn tools(&self) -> Vec<Value> {
        self.tool_defs().iter().map(ToolDef::to_anthropic).collect()
    }

    /// The LLM-facing tools: the script tool (its description the whole
    /// system prompt in `Exclusive` mode), then the discovery tool in
    /// `WithDiscovery` mode.
    pub fn tool_defs(&self) -> Vec<ToolDef> {
        let description = match self.mode {
            DiscoveryMode::Exclusive => self.tool.system_prompt(),
            DiscoveryMode::WithDiscovery => self.tool.description(),
        };
        let script =
            ToolDef::new(self.tool.name(), description).with_schema(self.tool.build_input_schema());
        match self.mode {
            DiscoveryMode::Exclusive => vec![script],
            DiscoveryMode::WithDiscovery => vec![
                script,
                ToolDef::new(
                    self.discover_tool_name(),
                    format!("Find the commands of the {} tool and their flags: give `search`, `category` or `tag` to list matching commands, or `tool` for one command's usage and input schema.", self.tool.name()),
                )
                .with_schema(discover_input_schema()),
            ],
        }
    }

    /// Answer a call to the discovery tool with input
    /// `{search?, category?, tag?, tool?}`.
    pub fn discover(&self, input: &Value) -> Result<String, String> {
        let registry = self.tool.registry();
        if let Some(name) = input.get("tool").and_then(Value::as_str) {
            return registry
                .get(name)
                .map(|d| format!("{}{}", help::tool_usage(d), help::tool_json(d)))
                .ok_or_else(|| format!("unknown tool '{name}'"));
        }
        let mut args = Vec::new();
        for key in ["search", "category", "tag"] {
            if let Some(v) = input.get(key).and_then(Value::as_str) {
                args.push(format!("--{key}"));
                args.push(v.to_string());
            }
        }
        if args.is_empty() {
            args.push("--categories".to_string());
        }
        let defs = registry.definitions();
        let (code, out, err) = discover::run(&defs, &args);
        if code == 0 { Ok(out) } else { Err(err) }
    }

    /// Run a script.
    pub async fn execute(&self, request: ToolRequest) -> ToolResponse {
        self.tool.execute(request).await
    }

    /// [`ScriptingToolSet::execute`] with a given per-execution context
    /// (tenant, surface, execution id, trace).
    pub async fn execute_for(&self, request: ToolRequest, call: ToolCallRequest) -> ToolResponse {
        self.tool.execute_for(request, call).await
    }
}

fn discover_input_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "search": {"type": "string", "description": "Words to find in command names, descriptions and tags."},
            "category": {"type": "string"},
            "tag": {"type": "string"},
            "tool": {"type": "string", "description": "A command name: returns its usage and input schema."}
        },
        "additionalProperties": false
    })
}

/// The set as LLM-facing tools and as a service: what a host hands its
/// model and its transport.
impl ScriptingToolSet {
    /// The LLM-facing tools of [`ScriptingToolSet::tools`] in both
    /// request shapes: `{"openai": [...], "anthropic": [...]}`.
    pub fn build_tool_definition(&self) -> Value {
        let defs = self.tool_defs();
        json!({
            "openai": defs.iter().map(ToolDef::to_openai).collect::<Vec<_>>(),
            "anthropic": defs.iter().map(ToolDef::to_anthropic).collect::<Vec<_>>(),
        })
    }

    /// The input schema of the script tool
    /// ([`ScriptedTool::build_input_schema`]).
    pub fn build_input_schema(&self) -> Value {
        self.tool.build_input_schema()
    }

    /// The output schema of the script tool
    /// ([`ScriptedTool::build_output_schema`]).
    pub fn build_output_schema(&self) -> Value {
        self.tool.build_output_schema()
    }

    /// A tower service over script requests
    /// ([`ScriptedTool::build_service`]).
    pub fn build_service(&self) -> ScriptedToolService {
        self.tool.build_service()
    }

    /// A single-use execution handle ([`ScriptedTool::execution`]).
    pub fn execution(&self, request: ToolRequest) -> ToolExecution {
        self.tool.execution(request)
    }
}
