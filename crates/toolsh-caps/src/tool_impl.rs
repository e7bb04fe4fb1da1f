//! Tool-layer tools ([`ToolImpl`]) into the catalog: the one registration
//! path the CLI's manifest tools, imported MCP tools and the Python
//! binding's tools share.

use serde_json::Value;
use toolsh_tools::ToolImpl;

use crate::contract::JsonToolContract;
use crate::descriptor::ToolPolicy;
use crate::error::CapsError;
use crate::runtime::CapabilityRuntime;

impl CapabilityRuntime {
    /// Register a tool of the tool layer under `policy`.
    ///
    /// A tool whose definition has an `output_schema` becomes a validated
    /// JSON tool ([`CapabilityRuntime::register_validated_json_tool`],
    /// `contract_enforced: true`): its input schema and output schema are
    /// the contract, checked on every call; the callback gets the
    /// parameters (a JSON tool takes no piped stdin), and its output must be
    /// one JSON value, which the script receives in compact form. Any other
    /// tool is a text tool ([`CapabilityRuntime::register_tool`]) that gets
    /// the parameters and the piped stdin.
    ///
    /// # Errors
    /// As the registration it uses: an invalid name, a schema the contract
    /// rules refuse, a catalog limit.
    pub fn register_tool_impl(&self, tool: &ToolImpl, policy: ToolPolicy) -> Result<(), CapsError> {
        let imp = tool.clone();
        let Some(output) = tool.def.output_schema.clone() else {
            return self.register_tool(tool.def.clone(), policy, move |args| imp.invoke(args));
        };
        let contract = JsonToolContract::new(tool.def.input_schema.clone(), output);
        let name = tool.def.name.clone();
        self.register_validated_json_tool_with_args(
            tool.def.clone(),
            policy,
            contract,
            move |args| {
                // The whole arguments: a callback may need its stdin and the
                // execution it runs under, not only the params.
                let run = imp.invoke(args);
                let name = name.clone();
                async move {
                    let text = run.await?;
                    serde_json::from_str::<Value>(text.trim())
                        .map_err(|e| format!("{name}: the output is not one JSON value: {e}"))
                }
            },
        )
    }
}
