//! `sha256sum`: compute and check SHA-256 message digests (GNU coreutils).

use super::common::digest::{Sha256, run as digest_run};
use toolsh_command::utility::{UtilityContext, UtilityResult};

/// `sha256sum [-c] [--tag] [-b] [-z] [FILE...]`.
pub(crate) struct Sha256sum;

#[async_trait::async_trait]
impl toolsh_command::utility::Utility for Sha256sum {
    fn name(&self) -> &'static str {
        "sha256sum"
    }
    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        digest_run::<Sha256>(ctx).await
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};

    #[tokio::test]
    async fn stdin_and_tag() {
        let (mut sh, _) = shell();
        let b = sh.utilities["sha256sum"].clone();
        let o = sh
            .run(b.as_ref(), &["sha256sum", "--tag", "-"], "abc")
            .await;
        assert_eq!(
            o.stdout,
            "SHA256 (-) = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad\n"
        );
        assert_eq!(out(&mut sh, &["sha256sum", "/tmp"]).await.1, 1);
    }
}
