//! Per-tenant call limits: a rate (calls per minute) and a quota (calls
//! per day), each a fixed window that starts with its first call. With
//! `[redis]` the counters live in Redis and one Lua script checks and
//! counts both atomically on the server, so replicas together never
//! admit more calls than a limit, however they interleave; without it
//! they live in this process. A refused call is not counted: a counter
//! always equals the calls admitted in its window.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One tenant's limits: `(limit, window)` per counter.
#[derive(Debug, Clone, Default)]
pub(crate) struct Limits {
    pub(crate) per_minute: Option<u64>,
    pub(crate) per_day: Option<u64>,
}

impl Limits {
    fn windows(&self) -> [(&'static str, Option<u64>, u64); 2] {
        [
            ("minute", self.per_minute, 60),
            ("day", self.per_day, 86_400),
        ]
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.per_minute.is_none() && self.per_day.is_none()
    }
}

/// Why a call was refused: the window (`minute` or `day`) whose limit it
/// would pass, and the seconds until that window ends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Refused {
    pub(crate) window: &'static str,
    pub(crate) retry_after: u64,
}

/// Where the counters live.
pub(crate) enum Store {
    Memory(Mutex<HashMap<String, (u64, Instant)>>),
    Redis {
        conn: redis::aio::ConnectionManager,
        prefix: String,
    },
}

/// Checks every limit's counter, then counts the call in each, or counts
/// nothing and answers the first full window's index and its TTL.
/// KEYS: the counters; ARGV: limit, window seconds per key (limit -1: no
/// limit).
const SCRIPT: &str = r"
for i = 1, #KEYS do
  local limit = tonumber(ARGV[2 * i - 1])
  if limit >= 0 then
    local c = tonumber(redis.call('GET', KEYS[i]) or '0')
    if c >= limit then
      local ttl = redis.call('TTL', KEYS[i])
      if ttl < 0 then ttl = tonumber(ARGV[2 * i]) end
      return {i, ttl}
    end
  end
end
for i = 1, #KEYS do
  if tonumber(ARGV[2 * i - 1]) >= 0 then
    local c = redis.call('INCR', KEYS[i])
    if c == 1 then redis.call('EXPIRE', KEYS[i], ARGV[2 * i]) end
  end
end
return {0, 0}
";

impl Store {
    /// Counters in Redis at `url`, keys under `prefix`.
    pub(crate) async fn redis(url: &str, prefix: String) -> Result<Self, String> {
        let client = redis::Client::open(url).map_err(|e| format!("[redis] url: {e}"))?;
        let conn = tokio::time::timeout(
            Duration::from_secs(10),
            redis::aio::ConnectionManager::new(client),
        )
        .await
        .map_err(|_| "connecting to Redis: no answer within 10 s".to_string())?
        .map_err(|e| format!("connecting to Redis: {e}"))?;
        Ok(Self::Redis { conn, prefix })
    }

    /// Admit one call of `tenant` under `limits`.
    ///
    /// # Errors
    /// `Ok(Err(refused))` when a limit is reached; `Err` when Redis cannot
    /// be asked (the call is refused then: limits fail closed).
    pub(crate) async fn admit(
        &self,
        tenant: &str,
        limits: &Limits,
    ) -> Result<Result<(), Refused>, String> {
        if limits.is_empty() {
            return Ok(Ok(()));
        }
        let windows = limits.windows();
        match self {
            Self::Memory(map) => {
                let mut m = map
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                let now = Instant::now();
                for (name, limit, _) in windows {
                    let Some(limit) = limit else { continue };
                    let key = format!("{tenant}:{name}");
                    if let Some((c, until)) = m.get(&key)
                        && *until > now
                        && *c >= limit
                    {
                        return Ok(Err(Refused {
                            window: name,
                            retry_after: until.duration_since(now).as_secs().max(1),
                        }));
                    }
                }
                for (name, limit, secs) in windows {
                    if limit.is_none() {
                        continue;
                    }
                    let e = m
                        .entry(format!("{tenant}:{name}"))
                        .or_insert((0, now + Duration::from_secs(secs)));
                    if e.1 <= now {
                        *e = (0, now + Duration::from_secs(secs));
                    }
                    e.0 += 1;
                }
                Ok(Ok(()))
            }
            Self::Redis { conn, prefix } => {
                let mut conn = conn.clone();
                let script = redis::Script::new(SCRIPT);
                let mut invocation = script.prepare_invoke();
                for (name, limit, secs) in windows {
                    invocation
                        .key(format!("{prefix}:{tenant}:{name}"))
                        .arg(limit.map_or(-1, |l| i64::try_from(l).unwrap_or(i64::MAX)))
                        .arg(secs);
                }
                let (index, ttl): (usize, i64) = tokio::time::timeout(
                    Duration::from_secs(5),
                    invocation.invoke_async(&mut conn),
                )
                .await
                .map_err(|_| "the quota store (Redis) did not answer within 5 s".to_string())?
                .map_err(|e| format!("the quota store (Redis): {e}"))?;
                if index == 0 {
                    return Ok(Ok(()));
                }
                Ok(Err(Refused {
                    window: windows.get(index - 1).map_or("minute", |w| w.0),
                    retry_after: u64::try_from(ttl).unwrap_or(1).max(1),
                }))
            }
        }
    }
}
