//! A tower `Service` over [`ToolRequest`]s.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use crate::scripted::{ScriptedTool, ToolRequest, ToolResponse};

/// [`ScriptedTool::execute`] as a `tower_service::Service`: always ready;
/// each call runs one script in a fresh shell. Errors never happen at this
/// level (a failing script is an `Ok` response with its exit status).
#[derive(Clone, Debug)]
pub struct ScriptedToolService {
    tool: ScriptedTool,
}

impl ScriptedToolService {
    /// A service over `tool`.
    pub fn new(tool: ScriptedTool) -> Self {
        Self { tool }
    }
}

impl tower_service::Service<ToolRequest> for ScriptedToolService {
    type Response = ToolResponse;
    type Error = std::convert::Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<ToolResponse, Self::Error>> + Send>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, req: ToolRequest) -> Self::Future {
        let tool = self.tool.clone();
        Box::pin(async move { Ok(tool.execute(req).await) })
    }
}
