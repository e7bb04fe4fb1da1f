//! The capability runtime: the catalog (registration, limits, descriptors,
//! fingerprint, direct command modules) and the host-side controls (trust,
//! permission mode, approvals, external completion).

use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use serde_json::{Value, json};
use toolsh_tools::{ToolArgs, ToolDef, ToolRegistry};

use crate::audit::AuditLog;
use crate::contract::JsonToolContract;
use crate::descriptor::{Dispatch, ToolDescriptor, ToolFormat, ToolPolicy};
use crate::error::{CapsError, CapsErrorKind};
use crate::external::{ExternalCall, ExternalQueue};
use crate::lease::{CapabilityGrant, CapabilityLease};
use crate::modules::ModuleEntry;
use crate::names::is_valid_name;
use crate::permission::{
    ApprovalHandler, OutputRedactor, PermissionMode, ToolCallAuthorizer, TrustLevel, TrustState,
    allowed_by_level,
};
use toolsh_interp::ExecutionLimits;

/// Bounds on the catalog. A host may lower or raise each bound, up to the
/// hard ceiling of [`CapabilityCatalogLimits::CEILING`]: the runtime clamps
/// every bound to it ([`CapabilityRuntime::catalog_limits`] shows what is
/// in force), so no configuration makes a catalog or queue unbounded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub struct CapabilityCatalogLimits {
    /// Most tools. Default 128; ceiling 4096.
    pub max_tools: usize,
    /// Most bytes of the serialized catalog (every descriptor and module
    /// as JSON). Default 512 KiB; ceiling 16 MiB.
    pub max_serialized_bytes: usize,
    /// Most direct command modules (distinct prefixes). Default 32;
    /// ceiling 256.
    pub max_modules: usize,
    /// Most module methods in all. Default 128; ceiling 1024.
    pub max_module_methods: usize,
    /// Most external calls in flight (pending or claimed, not finished)
    /// across all executions; a call past it is denied at the lease gate
    /// (`too many pending external calls (N)`, audited as a limit).
    /// Default 64; ceiling 4096.
    pub max_pending_external: usize,
}

impl Default for CapabilityCatalogLimits {
    fn default() -> Self {
        Self {
            max_tools: 128,
            max_serialized_bytes: 512 * 1024,
            max_modules: 32,
            max_module_methods: 128,
            max_pending_external: 64,
        }
    }
}

impl CapabilityCatalogLimits {
    /// The hard ceilings: the largest value each bound may take.
    pub const CEILING: Self = Self {
        max_tools: 4096,
        max_serialized_bytes: 16 * 1024 * 1024,
        max_modules: 256,
        max_module_methods: 1024,
        max_pending_external: 4096,
    };

    /// Each bound clamped to its ceiling.
    #[must_use]
    pub fn clamped(self) -> Self {
        let c = Self::CEILING;
        Self {
            max_tools: self.max_tools.min(c.max_tools),
            max_serialized_bytes: self.max_serialized_bytes.min(c.max_serialized_bytes),
            max_modules: self.max_modules.min(c.max_modules),
            max_module_methods: self.max_module_methods.min(c.max_module_methods),
            max_pending_external: self.max_pending_external.min(c.max_pending_external),
        }
    }
}

/// A text tool's handler.
pub type TextHandler = Arc<
    dyn Fn(ToolArgs) -> Pin<Box<dyn Future<Output = Result<String, String>> + Send>> + Send + Sync,
>;
/// A JSON tool's handler: validated params in, a value out (validated
/// against the output contract before it reaches the script).
pub type JsonHandler =
    Arc<dyn Fn(Value) -> Pin<Box<dyn Future<Output = Result<Value, String>> + Send>> + Send + Sync>;

/// A JSON tool's handler as the catalog keeps it: the whole arguments
/// (validated params, stdin, the execution they belong to) in.
pub(crate) type ArgsJsonHandler = Arc<
    dyn Fn(ToolArgs) -> Pin<Box<dyn Future<Output = Result<Value, String>> + Send>> + Send + Sync,
>;

#[derive(Clone)]
pub(crate) enum Handler {
    Text(TextHandler),
    Json(ArgsJsonHandler),
    External,
}

#[derive(Clone)]
pub(crate) struct Entry {
    pub def: ToolDef,
    pub policy: ToolPolicy,
    pub contract: Option<JsonToolContract>,
    pub handler: Handler,
}

impl Entry {
    pub fn descriptor(&self) -> ToolDescriptor {
        let p = &self.policy;
        ToolDescriptor {
            def: self.effective_def(),
            format: p.format,
            dispatch: p.dispatch,
            risk: p.risk,
            max_calls_per_execution: p.max_calls_per_execution,
            max_attempts: p.max_attempts,
            max_input_bytes: p.max_input_bytes,
            max_output_bytes: p.max_output_bytes,
            contract_enforced: self.contract.is_some(),
            max_deferred_millis: p
                .deferred_deadline
                .map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX)),
            stream: p.stream,
        }
    }

    /// The definition with the schemas in force: the contract's, else
    /// the definition's own.
    pub fn effective_def(&self) -> ToolDef {
        let mut def = self.def.clone().with_schema(self.input_schema());
        def.output_schema = self.output_schema();
        def
    }

    pub fn input_schema(&self) -> Value {
        match &self.contract {
            Some(c) => c.input.clone(),
            None => self.def.input_schema.clone(),
        }
    }

    pub fn output_schema(&self) -> Option<Value> {
        match &self.contract {
            Some(c) => Some(c.output.clone()),
            None => self.def.output_schema.clone(),
        }
    }
}

#[derive(Clone, Default)]
pub(crate) struct Catalog {
    pub entries: BTreeMap<String, Entry>,
    /// Module command → target tool and mode.
    pub modules: BTreeMap<String, ModuleEntry>,
}

/// Serialize with object keys sorted, so equal catalogs give equal bytes
/// (also the form workflow checkpoints are attested over).
pub(crate) fn canonical(v: &Value) -> String {
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            let inner: Vec<String> = keys
                .iter()
                .map(|k| format!("{}:{}", Value::String((*k).clone()), canonical(&m[*k])))
                .collect();
            format!("{{{}}}", inner.join(","))
        }
        Value::Array(a) => format!(
            "[{}]",
            a.iter().map(canonical).collect::<Vec<_>>().join(",")
        ),
        other => other.to_string(),
    }
}

impl Catalog {
    fn serialized(&self) -> String {
        let descriptors: Vec<Value> = self
            .entries
            .values()
            .map(|e| serde_json::to_value(e.descriptor()).unwrap_or(Value::Null))
            .collect();
        canonical(&json!({"tools": descriptors, "modules": self.modules}))
    }

    pub fn serialized_len(&self) -> usize {
        self.serialized().len()
    }

    pub fn fingerprint(&self) -> String {
        blake3::hash(self.serialized().as_bytes())
            .to_hex()
            .to_string()
    }
}

/// The parts of the runtime that running executions share.
pub(crate) struct Shared {
    pub audit: Arc<AuditLog>,
    pub external: Arc<ExternalQueue>,
    /// Trust level and permission mode, shared with any executor-layer
    /// trust gate built over [`CapabilityRuntime::trust_state`].
    pub controls: Arc<TrustState>,
    pub redactor: RwLock<Option<Arc<dyn OutputRedactor>>>,
    /// Variables every leased shell starts with.
    pub skill_env: RwLock<Vec<(String, String)>>,
    /// The key workflow checkpoints are attested with (`None`: the nonce).
    pub workflow_key: RwLock<Option<[u8; 32]>>,
    pub approval: RwLock<Option<Arc<dyn ApprovalHandler>>>,
    pub authorizer: RwLock<Option<Arc<dyn ToolCallAuthorizer>>>,
    pub nonce: [u8; 32],
    pub next_call: AtomicU64,
    /// Bumped by every catalog change; a gate made for an older version
    /// denies every call.
    pub catalog_version: AtomicU64,
}

/// The capability runtime. Share it with `Arc`; every method takes `&self`.
pub struct CapabilityRuntime {
    pub(crate) limits: ExecutionLimits,
    pub(crate) catalog_limits: CapabilityCatalogLimits,
    pub(crate) catalog: RwLock<Catalog>,
    pub(crate) registry_cache: Mutex<Option<(String, Arc<ToolRegistry>)>>,
    pub(crate) sealed: AtomicBool,
    pub(crate) active: AtomicUsize,
    next_lease: AtomicU64,
    pub(crate) next_execution: AtomicU64,
    pub(crate) shared: Arc<Shared>,
}

impl std::fmt::Debug for CapabilityRuntime {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CapabilityRuntime")
            .field(
                "tools",
                &self
                    .catalog
                    .read()
                    .expect("catalog lock")
                    .entries
                    .keys()
                    .collect::<Vec<_>>(),
            )
            .field("limits", &self.catalog_limits)
            .finish_non_exhaustive()
    }
}

fn os_nonce() -> [u8; 32] {
    let mut n = [0u8; 32];
    if getrandom::fill(&mut n).is_err() {
        // Without OS entropy the labels are still fixed-length digests, just
        // predictable across runtimes; hosts that need more supply a nonce.
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        n = *blake3::hash(&t.to_le_bytes()).as_bytes();
    }
    n
}

impl CapabilityRuntime {
    /// A runtime with these execution and catalog limits, a session nonce
    /// from OS entropy, mode `Full`, trust `Trusted`.
    pub fn new(limits: ExecutionLimits, catalog_limits: CapabilityCatalogLimits) -> Self {
        let catalog_limits = catalog_limits.clamped();
        Self {
            limits,
            catalog_limits,
            catalog: RwLock::new(Catalog::default()),
            registry_cache: Mutex::new(None),
            sealed: AtomicBool::new(false),
            active: AtomicUsize::new(0),
            next_lease: AtomicU64::new(0),
            next_execution: AtomicU64::new(0),
            shared: Arc::new(Shared {
                audit: Arc::new(AuditLog::default()),
                external: Arc::new(ExternalQueue::new(catalog_limits.max_pending_external)),
                controls: Arc::new(TrustState::default()),
                redactor: RwLock::new(None),
                skill_env: RwLock::new(Vec::new()),
                workflow_key: RwLock::new(None),
                approval: RwLock::new(None),
                authorizer: RwLock::new(None),
                nonce: os_nonce(),
                next_call: AtomicU64::new(0),
                catalog_version: AtomicU64::new(0),
            }),
        }
    }

    /// Use a host-supplied session nonce for digest labels (keep it secret
    /// to make labels of invalid names unguessable).
    #[must_use]
    pub fn with_nonce(mut self, nonce: [u8; 32]) -> Self {
        if let Some(s) = Arc::get_mut(&mut self.shared) {
            s.nonce = nonce;
        }
        self
    }

    /// The execution limits.
    pub fn limits(&self) -> &ExecutionLimits {
        &self.limits
    }

    /// The catalog limits in force (clamped to
    /// [`CapabilityCatalogLimits::CEILING`]).
    pub fn catalog_limits(&self) -> CapabilityCatalogLimits {
        self.catalog_limits
    }

    fn check_registrable(&self, cat: &Catalog, name: &str) -> Result<(), CapsError> {
        if self.active.load(Ordering::SeqCst) > 0 {
            return Err(CapsError::new(
                CapsErrorKind::Busy,
                "cannot register while an execution is running",
            ));
        }
        if !is_valid_name(name) {
            return Err(CapsError::new(
                CapsErrorKind::InvalidName,
                "invalid tool name: use 1 to 128 bytes of ASCII letters, digits, '.', '_', '-'",
            ));
        }
        if cat.entries.contains_key(name) || cat.modules.contains_key(name) {
            return Err(CapsError::new(
                CapsErrorKind::Duplicate,
                format!("'{name}' is already registered"),
            ));
        }
        if cat.entries.len() >= self.catalog_limits.max_tools {
            return Err(CapsError::new(
                CapsErrorKind::CatalogLimit,
                format!(
                    "the catalog already has {} tools (max_tools)",
                    self.catalog_limits.max_tools
                ),
            ));
        }
        Ok(())
    }

    fn insert(&self, entry: &Entry) -> Result<(), CapsError> {
        let mut cat = self.catalog.write().expect("catalog lock");
        self.check_registrable(&cat, &entry.def.name)?;
        let mut next = cat.clone();
        next.entries.insert(entry.def.name.clone(), entry.clone());
        let size = next.serialized().len();
        if size > self.catalog_limits.max_serialized_bytes {
            return Err(CapsError::new(
                CapsErrorKind::CatalogLimit,
                format!(
                    "the catalog would be {size} bytes; max_serialized_bytes is {}",
                    self.catalog_limits.max_serialized_bytes
                ),
            ));
        }
        // Compile the tool's schemas now so a bad one fails here.
        let mut probe = ToolRegistry::new();
        probe
            .register(crate::eval::tool_impl(entry, &self.shared))
            .map_err(|e| CapsError::new(CapsErrorKind::Registry, e.to_string()))?;
        *cat = next;
        self.shared.catalog_version.fetch_add(1, Ordering::SeqCst);
        *self.registry_cache.lock().expect("cache lock") = None;
        Ok(())
    }

    /// Register a text tool: `def` says what it is (its name is the
    /// capability name), `policy` how it may be called. The definition's
    /// schemas describe it (flags, validation) but are not a reviewed
    /// contract (`contract_enforced: false`).
    pub fn register_tool<F, Fut>(
        &self,
        def: ToolDef,
        policy: ToolPolicy,
        handler: F,
    ) -> Result<(), CapsError>
    where
        F: Fn(ToolArgs) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<String, String>> + Send + 'static,
    {
        let handler: TextHandler = Arc::new(move |a| Box::pin(handler(a)));
        self.register_entry(def, policy, None, Handler::Text(handler))
    }

    /// Register a JSON tool under a contract enforced on every call: the
    /// input before the handler runs, the output before it returns.
    pub fn register_validated_json_tool<F, Fut>(
        &self,
        def: ToolDef,
        policy: ToolPolicy,
        contract: JsonToolContract,
        handler: F,
    ) -> Result<(), CapsError>
    where
        F: Fn(Value) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Value, String>> + Send + 'static,
    {
        let handler: JsonHandler = Arc::new(move |v| Box::pin(handler(v)));
        self.register_validated_json_tool_with_args(def, policy, contract, move |a: ToolArgs| {
            handler(a.params)
        })
    }

    /// [`Self::register_validated_json_tool`] with a handler that gets the
    /// whole [`ToolArgs`] (stdin, and the execution a host keeps per-call
    /// state under, such as the Python binding's context), not only the
    /// validated params.
    pub fn register_validated_json_tool_with_args<F, Fut>(
        &self,
        def: ToolDef,
        policy: ToolPolicy,
        contract: JsonToolContract,
        handler: F,
    ) -> Result<(), CapsError>
    where
        F: Fn(ToolArgs) -> Fut + Send + Sync + 'static,
        Fut: Future<Output = Result<Value, String>> + Send + 'static,
    {
        let handler: ArgsJsonHandler = Arc::new(move |a| Box::pin(handler(a)));
        self.register_entry(def, policy, Some(contract), Handler::Json(handler))
    }

    /// Register a tool completed by the host through
    /// [`CapabilityRuntime::claim_external`] (`policy.dispatch` is set to
    /// external; give `contract` for a JSON tool).
    pub fn register_external_tool(
        &self,
        def: ToolDef,
        policy: ToolPolicy,
        contract: Option<JsonToolContract>,
    ) -> Result<(), CapsError> {
        let policy = ToolPolicy {
            dispatch: Dispatch::External,
            ..policy
        };
        self.register_entry(def, policy, contract, Handler::External)
    }

    /// Check `contract` and insert the tool: JSON with a contract, text
    /// without; an externally dispatched tool keeps no in-process handler.
    fn register_entry(
        &self,
        def: ToolDef,
        policy: ToolPolicy,
        contract: Option<JsonToolContract>,
        handler: Handler,
    ) -> Result<(), CapsError> {
        if let Some(c) = &contract {
            c.check()?;
        }
        if policy.dispatch == Dispatch::HostPump && policy.max_attempts > 1 {
            return Err(CapsError::new(
                CapsErrorKind::Registry,
                format!(
                    "'{}': max_attempts applies to external tools only; a local handler runs once per call (a retry could repeat a write)",
                    def.name
                ),
            ));
        }
        let format = if contract.is_some() {
            ToolFormat::Json
        } else {
            ToolFormat::Text
        };
        let handler = if policy.dispatch == Dispatch::External {
            Handler::External
        } else {
            handler
        };
        self.insert(&Entry {
            def,
            policy: ToolPolicy { format, ..policy },
            contract,
            handler,
        })
    }

    /// The catalog in name order, as descriptors. In `ReadOnly` mode (and
    /// under quarantine) tools that are not `Read` are hidden.
    pub fn tool_catalog(&self) -> Vec<ToolDescriptor> {
        let allowed = self.level_check();
        self.catalog
            .read()
            .expect("catalog lock")
            .entries
            .values()
            .filter(|e| allowed(e))
            .map(Entry::descriptor)
            .collect()
    }

    /// Whether the current permission mode and trust level let a script
    /// call an entry (the lease gate's level check, read once).
    fn level_check(&self) -> impl Fn(&Entry) -> bool {
        let mode = self.shared.controls.permission_mode();
        let trust = self.shared.controls.effective_trust();
        move |e| allowed_by_level(e.policy.risk, mode, trust).is_ok()
    }

    /// The catalog tools a script under `lease` cannot call now: those the
    /// lease does not grant and those the permission mode or trust level
    /// refuse (the same checks, in the same terms, as the lease gate's).
    pub(crate) fn uncallable(&self, lease: &CapabilityLease) -> Vec<String> {
        let allowed = self.level_check();
        self.catalog
            .read()
            .expect("catalog lock")
            .entries
            .iter()
            .filter(|(name, e)| !lease.grants(name) || !allowed(e))
            .map(|(name, _)| name.clone())
            .collect()
    }

    /// The BLAKE3 fingerprint (hex) of the canonical serialization of every
    /// descriptor and module.
    pub fn fingerprint(&self) -> String {
        self.catalog.read().expect("catalog lock").fingerprint()
    }

    /// Issue a lease over `grants` (each must name a catalog tool; a grant's
    /// limit cannot exceed the tool's policy). Seals the modules.
    pub fn issue_capability_lease(
        &self,
        grants: &[CapabilityGrant],
    ) -> Result<CapabilityLease, CapsError> {
        let cat = self.catalog.read().expect("catalog lock");
        let mut out = BTreeMap::new();
        for g in grants {
            let Some(e) = cat.entries.get(&g.name) else {
                let label = crate::names::audit_label(&self.shared.nonce, &g.name);
                return Err(CapsError::new(
                    CapsErrorKind::UnknownTool,
                    format!("no tool '{label}' in the catalog"),
                ));
            };
            let policy_limit = e.policy.max_calls_per_execution;
            out.insert(
                g.name.clone(),
                g.max_calls.map_or(policy_limit, |n| n.min(policy_limit)),
            );
        }
        self.sealed.store(true, Ordering::SeqCst);
        Ok(CapabilityLease {
            id: self.next_lease.fetch_add(1, Ordering::SeqCst) + 1,
            fingerprint: cat.fingerprint(),
            grants: out,
        })
    }

    /// A lease granting every tool in the catalog (for hosts that do not
    /// narrow authority per run).
    pub fn issue_full_lease(&self) -> Result<CapabilityLease, CapsError> {
        let names: Vec<CapabilityGrant> = self
            .catalog
            .read()
            .expect("catalog lock")
            .entries
            .keys()
            .map(CapabilityGrant::new)
            .collect();
        self.issue_capability_lease(&names)
    }

    /// The audit log.
    pub fn audit(&self) -> &AuditLog {
        &self.shared.audit
    }

    /// Set the effective trust level; running scripts (and any trust gate
    /// sharing [`CapabilityRuntime::trust_state`]) see it at their next
    /// call.
    pub fn set_effective_trust(&self, level: TrustLevel) {
        self.shared.controls.set_effective_trust(level);
    }

    /// The effective trust level.
    pub fn effective_trust(&self) -> TrustLevel {
        self.shared.controls.effective_trust()
    }

    /// Set the permission mode.
    pub fn set_permission_mode(&self, mode: PermissionMode) {
        self.shared.controls.set_permission_mode(mode);
    }

    /// The permission mode.
    pub fn permission_mode(&self) -> PermissionMode {
        self.shared.controls.permission_mode()
    }

    /// The trust level and permission mode this runtime enforces, as one
    /// shared state: give it to `toolsh_executor::TrustGate::shared` so
    /// the executor layer and the lease gate can never disagree.
    pub fn trust_state(&self) -> Arc<TrustState> {
        self.shared.controls.clone()
    }

    /// Set the redactor every tool output passes before the script sees
    /// it (see [`OutputRedactor`]).
    pub fn set_redactor(&self, redactor: Arc<dyn OutputRedactor>) {
        *self.shared.redactor.write().expect("redactor lock") = Some(redactor);
    }

    /// Set the approval handler for `Auto` mode.
    pub fn set_approval_handler(&self, handler: Arc<dyn ApprovalHandler>) {
        *self.shared.approval.write().expect("approval lock") = Some(handler);
    }

    /// Set the dynamic authorizer consulted at every reservation.
    pub fn set_authorizer(&self, authorizer: Arc<dyn ToolCallAuthorizer>) {
        *self.shared.authorizer.write().expect("authorizer lock") = Some(authorizer);
    }

    /// Claim the next pending external call, if any.
    pub fn claim_external(&self) -> Option<ExternalCall> {
        self.shared.external.claim()
    }

    /// Wait for the next pending external call.
    pub async fn claim_external_wait(&self) -> ExternalCall {
        self.shared.external.claim_wait().await
    }

    /// Add a streamed chunk to a claimed external call.
    pub fn push_chunk(&self, id: u64, chunk: impl Into<String>) -> Result<(), CapsError> {
        self.shared.external.push_chunk(id, chunk.into())
    }

    /// Complete an external call with its output.
    pub fn complete(&self, id: u64, output: impl Into<String>) -> Result<(), CapsError> {
        self.shared.external.complete(id, &output.into())
    }

    /// Fail an external call (queued again while attempts remain).
    pub fn fail(&self, id: u64, error: impl Into<String>) -> Result<(), CapsError> {
        self.shared.external.fail(id, error.into())
    }
}
