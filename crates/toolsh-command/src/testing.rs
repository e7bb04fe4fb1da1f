//! A minimal [`ShellAccess`] for unit tests of utilities, so one can
//! be tested without the interpreter: variables in a map, a chosen file
//! system, and `run_command` over a set of utilities.
#![allow(dead_code)] // used by the utilities' unit tests as they land

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use async_trait::async_trait;

use crate::fs::{DisabledFs, FileSystem};
use crate::io::{Input, Output};
use crate::limits::{ExecutionLimits, Interrupt, LimitKind};
use crate::profile::Profile;
use crate::utility::{ShellAccess, Utility, UtilityContext, UtilityResult};

/// A stand-in shell for tests.
pub struct TestShell {
    /// Shell variables.
    pub vars: HashMap<String, String>,
    /// Names of the exported variables, in order.
    pub exported: Vec<String>,
    /// The current directory (absolute).
    pub cwd: String,
    /// The file system.
    pub fs: Arc<dyn FileSystem>,
    /// The sandbox profile.
    pub profile: Profile,
    /// The limits.
    pub limits: ExecutionLimits,
    /// The utilities `run_command` finds by name.
    pub utilities: HashMap<String, Arc<dyn Utility>>,
    /// State of the pseudo-random generator.
    pub rng: u32,
}

impl Default for TestShell {
    fn default() -> Self {
        Self {
            vars: HashMap::new(),
            exported: Vec::new(),
            cwd: "/".to_string(),
            fs: Arc::new(DisabledFs),
            profile: Profile::LogicOnly,
            limits: ExecutionLimits::default(),
            utilities: HashMap::new(),
            rng: 1,
        }
    }
}

/// What a builtin run produced.
#[derive(Debug)]
pub struct RunOutput {
    /// The status (or interrupt).
    pub status: UtilityResult,
    /// Standard output, lossily decoded.
    pub stdout: String,
    /// Standard error, lossily decoded.
    pub stderr: String,
}

impl TestShell {
    /// Run `builtin` with `args` (args[0] is the name) and `stdin`.
    pub async fn run(&mut self, builtin: &dyn Utility, args: &[&str], stdin: &str) -> RunOutput {
        let (out, out_cap) = Output::capture(usize::MAX, LimitKind::StdoutBytes);
        let (err, err_cap) = Output::capture(usize::MAX, LimitKind::StderrBytes);
        let mut input = Input::from_bytes(stdin.as_bytes().to_vec());
        let status = {
            let mut ctx = UtilityContext {
                args: args.iter().map(|s| (*s).to_string()).collect(),
                stdin: &mut input,
                stdout: &out,
                stderr: &err,
                shell: self,
                stdin_from_loop: false,
            };
            builtin.run(&mut ctx).await
        };
        RunOutput {
            status,
            stdout: String::from_utf8_lossy(&out_cap.take()).into_owned(),
            stderr: String::from_utf8_lossy(&err_cap.take()).into_owned(),
        }
    }
}

#[async_trait]
impl ShellAccess for TestShell {
    fn var(&self, name: &str) -> Option<String> {
        self.vars.get(name).cloned()
    }
    fn set_var(&mut self, name: &str, value: String) -> Result<(), String> {
        self.vars.insert(name.to_string(), value);
        Ok(())
    }
    fn exported_vars(&self) -> Vec<(String, String)> {
        self.exported
            .iter()
            .filter_map(|n| self.vars.get(n).map(|v| (n.clone(), v.clone())))
            .collect()
    }
    fn cwd(&self) -> String {
        self.cwd.clone()
    }
    fn fs(&self) -> Arc<dyn FileSystem> {
        self.fs.clone()
    }
    fn profile(&self) -> Profile {
        self.profile
    }
    fn limits(&self) -> &ExecutionLimits {
        &self.limits
    }
    fn checkpoint(&mut self) -> Result<(), Interrupt> {
        Ok(())
    }
    fn now(&self) -> SystemTime {
        SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000)
    }
    fn random_u32(&mut self) -> u32 {
        self.rng = self.rng.wrapping_mul(1_103_515_245).wrapping_add(12345);
        self.rng >> 1
    }
    async fn sleep(&mut self, duration: Duration) -> Result<(), Interrupt> {
        if let Some(t) = self.limits.timeout
            && duration > t
        {
            return Err(Interrupt::limit(
                LimitKind::Timeout,
                format!("{}s", t.as_secs()),
            ));
        }
        tokio::time::sleep(duration).await;
        Ok(())
    }
    async fn run_command(
        &mut self,
        argv: Vec<String>,
        mut stdin: Input,
        stdout: &Output,
        stderr: &Output,
    ) -> UtilityResult {
        let Some(b) = argv.first().and_then(|n| self.utilities.get(n)).cloned() else {
            let name = argv.first().cloned().unwrap_or_default();
            let _ = stderr
                .write_str(&format!("toolsh: {name}: command not found\n"))
                .await;
            return Ok(127);
        };
        let mut ctx = UtilityContext {
            args: argv,
            stdin: &mut stdin,
            stdout,
            stderr,
            shell: self,
            stdin_from_loop: false,
        };
        b.run(&mut ctx).await
    }
}
