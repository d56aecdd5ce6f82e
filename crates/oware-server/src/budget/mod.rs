//! The budget: every count a client can grow, in one place (issue 52). Each count has a
//! ceiling per account, per address (an IPv6 client is its /64, [`ClientKey`]) and for the whole
//! server where one applies; routes and services ask [`Budget`] before any work, and what is
//! held (an open stream, a connection) is released by a guard when it is dropped. The numbers
//! are [`ServerLimits`]' and [`OnlineConfig`]'s; `docs/web.md` ("Budgets") has the table.
//!
//! | count | per account | per address | whole server |
//! | --- | --- | --- | --- |
//! | connections | – | – | [`ServerLimits::connections_max`] (from the open-file limit) |
//! | event streams and long polls | [`ServerLimits::streams_per_account`] | [`ServerLimits::streams_per_client`] | [`ServerLimits::streams_max`] |
//! | online games created (lobby, challenge accepted, rematch, pool ticket) | [`ServerLimits::live_games_per_account`] going at once | [`OnlineConfig::create_limit`] a window | the lobby's size |
//! | games on one device | – | [`ServerLimits::games_created`] a window | – |
//! | engine jobs (computer games and their moves, analyses, hints, reviews) | – | [`ServerLimits::engine_starts`] a window | the engine's queues |
//! | the computer's replies in the engine at once | – | [`ServerLimits::engine_replies_per_client`] | the reply lanes' queues |
//! | analyses and hints in the engine at once | [`ServerLimits::analyses_per_account`] | [`ServerLimits::analyses_per_client`] | [`ServerLimits::analyses_max`] |
//! | challenges sent | [`ServerLimits::challenges_per_minute`], open ones in the store | [`ServerLimits::challenges_per_minute`] × 2 | – |
//! | house-bot places | `HouseConfig::per_account` | – | `HouseConfig::games_max` |
//! | API tokens | `TOKENS_MAX` (the store) | – | – |
//! | puzzle rounds played offline and sent | [`OFFLINE_ROUNDS_PER_DAY`] a day | – | – |
//!
//! **Revocation.** A stream opened with an API token or by a logged-in account carries its
//! credentials; [`Budget::end_token`] and [`Budget::end_account`] end those streams at once
//! (a token revoked, an account closed, a password changed).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::{broadcast, watch};

mod analyses;
pub use analyses::AnalysisHold;

use crate::limits::{ClientKey, LimitError, OverLimit, RateWindow, ServerLimits};
use crate::online::OnlineConfig;
use crate::time::Clock;
use crate::window::Window;

/// The open streams, counted three ways.
#[derive(Default)]
struct Streams {
    by_address: HashMap<ClientKey, usize>,
    by_account: HashMap<String, usize>,
    total: usize,
}

/// The stream counts and the channel that ends streams of a revoked credential.
struct StreamTable {
    counts: Mutex<Streams>,
    /// Credentials whose streams must end now (`token:ID`, `account:ID`).
    ended: broadcast::Sender<Arc<str>>,
}

impl StreamTable {
    fn lock(&self) -> MutexGuard<'_, Streams> {
        self.counts.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// The ceilings of a server's streams and connections, derived from the open-file limit
/// unless [`ServerLimits`] sets them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ceilings {
    /// Connections open at once.
    pub connections: usize,
    /// Streams and long polls open at once.
    pub streams: usize,
}

/// File descriptors kept for what is not a client's connection (the database, the endgame
/// tables, logs, the engine).
const FILES_RESERVED: u64 = 256;

/// The most streams a server holds whatever its open-file limit (each costs memory: about
/// 40 KiB with its connection).
const STREAMS_CEILING: usize = 10_000;

impl Ceilings {
    /// The ceilings for a process allowed `files` open files: connections at four fifths of
    /// what is left after `FILES_RESERVED`, streams at three quarters of the connections (so
    /// that ordinary requests still find a place when the streams are full).
    pub fn for_open_files(files: u64) -> Ceilings {
        let connections = (files.saturating_sub(FILES_RESERVED) * 4 / 5).max(32);
        let connections = usize::try_from(connections).unwrap_or(usize::MAX);
        Ceilings {
            connections,
            streams: (connections * 3 / 4).clamp(16, STREAMS_CEILING),
        }
    }

    /// The ceilings of `limits`: its own numbers, or those of this process's open-file limit
    /// (raised to its hard limit first, as far as 1,048,576).
    pub fn of(limits: &ServerLimits) -> Ceilings {
        let derived = Ceilings::for_open_files(open_files());
        Ceilings {
            connections: limits.connections_max.unwrap_or(derived.connections),
            streams: limits.streams_max.unwrap_or(derived.streams),
        }
    }
}

/// This process's open-file limit, its soft limit raised to the hard one first (as Go's
/// runtime does): the ceilings are set well below it.
#[cfg(unix)]
pub fn open_files() -> u64 {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let now = getrlimit(Resource::Nofile);
    let soft = now.current.unwrap_or(1 << 20);
    let hard = now.maximum.unwrap_or(1 << 20).min(1 << 20);
    if soft < hard {
        let raised = Rlimit {
            current: Some(hard),
            maximum: now.maximum,
        };
        if setrlimit(Resource::Nofile, raised).is_ok() {
            return hard;
        }
    }
    soft
}

/// Where there is no `getrlimit`: the usual default of 1,024.
#[cfg(not(unix))]
pub fn open_files() -> u64 {
    1024
}

/// Every count a client can grow (see the module).
pub struct Budget {
    /// Recent engine jobs of each address.
    engine_starts: RateWindow,
    /// Recent games (on one device) created by each address.
    games_created: RateWindow,
    /// Recent online games created by each address (challenges, pool tickets, accepted
    /// challenges, rematches).
    online_created: RateWindow,
    /// Recent challenges sent by each account.
    challenges_by_account: Window<String>,
    /// Recent challenges sent from each address.
    challenges_by_address: RateWindow,
    /// Puzzle rounds played offline that each account sent in the last day.
    offline_rounds: Window<String>,
    /// Online games one account may have going at once.
    live_games_per_account: usize,
    streams_per_client: usize,
    streams_per_account: usize,
    ceilings: Ceilings,
    streams: Arc<StreamTable>,
    connections: Arc<AtomicUsize>,
    /// The computer's replies each address has in the engine now (an entry only while it
    /// holds one: at most as many as the reply lanes take).
    engine_replies: Arc<Mutex<HashMap<ClientKey, usize>>>,
    engine_replies_per_client: usize,
    /// Analyses and hints in the engine now, per address, per account and in all.
    analyses: analyses::Analyses,
    clock: Arc<dyn Clock>,
}

/// One open stream or long poll; dropping it frees its places (address, account, server).
pub struct StreamSlot {
    key: ClientKey,
    account: Option<String>,
    table: Arc<StreamTable>,
    /// The credentials this stream was opened with (`token:ID`, `account:ID`).
    credentials: Vec<Arc<str>>,
    /// Subscribed when the slot was taken, so that no revocation after that is missed.
    ended: Option<broadcast::Receiver<Arc<str>>>,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut s = self.table.lock();
        if let Some(n) = s.by_address.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                s.by_address.remove(&self.key);
            }
        }
        if let Some(a) = &self.account {
            if let Some(n) = s.by_account.get_mut(a) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    s.by_account.remove(a);
                }
            }
        }
        s.total = s.total.saturating_sub(1);
    }
}

impl StreamSlot {
    /// A signal that turns true when the server shuts down (`shutdown`) or when one of the
    /// stream's credentials is revoked: what the stream ends on.
    pub(crate) fn stop(&mut self, shutdown: watch::Receiver<bool>) -> watch::Receiver<bool> {
        let Some(mut ended) = self.ended.take() else {
            return shutdown;
        };
        let credentials = self.credentials.clone();
        let (tx, rx) = watch::channel(false);
        let mut shutdown = shutdown;
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = shutdown.wait_for(|d| *d) => break,
                    _ = tx.closed() => return,
                    r = ended.recv() => match r {
                        Ok(c) if credentials.contains(&c) => break,
                        Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                        Err(broadcast::error::RecvError::Closed) => return,
                    },
                }
            }
            let _ = tx.send(true);
        });
        rx
    }
}

/// Who opens a stream: the account (if any) and the API token it used (if any).
#[derive(Debug, Clone, Copy, Default)]
pub struct Holder<'a> {
    /// The account's id.
    pub account: Option<&'a str>,
    /// The API token's id.
    pub token: Option<&'a str>,
}

/// One of an address's replies of the computer in the engine; dropping it (the reply ended)
/// frees its place.
pub struct EngineHold {
    key: ClientKey,
    table: Arc<Mutex<HashMap<ClientKey, usize>>>,
}

impl Drop for EngineHold {
    fn drop(&mut self) {
        let mut held = self.table.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = held.get_mut(&self.key) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                held.remove(&self.key);
            }
        }
    }
}

impl std::fmt::Debug for EngineHold {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EngineHold")
            .field("key", &self.key)
            .finish()
    }
}

/// One open connection; dropping it frees its place.
pub struct ConnectionSlot(Arc<AtomicUsize>);

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The most puzzle rounds played offline one account may send (`POST /api/puzzle/offline`) in
/// a day: a player's day of puzzles, well beyond; the page keeps the rest for the next day.
pub const OFFLINE_ROUNDS_PER_DAY: usize = 200;

/// The most classes one account teaches (`classes/`).
pub const CLASSES_PER_TEACHER: u32 = 20;
/// The most pupils in one class (each an account made by the teacher).
pub const PUPILS_PER_CLASS: u32 = 40;

/// The refusal when a whole-server ceiling is reached (503 `too-many-clients`).
fn server_full(what: &str) -> LimitError {
    LimitError {
        code: "too-many-clients",
        message: format!(
            "the server holds as many {what} as it can right now: try again in a few seconds"
        ),
        retry_after_s: 5,
    }
}

/// The refusal when a limit's table is full of live addresses (503 `too-many-clients`).
fn crowded(o: OverLimit) -> LimitError {
    LimitError {
        code: "too-many-clients",
        message: o.crowded(),
        retry_after_s: o.wait_s,
    }
}

impl Budget {
    /// The budget of `limits` and `online`, its windows on `clock`; the stream and connection
    /// ceilings as [`Ceilings::of`] finds them.
    pub fn new(limits: &ServerLimits, online: &OnlineConfig, clock: Arc<dyn Clock>) -> Budget {
        let minute = std::time::Duration::from_secs(60);
        Budget {
            engine_starts: RateWindow::on(
                limits.engine_starts,
                limits.engine_window,
                Arc::clone(&clock),
            ),
            games_created: RateWindow::on(
                limits.games_created,
                limits.games_window,
                Arc::clone(&clock),
            ),
            online_created: RateWindow::on(
                online.create_limit,
                online.create_window,
                Arc::clone(&clock),
            ),
            challenges_by_account: Window::new(
                limits.challenges_per_minute,
                60_000,
                crate::limits::ADDRESSES_MAX,
            ),
            challenges_by_address: RateWindow::on(
                limits.challenges_per_minute * 2,
                minute,
                Arc::clone(&clock),
            ),
            offline_rounds: Window::new(
                OFFLINE_ROUNDS_PER_DAY,
                86_400_000,
                crate::limits::ADDRESSES_MAX,
            ),
            live_games_per_account: limits.live_games_per_account,
            streams_per_client: limits.streams_per_client,
            streams_per_account: limits.streams_per_account,
            ceilings: Ceilings::of(limits),
            streams: Arc::new(StreamTable {
                counts: Mutex::new(Streams::default()),
                ended: broadcast::channel(1024).0,
            }),
            connections: Arc::new(AtomicUsize::new(0)),
            engine_replies: Arc::new(Mutex::new(HashMap::new())),
            engine_replies_per_client: limits.engine_replies_per_client.max(1),
            analyses: analyses::Analyses::new(limits),
            clock,
        }
    }

    /// The whole-server ceilings in force.
    pub fn ceilings(&self) -> Ceilings {
        self.ceilings
    }

    /// Counts an engine job started by `ip`; beyond the limit within the window, a 429
    /// saying when the next one will be allowed (also in `Retry-After`).
    pub fn start_engine_job(&self, ip: IpAddr) -> Result<(), LimitError> {
        self.engine_starts
            .take(ip)
            .map_err(|o| self.too_many_engine_jobs(o))
    }

    /// A place for one more reply of the computer to a move of `ip`'s, held until the reply
    /// ends; a 429 while the address has as many in the engine as allowed (so that one client
    /// cannot hold a lane however many games it plays at once).
    pub fn hold_engine_reply(&self, ip: IpAddr) -> Result<EngineHold, LimitError> {
        let key = ClientKey::of(ip);
        let mut held = self
            .engine_replies
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        let n = held.entry(key).or_default();
        if *n >= self.engine_replies_per_client {
            return Err(LimitError {
                code: "too-many-engine-jobs",
                message: format!(
                    "the computer is still thinking about {} of this address's moves, the most \
                     at once; wait for its replies before moving in another game",
                    *n
                ),
                retry_after_s: 2,
            });
        }
        *n += 1;
        Ok(EngineHold {
            key,
            table: Arc::clone(&self.engine_replies),
        })
    }

    /// A place for an analysis or hint of `slot` (a game's id, or a game's spectator stream)
    /// asked from `ip` by `account` (logged in, if any), held by the job until its search ends;
    /// a new analysis of the same slot by the same asker shares the place of the one it stops.
    /// 429 `too-many-engine-jobs` while the address or the account has as many in the engine
    /// as allowed, 503 `too-many-clients` when the server does.
    pub fn hold_analysis(
        &self,
        ip: IpAddr,
        account: Option<&str>,
        slot: &str,
    ) -> Result<AnalysisHold, LimitError> {
        self.analyses.hold(ip, account, slot)
    }

    /// The analyses and hints holding a place now (for tests and health answers).
    pub fn analyses_held(&self) -> usize {
        self.analyses.held()
    }

    /// Counts a game on one device (with a friend or, with `engine_job`, against the computer,
    /// which is an engine job too) created by `ip`; beyond either limit within its window, a
    /// 429 saying when the next one will be allowed. A refusal counts nothing.
    pub fn create_game(&self, ip: IpAddr, engine_job: bool) -> Result<(), LimitError> {
        if engine_job {
            self.engine_starts
                .check(ip)
                .map_err(|o| self.too_many_engine_jobs(o))?;
        }
        self.games_created.take(ip).map_err(|o| {
            if o.full {
                return crowded(o);
            }
            LimitError {
                code: "too-many-games",
                message: format!(
                    "this address has created {} games in the last {} minutes, the most \
                     allowed; wait {} s, or go on with one of them",
                    o.held,
                    self.games_created.window().as_secs() / 60,
                    o.wait_s
                ),
                retry_after_s: o.wait_s,
            }
        })?;
        if engine_job {
            self.start_engine_job(ip)?;
        }
        Ok(())
    }

    fn too_many_engine_jobs(&self, o: OverLimit) -> LimitError {
        if o.full {
            return crowded(o);
        }
        LimitError {
            code: "too-many-engine-jobs",
            message: format!(
                "this address has started {} engine searches (games against the computer \
                 and their moves, analyses, hints) in the last {} s, the most allowed; wait {} s",
                o.held,
                self.engine_starts.window().as_secs(),
                o.wait_s
            ),
            retry_after_s: o.wait_s,
        }
    }

    /// Counts an online game created by `ip` (a challenge in the lobby, a pool's ticket, a
    /// challenge accepted, a rematch: each may become a game), or with `count` false only
    /// checks that one would be counted; refuses beyond the limit in the window.
    pub(crate) fn online_creation(&self, ip: IpAddr, count: bool) -> Result<(), LimitError> {
        let seen = if count {
            self.online_created.take(ip)
        } else {
            self.online_created.check(ip)
        };
        seen.map_err(|o| {
            if o.full {
                return crowded(o);
            }
            LimitError {
                code: "too-many-games",
                message: format!(
                    "you have created {} in the last {}; wait {} s before creating another",
                    crate::text::count(o.held as u64, "online game"),
                    crate::text::last_span(self.online_created.window()),
                    o.wait_s
                ),
                retry_after_s: o.wait_s,
            }
        })
    }

    /// The refusal of one more online game for an account that has `going` of them.
    pub(crate) fn live_games(&self, going: u64) -> Result<(), LimitError> {
        if going < self.live_games_per_account as u64 {
            return Ok(());
        }
        Err(LimitError {
            code: "too-many-live-games",
            message: format!(
                "this account has {going} online games going, the most allowed at once; \
                 finish or resign some first"
            ),
            retry_after_s: 60,
        })
    }

    /// The refusal of one more class for a teacher who has `held` of them.
    pub fn classes(&self, held: u64) -> Result<(), LimitError> {
        if held < u64::from(CLASSES_PER_TEACHER) {
            return Ok(());
        }
        Err(LimitError {
            code: "too-many-classes",
            message: format!("this account has {held} classes, the most allowed: delete one first"),
            retry_after_s: 60,
        })
    }

    /// The refusal of `more` pupils for a class that has `held` of them.
    pub fn pupils(&self, held: u64, more: u64) -> Result<(), LimitError> {
        if held.saturating_add(more) <= u64::from(PUPILS_PER_CLASS) {
            return Ok(());
        }
        Err(LimitError {
            code: "too-many-pupils",
            message: format!("a class has at most {PUPILS_PER_CLASS} pupils; this one has {held}"),
            retry_after_s: 60,
        })
    }

    /// Counts a challenge sent by `account` from `ip`; refuses beyond the limits of a minute.
    pub fn send_challenge(&self, account: &str, ip: Option<IpAddr>) -> Result<(), LimitError> {
        let now = self.clock.now_ms();
        let per_minute = |wait_s: u64| LimitError {
            code: "too-many-challenges",
            message: format!(
                "too many challenges sent in the last minute; wait {wait_s} s before the next"
            ),
            retry_after_s: wait_s,
        };
        if let Some(ip) = ip {
            self.challenges_by_address.check(ip).map_err(|o| {
                if o.full {
                    crowded(o)
                } else {
                    per_minute(o.wait_s)
                }
            })?;
        }
        self.challenges_by_account
            .take(&account.to_string(), now)
            .map_err(|r| match r {
                crate::window::Refused::Limit(w) => per_minute(w),
                crate::window::Refused::Full(w) => crowded(OverLimit {
                    held: 0,
                    wait_s: w,
                    full: true,
                }),
            })?;
        if let Some(ip) = ip {
            // Checked above: a refusal here is a race with another request, counted anyway.
            let _ = self.challenges_by_address.take(ip);
        }
        Ok(())
    }

    /// Counts `n` puzzle rounds played offline that `account` sends, all or none: refused
    /// (429, counting nothing) beyond `OFFLINE_ROUNDS_PER_DAY` (200) in a day.
    pub fn offline_rounds(&self, account: &str, n: usize) -> Result<(), LimitError> {
        self.offline_rounds
            .take_n(&account.to_string(), n, self.clock.now_ms())
            .map_err(|r| match r {
                crate::window::Refused::Limit(w) => LimitError {
                    code: "too-many-rounds",
                    message: format!(
                        "this account has sent the {OFFLINE_ROUNDS_PER_DAY} puzzle rounds played \
                         offline a day allows; the rest are kept and sent in {w} s"
                    ),
                    retry_after_s: w,
                },
                crate::window::Refused::Full(w) => crowded(OverLimit {
                    held: 0,
                    wait_s: w,
                    full: true,
                }),
            })
    }

    /// A place for one more event stream or long poll of `ip`, held by no account.
    pub fn open_stream(&self, ip: IpAddr) -> Result<StreamSlot, LimitError> {
        self.open_stream_for(ip, Holder::default())
    }

    /// A place for one more event stream or long poll of `ip` held by `holder`: 429 when the
    /// address or the account holds as many as allowed, 503 when the server does.
    pub fn open_stream_for(
        &self,
        ip: IpAddr,
        holder: Holder<'_>,
    ) -> Result<StreamSlot, LimitError> {
        let key = ClientKey::of(ip);
        let ended = (holder.account.is_some() || holder.token.is_some())
            .then(|| self.streams.ended.subscribe());
        let mut s = self.streams.lock();
        if s.total >= self.ceilings.streams {
            return Err(server_full("event streams"));
        }
        let by_address = s.by_address.get(&key).copied().unwrap_or(0);
        if by_address >= self.streams_per_client {
            return Err(LimitError {
                code: "too-many-streams",
                message: format!(
                    "this address already holds {by_address} event streams and long polls \
                     open, the most allowed; close a tab or wait for one to end"
                ),
                retry_after_s: 5,
            });
        }
        if let Some(a) = holder.account {
            let held = s.by_account.get(a).copied().unwrap_or(0);
            if held >= self.streams_per_account {
                return Err(LimitError {
                    code: "too-many-streams",
                    message: format!(
                        "this account already holds {held} event streams open, the most \
                         allowed; close one or wait for one to end"
                    ),
                    retry_after_s: 5,
                });
            }
            *s.by_account.entry(a.to_string()).or_default() += 1;
        }
        *s.by_address.entry(key).or_default() += 1;
        s.total += 1;
        let mut credentials = Vec::new();
        if let Some(a) = holder.account {
            credentials.push(Arc::from(format!("account:{a}")));
        }
        if let Some(t) = holder.token {
            credentials.push(Arc::from(format!("token:{t}")));
        }
        Ok(StreamSlot {
            key,
            account: holder.account.map(str::to_string),
            table: Arc::clone(&self.streams),
            credentials,
            ended,
        })
    }

    /// The streams open now (for tests and health answers).
    pub fn streams_open(&self) -> usize {
        self.streams.lock().total
    }

    /// Ends at once every stream opened with API token `id` (it was revoked).
    pub fn end_token(&self, id: &str) {
        let _ = self.streams.ended.send(Arc::from(format!("token:{id}")));
    }

    /// Ends at once every stream of account `id` (closed, or its password changed).
    pub fn end_account(&self, id: &str) {
        let _ = self.streams.ended.send(Arc::from(format!("account:{id}")));
    }

    /// A place for one more connection, or `None` when the server holds as many as its
    /// ceiling (the listener answers 503 with `Retry-After` and closes it).
    pub fn connection(&self) -> Option<ConnectionSlot> {
        let max = self.ceilings.connections;
        self.connections
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < max).then_some(n + 1)
            })
            .ok()?;
        Some(ConnectionSlot(Arc::clone(&self.connections)))
    }
}

#[cfg(test)]
mod tests;
