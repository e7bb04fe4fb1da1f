//! `sha1sum`, `sha224sum`, `sha384sum`, `sha512sum`: compute and check
//! SHA message digests (GNU coreutils; `sha256sum` has its own module).

use std::marker::PhantomData;

use super::common::digest::{Algorithm, Sha1, Sha224, Sha384, Sha512, run as digest_run};
use toolsh_command::utility::{UtilityContext, UtilityResult};

/// `NAME [-c] [--tag] [-b] [-z] [FILE...]` for the algorithm `A`.
pub(crate) struct ShaSum<A>(&'static str, PhantomData<fn() -> A>);

/// `sha1sum`.
pub(crate) const SHA1SUM: ShaSum<Sha1> = ShaSum("sha1sum", PhantomData);
/// `sha224sum`.
pub(crate) const SHA224SUM: ShaSum<Sha224> = ShaSum("sha224sum", PhantomData);
/// `sha384sum`.
pub(crate) const SHA384SUM: ShaSum<Sha384> = ShaSum("sha384sum", PhantomData);
/// `sha512sum`.
pub(crate) const SHA512SUM: ShaSum<Sha512> = ShaSum("sha512sum", PhantomData);

#[async_trait::async_trait]
impl<A: Algorithm + 'static> toolsh_command::utility::Utility for ShaSum<A> {
    fn name(&self) -> &'static str {
        self.0
    }
    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        digest_run::<A>(ctx).await
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};

    /// Digests of "abc" as GNU coreutils 9.1 prints them.
    #[tokio::test]
    async fn digests_of_abc_match_coreutils() {
        let (mut sh, _) = shell();
        for (cmd, want) in [
            ("sha1sum", "a9993e364706816aba3e25717850c26c9cd0d89d  -\n"),
            (
                "sha224sum",
                "23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7  -\n",
            ),
            (
                "sha384sum",
                "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7  -\n",
            ),
            (
                "sha512sum",
                "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f  -\n",
            ),
        ] {
            let b = sh.utilities[cmd].clone();
            let o = sh.run(b.as_ref(), &[cmd, "-"], "abc").await;
            assert_eq!(o.stdout, want, "{cmd}");
        }
        assert_eq!(out(&mut sh, &["sha1sum", "/tmp"]).await.1, 1);
    }
}
