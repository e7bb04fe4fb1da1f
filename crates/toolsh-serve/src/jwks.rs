//! The issuer's JSON Web Key Set (RFC 7517), fetched over HTTP and cached:
//! fetched again when older than its maximum age, and at once (at most
//! once per the minimum refresh interval) when a token names a `kid` the
//! set lacks, so a key rotation at the issuer is picked up without a
//! restart and a flood of made-up `kid`s cannot hammer the issuer.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use jsonwebtoken::jwk::{Jwk, JwkSet};
use jsonwebtoken::{Algorithm, DecodingKey};
use tokio::sync::{Mutex, RwLock};

/// The most bytes of a key set read.
const MAX_JWKS_BYTES: usize = 1 << 20;

/// One usable key: its decoding key and the algorithm it is bound to (the
/// JWK's `alg`), if any.
#[derive(Clone)]
pub(crate) struct Key {
    pub(crate) decoding: DecodingKey,
    pub(crate) alg: Option<Algorithm>,
}

struct Cached {
    keys: HashMap<String, Key>,
    /// Keys without a `kid`, usable only when the set has exactly one key.
    only: Option<Key>,
    fetched: Option<Instant>,
}

/// The cache of one issuer's key set.
pub(crate) struct Jwks {
    url: String,
    client: reqwest::Client,
    max_age: Duration,
    min_refresh: Duration,
    cached: RwLock<Cached>,
    fetching: Mutex<()>,
}

impl Jwks {
    pub(crate) fn new(
        url: String,
        max_age: Duration,
        min_refresh: Duration,
    ) -> Result<Self, String> {
        Ok(Self {
            url,
            client: toolsh_mcp::http_client()?,
            max_age,
            min_refresh,
            cached: RwLock::new(Cached {
                keys: HashMap::new(),
                only: None,
                fetched: None,
            }),
            fetching: Mutex::new(()),
        })
    }

    /// The key for `kid` (or the set's only key when the token names none).
    ///
    /// # Errors
    /// The set cannot be fetched, or has no such key even after a refresh.
    pub(crate) async fn key(&self, kid: Option<&str>) -> Result<Key, String> {
        if let Some(k) = self.lookup(kid, false).await {
            return Ok(k);
        }
        self.refresh().await?;
        self.lookup(kid, true).await.ok_or_else(|| match kid {
            Some(k) => format!("no key {k:?} in the issuer's key set"),
            None => "the token has no kid and the issuer's key set has several keys".into(),
        })
    }

    async fn lookup(&self, kid: Option<&str>, stale_ok: bool) -> Option<Key> {
        let c = self.cached.read().await;
        let fresh = c.fetched.is_some_and(|t| t.elapsed() < self.max_age);
        if !fresh && !stale_ok {
            return None;
        }
        match kid {
            Some(k) => c.keys.get(k).cloned(),
            None => c.only.clone(),
        }
    }

    /// Fetch the set unless another caller just did (or is doing so).
    async fn refresh(&self) -> Result<(), String> {
        let _one = self.fetching.lock().await;
        let recent = self
            .cached
            .read()
            .await
            .fetched
            .is_some_and(|t| t.elapsed() < self.min_refresh);
        if recent {
            return Ok(());
        }
        let set = self.fetch().await;
        let mut c = self.cached.write().await;
        // A failed fetch still counts, so a down issuer is not asked on
        // every request.
        c.fetched = Some(Instant::now());
        let set = set?;
        c.keys.clear();
        c.only = None;
        let usable: Vec<(Option<String>, Key)> = set
            .keys
            .iter()
            .filter_map(|jwk| Some((jwk.common.key_id.clone(), key_of(jwk)?)))
            .collect();
        if usable.len() == 1 {
            c.only = Some(usable[0].1.clone());
        }
        for (kid, key) in usable {
            if let Some(kid) = kid {
                c.keys.insert(kid, key);
            }
        }
        Ok(())
    }

    async fn fetch(&self) -> Result<JwkSet, String> {
        let failed = |e: &dyn std::fmt::Display| format!("fetching the issuer's key set: {e}");
        let response = self
            .client
            .get(&self.url)
            .timeout(Duration::from_secs(10))
            .send()
            .await
            .map_err(|e| failed(&e))?;
        if !response.status().is_success() {
            return Err(failed(&format!("HTTP {}", response.status())));
        }
        let bytes = response.bytes().await.map_err(|e| failed(&e))?;
        if bytes.len() > MAX_JWKS_BYTES {
            return Err(failed(&format!("larger than {MAX_JWKS_BYTES} bytes")));
        }
        serde_json::from_slice(&bytes).map_err(|e| failed(&e))
    }
}

/// A JWK's decoding key and bound algorithm; `None` for a key that cannot
/// verify signatures (an unknown type, or a symmetric key: a public key
/// set never holds a shared secret).
fn key_of(jwk: &Jwk) -> Option<Key> {
    if matches!(
        jwk.algorithm,
        jsonwebtoken::jwk::AlgorithmParameters::OctetKey(_)
    ) {
        return None;
    }
    let decoding = DecodingKey::from_jwk(jwk).ok()?;
    let alg = jwk
        .common
        .key_algorithm
        .and_then(|a| Algorithm::try_from(a).ok());
    Some(Key { decoding, alg })
}
