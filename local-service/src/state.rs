//! Everything the service knows: the demo game, its namespaces' settings (kept
//! in a data directory when one is given, written atomically), the builds, the
//! accepted token and the signing key.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use serde::{Deserialize, Serialize};

use crate::config::Config;
use crate::cors::Origins;
use crate::demo;
use crate::endpoint::Endpoint;
use crate::mint::Minter;
use crate::rate_limit::RateLimiter;
use gamecloud::model::{CdnAuthType, ListBuildsResponse};

/// One namespace's settings: what operations 3 and 4 change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct NamespaceSettings {
    pub cdn_auth_type: CdnAuthType,
    pub domain_auth_enabled: bool,
}

impl Default for NamespaceSettings {
    fn default() -> Self {
        NamespaceSettings {
            cdn_auth_type: CdnAuthType::None,
            domain_auth_enabled: false,
        }
    }
}

/// What the data directory holds.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Persisted {
    /// A generated token, kept so a restart does not log everyone out.
    #[serde(default)]
    pub generated_token: Option<String>,
    /// Settings by namespace id.
    #[serde(default)]
    pub namespaces: BTreeMap<String, NamespaceSettings>,
}

/// The service's state, shared by every request.
pub struct State {
    pub token: String,
    pub clock: Clock,
    pub minter: Minter,
    pub origins: Origins,
    pub rate_limiter: Option<RateLimiter>,
    pub dist: Option<PathBuf>,
    /// The builds answer, serialized once: the list never changes.
    pub builds_body: Bytes,
    pub build_count: usize,
    /// Injected failures, with `--test-hooks` only.
    pub faults: Option<crate::faults::Faults>,
    /// Calls seen per endpoint (for tests that count retries).
    pub hits: Mutex<BTreeMap<Endpoint, u64>>,
    /// Calls being answered per endpoint now, and the most at once (for
    /// tests that hold a client to its concurrency limit).
    pub in_flight: Mutex<BTreeMap<Endpoint, (u64, u64)>>,
    /// Failed bearer checks per client range (`rate_limit::client_range`),
    /// whether or not `--rate-limit` is on: past [`AUTH_FAILURES`] a minute
    /// from one range, or ten times that from all, 429.
    pub auth_failures: RateLimiter,
    /// Host names answered besides IP addresses and loopback names.
    pub allowed_hosts: Vec<String>,
    /// How long a client may take to send a request's headers or body.
    pub client_timeout: std::time::Duration,
    persisted: Mutex<Persisted>,
    /// One writer at a time, held across the write to disk; waiting for it
    /// yields (an async lock), and readers never take it.
    writer: tokio::sync::Mutex<()>,
    data_file: Option<PathBuf>,
}

/// Failed bearer checks one client range may make in [`AUTH_WINDOW`]
/// before it is answered 429: enough for a person mistyping, far too few to
/// guess a token.
pub const AUTH_FAILURES: u32 = 20;
/// The window of [`AUTH_FAILURES`].
pub const AUTH_WINDOW: std::time::Duration = std::time::Duration::from_secs(60);

/// Milliseconds since the epoch, by this machine's clock.
fn machine_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The service's clock: the machine's, or held at `--clock`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Clock {
    /// The time it always reads, if held (milliseconds since the epoch).
    held_ms: Option<i64>,
}

impl Clock {
    /// The machine's clock, or one held at `held`.
    pub fn new(held: Option<gamecloud::model::Timestamp>) -> Self {
        Clock {
            held_ms: held.map(|t| t.unix_ms()),
        }
    }

    /// Milliseconds since the epoch.
    pub fn now_ms(self) -> i64 {
        self.held_ms.unwrap_or_else(machine_ms)
    }
}

impl State {
    /// Builds the state from the command line, reading the data directory.
    pub fn new(config: &Config) -> Result<Self, String> {
        let clock = Clock::new(config.clock);
        let minter =
            Minter::generate().map_err(|e| format!("cannot generate a signing key: {e}"))?;
        let data_file = match &config.data_dir {
            Some(dir) => {
                std::fs::create_dir_all(dir)
                    .map_err(|e| format!("cannot create data directory {}: {e}", dir.display()))?;
                Some(dir.join("state.json"))
            }
            None => None,
        };
        let mut persisted = match &data_file {
            Some(f) => load(f)?,
            None => Persisted::default(),
        };
        for (id, _) in demo::NAMESPACES {
            persisted.namespaces.entry(id.to_owned()).or_default();
        }
        let token = match (&config.token, &persisted.generated_token) {
            (Some(t), _) => t.trim().to_owned(),
            (None, Some(t)) => t.clone(),
            (None, None) => {
                let t = minter.user_token(clock.now_ms());
                persisted.generated_token = Some(t.clone());
                t
            }
        };
        if token.is_empty() || !token.bytes().all(|b| b.is_ascii_graphic()) {
            return Err("--token must be non-empty visible ASCII without spaces".to_owned());
        }
        let builds = demo::builds(config.builds.unwrap_or(demo::DEMO_BUILDS), clock.now_ms());
        let build_count = builds.len();
        let builds_body = serde_json::to_vec(&ListBuildsResponse { builds })
            .map_err(|e| format!("cannot serialize builds: {e}"))?;
        let state = State {
            token,
            clock,
            minter,
            origins: Origins::new(&config.allow_origins)?,
            rate_limiter: config.rate_limit.map(RateLimiter::new),
            dist: config.dist.clone(),
            builds_body: Bytes::from(builds_body),
            build_count,
            faults: config.test_hooks.then(Default::default),
            hits: Mutex::new(BTreeMap::new()),
            in_flight: Mutex::new(BTreeMap::new()),
            auth_failures: RateLimiter::new(crate::rate_limit::Limits {
                reads: AUTH_FAILURES,
                writes: AUTH_FAILURES,
                window: AUTH_WINDOW,
            }),
            allowed_hosts: config
                .allow_hosts
                .iter()
                .map(|h| gamecloud::validate::host_of(h.trim()))
                .collect(),
            client_timeout: std::time::Duration::from_secs(config.client_timeout),
            persisted: Mutex::new(persisted),
            writer: tokio::sync::Mutex::new(()),
            data_file,
        };
        state.save()?;
        Ok(state)
    }

    /// The name of a known namespace of a known game.
    pub fn namespace_name(&self, game_id: &str, namespace_id: &str) -> Option<&'static str> {
        if !game_id.eq_ignore_ascii_case(demo::GAME_ID) {
            return None;
        }
        demo::NAMESPACES
            .iter()
            .find(|(id, _)| id.eq_ignore_ascii_case(namespace_id))
            .map(|(_, name)| *name)
    }

    /// Counts a call to an endpoint.
    pub fn hit(&self, endpoint: Endpoint) {
        *self
            .hits
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(endpoint)
            .or_default() += 1;
    }

    /// Counts a call being answered until the guard is dropped (answered,
    /// or the client went away).
    pub fn enter(&self, endpoint: Endpoint) -> InFlight<'_> {
        let mut map = self.in_flight.lock().unwrap_or_else(|e| e.into_inner());
        let (now, most) = map.entry(endpoint).or_default();
        *now += 1;
        *most = (*most).max(*now);
        InFlight {
            state: self,
            endpoint,
        }
    }

    /// A copy of every namespace's settings.
    pub fn settings(&self) -> BTreeMap<String, NamespaceSettings> {
        self.lock().namespaces.clone()
    }

    /// Changes one namespace's settings and saves them. The change is made
    /// on a copy and takes effect only once saved: a failed save changes
    /// nothing, in memory or on disk, and says why in the log. Writers take
    /// turns (each starts from the last one's result, so none is lost), the
    /// write runs on a blocking thread, and the state readers use is locked
    /// only to copy it and to swap the result in, never across the fsync.
    pub async fn update(
        &self,
        namespace_id: &str,
        f: impl FnOnce(&mut NamespaceSettings),
    ) -> Result<(), String> {
        let _turn = self.writer.lock().await;
        let mut next = self.lock().clone();
        f(next
            .namespaces
            .entry(namespace_id.to_ascii_lowercase())
            .or_default());
        if let Some(file) = self.data_file.clone() {
            let copy = next.clone();
            let written = tokio::task::spawn_blocking(move || write_atomically(&file, &copy))
                .await
                .unwrap_or_else(|e| Err(format!("the write stopped: {e}")));
            if let Err(e) = written {
                eprintln!(
                    "local-service: {e}; the change to namespace {namespace_id} was not made"
                );
                return Err(e);
            }
        }
        *self.lock() = next;
        Ok(())
    }

    fn save(&self) -> Result<(), String> {
        match &self.data_file {
            Some(file) => write_atomically(file, &self.lock()),
            None => Ok(()),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Persisted> {
        self.persisted.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// A call being answered ([`State::enter`]).
pub struct InFlight<'a> {
    state: &'a State,
    endpoint: Endpoint,
}

impl Drop for InFlight<'_> {
    fn drop(&mut self) {
        let mut map = self
            .state
            .in_flight
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        if let Some((now, _)) = map.get_mut(&self.endpoint) {
            *now = now.saturating_sub(1);
        }
    }
}

fn load(file: &Path) -> Result<Persisted, String> {
    match std::fs::read(file) {
        Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| {
            format!(
                "{} is not a state file this service wrote: {e}",
                file.display()
            )
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Persisted::default()),
        Err(e) => Err(format!("cannot read {}: {e}", file.display())),
    }
}

/// Writes to a temporary file, flushes it to disk, then renames it over the
/// old one: a crash leaves either the old state or the new, never half. The
/// file holds the generated token, so only its owner may read it (0600).
fn write_atomically(file: &Path, p: &Persisted) -> Result<(), String> {
    use std::io::Write;
    let json = serde_json::to_vec_pretty(p).map_err(|e| e.to_string())?;
    let tmp = file.with_extension("json.tmp");
    let result = (|| {
        // A leftover from a crash may have looser permissions: start afresh.
        match std::fs::remove_file(&tmp) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
            _ => {}
        }
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create_new(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        let mut f = options.open(&tmp)?;
        f.write_all(&json)?;
        f.sync_all()?;
        std::fs::rename(&tmp, file)?;
        if let Some(dir) = file.parent() {
            // Persist the rename itself; not every platform can open a directory.
            if let Ok(d) = std::fs::File::open(dir) {
                let _ = d.sync_all();
            }
        }
        Ok::<_, std::io::Error>(())
    })();
    result.map_err(|e| format!("cannot write {}: {e}", file.display()))
}
