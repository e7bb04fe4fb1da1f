//! `md5sum`: compute and check MD5 message digests (GNU coreutils).

use super::common::digest::{Md5, run as digest_run};
use toolsh_command::utility::{UtilityContext, UtilityResult};

/// `md5sum [-c] [--tag] [-b] [-z] [FILE...]`.
pub(crate) struct Md5sum;

#[async_trait::async_trait]
impl toolsh_command::utility::Utility for Md5sum {
    fn name(&self) -> &'static str {
        "md5sum"
    }
    async fn run(&self, ctx: &mut UtilityContext<'_>) -> UtilityResult {
        digest_run::<Md5>(ctx).await
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::{out, shell};
    use toolsh_command::fs::FileSystem;

    #[tokio::test]
    async fn sums_and_checks() {
        let (mut sh, fs) = shell();
        fs.write("/tmp/a", b"hello\n").await.unwrap();
        let (o, s) = out(&mut sh, &["md5sum", "a"]).await;
        assert_eq!(
            (o.as_str(), s),
            ("b1946ac92492d2347c6235b4d2611184  a\n", 0)
        );
        fs.write("/tmp/sums", o.as_bytes()).await.unwrap();
        assert_eq!(
            out(&mut sh, &["md5sum", "-c", "sums"]).await,
            ("a: OK\n".into(), 0)
        );
        fs.write("/tmp/a", b"changed\n").await.unwrap();
        let (o, s) = out(&mut sh, &["md5sum", "-c", "sums"]).await;
        assert_eq!(s, 1);
        assert!(o.starts_with("a: FAILED\n|md5sum: WARNING: 1 computed checksum did NOT match"));
        assert_eq!(out(&mut sh, &["md5sum", "nope"]).await.1, 1);
    }
}
